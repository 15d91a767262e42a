#include "ui/sessionfiles.h"

#include "app/report/chartexporter.h"
#include "ui/charts/comparisonpanel.h"
#include "ui/charts/exportablechartview.h"
#include "app/report/reportwriter.h"
#include "app/report/resultreader.h"
#include "ui/panels/resultspanel.h"

#include <QChart>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>

#include <memory>

SessionFiles::SessionFiles(QWidget* window, ResultsPanel* results, ComparisonPanel* comparison,
                           std::function<ResultWriter::RunInfo()> runInfo)
    : QObject(window)
    , m_window(window)
    , m_results(results)
    , m_comparison(comparison)
    , m_runInfo(std::move(runInfo))
{
}

void SessionFiles::refreshComparison()
{
    QList<ChartFactory::Source> sources;
    const QList<StrategyResult>& results = m_results->results();
    const QStringList& labels = m_results->sources();
    for (int i = 0; i < results.size(); ++i) {
        if (!labels[i].startsWith(QLatin1Char('#')))
            continue; // opened from a file: in m_opened with its label
        sources.append({ QString(), results[i] });
    }
    sources += m_opened;
    m_comparison->setSources(sources);
}

void SessionFiles::openResults()
{
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open results"), QString(), tr("lockbench results (*.json)"));
    QString error;
    if (!path.isEmpty() && !openResultsFile(path, &error))
        QMessageBox::warning(m_window, tr("Cannot open the results"), error);
}

bool SessionFiles::openResultsFile(const QString& path, QString* error)
{
    const std::optional<ResultReader::RunFile> file = ResultReader::load(path, error);
    if (!file)
        return false;
    const QString label = QFileInfo(path).completeBaseName();
    for (const StrategyResult& result : file->results) {
        m_results->addResult(result, label);
        m_opened.append({ label, result });
    }
    refreshComparison();
    emit message(tr("Opened %n result(s) from %1", nullptr, static_cast<int>(file->results.size())).arg(path));
    return true;
}

void SessionFiles::exportReport()
{
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Export report"), QStringLiteral("lockbench-report.html"),
                                                      tr("HTML (*.html);;PDF (*.pdf)"));
    if (path.isEmpty())
        return;
    QList<ChartFactory::Source> sources;
    for (const StrategyResult& result : m_results->results())
        sources.append({ QString(), result });
    QString error;
    if (!ReportWriter::write(path, { m_runInfo(), sources }, &error))
        QMessageBox::warning(m_window, tr("Export failed"), error);
    else
        emit message(tr("Report written to %1").arg(path));
}

void SessionFiles::exportCharts()
{
    const QString folder = QFileDialog::getExistingDirectory(m_window, tr("Export all charts into"));
    if (folder.isEmpty())
        return;
    QList<ChartFactory::Source> sources;
    for (const StrategyResult& result : m_results->results())
        sources.append({ QString(), result });
    QString error;
    for (const ChartFactory::NamedChart& named : ChartFactory::reportCharts(sources)) {
        std::unique_ptr<QChart> chart(named.chart);
        for (const char* extension : { ".png", ".svg", ".pdf" }) {
            if (!ChartExporter::save(chart.get(), QDir(folder).filePath(named.name + QLatin1String(extension)), QSize(1200, 700), 144, &error)) {
                QMessageBox::warning(m_window, tr("Export failed"), error);
                return;
            }
        }
    }
    emit message(tr("Charts written to %1").arg(folder));
}

void SessionFiles::exportScalingChart()
{
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Export the scaling chart"), QStringLiteral("orders-vs-threads.svg"),
                                                      tr("SVG (*.svg);;PDF (*.pdf);;PNG (*.png)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!ChartExporter::save(m_comparison->scalingView()->chart(), path, QSize(1200, 700), 144, &error))
        QMessageBox::warning(m_window, tr("Export failed"), error);
}

void SessionFiles::exportResults()
{
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Export results"), QStringLiteral("lockbench-results.json"),
                                                      tr("JSON, opens again with File → Open results (*.json);;CSV (*.csv)"));
    if (path.isEmpty())
        return;
    QString error;
    const bool ok = path.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive)
        ? ResultWriter::writeCsv(path, m_results->results(), &error)
        : ResultWriter::writeJson(path, m_runInfo(), m_results->results(), &error);
    if (!ok)
        QMessageBox::warning(m_window, tr("Export failed"), error);
    else
        emit message(tr("Exported to %1").arg(path));
}

