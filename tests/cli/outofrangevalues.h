#pragma once

#include <QHash>
#include <QJsonValue>
#include <QString>
#include <QStringList>

// A value out of each field's range, or outside its set of words: a JSON number where the
// field is a number, else a string. Every field needs one; extra arguments set the mode under
// which the range applies.
struct OutOfRange {
    QJsonValue value;
    QStringList context;
};

inline QHash<QString, OutOfRange> outOfRange()
{
    return {
        { QStringLiteral("skus"), { 2'000'000, {} } },
        { QStringLiteral("stock"), { 0, {} } },
        { QStringLiteral("slots"), { 2000, { QStringLiteral("--stock"), QStringLiteral("100000") } } },
        { QStringLiteral("threads"), { 25000, {} } },
        { QStringLiteral("client-io"), { QStringLiteral("fibers"), {} } },
        { QStringLiteral("skew"), { QStringLiteral("hotset:150:1"), {} } },
        { QStringLiteral("qty"), { QStringLiteral("0-5"), {} } },
        { QStringLiteral("stop"), { QStringLiteral("forever"), {} } },
        { QStringLiteral("duration"), { QStringLiteral("25h"), {} } },
        { QStringLiteral("orders"), { 0, { QStringLiteral("--stop"), QStringLiteral("sold-out") } } },
        { QStringLiteral("time-limit"),
            { QStringLiteral("50ms"), { QStringLiteral("--stop"), QStringLiteral("sold-out") } } },
        { QStringLiteral("warmup"), { QStringLiteral("2h"), {} } },
        { QStringLiteral("server-wait"), { QStringLiteral("500ms"), {} } },
        { QStringLiteral("delay-ms"), { 10001, {} } },
        { QStringLiteral("rtt-ms"), { 1001, {} } },
        { QStringLiteral("isolation"), { QStringLiteral("snapshot"), {} } },
        { QStringLiteral("arrival"), { QStringLiteral("poisson"), {} } },
        { QStringLiteral("rate"), { 1e-12, { QStringLiteral("--arrival"), QStringLiteral("open") } } },
        { QStringLiteral("seed"), { -1, {} } },
        { QStringLiteral("batch"), { 1001, {} } },
        { QStringLiteral("writers"), { 257, {} } },
        { QStringLiteral("max-retries"), { -1, {} } },
        { QStringLiteral("sample-ms"), { 10, {} } },
        { QStringLiteral("observe"), { QStringLiteral("graphs"), {} } },
        { QStringLiteral("repeat"), { 101, {} } },
        { QStringLiteral("deadlock-detect"), { QStringLiteral("maybe"), {} } },
        { QStringLiteral("lock-wait-timeout"), { 3601, {} } },
        { QStringLiteral("flush-log"), { 3, {} } },
        { QStringLiteral("buffer-pool-mb"), { 8, {} } },
        { QStringLiteral("database"), { QString(65, QLatin1Char('d')), {} } },
        { QStringLiteral("workload"), { QStringLiteral("shopping"), {} } },
        { QStringLiteral("tasks"), { 0, { QStringLiteral("--workload"), QStringLiteral("claim") } } },
        { QStringLiteral("claim-timeout"),
            { QStringLiteral("10ms"), { QStringLiteral("--workload"), QStringLiteral("claim") } } },
        { QStringLiteral("kill-workers-every"), { QStringLiteral("5ms"), {} } },
        { QStringLiteral("placement"), { QStringLiteral("0:0:0"), {} } },
        { QStringLiteral("kill-node"), { QStringLiteral("1@5s"), {} } },
    };
}
