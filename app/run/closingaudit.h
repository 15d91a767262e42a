#pragma once

#include "app/audit/orderlookup.h"
#include "app/core/auditresult.h"
#include "app/core/unresolvedorders.h"

#include <QCoreApplication>
#include <QString>

#include <chrono>
#include <functional>
#include <optional>
#include <vector>

class Auditor;
class LabDatabase;

// The audit at the end of a run, on the run's control connection once the clients are gone:
// the orders no client could resolve are looked up, then stock and orders are counted. The
// control connection may have been killed under the run, or the server may be restarting: it
// is opened again between tries, for as long as the run waits for a silent server, before the
// result says what could not be checked.
class ClosingAudit {
    Q_DECLARE_TR_FUNCTIONS(ClosingAudit)
public:
    struct Outcome {
        AuditResult audit;
        QString error; // why the audit did not run, when it did not
        std::optional<CommittedLines> unresolvedFound; // the orders without reply that committed
        QString lookupError; // why they could not be looked up, when they could not
    };

    // `serverWait`: how long a server that does not answer is waited for (the experiment's).
    ClosingAudit(LabDatabase& database, Auditor& auditor, std::chrono::milliseconds serverWait);
    // `clientSessions`: the server's ids of every connection the run's clients opened. On
    // PostgreSQL their backends are waited for first: one whose client is gone may be committing.
    Outcome run(const UnresolvedOrders& unresolved, const std::vector<unsigned long>& clientSessions);

private:
    bool awaitFinished(const std::vector<unsigned long>& clientSessions, QString* error);
    // Runs `step` until it succeeds or the tries run out, reviving the connection between tries.
    bool retry(const std::function<bool(QString*)>& step, QString* error);

    LabDatabase& m_database;
    Auditor& m_auditor;
    std::chrono::milliseconds m_serverWait;
};
