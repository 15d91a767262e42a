#include "strategies/script/strategyscriptparser.h"

#include <QRegularExpression>

#include <utility>

namespace {

// A command of the file before its \if branches are nested: \if, \elif, \else and \endif
// mark where a branch begins or ends.
struct FlatCommand {
    enum class Kind { Command, If, Elif, Else, Endif };
    Kind kind = Kind::Command;
    ScriptCommand command;
    std::optional<ScriptExpression> condition;
    int line = 0;
};

// Where a statement ends in its text: at a ';' or at a "\gset" or "\aset" outside quotes and
// comments.
struct StatementEnd {
    qsizetype at = -1; // -1: not yet
    bool gset = false;
};

StatementEnd findEnd(const QString& sql)
{
    StatementEnd end;
    ScriptStatement::scanCode(sql, [&](qsizetype i) -> qsizetype {
        if (sql[i] != QLatin1Char(';') && sql[i] != QLatin1Char('\\'))
            return i + 1;
        end = { i, sql[i] == QLatin1Char('\\') };
        return -1;
    });
    return end;
}

class Reader {
public:
    std::optional<StrategyScript> read(
        const QString& text, QString* error, StrategyScriptParser::Place* place)
    {
        const QStringList lines = text.split(QLatin1Char('\n'));
        for (int i = 0; i < lines.size() && m_error.isEmpty(); ++i)
            readLine(i + 1, lines[i]);
        if (m_error.isEmpty() && m_block.line > 0)
            fail(m_block.line, 1,
                StrategyScriptParser::tr("\\%1 without \\end%1")
                    .arg(ScriptDefinition::command(m_block.kind)));
        if (m_error.isEmpty() && !m_pendingSql.isEmpty())
            fail(m_pendingLine, 1,
                StrategyScriptParser::tr("this statement has no end: end it with ';' (or \\gset)"));
        if (m_error.isEmpty())
            finish();
        if (!m_error.isEmpty()) {
            *error = m_error;
            if (place)
                *place = m_errorPlace;
            return std::nullopt;
        }
        return std::move(m_script);
    }

private:
    StrategyScript m_script;
    std::vector<FlatCommand> m_flat;
    QStringList m_set; // variables a \set names, anywhere before
    bool m_anyGset = false; // after one, a name not known yet may be one of its columns
    int m_lockLine = 0; // a \lock waiting for its statement
    bool m_lockSlot = false; // \lock slot
    int m_errorLine = 0; // an \on-error waiting for its statement
    QString m_errorText;
    OrderEnd m_errorEnd = OrderEnd::Failed;
    ScriptDefinition m_block; // a \routine, \table or \invariant being read (its line set) up to its end
    bool m_inOrder = false;
    QString m_pendingSql;
    int m_pendingLine = 0;
    QString m_error;
    StrategyScriptParser::Place m_errorPlace;

    void fail(int line, int column, const QString& message)
    {
        if (!m_error.isEmpty())
            return;
        m_error = StrategyScriptParser::tr("line %1, column %2: %3").arg(line).arg(column).arg(message);
        m_errorPlace = { line, column };
    }

    void readLine(int number, const QString& line)
    {
        if (m_block.line > 0)
            return readBlockLine(line);
        if (!m_pendingSql.isEmpty()) {
            m_pendingSql += QLatin1Char('\n') + line;
            takeStatementIfEnded();
            return;
        }
        const QString trimmed = line.trimmed();
        if (trimmed.isEmpty() || trimmed.startsWith(QLatin1String("--")))
            return;
        const int column = static_cast<int>(line.indexOf(trimmed.front())) + 1;
        if (trimmed.startsWith(QLatin1Char('\\'))) {
            metaCommand(number, column, trimmed);
            return;
        }
        m_inOrder = true;
        m_pendingSql = line;
        m_pendingLine = number;
        takeStatementIfEnded();
    }

    // A definition's text is the server's, ';' and all, up to its line \endroutine (\endtable, …).
    void readBlockLine(const QString& line)
    {
        if (line.trimmed().compare(
                QLatin1String("\\end") + ScriptDefinition::command(m_block.kind), Qt::CaseInsensitive)
            == 0)
            return endBlock();
        m_block.sql += (m_block.sql.isEmpty() ? QString() : QStringLiteral("\n")) + line;
    }

    // \routine ENGINE, \table [ENGINE], \invariant NAME [ENGINE].
    void startBlock(int line, ScriptDefinition::Kind kind, const QString& argument)
    {
        QStringList words = argument.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
        m_block = { kind, {}, {}, {}, 0 };
        if (kind == ScriptDefinition::Kind::Invariant) {
            static const QRegularExpression valid(QStringLiteral("^[a-z][a-z0-9_-]{0,39}$"));
            if (words.isEmpty() || !valid.match(words.front()).hasMatch())
                return fail(line, 1,
                    StrategyScriptParser::tr(
                        "\\invariant takes a name (lower-case letters, digits, '_' and '-', "
                        "starting with a letter, at most 40), then mysql or postgres if it "
                        "serves one engine only"));
            m_block.name = words.takeFirst();
        }
        const bool engineNeeded = kind == ScriptDefinition::Kind::Routine;
        const bool engineNamed = words.size() == 1
            && (words.front() == QLatin1String("mysql") || words.front() == QLatin1String("postgres"));
        if (engineNeeded && !engineNamed)
            return fail(line, 1,
                StrategyScriptParser::tr("\\routine is for mysql or postgres, not %1")
                    .arg(words.join(QLatin1Char(' ')).left(30)));
        if (!words.isEmpty() && !engineNamed)
            return fail(line, 1,
                StrategyScriptParser::tr("\\%1 is for both engines, or for mysql or postgres only, not %2")
                    .arg(ScriptDefinition::command(kind), words.join(QLatin1Char(' ')).left(30)));
        m_block.engine = words.value(0);
        m_block.line = line;
    }

    void endBlock()
    {
        ScriptDefinition block = std::exchange(m_block, {});
        std::vector<ScriptDefinition>* kept = nullptr;
        switch (block.kind) {
        case ScriptDefinition::Kind::Routine:
            kept = &m_script.routines;
            nameRoutine(block);
            break;
        case ScriptDefinition::Kind::Table:
            kept = &m_script.tables;
            nameTable(block);
            break;
        case ScriptDefinition::Kind::Invariant:
            kept = &m_script.invariants;
            checkInvariant(block);
            break;
        }
        if (!m_error.isEmpty())
            return;
        for (const ScriptDefinition& other : *kept) {
            const bool sameEngine
                = other.engine.isEmpty() || block.engine.isEmpty() || other.engine == block.engine;
            if (sameEngine && other.name.compare(block.name, Qt::CaseInsensitive) == 0)
                return fail(block.line, 1,
                    StrategyScriptParser::tr("the %1 %2 is already given for this engine at line %3")
                        .arg(ScriptDefinition::command(block.kind), block.name)
                        .arg(other.line));
        }
        kept->push_back(std::move(block));
    }

    // The lab drops and creates the routine by its name: one CREATE PROCEDURE on MariaDB and MySQL,
    // one CREATE FUNCTION on PostgreSQL.
    void nameRoutine(ScriptDefinition& routine)
    {
        static const QRegularExpression create(
            QStringLiteral("^\\s*CREATE\\s+(PROCEDURE|FUNCTION)\\s+([A-Za-z_][A-Za-z0-9_]*)\\s*\\("),
            QRegularExpression::CaseInsensitiveOption);
        const QRegularExpressionMatch match = create.match(routine.sql);
        const QString kind = routine.engine == QLatin1String("mysql") ? QStringLiteral("PROCEDURE")
                                                                      : QStringLiteral("FUNCTION");
        if (!match.hasMatch() || match.captured(1).toUpper() != kind)
            return fail(routine.line, 1,
                StrategyScriptParser::tr("a \\routine %1 holds one CREATE %2 name(…) … up to \\endroutine")
                    .arg(routine.engine, kind));
        routine.name = match.captured(2);
    }

    // The lab drops and creates the table by its name, which both engines must spell alike: lower
    // case (PostgreSQL folds an unquoted name to it, MariaDB on Linux does not).
    void nameTable(ScriptDefinition& table)
    {
        static const QRegularExpression create(
            QStringLiteral("^\\s*CREATE\\s+TABLE\\s+([a-z_][a-z0-9_]*)\\s*\\("),
            QRegularExpression::CaseInsensitiveOption);
        const QRegularExpressionMatch match = create.match(table.sql);
        if (!match.hasMatch() || match.captured(1) != match.captured(1).toLower())
            return fail(table.line, 1,
                StrategyScriptParser::tr(
                    "a \\table holds one CREATE TABLE name (…), its name in lower case, up to "
                    "\\endtable"));
        table.name = match.captured(1);
        table.sql = withoutLastSemicolon(table.sql);
    }

    // An invariant runs once the orders are over: a query of its own, with no order's variables.
    void checkInvariant(ScriptDefinition& invariant)
    {
        invariant.sql = withoutLastSemicolon(invariant.sql);
        static const QRegularExpression query(
            QStringLiteral("^\\s*(SELECT|WITH)\\b"), QRegularExpression::CaseInsensitiveOption);
        if (!query.match(invariant.sql).hasMatch())
            return fail(invariant.line, 1,
                StrategyScriptParser::tr(
                    "an \\invariant holds one query (SELECT … or WITH …) that returns the rows "
                    "breaking it, up to \\endinvariant"));
        const std::vector<ScriptStatement::Variable> variables = ScriptStatement::variablesIn(invariant.sql);
        if (!variables.empty())
            return fail(invariant.line, 1,
                StrategyScriptParser::tr("an \\invariant runs after the orders: :%1 has no value there")
                    .arg(variables.front().name));
    }

    static QString withoutLastSemicolon(QString sql)
    {
        sql = sql.trimmed();
        if (sql.endsWith(QLatin1Char(';')))
            sql.chop(1);
        return sql.trimmed();
    }

    void takeStatementIfEnded()
    {
        const StatementEnd end = findEnd(m_pendingSql);
        if (end.at < 0)
            return;
        const QString rest = m_pendingSql.mid(end.at + 1).trimmed();
        ScriptStatement statement;
        statement.sql = m_pendingSql.left(end.at).trimmed();
        statement.line = m_pendingLine;
        const int endLine
            = m_pendingLine + static_cast<int>(m_pendingSql.left(end.at).count(QLatin1Char('\n')));
        m_pendingSql.clear();
        if (end.gset) {
            static const QRegularExpression gset(
                QStringLiteral("^([ga])set(?:\\s+([A-Za-z_][A-Za-z0-9_]*))?$"));
            const QRegularExpressionMatch match = gset.match(rest);
            if (!match.hasMatch())
                return fail(endLine, 1,
                    StrategyScriptParser::tr("only \\gset [prefix] or \\aset [prefix] may end a statement in "
                                             "place of ';'"));
            statement.gset = true;
            statement.noRowIsFine = match.captured(1) == QLatin1String("a");
            statement.gsetPrefix = match.captured(2);
        } else if (!rest.isEmpty() && !rest.startsWith(QLatin1String("--"))) {
            return fail(endLine, 1,
                StrategyScriptParser::tr("one statement per ';': %1 follows it").arg(rest.left(30)));
        }
        if (statement.sql.isEmpty())
            return fail(statement.line, 1, StrategyScriptParser::tr("an empty statement"));
        statement.transactionControl = ScriptStatement::controlOf(statement.sql);
        addStatement(std::move(statement));
    }

    void addStatement(ScriptStatement statement)
    {
        for (const ScriptStatement::Variable& variable : ScriptStatement::variablesIn(statement.sql)) {
            if (!isKnown(variable.name))
                return unknown(statement.line, variable.name);
            statement.parameters << variable.name;
        }
        if (m_lockLine > 0) {
            statement.locks = true;
            statement.locksSlot = m_lockSlot;
            m_lockLine = 0;
            // The slot is bound, or found by the statement itself and kept with its \gset or \aset
            // (FOR UPDATE SKIP LOCKED).
            const bool namesSlot = (isKnown(StrategyScript::slotVariable())
                                       && statement.parameters.contains(StrategyScript::slotVariable()))
                || statement.gset;
            if (m_lockSlot
                && !(statement.parameters.contains(StrategyScript::nameOf(StrategyScript::Builtin::Sku))
                    && namesSlot))
                return fail(statement.line, 1,
                    StrategyScriptParser::tr(
                        "\\lock slot marks a statement on the row of :sku and :slot: it "
                        "binds both, or binds :sku and sets :slot with \\gset or \\aset"));
        }
        if (m_errorLine > 0) {
            statement.errorText = m_errorText;
            statement.errorEnd = m_errorEnd;
            m_errorLine = 0;
        }
        m_anyGset = m_anyGset || statement.gset;
        FlatCommand flat;
        flat.command.kind = ScriptCommand::Kind::Statement;
        flat.command.line = statement.line;
        flat.command.statement = std::move(statement);
        flat.line = flat.command.line;
        m_flat.push_back(std::move(flat));
    }

    bool isKnown(const QString& name) const
    {
        return StrategyScript::builtinVariables().contains(name) || m_set.contains(name) || m_anyGset;
    }

    void unknown(int line, const QString& name)
    {
        fail(line, 1,
            StrategyScriptParser::tr(
                "the variable :%1 is not set here (an order has :%2; \\set and \\gset set others)")
                .arg(name, StrategyScript::builtinVariables().join(QStringLiteral(", :"))));
    }

    void metaCommand(int line, int column, const QString& text)
    {
        const qsizetype space = text.indexOf(QRegularExpression(QStringLiteral("\\s")));
        const QString command = (space < 0 ? text.mid(1) : text.mid(1, space - 1)).toLower();
        const QString argument = space < 0 ? QString() : text.mid(space + 1).trimmed();
        const int argumentColumn
            = column + static_cast<int>(space < 0 ? text.size() : text.indexOf(argument, space));
        const bool marks = command == QLatin1String("lock") || command == QLatin1String("on-error");
        if (m_lockLine > 0 && !marks)
            return fail(m_lockLine, 1,
                StrategyScriptParser::tr("\\lock marks the statement that follows it; here a command does"));
        if (m_errorLine > 0 && !marks)
            return fail(m_errorLine, 1,
                StrategyScriptParser::tr(
                    "\\on-error marks the statement that follows it; here a command does"));
        if (header(line, command, argument))
            return;
        if (!m_error.isEmpty())
            return;
        m_inOrder = true;
        orderCommand(line, column, command, argument, argumentColumn);
    }

    // The lines that say what the strategy is; true when `command` was one of them.
    bool header(int line, const QString& command, const QString& argument)
    {
        if (!StrategyScript::headerCommands().contains(command))
            return false;
        if (m_inOrder)
            fail(line, 1,
                StrategyScriptParser::tr("\\%1 belongs at the top, before the order's first command")
                    .arg(command));
        else if (argument.isEmpty() && command != QLatin1String("table"))
            fail(line, 1, StrategyScriptParser::tr("\\%1 needs a value").arg(command));
        else if (command == QLatin1String("strategy"))
            setId(line, argument);
        else if (command == QLatin1String("title"))
            m_script.title = argument;
        else if (command == QLatin1String("explain"))
            m_script.explanation
                += (m_script.explanation.isEmpty() ? QString() : QStringLiteral(" ")) + argument;
        else if (command == QLatin1String("safe"))
            setSafe(line, argument);
        else if (command == QLatin1String("baseline"))
            setBaseline(line, argument);
        else if (command == QLatin1String("layout"))
            setLayout(line, argument);
        else if (command == QLatin1String("lines"))
            setLines(line, argument);
        else if (command == QLatin1String("routine"))
            startBlock(line, ScriptDefinition::Kind::Routine, argument);
        else if (command == QLatin1String("table"))
            startBlock(line, ScriptDefinition::Kind::Table, argument);
        else if (command == QLatin1String("invariant"))
            startBlock(line, ScriptDefinition::Kind::Invariant, argument);
        else
            m_script.fields << argument.split(
                QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts);
        return true;
    }

    void setId(int line, const QString& id)
    {
        static const QRegularExpression valid(QStringLiteral("^[a-z][a-z0-9-]{0,39}$"));
        if (!valid.match(id).hasMatch())
            return fail(line, 1,
                StrategyScriptParser::tr(
                    "%1 is not a strategy id: lower-case letters, digits and '-', starting with a letter, "
                    "at most 40")
                    .arg(id.left(60)));
        m_script.id = id;
    }

    void setSafe(int line, const QString& value)
    {
        if (value != QLatin1String("yes") && value != QLatin1String("no"))
            return fail(line, 1, StrategyScriptParser::tr("\\safe is yes or no, not %1").arg(value.left(30)));
        m_script.safe = value == QLatin1String("yes");
    }

    void setBaseline(int line, const QString& value)
    {
        if (value != QLatin1String("yes") && value != QLatin1String("no"))
            return fail(
                line, 1, StrategyScriptParser::tr("\\baseline is yes or no, not %1").arg(value.left(30)));
        m_script.baseline = value == QLatin1String("yes");
    }

    void setLayout(int line, const QString& value)
    {
        if (!StrategyScript::layouts().contains(value))
            return fail(line, 1,
                StrategyScriptParser::tr("\\layout is one of %1, not %2")
                    .arg(StrategyScript::layouts().join(QStringLiteral(", ")), value.left(30)));
        m_script.layout = value;
    }

    // An order of one SKU, or of two (:sku and :sku2, one order row each).
    void setLines(int line, const QString& value)
    {
        if (value != QLatin1String("1") && value != QLatin1String("2"))
            return fail(line, 1, StrategyScriptParser::tr("\\lines is 1 or 2, not %1").arg(value.left(30)));
        m_script.lines = value.toInt();
    }

    void orderCommand(
        int line, int column, const QString& command, const QString& argument, int argumentColumn)
    {
        FlatCommand flat;
        flat.line = line;
        flat.command.line = line;
        if (command == QLatin1String("set")) {
            set(line, argument, argumentColumn, flat);
        } else if (command == QLatin1String("if") || command == QLatin1String("elif")) {
            flat.kind = command == QLatin1String("if") ? FlatCommand::Kind::If : FlatCommand::Kind::Elif;
            flat.condition = expression(line, argument, argumentColumn);
        } else if (command == QLatin1String("else") || command == QLatin1String("endif")) {
            flat.kind = command == QLatin1String("else") ? FlatCommand::Kind::Else : FlatCommand::Kind::Endif;
            if (!argument.isEmpty())
                fail(line, argumentColumn,
                    StrategyScriptParser::tr("\\%1 takes nothing after it").arg(command));
        } else if (command == QLatin1String("lock")) {
            if (!argument.isEmpty() && argument != StrategyScript::slotVariable())
                return fail(line, argumentColumn,
                    StrategyScriptParser::tr("\\lock takes nothing, or slot (the row of :sku and :slot)"));
            m_lockLine = line;
            m_lockSlot = argument == StrategyScript::slotVariable();
            return;
        } else if (command == QLatin1String("on-error")) {
            return onError(line, argument, argumentColumn);
        } else if (command == QLatin1String("delay")) {
            flat.command.kind = ScriptCommand::Kind::Delay;
        } else if (const std::optional<OrderEnd> end = orderEnd(command)) {
            flat.command.kind = ScriptCommand::Kind::End;
            flat.command.end = *end;
            flat.command.message = argument;
        } else {
            return fail(line, column,
                StrategyScriptParser::tr(
                    "\\%1 is not a command of strategy files (docs/strategy-files.md lists them)")
                    .arg(command.left(30)));
        }
        if (m_error.isEmpty())
            m_flat.push_back(std::move(flat));
    }

    // \on-error 'text' out-of-stock: how a server error that says `text` ends the order, for
    // a routine that signals its refusal (a stored procedure's SIGNAL, PL/pgSQL's RAISE).
    void onError(int line, const QString& argument, int argumentColumn)
    {
        static const QRegularExpression form(
            QStringLiteral("^'((?:[^']|'')+)'\\s+\\\\?(out-of-stock|conflict|failed)$"));
        const QRegularExpressionMatch match = form.match(argument);
        if (!match.hasMatch())
            return fail(line, argumentColumn,
                StrategyScriptParser::tr("\\on-error takes a quoted text and how the order then ends: "
                                         "\\on-error 'out of stock' out-of-stock (or conflict, or failed)"));
        m_errorLine = line;
        m_errorText = match.captured(1).replace(QLatin1String("''"), QLatin1String("'"));
        m_errorEnd = *orderEnd(match.captured(2));
    }

    static std::optional<OrderEnd> orderEnd(const QString& command)
    {
        if (command == QLatin1String("sold"))
            return OrderEnd::Sold;
        if (command == QLatin1String("out-of-stock"))
            return OrderEnd::OutOfStock;
        if (command == QLatin1String("conflict"))
            return OrderEnd::Conflict;
        if (command == QLatin1String("failed"))
            return OrderEnd::Failed;
        return std::nullopt;
    }

    void set(int line, const QString& argument, int argumentColumn, FlatCommand& flat)
    {
        static const QRegularExpression form(QStringLiteral("^([A-Za-z_][A-Za-z0-9_]*)\\s+(.+)$"));
        const QRegularExpressionMatch match = form.match(argument);
        if (!match.hasMatch())
            return fail(line, argumentColumn,
                StrategyScriptParser::tr("\\set takes a name and an expression: \\set name expression"));
        if (StrategyScript::builtinVariables().contains(match.captured(1)))
            return fail(line, argumentColumn,
                StrategyScriptParser::tr(":%1 is the order's own: it cannot be set").arg(match.captured(1)));
        flat.command.kind = ScriptCommand::Kind::Set;
        flat.command.name = match.captured(1);
        flat.command.expression
            = expression(line, match.captured(2), argumentColumn + static_cast<int>(match.capturedStart(2)));
        m_set << flat.command.name;
    }

    std::optional<ScriptExpression> expression(int line, const QString& text, int column)
    {
        QString error;
        int at = 0;
        std::optional<ScriptExpression> parsed = ScriptExpression::parse(text, &error, &at);
        if (!parsed) {
            fail(line, column + at, error);
            return std::nullopt;
        }
        for (const QString& name : parsed->variables()) {
            if (!isKnown(name)) {
                unknown(line, name);
                return std::nullopt;
            }
        }
        return parsed;
    }

    void finish()
    {
        if (m_lockLine > 0)
            return fail(m_lockLine, 1,
                StrategyScriptParser::tr("\\lock marks the statement that follows it, and none does"));
        if (m_errorLine > 0)
            return fail(m_errorLine, 1,
                StrategyScriptParser::tr("\\on-error marks the statement that follows it, and none does"));
        if (m_script.id.isEmpty())
            return fail(1, 1,
                StrategyScriptParser::tr("a strategy file starts by naming its strategy: \\strategy my-id"));
        if (m_script.title.isEmpty())
            return fail(1, 1, StrategyScriptParser::tr("a strategy file needs a \\title"));
        std::size_t at = 0;
        std::optional<ScriptBlock> order = nest(at, 0);
        if (!order)
            return;
        if (at < m_flat.size())
            return fail(m_flat[at].line, 1,
                StrategyScriptParser::tr("\\%1 without \\if").arg(keyword(m_flat[at].kind)));
        if (!sells(*order))
            return fail(
                1, 1, StrategyScriptParser::tr("no order of this file can end as sold: it needs a \\sold"));
        m_script.order = std::move(*order);
    }

    static QString keyword(FlatCommand::Kind kind)
    {
        switch (kind) {
        case FlatCommand::Kind::If:
            return QStringLiteral("if");
        case FlatCommand::Kind::Elif:
            return QStringLiteral("elif");
        case FlatCommand::Kind::Else:
            return QStringLiteral("else");
        case FlatCommand::Kind::Endif:
            return QStringLiteral("endif");
        case FlatCommand::Kind::Command:
            break;
        }
        return {};
    }

    // The commands from `at` to the \elif, \else or \endif that ends the block (or the file's
    // end, when `ifLine` is 0), with every \if in them nested.
    std::optional<ScriptBlock> nest(std::size_t& at, int ifLine)
    {
        ScriptBlock block;
        while (at < m_flat.size()) {
            FlatCommand& flat = m_flat[at];
            if (flat.kind == FlatCommand::Kind::Command) {
                block.push_back(std::move(flat.command));
                ++at;
            } else if (flat.kind == FlatCommand::Kind::If) {
                std::optional<ScriptCommand> branches = nestIf(at);
                if (!branches)
                    return std::nullopt;
                block.push_back(std::move(*branches));
            } else {
                return block; // the caller's \if reads what ended it
            }
        }
        if (ifLine > 0) {
            fail(ifLine, 1, StrategyScriptParser::tr("\\if without \\endif"));
            return std::nullopt;
        }
        return block;
    }

    std::optional<ScriptCommand> nestIf(std::size_t& at)
    {
        ScriptCommand command;
        command.kind = ScriptCommand::Kind::If;
        command.line = m_flat[at].line;
        bool sawElse = false;
        while (true) {
            FlatCommand& opener = m_flat[at++];
            ScriptBranch branch;
            branch.condition = std::move(opener.condition);
            branch.line = opener.line;
            std::optional<ScriptBlock> body = nest(at, command.line);
            if (!body)
                return std::nullopt;
            branch.body = std::move(*body);
            command.branches.push_back(std::move(branch));
            const FlatCommand::Kind next = m_flat[at].kind;
            if (next == FlatCommand::Kind::Endif) {
                ++at;
                return command;
            }
            if (sawElse) {
                fail(m_flat[at].line, 1, StrategyScriptParser::tr("\\%1 after \\else").arg(keyword(next)));
                return std::nullopt;
            }
            sawElse = next == FlatCommand::Kind::Else;
        }
    }

    static bool sells(const ScriptBlock& block)
    {
        for (const ScriptCommand& command : block) {
            if (command.kind == ScriptCommand::Kind::End && command.end == OrderEnd::Sold)
                return true;
            for (const ScriptBranch& branch : command.branches) {
                if (sells(branch.body))
                    return true;
            }
        }
        return false;
    }
};

} // namespace

std::optional<StrategyScript> StrategyScriptParser::parse(const QString& text, QString* error, Place* place)
{
    return Reader().read(text, error, place);
}
