#pragma once

#include "app/core/auditresult.h"

#include "app/db/labschema.h"

#include <QCoreApplication>
#include <QList>
#include <QSqlDatabase>
#include <QSqlQuery>

#include <cstdint>
#include <functional>
#include <optional>
#include <utility>

// Compares, in one consistent snapshot, each SKU's initial stock minus its current stock
// with the quantities in the orders table. It also counts the SKUs that can still sell the
// smallest order, which tells a sold-out run it is over even for SKUs its clients rarely pick.
class Auditor {
    Q_DECLARE_TR_FUNCTIONS(Auditor)

public:
    // Stock per SKU kept outside MariaDB (in Redis): (sku_id, stock) pairs, false with `error`.
    using ExternalStock
        = std::function<bool(QList<std::pair<std::int64_t, std::int64_t>>& stock, QString* error)>;

    Auditor(QSqlDatabase database, StockLayout layout, int smallestOrder = 1);
    // For StockLayout::Redis: where the stock is read, after the orders' snapshot is taken.
    // While orders are under way, units taken there whose order row is not written yet are in
    // flight, not lost: they are left out until setFinal(), once every client has stopped.
    void setExternalStock(ExternalStock read) { m_externalStock = std::move(read); }
    void setFinal(bool final) { m_final = final; }
    // The strategy's invariants, run in the final audit's snapshot (while orders are under way,
    // one may hold only once each order is over).
    void setInvariants(QList<LabInvariant> invariants) { m_invariants = std::move(invariants); }
    AuditResult run(QString* error);
    // How many SKUs can still sell the smallest order, counted up to `enough`: the stock alone,
    // no orders scanned, no snapshot. Nullopt with `error` when the server does not answer, or
    // for stock kept outside the database (Redis), which this look does not read.
    std::optional<std::int64_t> sellableSkus(int enough, QString* error);

private:
    bool copyExternalStock(QSqlQuery& query, QString* error);
    bool beginSnapshot(QSqlQuery& query);
    bool isPostgres() const;
    bool checkInvariants(QSqlQuery& query, AuditResult& result, QString* error);

    QSqlDatabase m_database;
    StockLayout m_layout;
    int m_smallestOrder;
    ExternalStock m_externalStock;
    bool m_final = false;
    QList<LabInvariant> m_invariants;
};
