#include "ui/charts/legendstrip.h"

#include "app/report/strategycolors.h"

namespace {

// A coloured mark and its name, which never break apart; the space after it is where a line wraps.
QString entry(const QColor& colour, const QString& mark, const QString& name)
{
    return QStringLiteral("<span style=\"color:%1\">%2</span>&nbsp;%3")
        .arg(colour.name(), mark, name.toHtmlEscaped())
        .replace(QLatin1Char(' '), QStringLiteral("&nbsp;"))
        .replace(QStringLiteral("<span&nbsp;style"), QStringLiteral("<span style"));
}

// A strategy's mark: a square for a solid line; for a strategy whose colour another shares
// (a 13th safe one, a second unsafe one), its line as drawn, in box-drawing dashes.
QString markOf(const QString& strategyId)
{
    switch (StrategyColors::lineStyleOf(strategyId)) {
    case Qt::DashLine:
        return QStringLiteral("&#9477;&#9477;"); // ┅┅
    case Qt::DotLine:
        return QStringLiteral("&#9481;&#9481;"); // ┉┉
    case Qt::DashDotLine:
        return QStringLiteral("&#9473;&#9481;"); // ━┉
    case Qt::DashDotDotLine:
        return QStringLiteral("&#9473;&#9481;&#9481;"); // ━┉┉
    default:
        return QStringLiteral("&#9632;"); // ■
    }
}

} // namespace

LegendStrip::LegendStrip(QWidget* parent)
    : QLabel(parent)
{
    setWordWrap(true);
    setTextFormat(Qt::RichText);
    setObjectName(QStringLiteral("legendStrip"));
    refresh();
}

void LegendStrip::setStrategies(const QStringList& strategyIds)
{
    m_strategies = strategyIds;
    refresh();
}

void LegendStrip::setEntries(const QList<std::pair<QColor, QString>>& entries)
{
    m_entries = entries;
    refresh();
}

void LegendStrip::setMarks(bool deadlocks, bool soldOut)
{
    m_deadlocks = deadlocks;
    m_soldOut = soldOut;
    refresh();
}

void LegendStrip::setServers(const QStringList& servers)
{
    if (servers == m_servers)
        return;
    m_servers = servers;
    refresh();
}

void LegendStrip::setNote(const QString& note)
{
    m_note = note;
    refresh();
}

void LegendStrip::refresh()
{
    QStringList parts;
    for (const QString& id : std::as_const(m_strategies))
        parts << entry(StrategyColors::of(id), markOf(id), id);
    for (const auto& [colour, name] : std::as_const(m_entries))
        parts << entry(colour, QStringLiteral("&#9632;"), name);
    for (qsizetype i = 0; i < m_servers.size(); ++i) // box-drawing lines: solid, then dashed
        parts << entry(QColor(60, 60, 60),
            i == 0 ? QStringLiteral("&#9473;&#9473;") : QStringLiteral("&#9477;&#9477;"), m_servers[i]);
    if (m_deadlocks)
        parts << entry(StrategyColors::unsafe(), QStringLiteral("&#9632;"), tr("deadlock"));
    if (m_soldOut)
        parts << entry(QColor(60, 60, 60), QStringLiteral("&#9650;"), tr("sold out"));
    if (!m_note.isEmpty())
        parts << m_note.toHtmlEscaped();
    setText(parts.isEmpty() ? tr("Run a strategy to draw its lines here.")
                            : parts.join(QStringLiteral(" &nbsp; ")));
}
