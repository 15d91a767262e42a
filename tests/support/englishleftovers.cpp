#include "tests/support/englishleftovers.h"

#include "strategies/strategyregistry.h"

#include <QRegularExpression>
#include <QSet>
#include <QTextDocument>

namespace EnglishLeftovers {

namespace {

// Names that stay as they are in every language.
const QSet<QString>& namesKept()
{
    static const QSet<QString> names = [] {
        QSet<QString> kept = {
            // products and formats
            QStringLiteral("MariaDB"),
            QStringLiteral("MySQL"),
            QStringLiteral("PostgreSQL"),
            QStringLiteral("postgres"), // the --server value, typed as it is
            QStringLiteral("InnoDB"),
            QStringLiteral("Redis"),
            QStringLiteral("Galera"),
            QStringLiteral("pgbench"),
            QStringLiteral("wsrep"),
            QStringLiteral("epoll"),
            QStringLiteral("lockbench"),
            QStringLiteral("Zipf"),
            QStringLiteral("Linux"),
            QStringLiteral("mariadbd"),
            QStringLiteral("redis-server"),
            QStringLiteral("Ctrl"),
            QStringLiteral("Shift"),
            QStringLiteral("English"), // the language's name, in the language
            QStringLiteral("D-Bus"),
            QStringLiteral("GitHub"),
            QStringLiteral("Page"),
            QStringLiteral("Down"),
            QStringLiteral("PgUp"),
            QStringLiteral("PgDown"),
            QStringLiteral("deb12u1"),
            QStringLiteral("MariaDB-0"),
            // units
            QStringLiteral("ms"),
            QStringLiteral("µs"),
            QStringLiteral("KiB"),
            QStringLiteral("MiB"),
            QStringLiteral("GiB"),
            QStringLiteral("px"),
            // the tables' and columns' names in the SQL the strategies show
            QStringLiteral("inventory"),
            QStringLiteral("inventory_slot"),
            QStringLiteral("stock"),
            QStringLiteral("orders"),
            QStringLiteral("qty"),
            QStringLiteral("version"),
            QStringLiteral("slot"),
            QStringLiteral("tasks"),
            QStringLiteral("status"),
            QStringLiteral("sku"),
            QStringLiteral("owner"),
            QStringLiteral("id"),
            QStringLiteral("place_order"),
            QStringLiteral("stock_total"),
            QStringLiteral("take"),
            QStringLiteral("claimed_at"),
            QStringLiteral("batch"),
            QStringLiteral("request_id"),
            QStringLiteral("worker"),
            // the command line's commands and the placeholders of its syntax
            QStringLiteral("run"),
            QStringLiteral("sweep"),
            QStringLiteral("lesson"),
        };
        for (const QString& id : StrategyRegistry::ids()) {
            kept << id;
            for (const QString& part : id.split(QLatin1Char('-')))
                kept << part;
        }
        return kept;
    }();
    return names;
}

bool kept(const QString& word)
{
    static const QRegularExpression digit(QStringLiteral("[0-9]"));
    if (word.size() <= 2 || word.contains(QLatin1Char('_')) || word.toUpper() == word || word.contains(digit))
        return true; // a unit (s), a server variable, SQL or an acronym (SKU, PDF)
    return namesKept().contains(word);
}

} // namespace

QSet<QString> typedValues()
{
    return { QStringLiteral("all"), QStringLiteral("deadlocks"), QStringLiteral("embedded"),
        QStringLiteral("uniform"), QStringLiteral("hotset"), QStringLiteral("zipf"),
        QStringLiteral("inventory"), QStringLiteral("claim"), QStringLiteral("duration"),
        QStringLiteral("orders"), QStringLiteral("sold-out"), QStringLiteral("closed"),
        QStringLiteral("open"), QStringLiteral("server"), QStringLiteral("on"), QStringLiteral("off"),
        QStringLiteral("read-uncommitted"), QStringLiteral("read-committed"),
        QStringLiteral("repeatable-read"), QStringLiteral("serializable"), QStringLiteral("cluster"),
        QStringLiteral("round-robin"), QStringLiteral("host1"), QStringLiteral("host2"),
        QStringLiteral("port"), QStringLiteral("none"), QStringLiteral("auto"), QStringLiteral("threads"),
        QStringLiteral("events"), QStringLiteral("sampler"), QStringLiteral("audit"),
        QStringLiteral("inspector") };
}

QStringList in(const QString& text, const QSet<QString>& alsoKept)
{
    // Paths, URLs, the SQL of a statement (from its first keyword to the end of the line), and
    // a strategy file's commands (\\if, \\sold) and :variables are names, not sentences.
    static const QRegularExpression names(
        QStringLiteral(
            R"(“[^”]*”|\w+://\S+|\b\w+=[^\s,]+|--[a-z][a-z0-9-]*|<[^<>\s]+>|\S*\.(?:csv|html|pdf|json|png|svg|sock)\b|-[a-zA-Z]\b|(?:^|(?<=[\s(（：:]))[/~][^\s)）]*|\b(?:SELECT|UPDATE|INSERT|DELETE|CALL|START TRANSACTION|COMMIT|ROLLBACK|EVALSHA|WITH)\b[^\n。，]*|\\[a-z][a-z-]*|:[a-z_][a-z0-9_]*)"),
        QRegularExpression::MultilineOption);
    static const QRegularExpression word(QStringLiteral(R"([A-Za-zµ][A-Za-z0-9µ_\-]*[A-Za-z0-9])"));
    QString plain = text;
    plain.replace(names, QStringLiteral(" "));
    QStringList found;
    for (auto it = word.globalMatch(plain); it.hasNext();) {
        const QRegularExpressionMatch match = it.next();
        if (kept(match.captured()) || alsoKept.contains(match.captured()))
            continue;
        found << QStringLiteral("%1 (in \"…%2…\")")
                     .arg(match.captured(),
                         plain.mid(std::max<qsizetype>(0, match.capturedStart() - 30), 70).simplified());
    }
    return found;
}

QStringList inHtml(const QString& html, const QSet<QString>& alsoKept)
{
    QTextDocument document;
    document.setHtml(html);
    return in(document.toPlainText(), alsoKept);
}

} // namespace EnglishLeftovers
