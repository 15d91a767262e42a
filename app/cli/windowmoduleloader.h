#pragma once

#include <QString>

class WindowModule;

// Finds and loads the window's module: beside the executable in a build, in lockbench's
// library folder once installed.
namespace WindowModuleLoader {

// The module, loaded for the rest of the process; nullptr with `error` saying where it was
// looked for and why it could not be loaded.
WindowModule* load(QString* error);

} // namespace WindowModuleLoader
