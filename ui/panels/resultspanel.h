#pragma once

#include "app/core/strategyresult.h"

#include <QList>
#include <QWidget>

class QTableWidget;

// One row per finished strategy, kept for the whole session so that runs can be compared.
class ResultsPanel : public QWidget {
    Q_OBJECT
public:
    explicit ResultsPanel(QWidget* parent = nullptr);

    // `source` is "#3" for the session's third run, or a results file's name.
    void addResult(const StrategyResult& result, const QString& source);
    const QList<StrategyResult>& results() const { return m_results; }
    const QStringList& sources() const { return m_sources; }
    QTableWidget* table() const { return m_table; }
    // The text in a cell, by column header (for tests and export).
    QString cell(int row, const QString& header) const;

private:
    QTableWidget* m_table;
    QList<StrategyResult> m_results;
    QStringList m_sources;
};
