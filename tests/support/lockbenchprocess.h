#pragma once

#include <QString>
#include <QStringList>

// The lockbench executable run as a user would, from tests ($LOCKBENCH_BINARY, set by ctest).
struct LockbenchProcess {
    int exitCode = -1; // -2: timed out and killed; -3: crashed
    QString out;
    QString err;

    QString all() const { return err + out; }
    static LockbenchProcess run(const QStringList& arguments, int timeoutMs = 120000);
};
