#include "tests/support/labserverpids.h"

#include <QDir>
#include <QFile>

QList<qint64> labServerPids()
{
    // With its slash: another test's directory may begin with this one's name (tst_x_otherio).
    const QByteArray dataRoot = qgetenv("LOCKBENCH_DATA_DIR") + '/';
    QList<qint64> pids;
    for (const QString& entry : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        bool numeric = false;
        const qint64 pid = entry.toLongLong(&numeric);
        QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(entry));
        if (numeric && cmdline.open(QIODevice::ReadOnly)) {
            const QByteArray text = cmdline.readAll();
            if (text.contains("mariadbd") && text.contains(dataRoot))
                pids.append(pid);
        }
    }
    return pids;
}
