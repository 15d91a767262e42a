#include "strategies/script/strategyscript.h"

std::vector<ScriptStatement::Variable> ScriptStatement::variablesIn(const QString& sql)
{
    // Outside quotes and comments, a ':' that starts a name; "::" (a PostgreSQL cast) and ":="
    // (a MySQL assignment) are not variables.
    std::vector<Variable> found;
    QChar quote;
    for (qsizetype i = 0; i < sql.size(); ++i) {
        const QChar c = sql[i];
        if (!quote.isNull()) {
            if (c == quote)
                quote = QChar();
        } else if (c == QLatin1Char('\'') || c == QLatin1Char('"') || c == QLatin1Char('`')) {
            quote = c;
        } else if (c == QLatin1Char('-') && i + 1 < sql.size() && sql[i + 1] == QLatin1Char('-')) {
            const qsizetype end = sql.indexOf(QLatin1Char('\n'), i);
            i = end < 0 ? sql.size() : end;
        } else if (c == QLatin1Char(':') && i + 1 < sql.size() && sql[i + 1] == QLatin1Char(':')) {
            ++i;
        } else if (c == QLatin1Char(':') && i + 1 < sql.size()
            && (sql[i + 1].isLetter() || sql[i + 1] == QLatin1Char('_'))) {
            qsizetype end = i + 1;
            while (end < sql.size() && (sql[end].isLetterOrNumber() || sql[end] == QLatin1Char('_')))
                ++end;
            found.push_back({ i, sql.mid(i + 1, end - i - 1) });
            i = end - 1;
        }
    }
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

const QStringList& StrategyScript::builtinVariables()
{
    static const QStringList names { QStringLiteral("sku"), QStringLiteral("qty"),
        QStringLiteral("request_id"), QStringLiteral("sku2"), QStringLiteral("rows"),
        QStringLiteral("engine"), QStringLiteral("attempt"), QStringLiteral("skus"), QStringLiteral("slots"),
        QStringLiteral("max_retries"), QStringLiteral("delay_ms") };
    return names;
}

const QStringList& StrategyScript::layouts()
{
    static const QStringList names { QStringLiteral("rows"), QStringLiteral("slots") };
    return names;
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
