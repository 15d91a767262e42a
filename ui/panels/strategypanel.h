#pragma once

#include "strategies/userstrategyfolder.h"

#include <QStringList>
#include <QWidget>

class QListWidget;
class QListWidgetItem;
class QPushButton;
class QSettings;
class QTextBrowser;
class StrategyEditor;
class StrategyFileActions;

// Pick any set of strategies; the selected one's SQL and why it contends are shown beside
// the list. Naive is marked unsafe. The user's own strategy files (its folder's, read at the
// start) are listed with the lab's; New, Open and Duplicate open them in the editor.
class StrategyPanel : public QWidget {
    Q_OBJECT
public:
    explicit StrategyPanel(UserStrategyFolder folder = UserStrategyFolder(), QWidget* parent = nullptr);

    QStringList selectedIds() const;
    void setSelectedIds(const QStringList& ids);
    // The ticked strategies, kept between sessions.
    void saveSettings(QSettings& settings) const;
    void restoreSettings(const QSettings& settings);
    QString shownDescription() const;
    // The SQL shown as the chosen server's engine runs it.
    void setPostgres(bool postgres);

    // The editor: a new file, the file at `path`, or a copy of strategy `id` under a new id.
    StrategyEditor* editNew();
    StrategyEditor* editFile(const QString& path);
    StrategyEditor* editCopyOf(const QString& id);
    StrategyEditor* editor() const;
    QString currentId() const;
    // What the server said of the editor's file; checking waits while a run is under way.
    void showCheck(bool ok, const QString& report);
    void setCheckAllowed(bool allowed);

signals:
    void selectionChanged();
    void checkRequested(const QString& text);

private:
    QWidget* makeButtons();
    QListWidgetItem* addItem(const QString& id);
    void showStrategy(const QString& id);
    void updateButtons();
    void strategySaved(const QString& id);

    UserStrategyFolder m_folder;
    QStringList m_folderProblems; // files of the folder that could not be read
    QListWidget* m_list;
    bool m_postgres = false;
    QTextBrowser* m_details;
    QPushButton* m_duplicate = nullptr;
    QPushButton* m_edit = nullptr;
    StrategyFileActions* m_files;
};
