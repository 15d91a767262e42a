#include "strategies/userstrategyfolder.h"

#include "strategies/script/strategyscriptparser.h"
#include "strategies/strategyregistry.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>

#include <utility>

UserStrategyFolder::UserStrategyFolder(QString folder)
    : m_folder(std::move(folder))
{
}

QString UserStrategyFolder::defaultFolder()
{
    const QString fromEnvironment = qEnvironmentVariable("LOCKBENCH_STRATEGY_DIR");
    if (!fromEnvironment.isEmpty())
        return QDir(fromEnvironment).absolutePath();
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/strategies");
}

QStringList UserStrategyFolder::loadAll(QStringList* problems) const
{
    QStringList ids;
    const QDir dir(m_folder);
    for (const QString& name : dir.entryList({ QStringLiteral("*.sql") }, QDir::Files, QDir::Name)) {
        QString error;
        const QString id
            = StrategyRegistry::addFile(dir.filePath(name), &error, StrategyRegistry::Replacing::UsersOwn);
        if (id.isEmpty())
            problems->append(error);
        else
            ids << id;
    }
    return ids;
}

QString UserStrategyFolder::pathOf(const QString& id) const
{
    const QDir dir(m_folder);
    const QString saved = dir.filePath(id + QStringLiteral(".sql"));
    if (QFileInfo::exists(saved))
        return saved;
    // A file the user put there under a name of their own.
    for (const QString& name : dir.entryList({ QStringLiteral("*.sql") }, QDir::Files, QDir::Name)) {
        QFile file(dir.filePath(name));
        QString error;
        if (file.open(QIODevice::ReadOnly))
            if (const auto script = StrategyScriptParser::parse(QString::fromUtf8(file.readAll()), &error);
                script && script->id == id)
                return file.fileName();
    }
    return saved;
}

bool UserStrategyFolder::holds(const QString& id) const
{
    return QFileInfo::exists(pathOf(id));
}

QString UserStrategyFolder::save(const QString& text, QString* error) const
{
    const std::optional<StrategyScript> script = StrategyScriptParser::parse(text, error);
    if (!script)
        return {};
    if (!QDir().mkpath(m_folder)) {
        *error = tr("cannot create the folder %1").arg(m_folder);
        return {};
    }
    const QString path = pathOf(script->id);
    if (StrategyRegistry::ids().contains(script->id) && !holds(script->id)) {
        *error = tr("the strategy id %1 is taken: change the file's \\strategy line").arg(script->id);
        return {};
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text.toUtf8()) < 0 || !file.commit()) {
        *error = tr("cannot write %1: %2").arg(path, file.errorString());
        return {};
    }
    return StrategyRegistry::addFile(path, error, StrategyRegistry::Replacing::UsersOwn);
}
