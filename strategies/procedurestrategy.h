#pragma once

#include "strategies/strategy.h"

// The whole order in a stored procedure: CALL lab_sell(sku, qty, request_id) is one round
// trip, and the transaction (conditional UPDATE, INSERT, COMMIT) starts and ends inside the
// server, so no network crossing and no client work happen while the row is locked.
class ProcedureStrategy : public Strategy {
public:
    QString id() const override { return QStringLiteral("procedure"); }
    QString title() const override
    {
        return QCoreApplication::translate("Strategy", "Stored procedure (one round trip per order)");
    }
    QString explanation() const override;
    QStringList orderSql() const override;
    QStringList orderSqlOnPostgres() const override;
    QList<LabRoutine> routines() const override;
    std::unique_ptr<OrderSession> openSession(
        RunEnvironment& environment, WorkerCounters& counters, QString* error) override;
};
