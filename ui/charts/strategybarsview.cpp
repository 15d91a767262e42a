#include "ui/charts/strategybarsview.h"

#include "app/report/chartfactory.h"

#include <QBarCategoryAxis>
#include <QChart>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QScrollBar>
#include <QValueAxis>

#include <algorithm>

namespace {

// Room for a rate label such as "12000" and the gap beside it.
constexpr int kPixelsPerTick = 70;

} // namespace

StrategyBarsView::StrategyBarsView(QWidget* parent)
    : ExportableChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(220, 150);
    setToolTip(tr("Orders per second of each strategy of the latest run: the median and the spread of its "
                  "runs when it was repeated"));
    setSources({});
}

void StrategyBarsView::setSources(const QList<SourcedResult>& latest)
{
    QChart* old = chart();
    QChart* bars = ChartFactory::ordersByStrategy(latest);
    if (latest.isEmpty())
        bars->setTitle(tr("Orders/s: a bar as each strategy ends"));
    // Beside the lines the column is narrow: the rate axis keeps a short title (the tooltip
    // says what the whiskers are) and the bars' names a smaller type, so that neither is cut.
    for (QAbstractAxis* axis : bars->axes()) {
        if (qobject_cast<QValueAxis*>(axis)) {
            axis->setTitleText(QObject::tr("orders/s"));
            axis->setVisible(!latest.isEmpty()); // no rates yet: no made-up scale
        }
        QFont labels = axis->labelsFont();
        labels.setPointSizeF(labels.pointSizeF() * 0.85);
        m_namePointSize = labels.pointSizeF();
        axis->setLabelsFont(labels);
    }
    // Beside the lines the column is narrow: the width of Qt's default margins goes to the names.
    bars->setMargins(QMargins(2, 2, 6, 2));
    bars->layout()->setContentsMargins(0, 0, 0, 0);
    setChart(bars); // the view does not delete the chart it had
    delete old;
    m_bars = latest.size();
    m_title = bars->title();
    fitTicks();
    fitTitle();
    fitNames();
}

void StrategyBarsView::resizeEvent(QResizeEvent* event)
{
    ExportableChartView::resizeEvent(event);
    fitTicks();
    fitTitle();
    fitNames();
}

// Results that came while another tab was shown were not fitted (a hidden chart lays out no
// labels to read back), and showing the tab again resizes nothing.
void StrategyBarsView::showEvent(QShowEvent* event)
{
    ExportableChartView::showEvent(event);
    fitTicks();
    fitTitle();
    fitNames();
}

// A title the width cuts ("Orders per second by strategy, median of the runs") goes on two
// lines at its comma.
void StrategyBarsView::fitTitle()
{
    if (m_title.isEmpty() || !isVisible())
        return;
    chart()->setTitle(m_title);
    chart()->layout()->activate();
    if (!cutText(m_title).isEmpty())
        chart()->setTitle(QString(m_title).replace(QStringLiteral(", "), QStringLiteral(",<br>")));
}

// The first text Qt Charts drew cut short ("...") whose whole would start `text` (on one line).
QString StrategyBarsView::cutText(const QString& text) const
{
    for (const QGraphicsItem* item : scene()->items()) {
        const auto* shown = dynamic_cast<const QGraphicsTextItem*>(item);
        if (!shown || !shown->isVisible() || !shown->toPlainText().endsWith(QLatin1String("...")))
            continue;
        const QString kept = shown->toPlainText().chopped(3).remove(QLatin1Char('\n'));
        if (!kept.isEmpty() && text.startsWith(kept))
            return shown->toPlainText();
    }
    return QString();
}

// Qt Charts cuts a label that does not fit with "..." (all of it, when its line is taller than a
// bar's room): the labels it drew say whether the type must shrink.
bool StrategyBarsView::anyNameCut(const QStringList& names) const
{
    for (const QGraphicsItem* item : scene()->items()) {
        const auto* text = dynamic_cast<const QGraphicsTextItem*>(item);
        if (!text || !text->isVisible() || !text->toPlainText().endsWith(QLatin1String("...")))
            continue;
        // A bar's name cut short, not the chart's title (whose type is not the names'); a name on
        // two lines is read as one.
        const QString kept = text->toPlainText().chopped(3).remove(QLatin1Char('\n'));
        if (kept.isEmpty() || std::any_of(names.cbegin(), names.cend(), [&](const QString& name) {
                return QString(name).remove(QStringLiteral("<br>")).startsWith(kept);
            }))
            return true;
    }
    return false;
}

void StrategyBarsView::fitNames()
{
    QBarCategoryAxis* names = nullptr;
    for (QAbstractAxis* axis : chart()->axes(Qt::Vertical))
        names = names ? names : qobject_cast<QBarCategoryAxis*>(axis);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    if (!names || m_bars == 0 || m_namePointSize <= 0.0 || !isVisible())
        return;
    if (shrinkNames(names))
        return;
    // Too wide even in the smallest type: a long name goes on two lines.
    const QStringList categories = names->categories();
    for (const QString& name : categories) {
        if (const QString wrapped = wrappedName(name); wrapped != name)
            names->replace(name, wrapped);
    }
    if (!shrinkNames(names))
        growForNames(names->categories());
}

// The names in the largest type, down to 6 points, that draws them whole; false when none does.
bool StrategyBarsView::shrinkNames(QBarCategoryAxis* names)
{
    constexpr qreal kSmallestPoints = 6.0; // below this a name is no longer read
    QFont font = names->labelsFont();
    for (qreal points = m_namePointSize;; points -= 0.5) {
        font.setPointSizeF(std::max(points, kSmallestPoints));
        names->setLabelsFont(font);
        chart()->layout()->activate(); // lays the labels out now, to be read back
        if (!anyNameCut(names->categories()))
            return true;
        if (points <= kSmallestPoints)
            return false;
    }
}

// A name's first line split at the '-' or space nearest its middle: "lesson-transaction-" over
// "fixed". A line with neither stays whole.
QString StrategyBarsView::wrappedName(const QString& name)
{
    const QString br = QStringLiteral("<br>");
    const qsizetype end = name.contains(br) ? name.indexOf(br) : name.size();
    qsizetype best = -1;
    for (qsizetype i = 1; i + 1 < end; ++i) {
        if ((name[i] == QLatin1Char('-') || name[i] == QLatin1Char(' '))
            && (best < 0 || std::abs(end / 2 - i) < std::abs(end / 2 - best)))
            best = i;
    }
    if (best < 0)
        return name;
    const qsizetype cut = name[best] == QLatin1Char('-') ? best + 1 : best; // the hyphen stays above
    return name.left(cut) + br + name.mid(name[best] == QLatin1Char(' ') ? cut + 1 : cut);
}

// More bars than the view's height holds at the smallest type: the chart grows taller than the
// view, which scrolls, rather than cut a name.
void StrategyBarsView::growForNames(const QStringList& names)
{
    constexpr qreal kTallest = 8.0; // times the view's height: enough for dozens of strategies
    const qreal width = viewport()->width() - verticalScrollBar()->sizeHint().width();
    const qreal viewHeight = viewport()->height();
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    for (qreal height = viewHeight * 1.2; height <= viewHeight * kTallest; height *= 1.2) {
        chart()->resize(QSizeF(width, height));
        scene()->setSceneRect(QRectF(QPointF(0, 0), chart()->size()));
        chart()->layout()->activate();
        if (!anyNameCut(names))
            return;
    }
}

void StrategyBarsView::fitTicks()
{
    const int ticks = std::clamp(width() / kPixelsPerTick, 2, 6);
    for (QAbstractAxis* axis : chart()->axes(Qt::Horizontal)) {
        if (auto* rates = qobject_cast<QValueAxis*>(axis)) {
            rates->setTickCount(ticks);
            rates->applyNiceNumbers();
        }
    }
}
