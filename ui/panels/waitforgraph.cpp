#include "ui/panels/waitforgraph.h"

#include "app/report/strategycolors.h"

#include <QFontMetrics>
#include <QHash>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>

namespace {

// The drawing's measures, grown with the font (presenter mode) so that "conn 1234" and its
// second line still fit a box.
struct Sizes {
    int boxWidth = 74;
    int boxHeight = 30;
    int gap = 16; // between boxes of a line, where the arrow goes
    int lineGap = 8; // between wrapped lines of one queue
    int margin = 8;
    int labelHeight = 22; // the queue's title line
    int queueGap = 14;

    static Sizes of(const QFontMetrics& metrics)
    {
        Sizes sizes;
        sizes.boxWidth
            = std::max(sizes.boxWidth, metrics.horizontalAdvance(QStringLiteral("conn 00000")) + 10);
        sizes.boxHeight = std::max(sizes.boxHeight, 2 * metrics.lineSpacing() + 4);
        sizes.labelHeight = std::max(sizes.labelHeight, metrics.lineSpacing() + 6);
        return sizes;
    }
};
// Every waiter is drawn, up to the most connections a run can have.
constexpr int kMaxBoxes = 1100;

// Boxes per line at a width: a queue wraps onto as many lines as it needs.
int boxesPerLine(int width, const Sizes& s)
{
    return std::max(1, (width - 2 * s.margin + s.gap) / (s.boxWidth + s.gap));
}

// The queue's title, wrapped to the width: in large type or in Chinese it may take two lines.
QRect labelRect(const QFontMetrics& metrics, const QString& label, int width, const Sizes& s)
{
    const QRect room(s.margin, 0, std::max(1, width - 2 * s.margin), 100000);
    const int height = metrics.boundingRect(room, Qt::TextWordWrap, label).height() + 6;
    return { room.left(), 0, room.width(), std::max(s.labelHeight, height) };
}

int queueHeight(qsizetype boxes, int labelHeight, int width, const Sizes& s)
{
    const qsizetype shown = std::min<qsizetype>(boxes, kMaxBoxes);
    const qsizetype lines
        = std::max<qsizetype>(1, (shown + boxesPerLine(width, s) - 1) / boxesPerLine(width, s));
    return labelHeight + static_cast<int>(lines) * (s.boxHeight + s.lineGap) + s.queueGap;
}

// A transaction's box: green while it holds the lock, red (darker after a second) while it waits.
void paintBox(QPainter& painter, const QRect& box, bool holder, const LockTransaction* trx, qsizetype place)
{
    painter.setPen(Qt::NoPen);
    painter.setBrush(holder ? StrategyColors::safe()
                            : StrategyColors::unsafe().lighter(trx && trx->waitingS > 1.0 ? 100 : 130));
    painter.drawRoundedRect(box, 5, 5);
    painter.setPen(Qt::white);
    const long long connection = trx ? trx->threadId : 0;
    QString text;
    if (holder)
        text = WaitForGraph::tr("conn %1\nholds").arg(connection);
    else if (trx && trx->waitingS >= 1.0)
        text = WaitForGraph::tr("conn %1\n%2 s").arg(connection).arg(static_cast<int>(trx->waitingS));
    else
        text = WaitForGraph::tr("conn %1\n#%2").arg(connection).arg(place);
    painter.drawText(box, Qt::AlignCenter, text);
}

// An arrow from `from` leftwards across the gap, to the box ahead in the queue.
void paintArrow(QPainter& painter, const QPointF& from, int gap, const QPalette& colours)
{
    painter.setPen(QPen(colours.text().color(), 1.5));
    const QPointF to = from - QPointF(gap, 0);
    painter.drawLine(from, to);
    QPainterPath head;
    head.moveTo(to);
    head.lineTo(to + QPointF(6, -4));
    head.lineTo(to + QPointF(6, 4));
    head.closeSubpath();
    painter.fillPath(head, colours.text());
}

} // namespace

WaitForGraph::WaitForGraph(QWidget* parent)
    : QWidget(parent)
{
    setMinimumHeight(120);
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

QList<WaitForGraph::Queue> WaitForGraph::queues(const LockSnapshot& snapshot)
{
    QHash<QString, const LockTransaction*> byId;
    for (const LockTransaction& trx : snapshot.transactions)
        byId.insert(trx.trxId, &trx);

    QHash<QString, Queue> byRow;
    QStringList order;
    for (const LockTransaction& trx : snapshot.transactions) {
        if (trx.blockedBy.isEmpty())
            continue;
        const QString key = trx.lockTable + QLatin1Char('|') + trx.lockRow;
        if (!byRow.contains(key)) {
            byRow.insert(key, Queue { trx.lockTable, trx.lockRow, {}, {} });
            order << key;
        }
        byRow[key].waiters << trx.trxId;
    }
    QList<Queue> result;
    for (const QString& key : std::as_const(order)) {
        Queue queue = byRow.value(key);
        // InnoDB names every transaction ahead of a waiter as its blocker, so the fewer
        // blockers, the nearer the head of the queue; the wait time (whole seconds on
        // MariaDB) breaks ties.
        std::sort(queue.waiters.begin(), queue.waiters.end(), [&](const QString& a, const QString& b) {
            const LockTransaction* left = byId.value(a);
            const LockTransaction* right = byId.value(b);
            if (left->blockedBy.size() != right->blockedBy.size())
                return left->blockedBy.size() < right->blockedBy.size();
            return left->waitingS > right->waitingS;
        });
        for (const QString& waiter : std::as_const(queue.waiters)) {
            for (const QString& blocker : byId.value(waiter)->blockedBy) {
                if (!queue.waiters.contains(blocker) && !queue.holders.contains(blocker))
                    queue.holders << blocker;
            }
        }
        result.append(queue);
    }
    std::sort(result.begin(), result.end(),
        [](const Queue& a, const Queue& b) { return a.waiters.size() > b.waiters.size(); });
    return result;
}

void WaitForGraph::setSnapshot(const LockSnapshot& snapshot)
{
    m_snapshot = snapshot;
    m_queues = queues(snapshot);
    updateGeometry();
    update();
}

QSize WaitForGraph::sizeHint() const
{
    const Sizes s = Sizes::of(fontMetrics());
    const int width = 8 * (s.boxWidth + s.gap);
    return { width, heightForWidth(width) };
}

bool WaitForGraph::hasHeightForWidth() const
{
    return true;
}

int WaitForGraph::heightForWidth(int width) const
{
    const Sizes s = Sizes::of(fontMetrics());
    int height = s.margin;
    for (const Queue& queue : m_queues)
        height += queueHeight(queue.holders.size() + queue.waiters.size(),
            labelRect(fontMetrics(), label(queue), width, s).height(), width, s);
    return std::max(120, height);
}

QString WaitForGraph::label(const Queue& queue)
{
    const QString table = queue.table.section(QLatin1Char('.'), -1).remove(QLatin1Char('`'));
    return tr("%1 row %2: %n waiting, read left to right and line by line from the holder", nullptr,
        static_cast<int>(queue.waiters.size()))
        .arg(table, queue.row);
}

QString WaitForGraph::placeholderText() const
{
    if (!m_snapshot.error.isEmpty())
        return m_snapshot.error;
    if (m_snapshot.waitersNotRead > 0)
        return tr("%1 transactions wait for a row lock: too many to read who waits for whom without stalling "
                  "the server.")
            .arg(m_snapshot.waitersNotRead);
    if (m_queues.isEmpty())
        return tr("No transaction is waiting for a row lock (%1 open).").arg(m_snapshot.transactions.size());
    return QString();
}

void WaitForGraph::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette& colours = palette();
    painter.fillRect(rect(), colours.base());
    painter.setPen(colours.text().color());
    if (const QString placeholder = placeholderText(); !placeholder.isEmpty()) {
        painter.drawText(
            rect().adjusted(12, 12, -12, -12), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, placeholder);
        return;
    }
    QHash<QString, const LockTransaction*> byId;
    for (const LockTransaction& trx : m_snapshot.transactions)
        byId.insert(trx.trxId, &trx);
    int y = Sizes::of(fontMetrics()).margin;
    for (const Queue& queue : m_queues)
        y = paintQueue(painter, queue, y, byId);
}

int WaitForGraph::paintQueue(
    QPainter& painter, const Queue& queue, int y, const QHash<QString, const LockTransaction*>& byId) const
{
    const QPalette& colours = palette();
    const Sizes s = Sizes::of(fontMetrics());
    const int perLine = boxesPerLine(width(), s);
    painter.setPen(colours.text().color());
    const QString title = label(queue);
    const QRect titleRect = labelRect(fontMetrics(), title, width(), s).translated(0, y);
    painter.drawText(titleRect, Qt::AlignVCenter | Qt::TextWordWrap, title);
    y += titleRect.height();
    QStringList boxes = queue.holders + queue.waiters;
    const qsizetype hidden = std::max<qsizetype>(0, boxes.size() - kMaxBoxes);
    boxes = boxes.mid(0, kMaxBoxes);
    for (int i = 0; i < boxes.size(); ++i) {
        const int column = i % perLine;
        const int x = s.margin + column * (s.boxWidth + s.gap);
        const int top = y + (i / perLine) * (s.boxHeight + s.lineGap);
        const bool holder = i < queue.holders.size();
        paintBox(painter, QRect(x, top, s.boxWidth, s.boxHeight), holder, byId.value(boxes[i]),
            i - queue.holders.size() + 1);
        if (column > 0) // arrow from this box to the one ahead of it
            paintArrow(painter, QPointF(x, top + s.boxHeight / 2.0), s.gap, colours);
    }
    const qsizetype lines = std::max<qsizetype>(1, (boxes.size() + perLine - 1) / perLine);
    y += static_cast<int>(lines) * (s.boxHeight + s.lineGap);
    if (hidden > 0) {
        painter.setPen(colours.text().color());
        painter.drawText(
            QRect(s.margin, y, width(), s.boxHeight), Qt::AlignVCenter, tr("+%1 more").arg(hidden));
    }
    return y + s.queueGap;
}
