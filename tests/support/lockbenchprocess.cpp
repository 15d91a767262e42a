#include "tests/support/lockbenchprocess.h"

#include <QProcess>

LockbenchProcess LockbenchProcess::run(const QStringList& arguments, int timeoutMs)
{
    QProcess process;
    process.start(qEnvironmentVariable("LOCKBENCH_BINARY"), arguments);
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        return { -2, QString::fromUtf8(process.readAllStandardOutput()), QStringLiteral("timed out") };
    }
    return { process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -3,
        QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError()) };
}
