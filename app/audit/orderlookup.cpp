#include "app/audit/orderlookup.h"
#include "app/db/sqlerrortext.h"

#include <QCoreApplication>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QStringList>

namespace {

// Ids per statement: far below max_allowed_packet, few statements for thousands of orders.
constexpr std::size_t kIdsPerQuery = 1000;

// The rows of `ids` in the orders table, and their units, added to `rows` and `units`.
bool countLines(
    QSqlQuery& query, const std::vector<std::int64_t>& ids, long long* rows, long long* units, QString* error)
{
    for (std::size_t first = 0; first < ids.size(); first += kIdsPerQuery) {
        QStringList list;
        for (std::size_t i = first; i < std::min(ids.size(), first + kIdsPerQuery); ++i)
            list << QString::number(ids[i]);
        // Locking reads, so that an order whose transaction is still open is waited for; PostgreSQL
        // refuses FOR SHARE beside an aggregate, so it locks the rows in a subquery.
        const QString sql = (query.driver()->dbmsType() == QSqlDriver::PostgreSQL
                ? QStringLiteral("SELECT COUNT(*), COALESCE(SUM(qty), 0) FROM (SELECT qty "
                                 "FROM orders WHERE request_id IN (%1) FOR SHARE) AS o")
                : QStringLiteral("SELECT COUNT(*), COALESCE(SUM(qty), 0) FROM orders WHERE "
                                 "request_id IN (%1) LOCK IN SHARE MODE"))
                                .arg(list.join(QLatin1Char(',')));
        if (!query.exec(sql) || !query.next()) {
            *error = QCoreApplication::translate("OrderLookup", "cannot look up the orders without reply: %1")
                         .arg(SqlErrorText::of(query.lastError()));
            return false;
        }
        *rows += query.value(0).toLongLong();
        *units += query.value(1).toLongLong();
        query.finish();
    }
    return true;
}

} // namespace

namespace OrderLookup {

std::optional<CommittedLines> find(QSqlDatabase database, const UnresolvedOrders& orders, QString* error)
{
    CommittedLines found;
    if (!database.isOpen()) { // the server dropped it: a statement would only print a warning
        *error = QCoreApplication::translate("OrderLookup", "the connection to the server is closed");
        return std::nullopt;
    }
    QSqlQuery query(database);
    if (!countLines(query, orders.firstLines(), &found.orders, &found.units, error))
        return std::nullopt;
    long long otherRows = 0;
    if (!countLines(query, orders.otherLines(), &otherRows, &found.units, error))
        return std::nullopt;
    found.rows = found.orders + otherRows;
    return found;
}

} // namespace OrderLookup
