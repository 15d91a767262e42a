#include "app/cli/terminalwidth.h"

#include <algorithm>

namespace TerminalWidth {

namespace {

// East Asian Wide and Fullwidth ranges (Unicode UAX #11), the ones Chinese text uses.
bool isWide(uint c)
{
    return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0x303E) || (c >= 0x3041 && c <= 0xA4CF)
        || (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F)
        || (c >= 0xFF00 && c <= 0xFF60) || (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x20000 && c <= 0x3FFFD);
}

} // namespace

qsizetype of(const QString& text)
{
    qsizetype columns = 0;
    for (const uint c : text.toUcs4())
        columns += isWide(c) ? 2 : 1;
    return columns;
}

QString leftJustified(const QString& text, qsizetype columns)
{
    return text + QString(std::max<qsizetype>(0, columns - of(text)), QLatin1Char(' '));
}

QString rightJustified(const QString& text, qsizetype columns)
{
    return QString(std::max<qsizetype>(0, columns - of(text)), QLatin1Char(' ')) + text;
}

} // namespace TerminalWidth
