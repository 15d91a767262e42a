#pragma once

#include "app/report/chartfactory.h"
#include "app/report/resultwriter.h"

#include <QObject>

#include <functional>

class ComparisonPanel;
class QWidget;
class ResultsPanel;

// The files of a session: results saved and opened again (overlaid on the scaling charts
// with the file's name), and exports of the data, every chart and the report.
class SessionFiles : public QObject {
    Q_OBJECT
public:
    SessionFiles(QWidget* window, ResultsPanel* results, ComparisonPanel* comparison,
                 std::function<ResultWriter::RunInfo()> runInfo);

    void exportResults();
    void exportReport();
    void exportCharts();
    void exportScalingChart();
    void openResults();
    bool openResultsFile(const QString& path, QString* error);
    // The scaling charts: this session's results and those of the opened files.
    void refreshComparison();

signals:
    void message(const QString& text);

private:
    QWidget* m_window;
    ResultsPanel* m_results;
    ComparisonPanel* m_comparison;
    std::function<ResultWriter::RunInfo()> m_runInfo;
    QList<ChartFactory::Source> m_opened; // runs from results files, labelled with the file
};
