// Strategy files without a server: pgbench's expressions and their values, the parser's tree of
// a whole file, and a message with the line and column for each kind of mistake.
#include "strategies/script/strategyscriptparser.h"

#include <QTest>

namespace {

const QString kPessimistic = QStringLiteral(R"(-- the lab's pessimistic strategy, as a file
\strategy my-pessimistic
\title Pessimistic, my way
\explain Locks the SKU's row with FOR UPDATE,
\explain then checks the stock in the client.
\safe yes
\layout rows

BEGIN;
\lock
SELECT stock FROM inventory
 WHERE sku_id = :sku FOR UPDATE \gset
\if :stock < :qty
  ROLLBACK;
  \out-of-stock
\endif
\delay
UPDATE inventory SET stock = stock - :qty WHERE sku_id = :sku;
INSERT INTO orders (request_id, sku_id, qty) VALUES (:request_id, :sku, :qty);
COMMIT;
\sold
)");

// The variables of an order on PostgreSQL, with :stock as a \gset would have set it.
std::optional<ScriptValue> lookup(const QString& name)
{
    if (name == QLatin1String("engine"))
        return ScriptValue(QStringLiteral("postgres"));
    if (name == QLatin1String("qty"))
        return ScriptValue(3);
    if (name == QLatin1String("big"))
        return ScriptValue(std::int64_t { 9'223'372'036'854'775'807 });
    if (name == QLatin1String("code")) // a VARCHAR column
        return ScriptValue(QStringLiteral("A-17"));
    if (name == QLatin1String("count_text")) // a number kept as text, as pgbench keeps every column
        return ScriptValue(QStringLiteral("42"));
    if (name == QLatin1String("price_text"))
        return ScriptValue(QStringLiteral("2.50"));
    return std::nullopt;
}

} // namespace

class TestStrategyScript : public QObject {
    Q_OBJECT

private slots:
    void expressionsHavePgbenchsValues_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("value");
        QTest::newRow("precedence") << "1 + 2 * 3"
                                    << "7";
        QTest::newRow("integer division") << "7 / 2"
                                          << "3";
        QTest::newRow("double division") << "7.0 / 2"
                                         << "3.5";
        QTest::newRow("remainder") << "-7 % 3"
                                   << "-1";
        QTest::newRow("unary minus of a variable") << "-:qty * 2"
                                                   << "-6";
        QTest::newRow("comparison and logic") << "1 = 1 AND 2 >= 1 AND NOT 1 <> 1"
                                              << "true";
        QTest::newRow("!= is <>") << "1 != 2"
                                  << "true";
        QTest::newRow("NULL OR true") << "NULL OR true"
                                      << "true";
        QTest::newRow("NULL AND true") << "NULL AND true"
                                       << "NULL";
        QTest::newRow("NULL AND false") << "NULL AND false"
                                        << "false";
        QTest::newRow("NULL in arithmetic") << "NULL + 1"
                                            << "NULL";
        QTest::newRow("the engine") << ":engine = 'postgres'"
                                    << "true";
        QTest::newRow("a quote in a text") << "'it''s'"
                                           << "it's";
        QTest::newRow("greatest of mixed") << "greatest(1, 2.5, 2)"
                                           << "2.5";
        QTest::newRow("least of integers") << "least(3, 1, 2)"
                                           << "1";
        QTest::newRow("abs") << "abs(-4) + abs(4)"
                             << "8";
        QTest::newRow("int truncates") << "int(3.9) + int(-3.9)"
                                       << "0";
        QTest::newRow("mod") << "mod(7, 3)"
                             << "1";
        QTest::newRow("pow and sqrt") << "sqrt(pow(3, 2))"
                                      << "3";
        QTest::newRow("random of one value") << "random(5, 5)"
                                             << "5";
        QTest::newRow("keywords in any case") << "true and Not False"
                                              << "true";
        QTest::newRow("parentheses") << "(1 + 2) * 3"
                                     << "9";
        QTest::newRow("a text column compared as text") << ":code = 'A-17'"
                                                        << "true";
        QTest::newRow("texts compare as texts, not numbers") << "'10' < '9'"
                                                             << "true";
        QTest::newRow("a text that is a number, in arithmetic") << ":count_text + 1"
                                                                << "43";
        QTest::newRow("a decimal kept as text, in arithmetic") << ":price_text * 2"
                                                               << "5";
        QTest::newRow("a text that is a number beside a number") << ":count_text > 9"
                                                                 << "true";
        QTest::newRow("a text that is a number, as a condition") << ":count_text AND true"
                                                                 << "true";
        QTest::newRow("a text that is a number, in a function") << "greatest(:count_text, 50)"
                                                                << "50";
    }
    void expressionsHavePgbenchsValues()
    {
        QFETCH(QString, text);
        QFETCH(QString, value);
        QString error;
        int column = -1;
        const std::optional<ScriptExpression> expression = ScriptExpression::parse(text, &error, &column);
        QVERIFY2(expression, qPrintable(error));
        std::mt19937_64 random(1);
        const std::optional<ScriptValue> result = expression->evaluate(lookup, random, &error);
        QVERIFY2(result, qPrintable(error));
        QCOMPARE(result->toString(), value);
    }

    void aRandomNumberStaysWithinItsBounds()
    {
        QString error;
        int column = 0;
        const std::optional<ScriptExpression> expression
            = ScriptExpression::parse(QStringLiteral("random(1, 6)"), &error, &column);
        QVERIFY(expression);
        std::mt19937_64 random(7);
        QSet<std::int64_t> seen;
        for (int i = 0; i < 600; ++i) {
            const std::optional<ScriptValue> value = expression->evaluate(lookup, random, &error);
            QVERIFY(value && value->isInt() && value->toInt() >= 1 && value->toInt() <= 6);
            seen.insert(value->toInt());
        }
        QCOMPARE(seen.size(), 6);
    }

    void aBadExpressionIsRefusedWhereItGoesWrong_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("says");
        QTest::newRow("ends early") << "1 +" << 3 << "ends too early";
        QTest::newRow("unknown function") << "1 + foo(2)" << 4 << "foo is not a function";
        QTest::newRow("a word, not a variable") << "stock < 3" << 0 << "variables are written :name";
        QTest::newRow("wrong argument count") << "random(1)" << 0 << "another number of arguments";
        QTest::newRow("missing parenthesis") << "(1 + 2" << 6 << "')' is missing";
        QTest::newRow("unclosed text") << "'abc" << 0 << "no closing quote";
        QTest::newRow("trailing") << "1 2" << 2 << "unexpected 2";
        QTest::newRow("lone colon") << ": x" << 1 << "not followed by a variable";
    }
    void aBadExpressionIsRefusedWhereItGoesWrong()
    {
        QFETCH(QString, text);
        QFETCH(int, column);
        QFETCH(QString, says);
        QString error;
        int at = -1;
        QVERIFY(!ScriptExpression::parse(text, &error, &at));
        QVERIFY2(error.contains(says), qPrintable(error));
        QCOMPARE(at, column);
    }

    void aValueThatCannotBeIsAnErrorNotANumber_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("says");
        QTest::newRow("overflow") << ":big + 1"
                                  << "overflows";
        QTest::newRow("division by zero") << "1 / (2 - 2)"
                                          << "division by zero";
        QTest::newRow("remainder by zero") << "mod(1, 0)"
                                           << "division by zero";
        QTest::newRow("text against number") << "'a' < 1"
                                             << "cannot compare";
        QTest::newRow("variable not set") << ":stock > 1"
                                          << "not set";
        QTest::newRow("reversed bounds") << "random(6, 1)"
                                         << "lower bound is above";
        QTest::newRow("arithmetic on text") << ":engine + 1"
                                            << "needs numbers";
        QTest::newRow("a text that is no number beside a number") << ":code > 1"
                                                                  << "cannot compare";
        QTest::newRow("no square root") << "sqrt(-1)"
                                        << "no finite value";
    }
    void aValueThatCannotBeIsAnErrorNotANumber()
    {
        QFETCH(QString, text);
        QFETCH(QString, says);
        QString error;
        int column = 0;
        const std::optional<ScriptExpression> expression = ScriptExpression::parse(text, &error, &column);
        QVERIFY2(expression, qPrintable(error));
        std::mt19937_64 random(1);
        QVERIFY(!expression->evaluate(lookup, random, &error));
        QVERIFY2(error.contains(says), qPrintable(error));
    }

    void anExpressionKnowsWhetherAnOrderCanChangeIt()
    {
        QString error;
        int column = 0;
        const QStringList fixed { QStringLiteral("engine"), QStringLiteral("slots") };
        QVERIFY(ScriptExpression::parse(QStringLiteral(":engine = 'postgres'"), &error, &column)
                    ->isFixedBy(fixed));
        QVERIFY(!ScriptExpression::parse(QStringLiteral(":qty > 1"), &error, &column)->isFixedBy(fixed));
        QVERIFY(
            !ScriptExpression::parse(QStringLiteral("random(1, :slots)"), &error, &column)->isFixedBy(fixed));
        QCOMPARE(ScriptExpression::parse(QStringLiteral(":a + :b * :a"), &error, &column)->variables(),
            (QStringList { QStringLiteral("a"), QStringLiteral("b") }));
    }

    void aWholeFileIsReadIntoItsTree()
    {
        QString error;
        const std::optional<StrategyScript> script = StrategyScriptParser::parse(kPessimistic, &error);
        QVERIFY2(script, qPrintable(error));
        QCOMPARE(script->id, QStringLiteral("my-pessimistic"));
        QCOMPARE(script->title, QStringLiteral("Pessimistic, my way"));
        QCOMPARE(script->explanation,
            QStringLiteral("Locks the SKU's row with FOR UPDATE, then checks the stock in the client."));
        QVERIFY(script->safe);
        QVERIFY(!script->baseline); // not said: the others are not compared with it
        QCOMPARE(script->layout, QStringLiteral("rows"));
        QCOMPARE(script->order.size(), std::size_t { 8 });
        const std::vector<const ScriptStatement*> statements = StrategyScript::statementsOf(script->order);
        QCOMPARE(statements.size(), std::size_t { 6 });
        const ScriptStatement& select = *statements[1];
        QVERIFY(select.locks && select.gset);
        QCOMPARE(select.line, 11);
        QCOMPARE(select.sql, QStringLiteral("SELECT stock FROM inventory\n WHERE sku_id = :sku FOR UPDATE"));
        QVERIFY(!statements[0]->locks && !statements[3]->locks);
        QCOMPARE(statements[2]->sql, QStringLiteral("ROLLBACK"));
        const ScriptStatement& insert = *statements[4];
        QCOMPARE(insert.parameters,
            (QStringList { QStringLiteral("request_id"), QStringLiteral("sku"), QStringLiteral("qty") }));
        QCOMPARE(insert.boundSql(false),
            QStringLiteral("INSERT INTO orders (request_id, sku_id, qty) VALUES (?, ?, ?)"));
        QCOMPARE(insert.boundSql(true),
            QStringLiteral("INSERT INTO orders (request_id, sku_id, qty) VALUES ($1, $2, $3)"));
        const ScriptCommand& check = script->order[2];
        QCOMPARE(check.kind, ScriptCommand::Kind::If);
        QCOMPARE(check.branches.size(), std::size_t { 1 });
        QCOMPARE(check.branches[0].body.size(), std::size_t { 2 });
        QCOMPARE(check.branches[0].body[1].end, OrderEnd::OutOfStock);
        QCOMPARE(script->order[3].kind, ScriptCommand::Kind::Delay);
        QCOMPARE(script->order.back().end, OrderEnd::Sold);
    }

    // An order of two SKUs: two order rows, the second with its own request id.
    void aTwoSkuFileSaysSo()
    {
        QString error;
        const std::optional<StrategyScript> script = StrategyScriptParser::parse(
            QStringLiteral("\\strategy pair\n\\title Pair\n\\lines 2\nBEGIN;\n"
                           "INSERT INTO orders (request_id, sku_id, qty) VALUES (:request_id, :sku, :qty), "
                           "(:request_id2, :sku2, :qty);\nCOMMIT;\n\\sold\n"),
            &error);
        QVERIFY2(script, qPrintable(error));
        QCOMPARE(script->lines, 2);
        QCOMPARE(StrategyScript::statementsOf(script->order)[1]->parameters.mid(3),
            (QStringList { QStringLiteral("request_id2"), QStringLiteral("sku2"), QStringLiteral("qty") }));
        QString unparsed;
        const std::optional<StrategyScript> single = StrategyScriptParser::parse(kPessimistic, &unparsed);
        QCOMPARE(single->lines, 1);
    }

    // A routine's text is kept whole, ';' and all, for the engine it names; \on-error marks the
    // statement after it.
    void aRoutineAndWhatItsErrorsMean()
    {
        QString error;
        const std::optional<StrategyScript> script = StrategyScriptParser::parse(
            QStringLiteral("\\strategy routed\n\\title Routed\n\\routine mysql\n"
                           "CREATE PROCEDURE sell(IN p BIGINT)\nBEGIN\n  SELECT p;\nEND\n\\endroutine\n"
                           "\\lock\n\\on-error 'it''s gone' out-of-stock\nCALL sell(:sku);\n\\sold\n"),
            &error);
        QVERIFY2(script, qPrintable(error));
        QCOMPARE(script->routines.size(), std::size_t { 1 });
        const ScriptDefinition& routine = script->routines.front();
        QCOMPARE(routine.engine, QStringLiteral("mysql"));
        QCOMPARE(routine.name, QStringLiteral("sell"));
        QCOMPARE(routine.sql, QStringLiteral("CREATE PROCEDURE sell(IN p BIGINT)\nBEGIN\n  SELECT p;\nEND"));
        QCOMPARE(routine.line, 3);
        const ScriptStatement& call = *StrategyScript::statementsOf(script->order).front();
        QVERIFY(call.locks);
        QCOMPARE(call.errorText, QStringLiteral("it's gone"));
        QCOMPARE(call.errorEnd, std::optional(OrderEnd::OutOfStock));
    }

    // A file's own table is kept for the engines it names, without its last ';'; an invariant
    // too, with its name; the order may write the table.
    void aTableAndAnInvariantOfTheFilesOwn()
    {
        QString error;
        const std::optional<StrategyScript> script = StrategyScriptParser::parse(
            QStringLiteral(
                "\\strategy reserving\n\\title Reserving\n\\table\n"
                "CREATE TABLE holds (request_id BIGINT PRIMARY KEY, qty INT NOT NULL);\n\\endtable\n"
                "\\invariant every-hold-sold\n"
                "SELECT h.request_id FROM holds h\n"
                "  LEFT JOIN orders o ON o.request_id = h.request_id WHERE o.request_id IS NULL;\n"
                "\\endinvariant\n\\invariant mysql-only mysql\nSELECT 1 FROM DUAL WHERE 1 = 0\n"
                "\\endinvariant\n"
                "INSERT INTO holds (request_id, qty) VALUES (:request_id, :qty);\n\\sold\n"),
            &error);
        QVERIFY2(script, qPrintable(error));
        QCOMPARE(script->tables.size(), std::size_t { 1 });
        const ScriptDefinition& table = script->tables.front();
        QCOMPARE(table.name, QStringLiteral("holds"));
        QVERIFY(table.engine.isEmpty());
        QVERIFY(table.servesEngine(QStringLiteral("postgres")));
        QCOMPARE(table.sql,
            QStringLiteral("CREATE TABLE holds (request_id BIGINT PRIMARY KEY, qty INT NOT NULL)"));
        QCOMPARE(table.line, 3);
        QCOMPARE(script->invariants.size(), std::size_t { 2 });
        QCOMPARE(script->invariants[0].name, QStringLiteral("every-hold-sold"));
        QCOMPARE(script->invariants[0].sql,
            QStringLiteral("SELECT h.request_id FROM holds h\n"
                           "  LEFT JOIN orders o ON o.request_id = h.request_id WHERE o.request_id IS NULL"));
        QCOMPARE(script->invariants[0].line, 6);
        QCOMPARE(script->invariants[1].engine, QStringLiteral("mysql"));
        QVERIFY(!script->invariants[1].servesEngine(QStringLiteral("postgres")));
        QCOMPARE(StrategyScript::statementsOf(script->order).size(), std::size_t { 1 });
    }

    // \aset as pgbench has it: a row that may not be there; \lock slot names one slot row.
    void asetAndLockSlot()
    {
        QString error;
        const std::optional<StrategyScript> script = StrategyScriptParser::parse(
            QStringLiteral(
                "\\strategy s\n\\title S\n\\layout slots\n\\set slot random(0, :slots - 1)\n"
                "\\lock slot\nUPDATE inventory_slot SET stock = stock - :qty WHERE sku_id = :sku AND "
                "slot = :slot;\nSELECT slot AS other FROM inventory_slot WHERE sku_id = :sku LIMIT 1 "
                "\\aset\n\\sold\n"),
            &error);
        QVERIFY2(script, qPrintable(error));
        const std::vector<const ScriptStatement*> statements = StrategyScript::statementsOf(script->order);
        QVERIFY(statements[0]->locks && statements[0]->locksSlot);
        QVERIFY(statements[1]->gset && statements[1]->noRowIsFine);
        QVERIFY(!StrategyScript::statementsOf(StrategyScriptParser::parse(kPessimistic, &error)->order)[1]
                     ->noRowIsFine);
        // A slot the locking statement finds itself (SKIP LOCKED) and keeps with its \aset.
        const std::optional<StrategyScript> skipping = StrategyScriptParser::parse(
            QStringLiteral(
                "\\strategy s\n\\title S\n\\layout slots\nBEGIN;\n\\lock slot\nSELECT slot FROM "
                "inventory_slot WHERE sku_id = :sku AND stock >= :qty ORDER BY slot LIMIT 1 FOR UPDATE "
                "SKIP LOCKED \\aset\nUPDATE inventory_slot SET stock = stock - :qty WHERE sku_id = :sku "
                "AND slot = :slot;\nCOMMIT;\n\\sold\n"),
            &error);
        QVERIFY2(skipping, qPrintable(error));
        QVERIFY(StrategyScript::statementsOf(skipping->order)[1]->locksSlot);
    }

    void castsQuotesAndCommentsAreNotVariables()
    {
        QString error;
        const QString text = QStringLiteral("\\strategy casts\n\\title Casts\n"
                                            "SELECT ':no', '::no', \"col:no\", :qty::int, @v := 1 -- :no\n"
                                            "  FROM inventory WHERE sku_id = :sku;\n\\sold\n");
        const std::optional<StrategyScript> script = StrategyScriptParser::parse(text, &error);
        QVERIFY2(script, qPrintable(error));
        const ScriptStatement& statement = script->order[0].statement;
        QCOMPARE(statement.parameters, (QStringList { QStringLiteral("qty"), QStringLiteral("sku") }));
        QCOMPARE(statement.boundSql(true),
            QStringLiteral(
                "SELECT ':no', '::no', \"col:no\", $1::int, @v := 1 -- :no\n  FROM inventory WHERE "
                "sku_id = $2"));
    }

    void branchesNestAndEndWhereTheySay()
    {
        QString error;
        const QString text = QStringLiteral("\\strategy branches\n\\title Branches\n"
                                            "\\set tries :attempt + 1\n"
                                            "\\if :engine = 'postgres'\n"
                                            "  SELECT 1;\n"
                                            "\\elif :tries > 2\n"
                                            "  \\if :qty > 1\n    \\conflict\n  \\endif\n"
                                            "\\else\n"
                                            "  \\failed the engine is not known\n"
                                            "\\endif\n"
                                            "\\sold\n");
        const std::optional<StrategyScript> script = StrategyScriptParser::parse(text, &error);
        QVERIFY2(script, qPrintable(error));
        QCOMPARE(script->order.size(), std::size_t { 3 });
        QCOMPARE(script->order[0].kind, ScriptCommand::Kind::Set);
        QCOMPARE(script->order[0].name, QStringLiteral("tries"));
        const ScriptCommand& choice = script->order[1];
        QCOMPARE(choice.branches.size(), std::size_t { 3 });
        QVERIFY(
            choice.branches[0].condition && choice.branches[1].condition && !choice.branches[2].condition);
        QCOMPARE(choice.branches[1].body[0].branches[0].body[0].end, OrderEnd::Conflict);
        QCOMPARE(choice.branches[2].body[0].end, OrderEnd::Failed);
        QCOMPARE(choice.branches[2].body[0].message, QStringLiteral("the engine is not known"));
    }

    void aBadFileIsRefusedWithItsLineAndColumn_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("says");
        const QString head = QStringLiteral("\\strategy bad\n\\title Bad\n");
        QTest::newRow("no id") << "\\title X\nCOMMIT;\n\\sold\n"
                               << "line 1, column 1: a strategy file starts";
        QTest::newRow("a bad id") << "\\strategy My Strategy\n"
                                  << "line 1, column 1: My Strategy is not a strategy id";
        QTest::newRow("no title") << "\\strategy x\n\\sold\n"
                                  << "needs a \\title";
        QTest::newRow("baseline neither yes nor no")
            << head + "\\baseline maybe\n\\sold\n"
            << "line 3, column 1: \\baseline is yes or no, not maybe";
        QTest::newRow("unknown command") << head + "  \\commit\n"
                                         << "line 3, column 3: \\commit is not a command";
        QTest::newRow("unknown variable") << head + "SELECT :stok;\n\\sold\n"
                                          << "line 3, column 1: the variable :stok is not set here";
        QTest::newRow("if without endif") << head + "\\if 1\n\\sold\n"
                                          << "line 3, column 1: \\if without \\endif";
        QTest::newRow("endif without if") << head + "\\sold\n\\endif\n"
                                          << "line 4, column 1: \\endif without \\if";
        QTest::newRow("elif after else") << head + "\\if 1\n\\else\n\\elif 2\n\\endif\n\\sold\n"
                                         << "line 5, column 1: \\elif after \\else";
        QTest::newRow("bad condition") << head + "\\if 1 +\n\\endif\n\\sold\n"
                                       << "line 3, column 8: an expression ends too early";
        QTest::newRow("statement without end") << head + "\\sold\nSELECT 1\n  FROM inventory\n"
                                               << "line 4, column 1: this statement has no end";
        QTest::newRow("two statements on a line") << head + "SELECT 1; SELECT 2;\n\\sold\n"
                                                  << "line 3, column 1: one statement per ';'";
        QTest::newRow("never sold") << head + "COMMIT;\n\\out-of-stock\n"
                                    << "it needs a \\sold";
        QTest::newRow("header late") << head + "COMMIT;\n\\title Late\n\\sold\n"
                                     << "line 4, column 1: \\title belongs at the top";
        QTest::newRow("lock with nothing after") << head + "\\sold\n\\lock\n"
                                                 << "line 4, column 1: \\lock marks the statement";
        QTest::newRow("lock before a command") << head + "\\lock\n\\sold\n"
                                               << "line 3, column 1: \\lock marks the statement";
        QTest::newRow("setting an order's own") << head + "\\set qty 2\n\\sold\n"
                                                << "line 3, column 6: :qty is the order's own";
        QTest::newRow("a bad layout") << "\\strategy x\n\\layout heap\n"
                                      << "line 2, column 1: \\layout is one of";
        QTest::newRow("gset with junk") << head + "SELECT 1 \\gset a b\n\\sold\n"
                                        << "line 3, column 1: only \\gset [prefix]";
        QTest::newRow("three lines an order") << "\\strategy x\n\\lines 3\n"
                                              << "line 2, column 1: \\lines is 1 or 2, not 3";
        QTest::newRow("routine without end") << head + "\\routine mysql\nCREATE PROCEDURE p() BEGIN END\n"
                                             << "line 3, column 1: \\routine without \\endroutine";
        QTest::newRow("routine for another engine") << head + "\\routine oracle\n"
                                                    << "line 3, column 1: \\routine is for mysql or postgres";
        QTest::newRow("a function on MariaDB")
            << head + "\\routine mysql\nCREATE FUNCTION f() RETURNS INT RETURN 1\n\\endroutine\n\\sold\n"
            << "line 3, column 1: a \\routine mysql holds one CREATE PROCEDURE";
        QTest::newRow("a routine given twice")
            << head
                + "\\routine postgres\nCREATE FUNCTION f() RETURNS int LANGUAGE sql AS 'SELECT 1'\n"
                  "\\endroutine\n\\routine postgres\nCREATE FUNCTION f() RETURNS int LANGUAGE sql AS "
                  "'SELECT 2'\n\\endroutine\n\\sold\n"
            << "line 6, column 1: the routine f is already given for this engine at line 3";
        QTest::newRow("a table without end") << head + "\\table\nCREATE TABLE t (a INT)\n"
                                             << "line 3, column 1: \\table without \\endtable";
        QTest::newRow("a table that is not one")
            << head + "\\table\nCREATE INDEX i ON orders (qty);\n\\endtable\n\\sold\n"
            << "line 3, column 1: a \\table holds one CREATE TABLE name";
        QTest::newRow("a table named in capitals")
            << head + "\\table\nCREATE TABLE Holds (a INT);\n\\endtable\n\\sold\n"
            << "its name in lower case";
        QTest::newRow("a table for no engine")
            << head + "\\table oracle\n"
            << "line 3, column 1: \\table is for both engines, or for mysql";
        QTest::newRow("a table for both, then for one")
            << head
                + "\\table\nCREATE TABLE t (a INT);\n\\endtable\n\\table postgres\nCREATE TABLE t (a "
                  "INT);\n\\endtable\n\\sold\n"
            << "line 6, column 1: the table t is already given for this engine at line 3";
        QTest::newRow("an invariant without a name") << head + "\\invariant\n"
                                                     << "line 3, column 1: \\invariant needs a value";
        QTest::newRow("an invariant with a bad name") << head + "\\invariant No Rows\n"
                                                      << "line 3, column 1: \\invariant takes a name";
        QTest::newRow("an invariant that changes rows")
            << head + "\\invariant tidy\nDELETE FROM orders;\n\\endinvariant\n\\sold\n"
            << "line 3, column 1: an \\invariant holds one query";
        QTest::newRow("an invariant reading an order's variable")
            << head + "\\invariant mine\nSELECT 1 FROM orders WHERE sku_id = :sku\n\\endinvariant\n\\sold\n"
            << "line 3, column 1: an \\invariant runs after the orders: :sku has no value there";
        QTest::newRow("an invariant given twice")
            << head
                + "\\invariant one\nSELECT 1\n\\endinvariant\n\\invariant one mysql\nSELECT 2\n"
                  "\\endinvariant\n\\sold\n"
            << "line 6, column 1: the invariant one is already given for this engine at line 3";
        QTest::newRow("an invariant below the order")
            << head + "COMMIT;\n\\invariant late\nSELECT 1\n\\endinvariant\n\\sold\n"
            << "line 4, column 1: \\invariant belongs at the top";
        QTest::newRow("on-error without its end") << head + "\\on-error 'no stock'\nSELECT 1;\n\\sold\n"
                                                  << "line 3, column 11: \\on-error takes a quoted text";
        QTest::newRow("lock slot without a slot, bound or kept")
            << head + "\\lock slot\nSELECT 1 FROM inventory_slot WHERE sku_id = :sku;\n\\sold\n"
            << "line 4, column 1: \\lock slot marks a statement on the row";
        QTest::newRow("lock what") << head + "\\lock row\nSELECT 1;\n\\sold\n"
                                   << "line 3, column 7: \\lock takes nothing, or slot";
        QTest::newRow("on-error before a command") << head + "\\on-error 'x' failed\n\\sold\n"
                                                   << "line 3, column 1: \\on-error marks the statement";
    }
    void aBadFileIsRefusedWithItsLineAndColumn()
    {
        QFETCH(QString, text);
        QFETCH(QString, says);
        QString error;
        QVERIFY(!StrategyScriptParser::parse(text, &error));
        QVERIFY2(error.contains(says), qPrintable(error));
    }

    void aColumnKeptWithGsetMayBeReadAfterIt()
    {
        QString error;
        const QString text
            = QStringLiteral("\\strategy kept\n\\title Kept\n"
                             "SELECT stock AS left_now FROM inventory WHERE sku_id = :sku \\gset\n"
                             "\\if :left_now < :qty\n  \\out-of-stock\n\\endif\n\\sold\n");
        QVERIFY2(StrategyScriptParser::parse(text, &error), qPrintable(error));
    }
};

QTEST_APPLESS_MAIN(TestStrategyScript)
#include "tst_strategyscript.moc"
