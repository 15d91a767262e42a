#include "ui/windowplugin.h"

#include "app/core/shutdownsignal.h"
#include "app/core/translation.h"
#include "ui/languagemenu.h"
#include "ui/mainwindow.h"

#include <QApplication>
#include <QProcess>
#include <QTextStream>

int WindowPlugin::runWindow(int& argc, char** argv)
{
    QApplication app(argc, argv);
    Translation::install(LanguageMenu::startupLanguage());
    bool restart = false;
    int status = 0;
    {
        MainWindow window;
        ShutdownSignal shutdown; // Ctrl-C in the terminal closes the window, stopping run and server cleanly
        QObject::connect(&shutdown, &ShutdownSignal::requested, &window, &QWidget::close);
        window.show();
        status = app.exec();
        restart = window.restartRequested();
    } // the window's session, and with it the lab's server, is gone before a new lab starts
    if (restart && !QProcess::startDetached(QCoreApplication::applicationFilePath(), {}))
        QTextStream(stderr) << "lockbench: could not start again; start it by hand to use the new language"
                            << Qt::endl;
    return status;
}

std::unique_ptr<QCoreApplication> WindowPlugin::drawingApplication(int& argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    return std::make_unique<QApplication>(argc, argv);
}
