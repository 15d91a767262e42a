#include "app/run/closingaudit.h"

#include "app/audit/auditor.h"
#include "app/db/finishedbackends.h"
#include "app/db/labdatabase.h"
#include "app/db/sqlerrortext.h"

#include <QSqlError>
#include <QSqlQuery>

#include <chrono>
#include <thread>

namespace {

// Tries of each step at least, the control connection opened again between them (about 4 s),
// however short the server wait.
constexpr int kAttempts = 6;

} // namespace

ClosingAudit::ClosingAudit(LabDatabase& database, Auditor& auditor, std::chrono::milliseconds serverWait)
    : m_database(database)
    , m_auditor(auditor)
    , m_serverWait(serverWait)
{
}

ClosingAudit::Outcome ClosingAudit::run(
    const UnresolvedOrders& unresolved, const std::vector<unsigned long>& clientSessions)
{
    Outcome outcome;
    if (m_database.connection().isPostgres()
        && !retry([&](QString* error) { return awaitFinished(clientSessions, error); }, &outcome.error)) {
        outcome.lookupError = outcome.error;
        return outcome;
    }
    if (!unresolved.empty()) {
        retry(
            [&](QString* error) {
                outcome.unresolvedFound
                    = OrderLookup::find(m_database.connection().database(), unresolved, error);
                return outcome.unresolvedFound.has_value();
            },
            &outcome.lookupError);
    }
    retry(
        [&](QString* error) {
            outcome.audit = m_auditor.run(error);
            return outcome.audit.valid;
        },
        &outcome.error);
    return outcome;
}

bool ClosingAudit::awaitFinished(const std::vector<unsigned long>& clientSessions, QString* error)
{
    QSqlDatabase database = m_database.connection().database();
    QSqlQuery query(database);
    const bool finished = FinishedBackends::await(
        clientSessions,
        [&](const QString& sql) -> std::optional<long long> {
            // A connection the server dropped is closed: the caller opens it again and asks anew.
            if (!database.isOpen() || !query.exec(sql) || !query.next())
                return std::nullopt;
            const long long left = query.value(0).toLongLong();
            query.finish();
            return left;
        },
        [](std::chrono::milliseconds pause) { std::this_thread::sleep_for(pause); });
    if (!finished)
        *error = !database.isOpen()       ? tr("cannot learn whether the clients' sessions have ended: the "
                                                     "connection to the server is closed")
            : query.lastError().isValid() ? tr("cannot learn whether the clients' sessions have ended: %1")
                                                .arg(SqlErrorText::of(query.lastError()))
                                          : tr("the clients' sessions on the server did not end");
    return finished;
}

bool ClosingAudit::retry(const std::function<bool(QString*)>& step, QString* error)
{
    const auto deadline = std::chrono::steady_clock::now() + m_serverWait;
    for (int attempt = 0; attempt < kAttempts || std::chrono::steady_clock::now() < deadline; ++attempt) {
        if (attempt > 0) {
            std::this_thread::sleep_for(std::chrono::milliseconds(250 * std::min(attempt, 4)));
            if (QString reviveError; !m_database.revive(&reviveError)) {
                *error = reviveError;
                continue;
            }
        }
        if (step(error)) {
            error->clear();
            return true;
        }
        // The connection answers: the failure was the server's answer (a table dropped, a
        // privilege revoked), which asking again will not change.
        if (m_database.connection().isAlive())
            return false;
    }
    return false;
}
