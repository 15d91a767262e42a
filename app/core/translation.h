#pragma once

#include <QLocale>
#include <QString>
#include <QStringList>

// The language the lab speaks: English as written in the sources, or a translation shipped
// in the build (resources/translations, compiled by lrelease). Chosen from the system locale
// unless the user picked one.
namespace Translation {

// The languages there are, as locale names: "en" first, then every shipped translation ("zh_CN").
QStringList available();
// The shipped translation that fits `locale` ("zh_CN" for zh_CN, zh_SG or zh_Hans), else "en".
QString bestFor(const QLocale& locale);
// Installs the translation of `language` (and Qt's own, when Debian's is there) into the
// application and makes it the default locale, so that numbers are written its way too.
// "en" removes any installed one. False when the language is not shipped.
bool install(const QString& language);
// What install() last installed: "en" before the first call.
QString current();

} // namespace Translation
