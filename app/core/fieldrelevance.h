#pragma once

#include "app/core/experiment.h"
#include "app/core/servershape.h"
#include "app/core/strategyneeds.h"

#include <QCoreApplication>
#include <QString>

// Whether an experiment field plays a part, from the table of fields (ExperimentField's
// countsOnlyWith and server): the rules the command line refuses flags by, worded for the
// window, which disables a field that plays no part and says why in its tooltip.
class FieldRelevance {
    Q_DECLARE_TR_FUNCTIONS(FieldRelevance)

public:
    // Why `name` plays no part in `experiment` or on `server`; empty when it counts.
    static QString whyUnused(const QString& name, const Experiment& experiment, const ServerShape& server);
    // Why `name` plays no part on a server of this shape; empty when it does.
    static QString unusedOn(const QString& name, const ServerShape& server);
    // Why `name`, a field only some strategies read, plays no part for the chosen ones; empty
    // when one of them reads it or it is no such field.
    static QString unreadByChosen(const QString& name, const StrategyNeeds& needs);
};
