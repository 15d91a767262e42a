#pragma once

#include "app/core/auditresult.h"

#include "app/db/labschema.h"

#include <QSqlDatabase>

// Compares, in one consistent snapshot, each SKU's initial stock minus its current stock
// with the quantities in the orders table. It also counts the SKUs that can still sell the
// smallest order, which tells a sold-out run it is over even for SKUs its clients rarely pick.
class Auditor {
public:
    Auditor(QSqlDatabase database, StockLayout layout, int smallestOrder = 1);
    AuditResult run(QString* error);

private:
    QSqlDatabase m_database;
    StockLayout m_layout;
    int m_smallestOrder;
};
