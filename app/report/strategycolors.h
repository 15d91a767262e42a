#pragma once

#include <QColor>
#include <QString>

// One colour per strategy, the same on every chart, the results table and the badges.
namespace StrategyColors {

// Red for an unsafe strategy (the oversell it exists to show); a palette colour of its own for
// each safe one, gray for an unknown id. Once every line has come round, darker shades.
QColor of(const QString& strategyId);
// Solid for the first twelve safe strategies; dashed, dotted, … once the colours run out, and
// for the second, third, … unsafe one: no two strategies of a workload share colour and line.
Qt::PenStyle lineStyleOf(const QString& strategyId);
QColor unsafe(); // the red of an oversell
QColor safe(); // the green of a pass

} // namespace StrategyColors
