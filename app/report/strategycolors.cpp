#include "app/report/strategycolors.h"

#include "strategies/strategyregistry.h"

#include <QHash>

#include <algorithm>
#include <iterator>

namespace StrategyColors {

namespace {

// Twelve colours told apart with any common colour-vision deficiency (Okabe-Ito and Tol's
// muted set), all dark enough for thin lines on white and on a washed-out projector: no
// pale yellow, no light pink. Red is kept for the unsafe baseline.
const QList<QColor>& palette()
{
    static const QList<QColor> colours
        = { QColor(0x00, 0x72, 0xB2), QColor(0xE6, 0x9F, 0x00), QColor(0x00, 0x9E, 0x73),
              QColor(0xCC, 0x79, 0xA7), QColor(0x6A, 0x3D, 0x9A), QColor(0x8C, 0x51, 0x0A),
              QColor(0x56, 0xB4, 0xE9), QColor(0x99, 0x99, 0x33), QColor(0x33, 0x22, 0x88),
              QColor(0x44, 0xAA, 0x99), QColor(0x88, 0x22, 0x55), QColor(0x55, 0x55, 0x55) };
    return colours;
}

// The strategy's place among those of its workload that get a palette colour (naive has red),
// -1 if unknown. The workloads never share a chart, so each starts the palette afresh: the
// twelve inventory strategies each keep a colour of their own.
qsizetype placeOf(const QString& strategyId)
{
    static const QHash<QString, qsizetype> places = [] {
        QHash<QString, qsizetype> result;
        qsizetype inventory = 0;
        qsizetype claims = 0;
        for (const QString& id : StrategyRegistry::ids()) {
            if (id == QLatin1String("naive"))
                continue;
            const bool claim = !StrategyRegistry::needsOf({ id }).claimsTasks.isEmpty();
            result.insert(id, claim ? claims++ : inventory++);
        }
        return result;
    }();
    return places.value(strategyId, -1);
}

} // namespace

QColor of(const QString& strategyId)
{
    if (strategyId == QLatin1String("naive"))
        return unsafe();
    const qsizetype place = placeOf(strategyId);
    return place < 0 ? QColor(Qt::gray) : palette()[place % palette().size()];
}

Qt::PenStyle lineStyleOf(const QString& strategyId)
{
    static constexpr Qt::PenStyle kStyles[] = { Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine };
    const qsizetype place = std::max<qsizetype>(0, placeOf(strategyId));
    return kStyles[(place / palette().size()) % std::size(kStyles)];
}

QColor unsafe()
{
    return QColor(0xE0, 0x30, 0x30);
}

QColor safe()
{
    return QColor(0x2E, 0xA0, 0x4A);
}

} // namespace StrategyColors
