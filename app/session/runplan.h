#pragma once

#include "app/core/sweepplan.h"
#include "app/server/serverchoice.h"

#include <QList>

#include <optional>

// What one Run, or one command line, runs: legs in order, each its cells on its server, every
// leg calibrated first when predictions are asked for. One leg on the chosen server is a plain
// run; the same cells on each of several servers, side by side; a lesson's steps on the
// servers they name. The window and the command line plan here; the session runs the legs.
struct RunPlan {
    struct Leg {
        std::optional<ServerChoice> server; // none: the server chosen when the run starts
        QList<RunCell> cells;
    };
    QList<Leg> legs;
    bool predictFirst = false;

    // The cells on the chosen server, or on each of `servers` in turn.
    static RunPlan of(const QList<RunCell>& cells, bool predictFirst, const QList<ServerChoice>& servers = {})
    {
        RunPlan plan;
        plan.predictFirst = predictFirst;
        if (servers.isEmpty())
            plan.legs.append({ std::nullopt, cells });
        for (const ServerChoice& server : servers)
            plan.legs.append({ server, cells });
        return plan;
    }
    // Each row then names the server it ran on.
    bool sideBySide() const { return legs.size() > 1; }
    qsizetype cellCount() const
    {
        qsizetype count = 0;
        for (const Leg& leg : legs)
            count += leg.cells.size();
        return count;
    }
};
