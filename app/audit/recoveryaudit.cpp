#include "app/audit/recoveryaudit.h"

#include "app/audit/auditor.h"
#include "app/db/databaseconnection.h"
#include "app/db/iodeadline.h"
#include "app/db/preparedstatement.h"
#include "app/db/qtsqlconnection.h"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>

#include <chrono>
#include <thread>

QString RecoveryReport::summary() const
{
    if (!valid)
        return tr("the audit after the restart could not run: %1").arg(error);
    const QLocale locale;
    QStringList parts;
    parts << (missing == 0
            ? tr("all %1 acknowledged orders are in the orders table").arg(locale.toString(acknowledged))
            : tr("%1 of %2 acknowledged orders are MISSING from the orders table")
                  .arg(locale.toString(missing), locale.toString(acknowledged)));
    parts << tr("%1 oversold").arg(locale.toString(audit.oversold));
    if (unresolvedFound.rows > 0)
        parts << tr("%1 order lines committed whose reply was lost with the server")
                     .arg(locale.toString(unresolvedFound.rows));
    if (strangers() > 0)
        parts << tr("%1 order rows that no client placed").arg(locale.toString(strangers()));
    //: Separates the findings of the audit after a restart, e.g. "all 5 acknowledged orders are in the orders
    //: table; 0 oversold".
    return parts.join(tr("; "));
}

RecoveredTables RecoveryReport::tables() const
{
    return { valid, valid ? QString() : summary(), audit, missing, strangers(), unresolvedOrders,
        unresolvedFound.orders, unresolvedFound.rows, unresolvedFound.units };
}

namespace {

constexpr auto kRollbackWait = std::chrono::seconds(60);

// InnoDB accepts connections before it has rolled back the transactions the crash left open:
// it undoes them in the background. Those have no client session (thread id 0). The audit
// waits for them, so that it sees what the server keeps, not what it is still taking back.
bool waitForRecoveredRollback(DatabaseConnection& connection, QString* error)
{
    if (connection.postgres())
        return true; // PostgreSQL answers only once its recovery is over; it undoes nothing after
    const QString sql
        = QStringLiteral("SELECT COUNT(*) FROM information_schema.INNODB_TRX WHERE trx_mysql_thread_id = 0");
    const auto deadline = std::chrono::steady_clock::now() + kRollbackWait;
    while (true) {
        const std::optional<std::int64_t> open = connection.queryInt(sql);
        if (!open) {
            *error = connection.lastError().toString();
            return false;
        }
        if (*open == 0)
            return true;
        if (std::chrono::steady_clock::now() > deadline) {
            *error = QCoreApplication::translate("RecoveryAudit",
                "the server was still rolling back %1 transactions left by the crash after %2 s")
                         .arg(*open)
                         .arg(kRollbackWait.count());
            return false;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
}

// The acknowledged ids found and all the order rows, counted in one snapshot, so that the
// rows no client saw acknowledged are the difference of two counts taken at one instant.
struct SnapshotCounts {
    std::int64_t found = 0;
    std::int64_t orderRows = 0;
};

std::optional<SnapshotCounts> countInOneSnapshot(
    DatabaseConnection& connection, const AcknowledgedOrders& acknowledged, QString* error)
{
    PreparedStatement present;
    const bool opened = connection.postgres()
        ? connection.execute(QStringLiteral("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"))
        : connection.execute(QStringLiteral("SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ"))
            && connection.execute(QStringLiteral("START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY"));
    if (!opened) {
        *error = connection.lastError().toString();
        return std::nullopt;
    }
    if (!present.prepare(connection,
            QStringLiteral(
                "SELECT COUNT(DISTINCT request_id) FROM orders WHERE request_id BETWEEN ? AND ?"))) {
        *error = present.lastError().toString();
        return std::nullopt;
    }
    SnapshotCounts counts;
    for (const AcknowledgedOrders::Range& range : acknowledged.ranges()) {
        if (!present.execute({ range.first, range.last })) {
            *error = present.lastError().toString();
            return std::nullopt;
        }
        counts.found += present.fetchSingle().value_or(0);
    }
    const std::optional<std::int64_t> orderRows
        = connection.queryInt(QStringLiteral("SELECT COUNT(*) FROM orders"));
    if (!orderRows) {
        *error = connection.lastError().toString();
        return std::nullopt;
    }
    counts.orderRows = *orderRows;
    connection.rollback();
    return counts;
}

// A server just started again may refuse the first connections (its socket not listening yet,
// under a machine's load): asked again for a few seconds, within the audit's own limit.
bool openAfterRestart(DatabaseConnection& connection, const ConnectionParams& params,
    const IoDeadline& deadline, QString* error)
{
    constexpr int kTries = 20;
    for (int attempt = 1;; ++attempt) {
        if (connection.open(params))
            return true;
        if (attempt == kTries || deadline.expired()
            || connection.lastError().errorClass() != ErrorClass::ConnectionLost) {
            *error = connection.lastError().toString();
            return false;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(250));
    }
}

// The steps of check(), on connections a deadline may shut down; false when one failed.
bool audit(const ConnectionParams& params, StockLayout layout, const AcknowledgedOrders& acknowledged,
    const UnresolvedOrders& unresolved, const Auditor::ExternalStock& externalStock,
    DatabaseConnection& connection, QtSqlConnection& sql, const IoDeadline& deadline, RecoveryReport* report)
{
    if (!openAfterRestart(connection, params, deadline, &report->error))
        return false;
    if (!waitForRecoveredRollback(connection, &report->error) || !sql.open(params, true, &report->error))
        return false;
    Auditor auditor(sql.database(), layout);
    if (externalStock)
        auditor.setExternalStock(externalStock);
    auditor.setFinal(true); // the run is over: nothing is in flight between Redis and the table
    report->audit = auditor.run(&report->error);
    if (!report->audit.valid)
        return false;

    const std::optional<SnapshotCounts> counts = countInOneSnapshot(connection, acknowledged, &report->error);
    if (!counts)
        return false;
    const std::int64_t found = counts->found;
    // Every id in a range was acknowledged, so more rows than acknowledged orders cannot be
    // an honest count: say so rather than report a negative number missing.
    if (found > report->acknowledged) {
        report->error = QCoreApplication::translate(
            "RecoveryAudit", "the server counted %1 rows for the %2 acknowledged request ids")
                            .arg(found)
                            .arg(report->acknowledged);
        return false;
    }
    report->missing = report->acknowledged - found;
    report->unacknowledged = counts->orderRows - found;
    if (!unresolved.empty()) {
        const std::optional<CommittedLines> kept
            = OrderLookup::find(sql.database(), unresolved, &report->error);
        if (!kept)
            return false;
        report->unresolvedOrders = unresolved.orders();
        report->unresolvedFound = *kept;
    }
    report->valid = true;
    return true;
}

} // namespace

namespace RecoveryAudit {

RecoveryReport check(const ConnectionParams& params, StockLayout layout,
    const AcknowledgedOrders& acknowledged, const UnresolvedOrders& unresolved,
    const Auditor::ExternalStock& externalStock, std::chrono::milliseconds limit)
{
    RecoveryReport report;
    report.acknowledged = acknowledged.count();
    if (layout == StockLayout::Redis && !externalStock) {
        report.error = QCoreApplication::translate("RecoveryAudit", "the stock kept in Redis cannot be read");
        return report;
    }
    DatabaseConnection connection;
    QtSqlConnection sql;
    // A server that stops answering again keeps the audit no longer than `limit`.
    const IoDeadline deadline(limit, [&] {
        connection.abortFromAnyThread();
        sql.abortFromAnyThread();
    });
    if (!audit(params, layout, acknowledged, unresolved, externalStock, connection, sql, deadline, &report)
        && deadline.expired()) {
        report.valid = false;
        report.error = QCoreApplication::translate(
            "RecoveryAudit", "the server did not answer the recovery audit within %1 s (%2)")
                           .arg(limit.count() / 1000)
                           .arg(report.error);
    }
    return report;
}

} // namespace RecoveryAudit
