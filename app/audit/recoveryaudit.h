#pragma once

#include "app/core/acknowledgedorders.h"
#include "app/core/auditresult.h"
#include "app/db/connectionparams.h"

#include "app/db/labschema.h"

#include <QString>

// What the tables show once a lost server is back: the usual audit (no oversell), and
// whether every order whose commit a client saw acknowledged is still in the orders table.
struct RecoveryReport {
    bool valid = false;
    QString error;
    AuditResult audit;
    std::int64_t acknowledged = 0; // orders the clients saw committed
    std::int64_t missing = 0; // of those, not in the orders table
    std::int64_t unacknowledged = 0; // order rows no client saw acknowledged (commit reply lost)

    bool clean() const { return valid && missing == 0 && audit.clean(); }
    QString summary() const; // one line for people
};

namespace RecoveryAudit {

// Connects to the (restarted) server and checks the tables the lost run left behind.
// Call from a thread other than the GUI thread: it scans the orders table.
RecoveryReport check(
    const ConnectionParams& params, StockLayout layout, const AcknowledgedOrders& acknowledged);

} // namespace RecoveryAudit
