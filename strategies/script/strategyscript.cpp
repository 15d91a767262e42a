#include "strategies/script/strategyscript.h"

#include <iterator>

#include <QRegularExpression>

#include <algorithm>

void ScriptStatement::scanCode(const QString& sql, const std::function<qsizetype(qsizetype)>& visit)
{
    QChar quote;
    for (qsizetype i = 0; i >= 0 && i < sql.size();) {
        const QChar c = sql[i];
        if (!quote.isNull()) {
            if (c == quote)
                quote = QChar();
            ++i;
        } else if (c == QLatin1Char('\'') || c == QLatin1Char('"') || c == QLatin1Char('`')) {
            quote = c;
            ++i;
        } else if (c == QLatin1Char('-') && i + 1 < sql.size() && sql[i + 1] == QLatin1Char('-')) {
            const qsizetype end = sql.indexOf(QLatin1Char('\n'), i);
            i = end < 0 ? sql.size() : end;
        } else {
            i = visit(i);
        }
    }
}

std::vector<ScriptStatement::Variable> ScriptStatement::variablesIn(const QString& sql)
{
    // A ':' that starts a name; "::" (a PostgreSQL cast) and ":=" (a MySQL assignment) are not
    // variables.
    std::vector<Variable> found;
    scanCode(sql, [&](qsizetype i) -> qsizetype {
        if (sql[i] != QLatin1Char(':') || i + 1 >= sql.size())
            return i + 1;
        if (sql[i + 1] == QLatin1Char(':'))
            return i + 2;
        if (!(sql[i + 1].isLetter() || sql[i + 1] == QLatin1Char('_')))
            return i + 1;
        qsizetype end = i + 1;
        while (end < sql.size() && (sql[end].isLetterOrNumber() || sql[end] == QLatin1Char('_')))
            ++end;
        found.push_back({ i, sql.mid(i + 1, end - i - 1) });
        return end;
    });
    return found;
}

QString ScriptStatement::boundSql(bool numbered) const
{
    QString out;
    qsizetype from = 0;
    int n = 0;
    for (const Variable& variable : variablesIn(sql)) {
        out += QStringView(sql).mid(from, variable.at - from);
        out += numbered ? QStringLiteral("$%1").arg(++n) : QStringLiteral("?");
        from = variable.at + 1 + variable.name.size();
    }
    return out + QStringView(sql).mid(from);
}

const QStringList& StrategyScript::headerCommands()
{
    static const QStringList names { QStringLiteral("strategy"), QStringLiteral("title"),
        QStringLiteral("explain"), QStringLiteral("safe"), QStringLiteral("baseline"),
        QStringLiteral("layout"), QStringLiteral("lines"), QStringLiteral("field"), QStringLiteral("routine"),
        QStringLiteral("table"), QStringLiteral("invariant") };
    return names;
}

const QStringList& StrategyScript::definitionCommands()
{
    static const QStringList names { ScriptDefinition::command(ScriptDefinition::Kind::Routine),
        ScriptDefinition::command(ScriptDefinition::Kind::Table),
        ScriptDefinition::command(ScriptDefinition::Kind::Invariant) };
    return names;
}

QString ScriptDefinition::command(Kind kind)
{
    switch (kind) {
    case Kind::Routine:
        return QStringLiteral("routine");
    case Kind::Table:
        return QStringLiteral("table");
    case Kind::Invariant:
        return QStringLiteral("invariant");
    }
    return {};
}

namespace {

// In the order of StrategyScript::Builtin.
constexpr const char* kBuiltinNames[] = { "sku", "qty", "request_id", "sku2", "request_id2", "rows", "engine",
    "attempt", "skus", "slots", "max_retries", "delay_ms" };
static_assert(std::size(kBuiltinNames) == static_cast<std::size_t>(StrategyScript::Builtin::DelayMs) + 1);

} // namespace

QString StrategyScript::nameOf(Builtin variable)
{
    return QLatin1String(kBuiltinNames[static_cast<std::size_t>(variable)]);
}

const QStringList& StrategyScript::builtinVariables()
{
    static const QStringList names = [] {
        QStringList all;
        for (const char* name : kBuiltinNames)
            all << QLatin1String(name);
        return all;
    }();
    return names;
}

const QStringList& StrategyScript::layouts()
{
    static const QStringList names { QStringLiteral("rows"), QStringLiteral("slots") };
    return names;
}

ScriptStatement::Control ScriptStatement::controlOf(const QString& sql)
{
    static const QRegularExpression begin(
        QStringLiteral("^(BEGIN|START\\s+TRANSACTION)$"), QRegularExpression::CaseInsensitiveOption);
    const QString statement = sql.simplified();
    if (begin.match(statement).hasMatch())
        return Control::Begin;
    if (statement.compare(QLatin1String("COMMIT"), Qt::CaseInsensitive) == 0)
        return Control::Commit;
    if (statement.compare(QLatin1String("ROLLBACK"), Qt::CaseInsensitive) == 0)
        return Control::Rollback;
    return Control::None;
}

namespace {

bool blockEnds(const ScriptBlock& block, OrderEnd end)
{
    return std::any_of(block.begin(), block.end(), [end](const ScriptCommand& command) {
        if (command.kind == ScriptCommand::Kind::End && command.end == end)
            return true;
        if (command.kind == ScriptCommand::Kind::Statement && command.statement.errorEnd == end)
            return true;
        return std::any_of(command.branches.begin(), command.branches.end(),
            [end](const ScriptBranch& branch) { return blockEnds(branch.body, end); });
    });
}

} // namespace

bool StrategyScript::ends(OrderEnd end) const
{
    return blockEnds(order, end);
}

std::vector<const ScriptStatement*> StrategyScript::statementsOf(const ScriptBlock& block)
{
    std::vector<const ScriptStatement*> found;
    for (const ScriptCommand& command : block) {
        if (command.kind == ScriptCommand::Kind::Statement)
            found.push_back(&command.statement);
        for (const ScriptBranch& branch : command.branches) {
            const std::vector<const ScriptStatement*> inner = statementsOf(branch.body);
            found.insert(found.end(), inner.begin(), inner.end());
        }
    }
    return found;
}
