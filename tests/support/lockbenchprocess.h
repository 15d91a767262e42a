#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

// The lockbench executable run as a user would, from tests ($LOCKBENCH_BINARY, set by ctest).
struct LockbenchProcess {
    int exitCode = -1; // -2: timed out and killed; -3: crashed
    QString out;
    QString err;

    QString all() const { return err + out; }
    static LockbenchProcess run(const QStringList& arguments, int timeoutMs = 120000);
    // The first strategy's summary in a result file written by --json; empty when unreadable.
    static QJsonObject firstSummary(const QString& jsonPath);
};

// For test functions that need the executable in a test binary that also runs without it
// (the engine-only build, LOCKBENCH_WITH_UI=OFF, has none).
#define LOCKBENCH_REQUIRE_BINARY()                                                                           \
    do {                                                                                                     \
        if (qEnvironmentVariableIsEmpty("LOCKBENCH_BINARY"))                                                 \
            QSKIP("this build has no lockbench executable (LOCKBENCH_WITH_UI=OFF)");                         \
    } while (false)
