#include "app/cli/windowmoduleloader.h"

#include "app/cli/windowmodule.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QPluginLoader>

namespace {

// Where the executable is, known before any application object exists (the window's
// application is made by the module).
QString executableDir()
{
    return QFileInfo(QFileInfo(QStringLiteral("/proc/self/exe")).symLinkTarget()).absolutePath();
}

QStringList candidates()
{
    const QDir dir(executableDir());
    const QString name = QStringLiteral(LOCKBENCH_WINDOW_MODULE_FILE);
    return { dir.filePath(name),
        QDir::cleanPath(dir.filePath(QStringLiteral(LOCKBENCH_WINDOW_MODULE_FROM_BINARY) + u'/' + name)) };
}

} // namespace

namespace WindowModuleLoader {

WindowModule* load(QString* error)
{
    QStringList looked;
    for (const QString& path : candidates()) {
        if (!QFileInfo::exists(path)) {
            looked << path;
            continue;
        }
        QPluginLoader loader(path);
        if (auto* module = qobject_cast<WindowModule*>(loader.instance()))
            return module;
        *error = QCoreApplication::translate("WindowModule", "cannot load the window's module %1: %2")
                     .arg(path, loader.errorString());
        return nullptr;
    }
    *error = QCoreApplication::translate("WindowModule",
        "the window and the drawing of reports and charts are in %1, which is not installed "
        "(looked for %2)")
                 .arg(QStringLiteral(LOCKBENCH_WINDOW_MODULE_FILE), looked.join(QStringLiteral(", ")));
    return nullptr;
}

} // namespace WindowModuleLoader
