#pragma once

#include <QString>

#include <optional>

// What bounds a strategy's rate: the resource its orders shared or waited for most. The bound
// model finds it in a run's own figures, the prediction expects it before the run, and the
// explanation names it; all three speak of it in these words.
enum class Bound {
    None, // nothing was measured
    RowLock, // a hot row: its holds and the hand-overs between its holders
    ServerRowLock, // a row locked and released inside the server (a stored procedure's)
    Writer, // the queue's busiest writer
    Cpu, // the machine's cores
    Arrival, // an open loop's arrival rate
    Clients, // a closed loop's clients, each waiting for its order before the next
    Certification, // a cluster's certification, aborting conflicting commits
    Other, // none of these reached its ceiling
};

// Its name in files and on the console: "row-lock", "server-row-lock", "writer", "cpu",
// "arrival", "clients", "certification", "other"; "none" for None.
QString boundKey(Bound bound);
// nullopt for a name the lab never wrote.
std::optional<Bound> boundFromKey(const QString& key);
// For people: "the busiest row lock", translated (context "Bound").
QString boundName(Bound bound);
