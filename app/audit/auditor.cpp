#include "app/audit/auditor.h"

#include "app/db/labschema.h"
#include "app/db/sqldialect.h"
#include "app/db/sqlerrortext.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>

Auditor::Auditor(QSqlDatabase database, StockLayout layout, int smallestOrder)
    : m_database(std::move(database))
    , m_layout(layout)
    , m_smallestOrder(smallestOrder)
{
}

bool Auditor::copyExternalStock(QSqlQuery& query, QString* error)
{
    // Read after the snapshot: every order row the snapshot holds took its stock before.
    QList<std::pair<std::int64_t, std::int64_t>> stock;
    if (!m_externalStock) {
        *error = tr("audit failed: no reader for the stock kept outside MariaDB");
        return false;
    }
    if (!m_externalStock(stock, error))
        return false;
    // A temporary table belongs to this session: no other client sees it or waits for it.
    if (!query.exec(
            QStringLiteral(
                "CREATE TEMPORARY TABLE IF NOT EXISTS redis_stock (sku_id BIGINT NOT NULL PRIMARY KEY, "
                "stock BIGINT NOT NULL)")
            + SqlDialect::of(isPostgres()).scratchTableOptions())
        || !query.exec(QStringLiteral("DELETE FROM redis_stock"))) {
        *error = tr("audit failed: %1").arg(SqlErrorText::of(query.lastError()));
        return false;
    }
    constexpr qsizetype kRowsPerInsert = 1000;
    for (qsizetype start = 0; start < stock.size(); start += kRowsPerInsert) {
        QString sql = QStringLiteral("INSERT INTO redis_stock (sku_id, stock) VALUES ");
        for (qsizetype i = start; i < std::min(stock.size(), start + kRowsPerInsert); ++i)
            sql += QStringLiteral("%1(%2,%3)")
                       .arg(i > start ? QStringLiteral(",") : QString())
                       .arg(stock[i].first)
                       .arg(stock[i].second);
        if (!query.exec(sql)) {
            *error = tr("audit failed: %1").arg(SqlErrorText::of(query.lastError()));
            return false;
        }
    }
    return true;
}

bool Auditor::isPostgres() const
{
    return m_database.driverName() == QLatin1String("QPSQL");
}

bool Auditor::beginSnapshot(QSqlQuery& query)
{
    // Repeatable read plus a consistent snapshot: stock and orders are seen at one instant.
    // MariaDB refuses even a temporary table's rows in a read-only transaction: the Redis
    // layout's snapshot is read-write, and writes only its own temporary table.
    const bool readOnly = m_layout != StockLayout::Redis;
    // PostgreSQL takes the snapshot at the transaction's first query, not at BEGIN: one is asked at
    // once, so that stock read from Redis afterwards is read after the snapshot, as on MariaDB.
    if (isPostgres())
        return query.exec(readOnly ? QStringLiteral("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
                                   : QStringLiteral("BEGIN ISOLATION LEVEL REPEATABLE READ"))
            && query.exec(QStringLiteral("SELECT 1"));
    return query.exec(QStringLiteral("SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ"))
        && query.exec(readOnly ? QStringLiteral("START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY")
                               : QStringLiteral("START TRANSACTION WITH CONSISTENT SNAPSHOT"));
}

bool Auditor::checkInvariants(QSqlQuery& query, AuditResult& result, QString* error)
{
    for (const LabInvariant& invariant : m_invariants) {
        const QString& sql = invariant.sqlOn(isPostgres());
        if (sql.isEmpty())
            continue;
        InvariantCheck check { invariant.name, 0, {} };
        query.setForwardOnly(true);
        if (!query.exec(sql)) {
            *error = tr("audit failed: the invariant %1: %2")
                         .arg(invariant.name, SqlErrorText::of(query.lastError()));
            return false;
        }
        while (query.next()) {
            if (check.rows++ == 0) {
                QStringList columns;
                for (int i = 0; i < query.record().count(); ++i)
                    columns << (query.isNull(i) ? QStringLiteral("NULL") : query.value(i).toString());
                check.firstRow = columns.join(QStringLiteral(", "));
            }
        }
        query.finish();
        result.invariants << check;
    }
    return true;
}

std::optional<std::int64_t> Auditor::sellableSkus(int enough, QString* error)
{
    if (m_layout == StockLayout::Redis) {
        *error = tr("the stock is kept in Redis");
        return std::nullopt;
    }
    QSqlQuery query(m_database);
    const QString sql
        = QStringLiteral("SELECT COUNT(*) FROM (SELECT c.sku_id FROM (%1) c WHERE c.stock >= %2 "
                         "LIMIT %3) sellable")
              .arg(LabSchema::currentStockQuery(m_layout))
              .arg(m_smallestOrder)
              .arg(enough);
    if (!query.exec(sql) || !query.next()) {
        *error = SqlErrorText::of(query.lastError());
        return std::nullopt;
    }
    return query.value(0).toLongLong();
}

AuditResult Auditor::run(QString* error)
{
    AuditResult result;
    if (!m_database.isOpen()) {
        *error = tr("audit failed: the connection to the server is closed");
        return result;
    }
    QSqlQuery query(m_database);
    // A connection the server closed is closed by Qt too: a ROLLBACK on it would only print
    // "database not open" on the terminal.
    const auto rollBack = [&] {
        if (m_database.isOpen())
            query.exec(QStringLiteral("ROLLBACK"));
    };
    const auto failed = [&] {
        *error = tr("audit failed: %1").arg(SqlErrorText::of(query.lastError()));
        rollBack();
        return result;
    };
    if (!beginSnapshot(query))
        return failed();
    if (m_layout == StockLayout::Redis && !copyExternalStock(query, error)) {
        rollBack();
        return result;
    }
    const QString sql = QStringLiteral(
        "SELECT COUNT(*), COALESCE(SUM(s.initial_stock), 0), COALESCE(SUM(c.stock), 0), "
        "COALESCE(SUM(o.sold), 0),"
        " COALESCE(SUM(o.order_rows), 0),"
        " COALESCE(SUM(GREATEST(COALESCE(o.sold, 0) - s.initial_stock, 0)), 0),"
        " COALESCE(SUM(GREATEST(COALESCE(o.sold, 0) - (s.initial_stock - COALESCE(c.stock, 0)), 0)), 0),"
        " COALESCE(SUM(GREATEST((s.initial_stock - COALESCE(c.stock, 0)) - COALESCE(o.sold, 0), 0)), 0),"
        " COALESCE(SUM(CASE WHEN c.stock < 0 THEN 1 ELSE 0 END), 0),"
        " COALESCE(SUM(CASE WHEN c.stock >= %2 THEN 1 ELSE 0 END), 0)"
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
    if (m_layout == StockLayout::Redis && !m_final)
        result.unrecordedDecrements = 0; // in flight: taken from Redis, the order row not yet written
    query.finish();
    if (m_final && !checkInvariants(query, result, error)) {
        rollBack();
        return AuditResult {};
    }
    if (!query.exec(QStringLiteral("COMMIT")))
        return failed();
    result.valid = true;
    return result;
}
