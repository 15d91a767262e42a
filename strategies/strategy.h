#pragma once

#include "app/db/labschema.h"
#include "strategies/order.h"
#include "strategies/runenvironment.h"
#include "strategies/strategytraits.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

class FillProgress;
class LabDatabase;
struct Experiment;

// One client thread's way of placing orders; created and used on that thread only.
class OrderSession {
public:
    virtual ~OrderSession() = default;
    virtual OrderOutcome place(const Order& order) = 0;
    // The order lines the last sold order committed, when it is not the strategy's fixed
    // linesPerOrder() (a claim batch completes as many tasks as it found); lines are numbered by
    // Order::lineRequestId. Known before COMMIT is sent, so that an order whose reply to it was
    // lost is looked up by every line it wrote.
    virtual std::optional<int> linesOfLastSale() const { return std::nullopt; }
    // What the lab asks about the last order for its own figures (did a refused SKU still hold
    // enough?), done once the order's time is taken: instrumentation is not part of that time.
    virtual void afterOrder() { }
};

// A locking strategy: its tables, the SQL it runs (shown to the user as text) and the
// code for one order. A fresh instance serves each run.
class Strategy {
public:
    virtual ~Strategy() = default;

    virtual QString id() const = 0; // CLI name, e.g. "pessimistic"
    virtual QString title() const = 0; // in the lab's language (context "Strategy")
    virtual QString explanation() const = 0; // why it contends, or does not
    virtual bool isSafe() const { return true; } // false: it is expected to oversell
    virtual WorkloadKind workload() const { return WorkloadKind::Inventory; }
    virtual StockLayout layout() const { return StockLayout::Rows; }
    virtual StrategyTraits traits() const { return { layout() }; }
    // Order lines (rows in orders) per order: 2 for strategies that sell two SKUs at once.
    virtual int linesPerOrder() const { return 1; }
    // The experiment fields that only some strategies read (slots, writers, batch, max-retries)
    // and this one does: the window greys out such a field when no ticked strategy reads it.
    virtual QStringList ownFields() const { return {}; }
    virtual QStringList orderSql() const = 0;
    // The same as PostgreSQL runs it, where its dialect differs.
    virtual QStringList orderSqlOnPostgres() const { return orderSql(); }
    QStringList orderSqlFor(bool postgres) const { return postgres ? orderSqlOnPostgres() : orderSql(); }
    // The SQL the window shows for one order: each statement of orderSqlFor() ended by ';', each
    // comment ("-- …") on a line of its own.
    virtual QString shownSql(bool postgres) const;
    // CREATE TABLE statements of the tables this strategy works on.
    QStringList schemaSql() const;
    // Stored routines this strategy calls, created in the lab's database before each run.
    virtual QList<LabRoutine> routines() const { return {}; }
    // Tables of the strategy's own beside the lab's, made afresh before each run.
    virtual QList<LabTable> ownTables() const { return {}; }
    // Queries that must return no row once the run is over, checked with the closing audit.
    virtual QList<LabInvariant> invariants() const { return {}; }
    // What a run and a trial do before their first order: the lab's tables of the strategy's
    // layout, then the strategy's own tables and routines, and its invariants prepared.
    bool prepareDatabase(LabDatabase& database, const Experiment& experiment, QString* error,
        FillProgress* progress = nullptr) const;

    // StockLayout::Redis only: the stock per SKU as Redis holds it now, read on the run's thread
    // (the audit's); false with `error` when Redis cannot be read.
    virtual bool readStock(QList<std::pair<std::int64_t, std::int64_t>>& /*stock*/, QString* error)
    {
        *error = QCoreApplication::translate("Strategy", "this strategy keeps no stock outside MariaDB");
        return false;
    }

    // StockLayout::Redis only: points readStock() at the stock a finished run left, for the
    // audit after a restart; it changes nothing. False with `error` when that stock is gone.
    virtual bool attachStock(
        const Experiment& /*experiment*/, const ConnectionParams& /*params*/, QString* error)
    {
        *error = QCoreApplication::translate("Strategy", "this strategy keeps no stock outside MariaDB");
        return false;
    }

    // Called once before the first session opens and after the last one closed.
    virtual bool beginRun(RunEnvironment&, QString* /*error*/) { return true; }
    virtual void endRun() { }
    // Opens a session for one client thread, on that thread; null with `error` set on failure.
    virtual std::unique_ptr<OrderSession> openSession(
        RunEnvironment& environment, WorkerCounters& counters, QString* error)
        = 0;
};
