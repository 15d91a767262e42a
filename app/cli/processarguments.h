#pragma once

// What other users of the machine see of a run: `ps` and /proc/<pid>/cmdline show the
// arguments as the process holds them, so a password typed into --server would be on show
// for as long as the run lasts.
namespace ProcessArguments {

// Overwrites, in place, every password in a connection URL among the arguments with '*'.
// Call once the command line is parsed: QCoreApplication::arguments() reads the same memory.
void maskPasswords(int argc, char* argv[]);

} // namespace ProcessArguments
