#include "strategies/scriptsession.h"

#include <QRegularExpression>

#include <chrono>
#include <cmath>
#include <thread>
#include <utility>

namespace {

// The element of `items` for a command's line, the vector grown to hold it.
template <typename T> T& placeOf(std::vector<T>& items, int line)
{
    const auto at = static_cast<std::size_t>(line);
    if (items.size() <= at)
        items.resize(at + 1);
    return items[at];
}

// The error a file's own failure carries: MySQL's code for a user-defined exception
// (SIGNAL SQLSTATE '45000'), which no retry cures.
constexpr unsigned int kScriptFailure = 1644;

} // namespace

ScriptSession::ScriptSession(
    RunEnvironment& environment, WorkerCounters& counters, std::shared_ptr<const StrategyScript> script)
    : TransactionSession(environment, counters)
    , m_script(std::move(script))
    , m_counters(counters)
    , m_engine(engineOf(environment.params()))
    // Each client its own sequence, from the experiment's seed as the lab's other draws.
    , m_random(environment.experiment().seed * 7919 + reinterpret_cast<std::uintptr_t>(&counters))
{
    seedFixed(environment.experiment());
    using B = StrategyScript::Builtin;
    const auto slotOf = [this](B variable) { return m_variables.slotOf(StrategyScript::nameOf(variable)); };
    m_slot = { slotOf(B::Sku), slotOf(B::Qty), slotOf(B::RequestId), slotOf(B::Sku2), slotOf(B::RequestId2),
        slotOf(B::Rows), slotOf(B::Attempt), m_variables.slotOf(StrategyScript::slotVariable()) };
    m_maxRetries = environment.experiment().maxRetries;
    prepareBlock(m_script->order);
    // Stock that a slot layout strands in small slots is what refusals with stock left count.
    if (m_script->layout == QLatin1String("slots"))
        m_slotStock.emplace(statements());
}

QString ScriptSession::engineOf(const ConnectionParams& params)
{
    return params.isPostgres() ? QStringLiteral("postgres") : QStringLiteral("mysql");
}

void ScriptSession::seedFixed(const Experiment& experiment)
{
    using B = StrategyScript::Builtin;
    m_fixed.insert(StrategyScript::nameOf(B::Engine), ScriptValue(m_engine));
    m_fixed.insert(StrategyScript::nameOf(B::Skus), ScriptValue(experiment.skus));
    m_fixed.insert(StrategyScript::nameOf(B::Slots), ScriptValue(experiment.slotsPerSku));
    m_fixed.insert(StrategyScript::nameOf(B::MaxRetries), ScriptValue(experiment.maxRetries));
    m_fixed.insert(StrategyScript::nameOf(B::DelayMs), ScriptValue(experiment.delayMs));
    for (auto it = m_fixed.cbegin(); it != m_fixed.cend(); ++it)
        m_variables.setFixed(it.key(), it.value());
}

// Every statement an order may run, prepared with the session's others after each connect;
// BEGIN goes through the connection, COMMIT and ROLLBACK through the transaction clock, which
// times the lock's hold.
void ScriptSession::prepareBlock(const ScriptBlock& block)
{
    for (const ScriptCommand& command : block) {
        if (command.kind == ScriptCommand::Kind::Statement
            && command.statement.control() == ScriptStatement::Control::None) {
            std::unique_ptr<Prepared>& place = placeOf(m_prepared, command.statement.line);
            place = std::make_unique<Prepared>();
            Prepared& prepared = *place;
            for (const QString& name : command.statement.parameters)
                prepared.parameterSlots.push_back(m_variables.slotOf(name));
            prepared.bindsSku
                = command.statement.parameters.contains(StrategyScript::nameOf(StrategyScript::Builtin::Sku));
            statements().add(&prepared.statement, command.statement.boundSql(false),
                tr("%1, line %2").arg(m_script->id).arg(command.statement.line));
        }
        if (command.kind == ScriptCommand::Kind::Set)
            placeOf(m_setSlots, command.line) = m_variables.slotOf(command.name);
        if (command.kind != ScriptCommand::Kind::If)
            continue;
        if (const std::optional<std::size_t> taken = fixedBranch(command)) {
            if (*taken < command.branches.size())
                prepareBlock(command.branches[*taken].body);
            continue;
        }
        for (const ScriptBranch& branch : command.branches)
            prepareBlock(branch.body);
    }
}

std::optional<std::size_t> ScriptSession::fixedBranch(const ScriptCommand& command) const
{
    const QStringList fixed = m_fixed.keys();
    for (std::size_t i = 0; i < command.branches.size(); ++i) {
        const std::optional<ScriptExpression>& condition = command.branches[i].condition;
        if (!condition)
            return i;
        if (!condition->isFixedBy(fixed))
            return std::nullopt;
        QString error;
        std::mt19937_64 unused;
        const std::optional<ScriptValue> value = condition->evaluate(
            [this](const QString& name) { return std::optional<ScriptValue>(m_fixed.value(name)); }, unused,
            &error);
        if (!value)
            return std::nullopt; // its error is the order's to report
        if (value->truth().value_or(false))
            return i;
    }
    return command.branches.size();
}

// Every variable of the last order unset, the order's own set.
void ScriptSession::startVariables(const Order& order)
{
    m_variables.startOrder();
    m_variables.set(m_slot.sku, ScriptValue(order.skuId));
    m_variables.set(m_slot.qty, ScriptValue(order.qty));
    m_variables.set(m_slot.requestId, ScriptValue(order.requestId));
    m_variables.set(m_slot.sku2, ScriptValue(order.secondSkuId));
    m_variables.set(m_slot.requestId2, ScriptValue(order.secondSkuId > 0 ? order.secondRequestId() : 0));
    m_variables.set(m_slot.rows, ScriptValue(0));
    m_variables.set(m_slot.attempt, ScriptValue(m_attempt));
}

int ScriptSession::maxConflicts() const
{
    return m_maxRetries;
}

Attempt ScriptSession::attempt(const Order& order)
{
    m_attempt = order.requestId == m_lastRequestId ? m_attempt + 1 : 1;
    m_lastRequestId = order.requestId;
    startVariables(order);
    m_inTransaction = false;
    if (std::optional<Attempt> ended = run(m_script->order, order))
        return *ended;
    return scriptFailed(0,
        tr("the order ran past the file's last command without \\sold, \\out-of-stock, "
           "\\conflict or \\failed"));
}

std::optional<Attempt> ScriptSession::run(const ScriptBlock& block, const Order& order)
{
    for (const ScriptCommand& command : block) {
        std::optional<Attempt> ended;
        switch (command.kind) {
        case ScriptCommand::Kind::Statement:
            ended = runStatement(command.statement, order);
            break;
        case ScriptCommand::Kind::Set: {
            QString error;
            const std::optional<ScriptValue> value = command.expression->evaluate(
                [this](const QString& name) { return m_variables.lookup(name); }, m_random, &error);
            if (!value)
                return scriptFailed(command.line, error);
            m_variables.set(m_setSlots[static_cast<std::size_t>(command.line)], *value);
            break;
        }
        case ScriptCommand::Kind::If:
            ended = runIf(command, order);
            break;
        case ScriptCommand::Kind::Delay:
            transaction().delayInTransaction();
            break;
        case ScriptCommand::Kind::End:
            return end(command);
        }
        if (ended)
            return ended;
    }
    return std::nullopt;
}

std::optional<Attempt> ScriptSession::runIf(const ScriptCommand& command, const Order& order)
{
    for (const ScriptBranch& branch : command.branches) {
        bool taken = true;
        if (branch.condition) {
            QString error;
            const std::optional<ScriptValue> value = branch.condition->evaluate(
                [this](const QString& name) { return m_variables.lookup(name); }, m_random, &error);
            if (!value)
                return scriptFailed(branch.line, error);
            taken = value->truth().value_or(false); // NULL counts as false, as in pgbench
        }
        if (taken)
            return run(branch.body, order);
    }
    return std::nullopt;
}

std::optional<Attempt> ScriptSession::runStatement(const ScriptStatement& statement, const Order& order)
{
    if (m_trial && statement.control() != ScriptStatement::Control::None) {
        // The trial's own transaction stays open: a ROLLBACK goes back to the order's start.
        m_inTransaction = statement.control() == ScriptStatement::Control::Begin;
        if (statement.control() == ScriptStatement::Control::Rollback
            && !connection().execute(QStringLiteral("ROLLBACK TO SAVEPOINT lab_trial")))
            return connectionFailed();
        return std::nullopt;
    }
    switch (statement.control()) {
    case ScriptStatement::Control::Begin:
        if (!connection().begin())
            return connectionFailed();
        m_inTransaction = true;
        return std::nullopt;
    case ScriptStatement::Control::Commit:
        m_inTransaction = false;
        return transaction().commit() ? std::nullopt : std::optional(connectionFailed());
    case ScriptStatement::Control::Rollback:
        m_inTransaction = false;
        return transaction().rollback() ? std::nullopt : std::optional(connectionFailed());
    case ScriptStatement::Control::None:
        break;
    }
    Prepared& prepared = *m_prepared[static_cast<std::size_t>(statement.line)];
    if (std::optional<Attempt> failure; !bind(statement, prepared, failure))
        return failure;
    // The row is named, for the lock's hand-over time, when the statement locks the order's SKU
    // (all of it, or with \lock slot one slot row).
    LockedRow row;
    if (prepared.bindsSku)
        row.sku = order.skuId;
    if (statement.locksSlot)
        if (const ScriptValue slot = m_variables.valueAt(m_slot.slot); slot.isInt())
            row.slot = static_cast<int>(slot.toInt());
    const bool heldBefore = transaction().holding();
    const bool done = statement.locks ? transaction().timedLockingExecute(prepared.statement, m_params, row)
                                      : prepared.statement.execute(m_params);
    if (!done)
        return statementFailed(statement, prepared.statement);
    std::optional<Attempt> kept = keepResult(statement, prepared);
    // A slot found by the locking statement itself (FOR UPDATE SKIP LOCKED … \aset) is named once
    // its \gset has set :slot; one that found none holds no slot, and its attempt takes no turn
    // on one.
    if (statement.locksSlot && row.slot < 0 && !kept) {
        if (m_variables.valueAt(m_slot.rows).toInt() == 0) {
            if (!heldBefore)
                transaction().forgetHold();
        } else if (const ScriptValue slot = m_variables.valueAt(m_slot.slot); slot.isInt()) {
            transaction().nameLockedRow({ order.skuId, static_cast<int>(slot.toInt()) });
        }
    }
    return kept;
}

// The statement's parameters into m_params, kept from statement to statement so that an order
// allocates nothing for its whole numbers. A boolean binds as 1 or 0, as MySQL keeps it.
bool ScriptSession::bind(
    const ScriptStatement& statement, const Prepared& prepared, std::optional<Attempt>& failure)
{
    m_params.resize(prepared.parameterSlots.size());
    for (std::size_t i = 0; i < prepared.parameterSlots.size(); ++i) {
        const std::optional<ScriptValue>& value = m_variables.at(prepared.parameterSlots[i]);
        if (!value) {
            failure = scriptFailed(statement.line,
                tr("the variable :%1 is not set").arg(statement.parameters[static_cast<qsizetype>(i)]));
            return false;
        }
        SqlValue& param = m_params[i];
        if (value->isInt())
            param = SqlValue(value->toInt());
        else if (value->isBool())
            param = SqlValue(std::int64_t { value->toBool() ? 1 : 0 });
        else if (value->isDouble())
            param = SqlValue(value->toDouble());
        else if (value->isText())
            param = SqlValue(value->toText().toUtf8());
        else
            param = SqlValue();
    }
    return true;
}

// An error the file's \on-error names ends the order as the file says. Otherwise:
// MySQL 8 refuses a NOWAIT lock with 3572; MariaDB with 1205, at once, though that code
// otherwise means a lock wait ran out. On a NOWAIT statement nothing waits, so both mean "the
// row is locked": counted as 3572, rolled back and retried after a back-off.
Attempt ScriptSession::statementFailed(const ScriptStatement& statement, const PreparedStatement& prepared)
{
    static const QRegularExpression nowait(
        QStringLiteral("\\bNOWAIT\\b"), QRegularExpression::CaseInsensitiveOption);
    const DatabaseError& error = prepared.lastError();
    if (statement.errorEnd && error.message.contains(statement.errorText)) {
        ScriptCommand said;
        said.kind = ScriptCommand::Kind::End;
        said.line = statement.line;
        said.end = *statement.errorEnd;
        said.message = error.message;
        return end(said);
    }
    if (error.code != 1205 || !nowait.match(statement.sql).hasMatch())
        return failed(prepared);
    return Attempt::failed(
        { 3572, tr("row locked, refused at once by NOWAIT (server error 1205: %1)").arg(error.message) });
}

// :rows, and with \gset the row's columns: a \gset that finds no row, or more than one, is
// the file's mistake, as in pgbench; an \aset that finds none sets nothing.
std::optional<Attempt> ScriptSession::keepResult(const ScriptStatement& statement, Prepared& kept)
{
    PreparedStatement& prepared = kept.statement;
    std::vector<SqlValue>& row = m_row;
    std::int64_t rows = 0;
    while (prepared.fetch(row)) {
        if (++rows > 1 || !statement.gset)
            continue;
        const QStringList& names = prepared.columnNames();
        if (kept.columnSlots.size() != static_cast<std::size_t>(names.size())) {
            kept.columnSlots.clear();
            for (const QString& name : names)
                kept.columnSlots.push_back(m_variables.slotOf(statement.gsetPrefix + name));
        }
        for (std::size_t i = 0; i < row.size() && i < kept.columnSlots.size(); ++i)
            m_variables.setColumn(kept.columnSlots[i], row[i]);
    }
    if (statement.gset && (rows > 1 || (rows == 0 && !statement.noRowIsFine)))
        return scriptFailed(statement.line,
            statement.noRowIsFine
                ? tr("\\aset needs one row at most, and the statement returned %1").arg(rows)
                : tr("\\gset needs one row, and the statement returned %1").arg(rows));
    m_variables.set(m_slot.rows,
        ScriptValue(
            prepared.columnNames().isEmpty() ? static_cast<std::int64_t>(prepared.affectedRows()) : rows));
    return std::nullopt;
}

Attempt ScriptSession::end(const ScriptCommand& command)
{
    Attempt result = Attempt::sold();
    switch (command.end) {
    case OrderEnd::Sold:
        // Acknowledged before its COMMIT, an order could be counted and then lost.
        if (m_inTransaction)
            return scriptFailed(command.line, tr("\\sold with the transaction still open: COMMIT it first"));
        return Attempt::sold();
    case OrderEnd::OutOfStock:
        result = Attempt::outOfStock();
        break;
    case OrderEnd::Conflict:
        result = Attempt::conflict();
        break;
    case OrderEnd::Failed:
        return scriptFailed(
            command.line, command.message.isEmpty() ? tr("the file's \\failed") : command.message);
    }
    result = endAs(result);
    // Refused: did the SKU's slots together still hold enough? (asked in afterOrder)
    if (m_slotStock && result.kind == Attempt::Kind::OutOfStock)
        m_slotStock->noteRefusal(m_variables.valueAt(m_slot.sku).toInt(),
            static_cast<int>(m_variables.valueAt(m_slot.qty).toInt()));
    return result;
}

void ScriptSession::afterOrder()
{
    if (m_slotStock)
        m_slotStock->countStrandedRefusal(m_counters);
}

Attempt ScriptSession::scriptFailed(int line, const QString& message)
{
    const QString where = line > 0 ? tr("%1, line %2: %3").arg(m_script->id).arg(line).arg(message)
                                   : tr("%1: %2").arg(m_script->id, message);
    return endAs(Attempt::failed(DatabaseError(kScriptFailure, where)));
}

// An attempt that ends with its transaction open rolls it back, once.
Attempt ScriptSession::endAs(Attempt result)
{
    if (m_trial) { // back to the order's start, the trial's transaction still open
        if (std::exchange(m_inTransaction, false))
            connection().execute(QStringLiteral("ROLLBACK TO SAVEPOINT lab_trial"));
        return result;
    }
    return std::exchange(m_inTransaction, false) ? rollbackAs(result) : result;
}

std::optional<std::int64_t> ScriptSession::measure(const QString& sql, QString* error)
{
    const std::optional<std::int64_t> value = connection().queryInt(sql);
    if (!value && error->isEmpty())
        *error = connection().lastError().message;
    return value;
}

ScriptSession::Trial ScriptSession::tryOrder(const Order& order, const QString& stockQuery)
{
    Trial trial;
    const QString skus = order.secondSkuId > 0
        ? QStringLiteral("%1, %2").arg(order.skuId).arg(order.secondSkuId)
        : QString::number(order.skuId);
    const QString stock
        = QStringLiteral("SELECT SUM(stock) FROM (%1) s WHERE sku_id IN (%2)").arg(stockQuery, skus);
    if (!connection().begin() || !connection().execute(QStringLiteral("SAVEPOINT lab_trial"))) {
        trial.attempt = connectionFailed();
        return trial;
    }
    trial.stockBefore = measure(stock, &trial.measureError);
    const std::int64_t waitedNs = m_counters.read()[ClientCount::LockWaitNs];
    m_trial = true;
    trial.attempt = attempt(order);
    m_trial = false;
    trial.lockWaitMs = static_cast<double>(m_counters.read()[ClientCount::LockWaitNs] - waitedNs) / 1e6;
    // A failed statement leaves a PostgreSQL transaction refusing all but a rollback.
    if (trial.attempt.kind == Attempt::Kind::Error)
        connection().execute(QStringLiteral("ROLLBACK TO SAVEPOINT lab_trial"));
    trial.stockAfter = measure(stock, &trial.measureError);
    const QString rows = QStringLiteral("SELECT COUNT(*) FROM orders WHERE request_id IN (%1, %2)")
                             .arg(order.requestId)
                             .arg(order.secondRequestId());
    trial.orderRows = measure(rows, &trial.measureError);
    for (const ScriptDefinition& invariant : m_script->invariants) {
        if (invariant.servesEngine(m_engine))
            trial.invariantRows.emplace_back(invariant.name,
                measure(QStringLiteral("SELECT COUNT(*) FROM (%1) broken").arg(invariant.sql),
                    &trial.measureError));
    }
    if (m_engine == QLatin1String("mysql")) {
        // InnoDB refreshes what INNODB_TRX shows at most every 100 ms.
        std::this_thread::sleep_for(std::chrono::milliseconds(110));
        trial.rowsLocked = connection().queryInt(
            QStringLiteral("SELECT trx_rows_locked FROM information_schema.INNODB_TRX WHERE "
                           "trx_mysql_thread_id = CONNECTION_ID()"));
    }
    connection().rollback();
    trial.rowsKept = measure(rows, &trial.measureError);
    return trial;
}
