#pragma once

#include <QSet>
#include <QString>
#include <QStringList>

// English words left in text the lab shows in Chinese: what a missing tr() or translation
// lets through. Names are not translated and are let pass: the strategies' ids, SQL and its
// identifiers, server variables (with an underscore), units and products (MariaDB, Redis,
// ms), paths and URLs.
namespace EnglishLeftovers {

// The values a flag or field takes, typed as they are in every language ("uniform",
// "sold-out"): a help text that names them is not untranslated.
QSet<QString> typedValues();

// Each English word found, with a little of the text around it to find where it came from.
// `alsoKept`: words that are syntax where this text is (a value to type in a help text).
QStringList in(const QString& text, const QSet<QString>& alsoKept = {});
// The same for HTML: tags, entities and the style sheet are not text.
QStringList inHtml(const QString& html, const QSet<QString>& alsoKept = {});

} // namespace EnglishLeftovers
