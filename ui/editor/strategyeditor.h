#pragma once

#include "strategies/userstrategyfolder.h"

#include <QDialog>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTimer;

// Writes a strategy file: highlighted, checked as it is typed (a mistake is named with its line
// and column, and its line marked), saved into the user's strategy folder, and tried on the
// chosen server ("Check on server", which the window hands to its session).
class StrategyEditor : public QDialog {
    Q_OBJECT
public:
    explicit StrategyEditor(UserStrategyFolder folder, QWidget* parent = nullptr);

    void setText(const QString& text);
    QString text() const;
    bool parses() const { return m_parses; }
    QString status() const; // the line under the text, as shown
    // What the server said of one order of the file.
    void showCheck(bool ok, const QString& report);
    QString checkReport() const;
    // Checking needs the server to itself: not while a run is under way.
    void setCheckAllowed(bool allowed);

signals:
    void saved(const QString& id);
    void checkRequested(const QString& text);

private:
    void recheck();
    void markLine(int line);
    void save();

    UserStrategyFolder m_folder;
    QPlainTextEdit* m_text;
    QLabel* m_status;
    QPlainTextEdit* m_check;
    QPushButton* m_checkButton;
    QPushButton* m_saveButton;
    QTimer* m_pause; // checks once typing pauses
    bool m_parses = false;
    bool m_checkAllowed = true;
};
