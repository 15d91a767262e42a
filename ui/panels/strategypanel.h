#pragma once

#include <QStringList>
#include <QWidget>

class QListWidget;
class QSettings;
class QTextBrowser;

// Pick any set of strategies; the selected one's SQL and why it contends are shown beside
// the list. Naive is marked unsafe.
class StrategyPanel : public QWidget {
    Q_OBJECT
public:
    explicit StrategyPanel(QWidget* parent = nullptr);

    QStringList selectedIds() const;
    void setSelectedIds(const QStringList& ids);
    // The ticked strategies, kept between sessions.
    void saveSettings(QSettings& settings) const;
    void restoreSettings(const QSettings& settings);
    QString shownDescription() const;
    // The SQL shown as the chosen server's engine runs it.
    void setPostgres(bool postgres);

signals:
    void selectionChanged();

private:
    void showStrategy(const QString& id);

    QListWidget* m_list;
    bool m_postgres = false;
    QTextBrowser* m_details;
};
