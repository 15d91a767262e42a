#pragma once

#include "app/core/unresolvedorders.h"

#include <QSqlDatabase>
#include <QString>

#include <optional>

// Which of the orders no client could resolve are in the orders table, asked through any
// connection that still works (the run's control connection, or one opened after a restart).
struct CommittedLines {
    long long orders = 0; // orders committed: their first line found
    long long rows = 0; // order lines found, of every line
    long long units = 0; // their units
};

namespace OrderLookup {

// A locking read, so that a transaction still finishing with one of those rows is waited
// for rather than missed. nullopt with `error` when the server could not be asked.
std::optional<CommittedLines> find(QSqlDatabase database, const UnresolvedOrders& orders, QString* error);

} // namespace OrderLookup
