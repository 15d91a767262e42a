// libFuzzer target: a strategy file, the text a user hands the lab to run. No input may crash
// or hang the parser; a refused file says where ("line L, column C: ", within the file); an
// accepted one names itself, can sell, and binds each of its variables to one placeholder.
#include "strategies/script/strategyscriptparser.h"
#include "tests/fuzz/fuzzcheck.h"

#include <QRegularExpression>

#include <cstddef>
#include <cstdint>

namespace {

void checkRefusal(const QString& text, const QString& error)
{
    static const QRegularExpression where(QStringLiteral("^line (\\d+), column (\\d+): \\S"));
    const QRegularExpressionMatch match = where.match(error);
    FUZZ_REQUIRE(match.hasMatch(), "%s", qPrintable(error));
    const int line = match.captured(1).toInt();
    FUZZ_REQUIRE(line >= 1 && line <= text.count(QLatin1Char('\n')) + 1, "%s", qPrintable(error));
    FUZZ_REQUIRE(match.captured(2).toInt() >= 1, "%s", qPrintable(error));
}

void checkAccepted(const StrategyScript& script)
{
    FUZZ_REQUIRE(!script.id.isEmpty() && !script.title.isEmpty());
    FUZZ_REQUIRE(StrategyScript::layouts().contains(script.layout), "%s", qPrintable(script.layout));
    for (const ScriptStatement* statement : StrategyScript::statementsOf(script.order)) {
        FUZZ_REQUIRE(!statement->sql.isEmpty());
        const QString question = statement->boundSql(false);
        const QString numbered = statement->boundSql(true);
        const auto n = statement->parameters.size();
        FUZZ_REQUIRE(question.count(QLatin1Char('?')) >= n, "%s", qPrintable(question));
        FUZZ_REQUIRE(n == 0 || numbered.contains(QStringLiteral("$%1").arg(n)), "%s", qPrintable(numbered));
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QString text = QString::fromUtf8(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    QString error;
    const std::optional<StrategyScript> script = StrategyScriptParser::parse(text, &error);
    if (script)
        checkAccepted(*script);
    else
        checkRefusal(text, error);
    return 0;
}
