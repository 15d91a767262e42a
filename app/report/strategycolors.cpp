#include "app/report/strategycolors.h"

#include "strategies/strategyregistry.h"

namespace StrategyColors {

QColor of(const QString& strategyId)
{
    // Colour-blind-friendly (Okabe-Ito), bright enough on a dark background too.
    static const QList<QColor> palette = { QColor(0x56, 0xB4, 0xE9), QColor(0xE6, 0x9F, 0x00), QColor(0x00, 0x9E, 0x73),
        QColor(0xCC, 0x79, 0xA7), QColor(0xF0, 0xE4, 0x42), QColor(0x00, 0x72, 0xB2), QColor(0xD5, 0x5E, 0x00) };
    if (strategyId == QLatin1String("naive"))
        return unsafe();
    const qsizetype index = StrategyRegistry::ids().indexOf(strategyId);
    return index < 0 ? QColor(Qt::gray) : palette[index % palette.size()];
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
