#pragma once

#include "app/audit/auditor.h"
#include "app/audit/orderlookup.h"
#include "app/core/acknowledgedorders.h"
#include "app/core/auditresult.h"
#include "app/core/strategyresult.h"
#include "app/core/unresolvedorders.h"
#include "app/db/connectionparams.h"

#include "app/db/labschema.h"

#include <QCoreApplication>
#include <QString>

#include <chrono>

// What the tables show once a lost server is back: the usual audit (no oversell), and
// whether every order whose commit a client saw acknowledged is still in the orders table.
struct RecoveryReport {
    Q_DECLARE_TR_FUNCTIONS(RecoveryReport)

public:
    bool valid = false;
    QString error;
    AuditResult audit;
    std::int64_t acknowledged = 0; // orders the clients saw committed
    std::int64_t missing = 0; // of those, not in the orders table
    std::int64_t unacknowledged = 0; // order rows no client saw acknowledged (commit reply lost)
    std::int64_t unresolvedOrders = 0; // orders whose reply was lost with the server, looked up
    CommittedLines unresolvedFound; // of their lines, those the server kept
    // Rows neither acknowledged nor among the orders without reply: no client placed them.
    std::int64_t strangers() const { return unacknowledged - unresolvedFound.rows; }

    bool clean() const { return valid && missing == 0 && strangers() == 0 && audit.clean(); }
    QString summary() const; // one line for people
    // What the lost run's result takes from it (StrategyResult::takeRecovery).
    RecoveredTables tables() const;
};

namespace RecoveryAudit {

// As long as a run waits for a silent server, and as MariaDB's control connections wait for a
// reply: the whole audit, on a server that stops answering again.
constexpr std::chrono::milliseconds kLimit { 120'000 };

// Connects to the (restarted) server and checks the tables the lost run left behind; for
// StockLayout::Redis, beside the stock `externalStock` reads (none: the audit cannot run).
// Gives up, invalid and saying so, once `limit` has passed. Call from a thread other than the
// GUI thread: it scans the orders table.
RecoveryReport check(const ConnectionParams& params, StockLayout layout,
    const AcknowledgedOrders& acknowledged, const UnresolvedOrders& unresolved,
    const Auditor::ExternalStock& externalStock = {}, std::chrono::milliseconds limit = kLimit);

} // namespace RecoveryAudit
