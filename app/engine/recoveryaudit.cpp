#include "recoveryaudit.h"

#include "auditor.h"
#include "mysqlconnection.h"
#include "preparedstatement.h"
#include "qtsqlconnection.h"

#include <QLocale>

QString RecoveryReport::summary() const
{
    if (!valid)
        return QStringLiteral("the audit after the restart could not run: %1").arg(error);
    const QLocale locale;
    QString text = missing == 0
        ? QStringLiteral("all %1 acknowledged orders are in the orders table")
              .arg(locale.toString(acknowledged))
        : QStringLiteral("%1 of %2 acknowledged orders are MISSING from the orders table")
              .arg(locale.toString(missing), locale.toString(acknowledged));
    text += QStringLiteral("; %1 oversold").arg(locale.toString(audit.oversold));
    if (unacknowledged > 0)
        text += QStringLiteral("; %1 orders committed whose reply was lost with the server")
                    .arg(locale.toString(unacknowledged));
    return text;
}

namespace RecoveryAudit {

RecoveryReport check(
    const ConnectionParams& params, StockLayout layout, const AcknowledgedOrders& acknowledged)
{
    RecoveryReport report;
    report.acknowledged = acknowledged.count();
    QtSqlConnection sql;
    if (!sql.open(params, true, &report.error))
        return report;
    report.audit = Auditor(sql.database(), layout).run(&report.error);
    if (!report.audit.valid)
        return report;

    MysqlConnection connection;
    PreparedStatement present;
    if (!connection.open(params)) {
        report.error = connection.lastError().toString();
        return report;
    }
    if (!present.prepare(
            connection, QStringLiteral("SELECT COUNT(*) FROM orders WHERE request_id BETWEEN ? AND ?"))) {
        report.error = present.lastError().toString();
        return report;
    }
    std::int64_t found = 0;
    for (const AcknowledgedOrders::Range& range : acknowledged.ranges()) {
        if (!present.execute({ range.first, range.last })) {
            report.error = present.lastError().toString();
            return report;
        }
        found += present.fetchSingle().value_or(0);
    }
    report.missing = report.acknowledged - found;
    report.unacknowledged = report.audit.orderRows - found;
    report.valid = true;
    return report;
}

} // namespace RecoveryAudit
