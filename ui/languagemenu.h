#pragma once

#include <QMenu>

// View → Language: English or a shipped translation. The choice is remembered and takes effect
// when the lab starts again, which the menu offers to do at once (the window's texts are built
// once, in the language the lab started with).
class LanguageMenu : public QMenu {
    Q_OBJECT
public:
    explicit LanguageMenu(QWidget* parent = nullptr);

    // The language to start in: the one chosen here before, else the best for the system locale.
    static QString startupLanguage();

signals:
    // The user chose to restart in the new language now.
    void restartRequested();

private:
    void choose(const QString& language);
};
