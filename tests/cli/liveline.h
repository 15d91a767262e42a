#pragma once

#include <QRegularExpression>
#include <QString>

// Whether the console's line each second says that `strategy` has sold: a fault is made once a
// run sells, not after a guess at how long that takes.
inline bool sellsOnTheLiveLine(const QString& output, const QString& strategy)
{
    const QRegularExpression sold(
        QStringLiteral("\\[%1\\s+[0-9.]+s\\].*  sold [1-9]").arg(QRegularExpression::escape(strategy)));
    return sold.match(output).hasMatch();
}
