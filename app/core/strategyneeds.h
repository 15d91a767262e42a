#pragma once

#include <QMap>
#include <QStringList>

// What the strategies chosen for a run ask of its experiment beyond the rules every run
// follows. Each list holds the ids of the chosen strategies that bring a rule, so that a
// refusal can say whom it is for; an empty list leaves the rule out. Core cannot see the
// strategies: StrategyRegistry::needsOf() fills this in.
struct StrategyNeeds {
    QStringList slotRows; // stock lives in slot rows: one unit per slot at least, a bounded slot table
    QStringList twoSkus; // every order buys two different SKUs: at least 2 SKUs
    QStringList sellsStock; // runs in the inventory workload
    QStringList claimsTasks; // runs in the claim workload
    // Each field that only some strategies read (Strategy::ownFields) and none of the chosen
    // does, with every strategy that reads it: the window greys these out.
    QMap<QString, QStringList> unreadFields;

    bool operator==(const StrategyNeeds&) const = default;
};
