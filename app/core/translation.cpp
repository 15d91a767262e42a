#include "app/core/translation.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QTranslator>

#include <memory>

namespace Translation {

namespace {

const QString kEnglish = QStringLiteral("en");

struct Installed {
    QString language = kEnglish;
    std::unique_ptr<QTranslator> lab;
    std::unique_ptr<QTranslator> qt;
};

Installed& installed()
{
    static Installed state;
    return state;
}

void removeInstalled()
{
    Installed& state = installed();
    for (auto* translator : { &state.lab, &state.qt }) {
        if (*translator) {
            QCoreApplication::removeTranslator(translator->get());
            translator->reset();
        }
    }
}

} // namespace

QStringList available()
{
    QStringList languages { kEnglish };
    for (const QString& file : QDir(QStringLiteral(":/i18n"))
                                   .entryList({ QStringLiteral("lockbench_*.qm") }, QDir::Files, QDir::Name))
        languages << file.mid(10, file.size() - 13); // "lockbench_zh_CN.qm" → "zh_CN"
    return languages;
}

QString bestFor(const QLocale& locale)
{
    if (locale.language() == QLocale::Chinese && locale.script() != QLocale::TraditionalChineseScript
        && locale.territory() != QLocale::Taiwan && locale.territory() != QLocale::HongKong
        && available().contains(QLatin1String("zh_CN")))
        return QStringLiteral("zh_CN");
    return kEnglish;
}

bool install(const QString& language)
{
    if (!available().contains(language))
        return false;
    removeInstalled();
    Installed& state = installed();
    state.language = language;
    if (language == kEnglish) {
        QLocale::setDefault(QLocale::system());
        return true;
    }
    state.lab = std::make_unique<QTranslator>();
    if (!state.lab->load(QStringLiteral(":/i18n/lockbench_%1.qm").arg(language))) {
        state.lab.reset();
        state.language = kEnglish;
        return false;
    }
    QCoreApplication::installTranslator(state.lab.get());
    // Qt's own strings (standard buttons, dialogs), when Debian's qt6-translations-l10n is there.
    auto qt = std::make_unique<QTranslator>();
    if (qt->load(QLocale(language), QStringLiteral("qtbase"), QStringLiteral("_"),
            QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        state.qt = std::move(qt);
        QCoreApplication::installTranslator(state.qt.get());
    }
    QLocale::setDefault(QLocale(language));
    return true;
}

QString current()
{
    return installed().language;
}

} // namespace Translation
