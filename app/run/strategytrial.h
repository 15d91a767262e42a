#pragma once

#include "app/core/experiment.h"
#include "app/db/connectionparams.h"

#include <QCoreApplication>
#include <QString>

// "Check on server" for a strategy file: on the lab's database (its lease taken, as a run
// takes it), the lab's tables are made for the file's layout with two SKUs of the experiment's
// stock, the file's routines created and every statement prepared; one order then runs in a
// transaction rolled back at its end, and the report says what it did.
class StrategyTrial {
    Q_DECLARE_TR_FUNCTIONS(StrategyTrial)

public:
    struct Report {
        bool ok = false; // the order ended as the file says, and the server took every statement
        QString text;
    };
    // Blocks; runs on a thread of its own. `text` is the file as the editor holds it.
    static Report run(const QString& text, const Experiment& experiment, const ConnectionParams& params);
};
