#pragma once

#include <QCoreApplication>
#include <QtPlugin>

#include <memory>

class ReportDrawing;

// What the command line takes from the window's module (lockbench-window.so), which it loads
// only when it needs it: the window itself, and the Qt Widgets and Qt Charts that reports and
// chart files are drawn with. The command line's executable links neither.
class WindowModule {
public:
    virtual ~WindowModule() = default;
    // The window, until it closes; the process's exit status.
    virtual int runWindow(int& argc, char** argv) = 0;
    // A QApplication, which Qt Charts needs to draw (offscreen when there is no display).
    virtual std::unique_ptr<QCoreApplication> drawingApplication(int& argc, char** argv) = 0;
    virtual const ReportDrawing& reportDrawing() const = 0;
};

#define LOCKBENCH_WINDOW_MODULE_IID "org.lockbench.WindowModule/1"
Q_DECLARE_INTERFACE(WindowModule, LOCKBENCH_WINDOW_MODULE_IID)
