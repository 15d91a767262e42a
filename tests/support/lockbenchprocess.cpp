#include "tests/support/lockbenchprocess.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
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
        QString::fromUtf8(process.readAllStandardOutput()),
        QString::fromUtf8(process.readAllStandardError()) };
}

QJsonObject LockbenchProcess::firstSummary(const QString& jsonPath)
{
    QFile file(jsonPath);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll())
        .object()
        .value(QStringLiteral("strategies"))
        .toArray()
        .first()
        .toObject()
        .value(QStringLiteral("summary"))
        .toObject();
}
