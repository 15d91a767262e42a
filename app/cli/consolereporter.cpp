#include "app/cli/consolereporter.h"

#include "app/cli/terminalwidth.h"

#include "strategies/strategyregistry.h"

#include "app/core/passwordmask.h"
#include "app/results/nodefigurestext.h"
#include "app/results/resultcolumns.h"
#include "app/results/resultexplanation.h"
#include "app/results/resultwriter.h"
#include "app/results/spreadcolumns.h"
#include "app/results/timemetric.h"

#include <algorithm>
#include <cstdio>
#include <utility>

namespace {

constexpr qsizetype kStrategyWidth = 19;
constexpr qsizetype kFigureWidth = 8;

} // namespace

ConsoleReporter::ConsoleReporter(bool live, QObject* parent)
    : QObject(parent)
    , m_live(live)
    , m_out(stdout)
{
}

void ConsoleReporter::onStatus(int, const QString& message)
{
    if (m_live)
        m_out << "  " << PasswordMask::mask(message) << Qt::endl;
    m_lastPrintedS = -1.0;
}

void ConsoleReporter::onSample(const MetricsSample& s)
{
    const MetricsSample before = std::exchange(m_previous[s.strategy], s);
    if (!m_live || s.elapsedS - m_lastPrintedS < 0.999)
        return;
    m_lastPrintedS = s.elapsedS;
    const bool claims = !StrategyRegistry::needsOf({ s.strategy }).claimsTasks.isEmpty();
    // The rates of the window's charts that have a place on the line, then how far the run is.
    QStringList parts { QStringLiteral("[%1 %2s]").arg(s.strategy, -19).arg(s.elapsedS, 5, 'f', 1) };
    for (const TimeMetric& metric : TimeMetric::all()) {
        if (const QString part = metric.liveText(s, before, claims); !part.isEmpty())
            parts << part;
    }
    parts << (claims ? tr("done %1  idle %2") : tr("sold %1  out-of-stock %2"))
                 .arg(s.clients[ClientCount::SoldUnits])
                 .arg(s.clients[ClientCount::OutOfStock]);
    if (s.backlog > 0)
        parts << tr("backlog %1 orders due, not yet sent").arg(s.backlog);
    parts << tr("deadlocks %1").arg(s.deadlocksTotal);
    if (s.audit.valid)
        parts << (claims ? tr("completed twice %1") : tr("oversold %1")).arg(s.audit.oversold);
    if (claims)
        parts << tr("double claims %1  released %2")
                     .arg(s.clients[ClientCount::DoubleClaims])
                     .arg(s.clients[ClientCount::TasksReleased]);
    m_out << parts.join(QStringLiteral("  ")) << Qt::endl;
}

void ConsoleReporter::onDeadlock(const DeadlockRecord& d)
{
    // The first few in full; the rest are counted in the table and written to --json.
    if (!m_live || ++m_deadlocksPrinted > 5)
        return;
    m_out << tr("  deadlock at %1 s (%2):").arg(d.elapsedS, 0, 'f', 1).arg(d.strategy) << Qt::endl;
    for (qsizetype i = 0; i < d.transactions.size(); ++i) {
        const DeadlockRecord::Transaction& trx = d.transactions[i];
        m_out << tr("    (%1) trx %2, thread %3%4: %5")
                     .arg(i + 1)
                     .arg(trx.trxId)
                     .arg(trx.threadId)
                     .arg(d.victim == i + 1 ? tr(", rolled back") : QString())
                     .arg(trx.statementAfterCycle ? tr("%1 (written after the cycle)").arg(trx.statement)
                                                  : trx.statement)
              << Qt::endl;
    }
}

void ConsoleReporter::onStrategyFinished(const StrategyResult& r)
{
    m_deadlocksPrinted = 0;
    m_previous.remove(r.strategy); // its next run's rates start from nothing
    if (!r.error.isEmpty()) {
        m_out << tr("%1: ERROR: %2").arg(r.strategy, PasswordMask::mask(r.error)) << Qt::endl;
        return;
    }
    m_out << headline(r) << Qt::endl;
    // Orders already waiting for their row when the time was up still finish: with a crowd they
    // can be most of what was sold, and the rates above leave them out.
    if (r.audited() && r.lateOrders > 0 && r.experiment.workload == WorkloadKind::Inventory)
        m_out << "    "
              << tr("%n of the orders sold finished after the stop line, already under way when the time was "
                    "up: "
                    "audited, not counted in orders/s.",
                     nullptr, static_cast<int>(r.lateOrders))
              << Qt::endl;
    if (r.audited() && r.clients[ClientCount::Unresolved] > 0)
        m_out << "    " << r.incompleteBecause() << Qt::endl;
    for (const QString& message : r.errorMessages)
        m_out << "    " << PasswordMask::mask(message) << Qt::endl;
    m_out << "    " << tr("ran under %1").arg(settings(r)) << Qt::endl;
    if (const QString observing = r.observing.sentence(r.durationS); !observing.isEmpty())
        m_out << "    " << observing << Qt::endl;
    for (const NodeFigures& node : r.nodes)
        m_out << "    " << NodeFiguresText::nodeLine(node) << Qt::endl;
    if (const QString why = ResultExplanation::of(r).text; !why.isEmpty())
        m_out << "    " << tr("why: %1").arg(why) << Qt::endl;
    if (r.predictedOrdersPerS > 0 && r.error.isEmpty())
        m_out << "    "
              << tr("predicted %1 orders/s (bound: %2); measured %3, %4 % of the prediction")
                     .arg(QLocale().toString(r.predictedOrdersPerS, 'f', 0), boundName(r.predictedBound),
                         QLocale().toString(r.ordersPerS, 'f', 0),
                         QLocale().toString(100.0 * r.ordersPerS / r.predictedOrdersPerS, 'f', 0))
              << Qt::endl;
    if (!r.inspectorError.isEmpty())
        m_out << "    " << tr("lock inspector: %1").arg(PasswordMask::mask(r.inspectorError)) << Qt::endl;
}

QString ConsoleReporter::headline(const StrategyResult& r)
{
    if (!r.audited()) {
        return tr("%1: %2 after %3 s: the clients counted %4 orders sold; not audited (%5) — %6")
            .arg(r.strategy, stopReasonLabel(r.stopReason))
            .arg(r.durationS, 0, 'f', 1)
            .arg(r.clients[ClientCount::Sold])
            .arg(PasswordMask::mask(r.auditIncomplete), r.verdictLabel());
    }
    if (r.experiment.workload == WorkloadKind::Claim) {
        return tr("%1: %2 after %3 s: completed %4 tasks, %5 not done, completed twice %6, lost %7, double "
                  "claims %8, "
                  "released %9, stranded %10, workers killed %11 — %12")
            .arg(r.strategy, stopReasonLabel(r.stopReason))
            .arg(r.durationS, 0, 'f', 1)
            .arg(r.sold)
            .arg(r.remaining)
            .arg(r.oversold)
            .arg(r.unrecordedDecrements)
            .arg(r.clients[ClientCount::DoubleClaims])
            .arg(r.clients[ClientCount::TasksReleased])
            .arg(std::max(0LL, r.strandedTasks))
            .arg(r.workersKilled)
            .arg(r.verdictLabel());
    }
    return tr("%1: %2 after %3 s: sold %4, remaining %5, oversold %6, lost updates %7 — %8")
        .arg(r.strategy, stopReasonLabel(r.stopReason))
        .arg(r.durationS, 0, 'f', 1)
        .arg(r.sold)
        .arg(r.remaining)
        .arg(r.oversold)
        .arg(r.lostUpdates)
        .arg(r.verdictLabel());
}

// The network round trip, the server settings the strategy ran under, and how its clients waited.
QString ConsoleReporter::settings(const StrategyResult& r)
{
    QStringList knobs;
    knobs << (r.experiment.rttMs > 0.0 ? tr("a %1 ms round trip per statement").arg(r.experiment.rttMs)
                                       : tr("no round trip added to the server's own"));
    for (auto it = r.knobs.begin(); it != r.knobs.end(); ++it)
        knobs << it.key() + QLatin1Char('=') + it.value();
    const int carriers = clientThreadCount(r.experiment, r.cores);
    knobs << (effectiveClientIo(r.experiment) == ClientIo::Events
            ? tr("clients on %n event thread(s)", nullptr, carriers)
            : tr("a thread per client"));
    return knobs.join(QStringLiteral(", "));
}

void ConsoleReporter::printTable(const QList<StrategyResult>& results)
{
    using namespace ResultColumns;
    const QList<RepeatSummary> summaries = ResultWriter::repeatSummaries(results);
    QList<Column> columns = of(Table::Console);
    if (!RepeatSummary::anyRepeated(summaries))
        columns.removeAll(Column::Repetition);
    if (std::none_of(results.begin(), results.end(),
            [](const StrategyResult& r) { return r.experiment.workload == WorkloadKind::Claim; }))
        columns.removeIf(isClaimColumn);
    if (std::all_of(
            results.begin(), results.end(), [](const StrategyResult& r) { return r.nodes.isEmpty(); }))
        columns.removeIf(isClusterColumn);
    const bool byServer = ResultWriter::spansServers(results);
    if (byServer) // which engine each row ran on, beside its strategy
        columns.insert(columns.indexOf(Column::Strategy) + 1, Column::Source);
    // The strategy first, left-aligned and as wide as its longest name (a user's file names its
    // own); figures right-aligned under their headers; the verdict last and unpadded, since it
    // may carry an error's whole text.
    qsizetype strategyWidth = kStrategyWidth;
    for (const StrategyResult& result : results)
        strategyWidth
            = std::max(strategyWidth, TerminalWidth::of(text(Column::Strategy, { QString(), result })));
    const auto cell = [strategyWidth](Column column, const QString& text) -> QString {
        if (column == Column::Verdict)
            return QStringLiteral(" ") + text;
        if (column == Column::Strategy)
            return TerminalWidth::leftJustified(text, strategyWidth);
        return QStringLiteral(" ")
            + TerminalWidth::rightJustified(
                text, std::max<qsizetype>(TerminalWidth::of(header(column)), kFigureWidth));
    };
    QString line;
    for (Column column : columns)
        line += cell(column, header(column));
    m_out << Qt::endl << line << Qt::endl;
    for (const StrategyResult& result : results) {
        line.clear();
        for (Column column : columns)
            line += cell(column, text(column, { byServer ? result.server : QString(), result }));
        m_out << line << Qt::endl;
    }
    printSpread(summaries);
}

// Under the table of runs, when a strategy ran more than once: one line per strategy with the
// median and its spread, and the rankings the runs cannot tell apart.
void ConsoleReporter::printSpread(const QList<RepeatSummary>& summaries)
{
    using namespace SpreadColumns;
    if (!RepeatSummary::anyRepeated(summaries))
        return;
    const QList<Column> columns = of(Table::Console);
    QList<qsizetype> widths;
    for (Column column : columns) {
        qsizetype width = TerminalWidth::of(header(column));
        for (const RepeatSummary& summary : summaries)
            width = std::max(width, TerminalWidth::of(text(column, summary)));
        widths << width;
    }
    const auto line = [&](const auto& cellText) {
        QString out;
        for (qsizetype i = 0; i < columns.size(); ++i) {
            const QString cell = cellText(columns[i]);
            out += i == 0 ? TerminalWidth::leftJustified(cell, std::max(widths[i], kStrategyWidth))
                          : QStringLiteral("  ")
                    + (isNumber(columns[i]) ? TerminalWidth::rightJustified(cell, widths[i])
                                            : TerminalWidth::leftJustified(cell, widths[i]));
        }
        return out;
    };
    m_out << Qt::endl << line([](Column column) { return header(column); }) << Qt::endl;
    for (const RepeatSummary& summary : summaries)
        m_out << line([&](Column column) { return text(column, summary); }) << Qt::endl;
    if (const QString notSeparable = notSeparableLine(summaries); !notSeparable.isEmpty())
        m_out << notSeparable << Qt::endl;
}
