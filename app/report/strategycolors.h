#pragma once

#include <QColor>
#include <QString>

// One colour per strategy, the same on every chart, the results table and the badges.
namespace StrategyColors {

QColor of(const QString& strategyId);
// Solid for the first twelve strategies; dashed, then dotted, once the colours run out.
Qt::PenStyle lineStyleOf(const QString& strategyId);
QColor unsafe(); // the red of an oversell
QColor safe(); // the green of a pass

} // namespace StrategyColors
