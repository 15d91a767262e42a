#include "app/report/strategycolors.h"

#include "strategies/strategyregistry.h"

#include <QHash>
#include <QMutex>

#include <algorithm>
#include <iterator>

namespace StrategyColors {

namespace {

// Twelve colours told apart with any common colour-vision deficiency (Okabe-Ito and Tol's
// muted set), all dark enough for thin lines on white and on a washed-out projector: no
// pale yellow, no light pink. Red is kept for the unsafe strategies.
const QList<QColor>& palette()
{
    static const QList<QColor> colours
        = { QColor(0x00, 0x72, 0xB2), QColor(0xE6, 0x9F, 0x00), QColor(0x00, 0x9E, 0x73),
              QColor(0xCC, 0x79, 0xA7), QColor(0x6A, 0x3D, 0x9A), QColor(0x8C, 0x51, 0x0A),
              QColor(0x56, 0xB4, 0xE9), QColor(0x99, 0x99, 0x33), QColor(0x33, 0x22, 0x88),
              QColor(0x44, 0xAA, 0x99), QColor(0x88, 0x22, 0x55), QColor(0x55, 0x55, 0x55) };
    return colours;
}

// A strategy's place among those that share its colours: the safe strategies of its workload
// (the workloads never share a chart, so each starts the palette afresh), or the unsafe ones,
// which are red, told apart by their line. In the registry's order, which puts the lab's own
// first and each later strategy after them, so no strategy's colour moves when one is added.
struct Place {
    bool unsafe = false;
    qsizetype index = -1; // -1: unknown
};

Place placeOf(const QString& strategyId)
{
    static QMutex mutex;
    static QHash<QString, Place> places;
    const QStringList ids = StrategyRegistry::ids();
    const QMutexLocker lock(&mutex);
    if (places.size() != ids.size()) { // a user's strategy file was added since
        places.clear();
        qsizetype inventory = 0;
        qsizetype claims = 0;
        qsizetype unsafe = 0;
        for (const QString& id : ids) {
            const std::unique_ptr<Strategy> strategy = StrategyRegistry::create(id);
            if (!strategy->isSafe())
                places.insert(id, { true, unsafe++ });
            else
                places.insert(
                    id, { false, strategy->workload() == WorkloadKind::Claim ? claims++ : inventory++ });
        }
    }
    return places.value(strategyId);
}

constexpr Qt::PenStyle kStyles[]
    = { Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine, Qt::DashDotDotLine };

} // namespace

// How many times the strategy's colour came round before it: each round has a line of its own,
// and after every line a darker shade.
qsizetype roundOf(const Place& place)
{
    return place.unsafe ? place.index : place.index / palette().size();
}

QColor of(const QString& strategyId)
{
    const Place place = placeOf(strategyId);
    if (place.index < 0)
        return QColor(Qt::gray);
    const QColor colour = place.unsafe ? unsafe() : palette()[place.index % palette().size()];
    const auto shade = static_cast<int>(roundOf(place) / static_cast<qsizetype>(std::size(kStyles)));
    return shade == 0 ? colour : colour.darker(100 + 35 * shade);
}

Qt::PenStyle lineStyleOf(const QString& strategyId)
{
    const Place place = placeOf(strategyId);
    return place.index < 0 ? Qt::SolidLine : kStyles[roundOf(place) % std::size(kStyles)];
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
