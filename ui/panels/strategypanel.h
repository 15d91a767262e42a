#pragma once

#include <QStringList>
#include <QWidget>

class QListWidget;
class QTextBrowser;

// Pick any set of strategies; the selected one's SQL and why it contends are shown beside
// the list. Naive is marked unsafe.
class StrategyPanel : public QWidget {
    Q_OBJECT
public:
    explicit StrategyPanel(QWidget* parent = nullptr);

    QStringList selectedIds() const;
    void setSelectedIds(const QStringList& ids);
    QString shownDescription() const;

signals:
    void selectionChanged();

private:
    void showStrategy(const QString& id);

    QListWidget* m_list;
    QTextBrowser* m_details;
};
