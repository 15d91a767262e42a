#pragma once

#include "strategies/script/scriptexpression.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

// A strategy file, parsed (docs/strategy-files.md): what the strategy says of itself, and the
// commands one attempt at an order runs, with its \if branches as a tree.

// How an attempt ends: the order sold, refused for want of stock, lost a race (tried again, as
// the lab's own strategies do, up to the experiment's max retries), or failed.
enum class OrderEnd { Sold, OutOfStock, Conflict, Failed };

// One SQL statement: as written, with its :variables, which are bound as parameters.
struct ScriptStatement {
    QString sql;
    QStringList parameters; // one per occurrence, in order
    bool gset = false; // ended by \gset: its one row's columns become variables
    bool noRowIsFine = false; // \aset: no row sets nothing (and :rows is 0)
    QString gsetPrefix;
    bool locks = false; // marked \lock: it takes the hot row's lock, held to COMMIT or ROLLBACK
    bool locksSlot = false; // \lock slot: that lock is the slot row's (:sku, :slot), not the SKU's
    int line = 0;
    // Marked \on-error: a server error whose message holds `errorText` ends the order so.
    QString errorText;
    std::optional<OrderEnd> errorEnd;

    // A :variable in SQL text: where its ':' is, and its name.
    struct Variable {
        qsizetype at = 0;
        QString name;
    };
    static std::vector<Variable> variablesIn(const QString& sql);
    // Calls `visit(i)` for each character of `sql` outside quotes and `--` comments; `visit`
    // returns where to go on (usually i + 1), or -1 to stop.
    static void scanCode(const QString& sql, const std::function<qsizetype(qsizetype)>& visit);
    // The statement with its variables replaced by placeholders: "?" (MySQL) or "$1", "$2", …
    // (PostgreSQL).
    QString boundSql(bool numbered) const;
    // BEGIN (or START TRANSACTION), COMMIT and ROLLBACK, which the lab sends itself to time the
    // lock's hold; any other statement is None. Read once, by the parser: an order asks it of
    // every statement it runs.
    enum class Control { None, Begin, Commit, Rollback };
    static Control controlOf(const QString& sql);
    Control control() const { return transactionControl; }
    Control transactionControl = Control::None;
};

struct ScriptCommand;
using ScriptBlock = std::vector<ScriptCommand>;

// One branch of an \if: \if and \elif have a condition, \else none.
struct ScriptBranch {
    std::optional<ScriptExpression> condition;
    ScriptBlock body;
    int line = 0;
};

struct ScriptCommand {
    enum class Kind { Statement, Set, If, End, Delay };
    Kind kind = Kind::Statement;
    int line = 0;
    ScriptStatement statement; // Statement
    QString name; // Set: the variable
    std::optional<ScriptExpression> expression; // Set
    std::vector<ScriptBranch> branches; // If
    OrderEnd end = OrderEnd::Sold; // End
    QString message; // End, Failed: what the order's failure says
};

// A statement the file gives the lab to run outside its orders, as written, ';' and all, between
// its command and the matching \end… line:
// - \routine ENGINE: a stored routine the lab creates before a run (CREATE PROCEDURE on MariaDB and
//   MySQL, CREATE FUNCTION on PostgreSQL);
// - \table [ENGINE]: a table of the file's own (CREATE TABLE), made afresh before each run;
// - \invariant NAME [ENGINE]: a query that must return no row once the run is over, checked
//   with the closing audit.
struct ScriptDefinition {
    enum class Kind { Routine, Table, Invariant };
    Kind kind = Kind::Routine;
    QString engine; // "mysql" or "postgres"; empty: both
    QString name;
    QString sql;
    int line = 0;

    // Whether it is given for `engineName` ("mysql" or "postgres").
    bool servesEngine(const QString& engineName) const { return engine.isEmpty() || engine == engineName; }
    // The command that opens it, without its backslash: "routine", "table", "invariant".
    static QString command(Kind kind);
};

struct StrategyScript {
    QString id;
    QString title;
    QString explanation;
    bool safe = true; // it claims to sell no more than the stock
    bool baseline = false; // \baseline yes: the strategy others' rates are compared with
    QString layout = QStringLiteral("rows"); // the stock layout it needs
    int lines = 1; // order rows per order: 2 for an order of two SKUs
    QStringList fields; // the experiment's fields it reads, beyond the order's own
    std::vector<ScriptDefinition> routines;
    std::vector<ScriptDefinition> tables;
    std::vector<ScriptDefinition> invariants;
    ScriptBlock order;

    // The commands that say what the strategy is, above its order (without their backslash).
    static const QStringList& headerCommands();
    // Those of them that open a ScriptDefinition, whose lines the window shows as the file's SQL.
    static const QStringList& definitionCommands();
    // The variables every order has without setting them (docs/strategy-files.md), named once:
    // the parser knows them by name, the session binds them by these.
    enum class Builtin {
        Sku,
        Qty,
        RequestId,
        Sku2,
        RequestId2,
        Rows, // rows the last statement returned or changed
        Engine,
        Attempt,
        Skus,
        Slots,
        MaxRetries,
        DelayMs,
    };
    static QString nameOf(Builtin variable);
    static const QStringList& builtinVariables(); // every Builtin's name, in its order
    // The variable a file sets (\gset) to name the slot \lock slot locks.
    static QString slotVariable() { return QStringLiteral("slot"); }
    static const QStringList& layouts();
    // Every statement of `block` and its branches, in the file's order.
    static std::vector<const ScriptStatement*> statementsOf(const ScriptBlock& block);
    // Whether some order of the file can end so.
    bool ends(OrderEnd end) const;
};
