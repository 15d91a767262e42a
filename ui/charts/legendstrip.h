#pragma once

#include <QColor>
#include <QLabel>
#include <QList>
#include <QStringList>

// The names of a tab's lines, in their colours, above its charts. A chart's own legend gives
// each name a fixed share of the chart's width and elides it ("pessi…") once a few strategies
// share a small chart; this one wraps between names instead, so every name stays whole at
// any size. Exported charts keep their own legends, drawn at the export's size.
class LegendStrip : public QLabel {
    Q_OBJECT
public:
    explicit LegendStrip(QWidget* parent = nullptr);

    void setStrategies(const QStringList& strategyIds);
    // Names in colours of their own, after the strategies: the parts of a stacked bar, say.
    void setEntries(const QList<std::pair<QColor, QString>>& entries);
    // What the marks on the charts mean, shown once any is drawn.
    void setMarks(bool deadlocks, bool soldOut);
    // The servers of a side-by-side run, each with its pen: solid for the first, dashed after.
    void setServers(const QStringList& servers);
    // A fixed line after the names, e.g. how the Errors tab's pen styles tell codes apart.
    void setNote(const QString& note);
    const QStringList& strategies() const { return m_strategies; }

private:
    void refresh();

    QStringList m_strategies;
    QList<std::pair<QColor, QString>> m_entries;
    bool m_deadlocks = false;
    bool m_soldOut = false;
    QStringList m_servers;
    QString m_note;
};
