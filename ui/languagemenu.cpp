#include "ui/languagemenu.h"

#include "app/core/translation.h"

#include <QActionGroup>
#include <QMessageBox>
#include <QSettings>

namespace {

const QString kLanguageKey = QStringLiteral("language");

// Each language in its own words, so that a reader of either finds theirs.
QString nativeName(const QString& language)
{
    if (language == QLatin1String("en"))
        return QStringLiteral("English");
    const QLocale locale(language);
    return QStringLiteral("%1 (%2)").arg(locale.nativeLanguageName(), language);
}

} // namespace

LanguageMenu::LanguageMenu(QWidget* parent)
    : QMenu(tr("&Language"), parent)
{
    auto* group = new QActionGroup(this);
    for (const QString& language : Translation::available()) {
        QAction* action = addAction(nativeName(language));
        action->setCheckable(true);
        action->setChecked(language == Translation::current());
        action->setData(language);
        group->addAction(action);
        connect(action, &QAction::triggered, this, [this, language] { choose(language); });
    }
}

QString LanguageMenu::startupLanguage()
{
    const QString saved = QSettings().value(kLanguageKey).toString();
    if (Translation::available().contains(saved))
        return saved;
    return Translation::bestFor(QLocale::system());
}

void LanguageMenu::choose(const QString& language)
{
    QSettings().setValue(kLanguageKey, language);
    if (language == Translation::current())
        return;
    const auto answer = QMessageBox::question(parentWidget(), tr("Language"),
        tr("lockbench speaks %1 from its next start. Restart it now? A run in progress would be stopped.")
            .arg(nativeName(language)),
        QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes);
    if (answer == QMessageBox::Yes)
        emit restartRequested();
}
