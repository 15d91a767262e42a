#pragma once

#include "app/cli/windowmodule.h"
#include "app/report/chartdrawing.h"

#include <QObject>

// The window's module as the command line loads it (lockbench-window.so): the window, and the
// QApplication and drawing that reports and chart files need.
class WindowPlugin : public QObject, public WindowModule {
    Q_OBJECT
    Q_PLUGIN_METADATA(IID LOCKBENCH_WINDOW_MODULE_IID)
    Q_INTERFACES(WindowModule)
public:
    int runWindow(int& argc, char** argv) override;
    std::unique_ptr<QCoreApplication> drawingApplication(int& argc, char** argv) override;
    const ReportDrawing& reportDrawing() const override { return m_drawing; }

private:
    ChartDrawing m_drawing;
};
