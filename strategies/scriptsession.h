#pragma once

#include "strategies/script/strategyscript.h"
#include "strategies/scriptvariables.h"
#include "strategies/slotstock.h"
#include "strategies/transactionsession.h"

#include <QHash>

#include <map>
#include <memory>
#include <random>

// One client's run of a strategy file: its statements prepared on the client's connection, and
// each attempt at an order the file's commands, run by the retrier as the lab's own strategies'
// attempts are (deadlocks retried, lost connections looked up, conflicts counted).
class ScriptSession : public TransactionSession {
    Q_DECLARE_TR_FUNCTIONS(ScriptSession)

public:
    ScriptSession(
        RunEnvironment& environment, WorkerCounters& counters, std::shared_ptr<const StrategyScript> script);

    // "mysql" (MariaDB and MySQL) or "postgres": the value of :engine.
    static QString engineOf(const ConnectionParams& params);

    void afterOrder() override;

    // "Check on server": one attempt at `order` in a transaction that is rolled back at its
    // end. The file's own BEGIN and COMMIT are skipped and its ROLLBACK goes back to the order's
    // start, so that the order's effects can be counted before nothing of it is kept.
    struct Trial {
        Attempt attempt;
        std::optional<std::int64_t> stockBefore; // the order's SKU (or SKUs), summed
        std::optional<std::int64_t> stockAfter;
        std::optional<std::int64_t> orderRows; // rows of its request ids
        std::optional<std::int64_t> rowsLocked; // InnoDB's count; PostgreSQL keeps no such list
        std::optional<std::int64_t> rowsKept; // after the rollback: a routine's own COMMIT keeps them
        // Each invariant of the file for this engine, by name: the rows breaking it after the order.
        std::vector<std::pair<QString, std::optional<std::int64_t>>> invariantRows;
        double lockWaitMs = 0.0;
        QString measureError; // a count the server would not give
    };
    Trial tryOrder(const Order& order, const QString& stockQuery);

protected:
    Attempt attempt(const Order& order) override;
    int maxConflicts() const override;

private:
    void seedFixed(const Experiment& experiment);
    void prepareBlock(const ScriptBlock& block);
    void startVariables(const Order& order);
    // The branch an \if decided by the engine and the fields takes, once; null when it depends
    // on the order; the branch count when no branch is taken.
    std::optional<std::size_t> fixedBranch(const ScriptCommand& command) const;

    // Runs `block`: the attempt's end when a command ended it, else std::nullopt.
    std::optional<Attempt> run(const ScriptBlock& block, const Order& order);
    // A statement as this session runs it: prepared, with the slots of its parameters and of
    // the columns its \gset keeps.
    struct Prepared {
        PreparedStatement statement;
        std::vector<int> parameterSlots;
        std::vector<int> columnSlots; // known once the result's columns are
        bool bindsSku = false; // it names the order's SKU row, for the lock's hand-over time
    };
    std::optional<Attempt> runStatement(const ScriptStatement& statement, const Order& order);
    bool bind(const ScriptStatement& statement, const Prepared& prepared, std::optional<Attempt>& failure);
    Attempt statementFailed(const ScriptStatement& statement, const PreparedStatement& prepared);
    std::optional<Attempt> keepResult(const ScriptStatement& statement, Prepared& prepared);
    std::optional<Attempt> runIf(const ScriptCommand& command, const Order& order);
    Attempt end(const ScriptCommand& command);
    Attempt scriptFailed(int line, const QString& message);
    Attempt endAs(Attempt result);

    std::shared_ptr<const StrategyScript> m_script;
    WorkerCounters& m_counters;
    std::optional<SlotStock> m_slotStock; // the slot layout's: refusals with stock left
    QString m_engine;
    // By the line of the command (a file has one command to a line), so that an order finds
    // its statements without a search; held by pointer, as the statement set keeps their addresses.
    std::vector<std::unique_ptr<Prepared>> m_prepared;
    std::vector<int> m_setSlots; // each \set's variable
    QHash<QString, ScriptValue> m_fixed; // :engine and the experiment's fields
    ScriptVariables m_variables;
    // The slots of the order's own variables, and of :slot (\lock slot's row).
    struct {
        int sku, qty, requestId, sku2, requestId2, rows, attempt, slot;
    } m_slot {};
    int m_maxRetries = 0;
    std::vector<SqlValue> m_params; // the statement's bound values
    std::vector<SqlValue> m_row; // a result's row as it is read
    std::mt19937_64 m_random;
    bool m_inTransaction = false;
    bool m_trial = false; // within tryOrder
    std::optional<std::int64_t> measure(const QString& sql, QString* error);
    int m_attempt = 0;
    std::int64_t m_lastRequestId = -1;
};
