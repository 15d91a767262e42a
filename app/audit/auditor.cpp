#include "app/audit/auditor.h"

#include "app/db/labschema.h"

#include <QSqlError>
#include <QSqlQuery>

Auditor::Auditor(QSqlDatabase database, StockLayout layout, int smallestOrder)
    : m_database(std::move(database))
    , m_layout(layout)
    , m_smallestOrder(smallestOrder)
{
}

AuditResult Auditor::run(QString* error)
{
    AuditResult result;
    QSqlQuery query(m_database);
    const auto failed = [&] {
        *error = QStringLiteral("audit failed: %1").arg(query.lastError().text());
        query.exec(QStringLiteral("ROLLBACK"));
        return result;
    };
    // Repeatable read plus a consistent snapshot: stock and orders are seen at one instant.
    if (!query.exec(QStringLiteral("SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ"))
        || !query.exec(QStringLiteral("START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY")))
        return failed();
    const QString sql = QStringLiteral(
        "SELECT COUNT(*), COALESCE(SUM(s.initial_stock), 0), COALESCE(SUM(c.stock), 0), COALESCE(SUM(o.sold), 0),"
        " COALESCE(SUM(o.order_rows), 0),"
        " COALESCE(SUM(GREATEST(COALESCE(o.sold, 0) - s.initial_stock, 0)), 0),"
        " COALESCE(SUM(GREATEST(COALESCE(o.sold, 0) - (s.initial_stock - COALESCE(c.stock, 0)), 0)), 0),"
        " COALESCE(SUM(GREATEST((s.initial_stock - COALESCE(c.stock, 0)) - COALESCE(o.sold, 0), 0)), 0),"
        " COALESCE(SUM(c.stock < 0), 0), COALESCE(SUM(c.stock >= %2), 0)"
        " FROM sku s"
        " LEFT JOIN (%1) c ON c.sku_id = s.sku_id"
        " LEFT JOIN (SELECT sku_id, SUM(qty) AS sold, COUNT(*) AS order_rows FROM orders GROUP BY sku_id) o"
        " ON o.sku_id = s.sku_id")
                            .arg(LabSchema::currentStockQuery(m_layout))
                            .arg(m_smallestOrder);
    if (!query.exec(sql) || !query.next())
        return failed();
    result.skus = query.value(0).toLongLong();
    result.initialStock = query.value(1).toLongLong();
    result.remaining = query.value(2).toLongLong();
    result.sold = query.value(3).toLongLong();
    result.orderRows = query.value(4).toLongLong();
    result.oversold = query.value(5).toLongLong();
    result.lostUpdates = query.value(6).toLongLong();
    result.unrecordedDecrements = query.value(7).toLongLong();
    result.negativeSkus = query.value(8).toLongLong();
    result.sellableSkus = query.value(9).toLongLong();
    query.finish();
    if (!query.exec(QStringLiteral("COMMIT")))
        return failed();
    result.valid = true;
    return result;
}
