#include "ui/panels/waitagestrip.h"

#include <QPainter>

#include <algorithm>

WaitAgeStrip::WaitAgeStrip(QWidget* parent)
    : QWidget(parent)
{
    setToolTip(tr("How long the waiters of each picture had waited for their row lock: under 1 s, 1–5 s, "
                  "5–20 s, longer (the newest picture on the right)"));
}

QColor WaitAgeStrip::bucketColor(int bucket)
{
    static const QColor kColors[LockSnapshot::kWaitAgeBuckets] = { QColor(0x9e, 0xca, 0xe1),
        QColor(0x42, 0x92, 0xc6), QColor(0xe6, 0x9f, 0x00), QColor(0xb2, 0x18, 0x2b) };
    return kColors[std::clamp(bucket, 0, LockSnapshot::kWaitAgeBuckets - 1)];
}

QString WaitAgeStrip::bucketName(int bucket)
{
    switch (bucket) {
    case 0:
        return tr("under 1 s");
    case 1:
        return tr("1–5 s");
    case 2:
        return tr("5–20 s");
    default:
        return tr("20 s or more");
    }
}

void WaitAgeStrip::addSnapshot(const LockSnapshot& snapshot)
{
    if (snapshot.strategy != m_strategy
        || (!m_pictures.empty() && snapshot.elapsedS < m_pictures.back().elapsedS))
        m_pictures.clear(); // another strategy, or a new run
    m_strategy = snapshot.strategy;
    Picture picture;
    picture.elapsedS = snapshot.elapsedS;
    picture.read = snapshot.error.isEmpty() && snapshot.waitersNotRead == 0;
    if (picture.read)
        picture.counts = snapshot.waitAges();
    m_pictures.push_back(picture);
    while (m_pictures.size() > kPictures)
        m_pictures.pop_front();
    update();
}

void WaitAgeStrip::clear()
{
    m_pictures.clear();
    update();
}

void WaitAgeStrip::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    const QFontMetrics metrics = fontMetrics();
    // The legend on the first line, the bars below it.
    int x = 2;
    for (int bucket = 0; bucket < LockSnapshot::kWaitAgeBuckets; ++bucket) {
        const int box = metrics.ascent() - 2;
        painter.fillRect(x, 2 + (metrics.height() - box) / 2, box, box, bucketColor(bucket));
        x += box + 4;
        painter.setPen(palette().color(QPalette::Text));
        painter.drawText(x, 2 + metrics.ascent(), bucketName(bucket));
        x += metrics.horizontalAdvance(bucketName(bucket)) + 12;
    }
    const QRect area(2, metrics.height() + 6, width() - 4, height() - metrics.height() - 8);
    painter.fillRect(area, palette().color(QPalette::Base));
    if (m_pictures.empty() || area.height() <= 0)
        return;
    int most = 1;
    for (const Picture& picture : m_pictures) {
        int total = 0;
        for (const int count : picture.counts)
            total += count;
        most = std::max(most, total);
    }
    const double barWidth = static_cast<double>(area.width()) / kPictures;
    const double left = area.right() - barWidth * static_cast<double>(m_pictures.size());
    for (std::size_t i = 0; i < m_pictures.size(); ++i) {
        const Picture& picture = m_pictures[i];
        const int x0 = static_cast<int>(left + barWidth * static_cast<double>(i));
        const int x1 = std::max(x0 + 1, static_cast<int>(left + barWidth * static_cast<double>(i + 1)));
        if (!picture.read) { // a gap, hatched: the waiters were not read
            painter.fillRect(
                QRect(x0, area.top(), x1 - x0, area.height()), QBrush(Qt::lightGray, Qt::BDiagPattern));
            continue;
        }
        int bottom = area.bottom();
        for (int bucket = 0; bucket < LockSnapshot::kWaitAgeBuckets; ++bucket) {
            const int count = picture.counts[static_cast<std::size_t>(bucket)];
            const int h = count * area.height() / most;
            if (h > 0)
                painter.fillRect(QRect(x0, bottom - h + 1, x1 - x0, h), bucketColor(bucket));
            bottom -= h;
        }
    }
    painter.setPen(palette().color(QPalette::Text));
    painter.drawText(
        area.adjusted(4, 2, -4, -2), Qt::AlignLeft | Qt::AlignTop, tr("%1 waiting at most").arg(most));
}
