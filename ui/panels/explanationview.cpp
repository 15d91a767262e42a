#include "ui/panels/explanationview.h"

#include "app/results/nodefigurestext.h"
#include "app/results/resultexplanation.h"

ExplanationView::ExplanationView(QWidget* parent)
    : QLabel(parent)
{
    setWordWrap(true);
    setTextFormat(Qt::PlainText);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    setContentsMargins(4, 2, 4, 2);
    clear();
}

void ExplanationView::show(const SourcedResult& row)
{
    const QString why = ResultExplanation::of(row.result).text;
    const QString name = row.source.isEmpty()
        ? row.result.strategy
        : QStringLiteral("%1 (%2)").arg(row.result.strategy, row.source);
    if (!why.isEmpty())
        setText(tr("Why %1: %2").arg(name, why));
    else if (!row.result.error.isEmpty() || row.result.clients[ClientCount::Sold] <= 0)
        setText(tr("%1: no explanation, the run did not finish with sales.").arg(name));
    else
        setText(tr("%1: none of the lab's explanations fits this run's figures.").arg(name));
    // On a cluster, each node: its clients, the aborts counted there, and its own audit.
    QStringList lines { text() };
    for (const NodeFigures& node : row.result.nodes)
        lines << NodeFiguresText::nodeLine(node);
    if (const QString observing = row.result.observing.sentence(row.result.durationS); !observing.isEmpty())
        lines << observing;
    setText(lines.join(QLatin1Char('\n')));
}

void ExplanationView::clear()
{
    setText(tr("Select a result to see why it reached its rate."));
}
