#pragma once

#include "app/core/experiment.h"
#include "app/core/servershape.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

// Whether an experiment can run on a server of a given shape, checked in one place for every
// front: the window as the fields are typed, the command line before anything starts, and a run
// once it knows its server. A field the lab leaves as it is fits anywhere; a value set for
// another kind of server (InnoDB's settings on PostgreSQL, a whole-server setting on a server
// given by URL, a placement on a single server) does not.
class ServerFit {
    Q_DECLARE_TR_FUNCTIONS(ServerFit)

public:
    struct Problem {
        QString field; // the experiment field (and command-line flag) at fault: "placement"
        QString text;
    };
    // Every way `experiment` does not fit `server`; none when it fits.
    static QList<Problem> of(const Experiment& experiment, const ServerShape& server);
    // "placement: …; flush-log: …", for a message that names every problem.
    static QString describe(const QList<Problem>& problems);

private:
    // What the experiment's values ask of the nodes: a placement's weights, the node to take down.
    static QList<Problem> ofNodes(const Experiment& experiment, int nodes);
};
