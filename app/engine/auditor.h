#pragma once

#include "auditresult.h"

#include "../../strategies/strategy.h"

#include <QSqlDatabase>

// Compares, in one consistent snapshot, each SKU's initial stock minus its current stock
// with the quantities in the orders table.
class Auditor {
public:
    Auditor(QSqlDatabase database, StockLayout layout);
    AuditResult run(QString* error);

private:
    QSqlDatabase m_database;
    StockLayout m_layout;
};
