#include "strategies/filestrategy.h"

#include "strategies/script/strategyscriptparser.h"
#include "strategies/scriptsession.h"

#include <QFile>
#include <QFileInfo>

namespace {

// A user's file is read whole: a strategy is a page of text, not a log.
constexpr qint64 kLargestFile = 1024 * 1024;

// The file's definitions of one kind, one per name, with each engine's text.
QList<LabDefinition> byName(const std::vector<ScriptDefinition>& definitions)
{
    QList<LabDefinition> result;
    for (const ScriptDefinition& definition : definitions) {
        auto same = std::find_if(result.begin(), result.end(), [&](const LabDefinition& d) {
            return d.name.compare(definition.name, Qt::CaseInsensitive) == 0;
        });
        if (same == result.end())
            same = result.insert(result.end(), LabDefinition { definition.name, {}, {} });
        if (definition.servesEngine(QStringLiteral("mysql")))
            same->mysqlSql = definition.sql;
        if (definition.servesEngine(QStringLiteral("postgres")))
            same->postgresSql = definition.sql;
    }
    return result;
}

} // namespace

FileStrategy::FileStrategy(std::shared_ptr<const StrategyScript> script, QString text)
    : m_script(std::move(script))
    , m_text(std::move(text))
{
}

std::unique_ptr<FileStrategy> FileStrategy::load(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = tr("cannot read the strategy file %1: %2").arg(path, file.errorString());
        return nullptr;
    }
    if (file.size() > kLargestFile) {
        *error = tr("the strategy file %1 is larger than %2 KiB").arg(path).arg(kLargestFile / 1024);
        return nullptr;
    }
    const QString text = QString::fromUtf8(file.readAll());
    QString problem;
    std::optional<StrategyScript> script = StrategyScriptParser::parse(text, &problem);
    if (!script) {
        *error = QStringLiteral("%1: %2").arg(QFileInfo(path).fileName(), problem);
        return nullptr;
    }
    return std::make_unique<FileStrategy>(std::make_shared<const StrategyScript>(std::move(*script)), text);
}

QString FileStrategy::title() const
{
    return QCoreApplication::translate("Strategy", m_script->title.toUtf8().constData());
}

QString FileStrategy::explanation() const
{
    return QCoreApplication::translate("Strategy", m_script->explanation.toUtf8().constData());
}

StockLayout FileStrategy::layout() const
{
    return m_script->layout == QLatin1String("slots") ? StockLayout::Slots : StockLayout::Rows;
}

StrategyTraits FileStrategy::traits() const
{
    StrategyTraits traits = Strategy::traits();
    const std::vector<const ScriptStatement*> statements = StrategyScript::statementsOf(m_script->order);
    traits.locksOneSlot = std::any_of(
        statements.begin(), statements.end(), [](const ScriptStatement* s) { return s->locksSlot; });
    traits.retriesConflicts = m_script->ends(OrderEnd::Conflict);
    const bool opensTransaction = std::any_of(statements.begin(), statements.end(),
        [](const ScriptStatement* s) { return s->control() == ScriptStatement::Control::Begin; });
    traits.locksInsideStatement = !m_script->routines.empty() && !opensTransaction;
    traits.comparisonBaseline = m_script->baseline;
    return traits;
}

QStringList FileStrategy::orderSql() const
{
    // What the file says an order does: its lines below the strategy's own description.
    QStringList lines;
    for (const QString& line : m_text.split(QLatin1Char('\n'))) {
        const QString word = line.trimmed().section(QLatin1Char(' '), 0, 0);
        const QString command = word.startsWith(QLatin1Char('\\')) ? word.mid(1) : QString();
        // A routine's, a table's and an invariant's lines stay: the window shows what the lab runs.
        const bool header = !StrategyScript::definitionCommands().contains(command)
            && StrategyScript::headerCommands().contains(command);
        if (!header && !(lines.isEmpty() && line.trimmed().isEmpty()))
            lines << line;
    }
    while (!lines.isEmpty() && lines.back().trimmed().isEmpty())
        lines.removeLast();
    return lines;
}

// The file as it is, but for its comment lines: the explanation above it says why, in the lab's
// language, where the shipped files' comments are English.
QString FileStrategy::shownSql(bool /*postgres*/) const
{
    QStringList shown;
    for (const QString& line : orderSql()) {
        if (!line.trimmed().startsWith(QLatin1String("--")))
            shown << line;
    }
    return shown.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QList<LabRoutine> FileStrategy::routines() const
{
    return byName(m_script->routines);
}

QList<LabTable> FileStrategy::ownTables() const
{
    return byName(m_script->tables);
}

QList<LabInvariant> FileStrategy::invariants() const
{
    return byName(m_script->invariants);
}

bool FileStrategy::beginRun(RunEnvironment& environment, QString* error)
{
    if (m_script->lines == 2 && environment.experiment().skus < 2) {
        *error = tr("%1 sells two SKUs per order: the experiment needs at least 2 SKUs").arg(id());
        return false;
    }
    return true;
}

std::unique_ptr<OrderSession> FileStrategy::openSession(
    RunEnvironment& environment, WorkerCounters& counters, QString* error)
{
    return openScriptSession(environment, counters, error);
}

std::unique_ptr<ScriptSession> FileStrategy::openScriptSession(
    RunEnvironment& environment, WorkerCounters& counters, QString* error) const
{
    auto session = std::make_unique<ScriptSession>(environment, counters, m_script);
    if (!session->connect(error))
        return nullptr;
    return session;
}
