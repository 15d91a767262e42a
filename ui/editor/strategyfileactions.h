#pragma once

#include "strategies/userstrategyfolder.h"
#include "ui/editor/strategyeditor.h"

#include <QObject>
#include <QPointer>

class QWidget;

// What opens the strategy editor: a new file, one from disk, a copy of a strategy the lab has
// (under an id and title of its own). One editor at a time; what it saves and what it asks the
// server are handed on.
class StrategyFileActions : public QObject {
    Q_OBJECT
public:
    // `parent` owns the editor and the dialogs.
    StrategyFileActions(UserStrategyFolder folder, QWidget* parent);

    StrategyEditor* editNew();
    StrategyEditor* editFile(const QString& path);
    StrategyEditor* editCopyOf(const QString& id);
    // Asks for a file, then opens it; null when none was chosen.
    StrategyEditor* editChosenFile();
    StrategyEditor* editor() const { return m_editor; }
    // What the server said of the editor's file; checking waits while a run is under way.
    void showCheck(bool ok, const QString& report);
    void setCheckAllowed(bool allowed);

signals:
    void saved(const QString& id);
    void checkRequested(const QString& text);

private:
    StrategyEditor* openEditor(const QString& text);

    UserStrategyFolder m_folder;
    QWidget* m_parent;
    bool m_checkAllowed = true;
    QPointer<StrategyEditor> m_editor;
};
