#pragma once

#include <QString>

// A value as an error message quotes it: whole when short, else cut, so that a 50 MB value
// in a file or on the command line is named by its start and length rather than printed.
namespace QuotedValue {

inline constexpr qsizetype kMaxShown = 60; // characters of a value a message shows

// "abc", or "the first 60 characters…" (52,428,800 characters)
QString quoted(const QString& text);
// The same without quotes, for names and paths a message already sets apart.
QString shortened(const QString& text);

} // namespace QuotedValue
