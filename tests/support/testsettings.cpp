#include "tests/support/testsettings.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

TestSettings::TestSettings(const QString& application)
{
    QStandardPaths::setTestModeEnabled(true); // keep the user's settings out of it
    QCoreApplication::setOrganizationName(
        QStringLiteral("lockbench-tests-%1").arg(QCoreApplication::applicationPid()));
    QCoreApplication::setApplicationName(application);
    QSettings().clear();
}

TestSettings::~TestSettings()
{
    QSettings settings;
    settings.clear();
    settings.sync();
    QFile::remove(settings.fileName());
    QDir().rmdir(QFileInfo(settings.fileName()).path());
    // The process's data folder (the strategy files a window test saved): its name is this
    // process's alone.
    QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).removeRecursively();
}
