#pragma once

#include "app/core/experiment.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

// What an experiment asks of the server's nodes, checked once for both fronts: the command
// line refuses it before anything starts, a run refuses it once it knows its server.
class ClusterFit {
    Q_DECLARE_TR_FUNCTIONS(ClusterFit)

public:
    struct Problem {
        QString field; // the experiment field (and command-line flag) at fault: "placement"
        QString text;
    };
    // Every way `experiment` does not fit a server of `nodes` nodes; none when it fits.
    static QList<Problem> of(const Experiment& experiment, int nodes);
};
