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
}
