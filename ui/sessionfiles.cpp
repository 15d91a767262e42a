#include "ui/sessionfiles.h"

#include "app/report/chartexporter.h"
#include "app/session/labsession.h"
#include "ui/charts/comparisonpanel.h"
#include "ui/charts/exportablechartview.h"

#include <QChart>
#include <QFileDialog>
#include <QMessageBox>

namespace {

// Exported chart files: big enough to read on a slide, sharp enough to print.
const QSize kExportSize(1200, 700);
constexpr int kExportDpi = 144;

} // namespace

SessionFiles::SessionFiles(QWidget* window, LabSession* session, ComparisonPanel* comparison)
    : QObject(window)
    , m_window(window)
    , m_session(session)
    , m_comparison(comparison)
{
}

void SessionFiles::refreshComparison()
{
    m_comparison->setSources(m_session->comparisonSources());
}

void SessionFiles::openResults()
{
    const QString path = QFileDialog::getOpenFileName(
        m_window, tr("Open results"), QString(), tr("lockbench results (*.json)"));
    QString error;
    if (!path.isEmpty() && !openResultsFile(path, &error))
        QMessageBox::warning(m_window, tr("Cannot open the results"), error);
}

bool SessionFiles::openResultsFile(const QString& path, QString* error)
{
    const int added = m_session->openResults(path, error);
    if (added < 0)
        return false;
    emit message(tr("Opened %n result(s) from %1", nullptr, added).arg(path));
    return true;
}

void SessionFiles::exportReport()
{
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Export report"),
        QStringLiteral("lockbench-report.html"), tr("HTML (*.html);;PDF (*.pdf)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!m_session->exportReport(path, &error))
        warn(error);
    else
        emit message(tr("Report written to %1").arg(path));
}

void SessionFiles::exportHandout(const Lesson& lesson)
{
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Export the hand-out"),
        lesson.id + QStringLiteral("-handout.pdf"), tr("PDF (*.pdf);;HTML (*.html)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!m_session->exportHandout(path, lesson, &error))
        warn(error);
    else
        emit message(tr("Hand-out written to %1").arg(path));
}

void SessionFiles::exportCharts()
{
    const QString folder = QFileDialog::getExistingDirectory(m_window, tr("Export all charts into"));
    if (folder.isEmpty())
        return;
    QString error;
    if (!m_session->exportCharts(folder, kExportSize, kExportDpi, &error))
        warn(error);
    else
        emit message(tr("Charts written to %1").arg(folder));
}

void SessionFiles::exportScalingChart()
{
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Export the scaling chart"),
        QStringLiteral("orders-vs-threads.svg"), tr("SVG (*.svg);;PDF (*.pdf);;PNG (*.png)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!ChartExporter::save(m_comparison->scalingView()->chart(), path, kExportSize, kExportDpi, &error))
        warn(error);
}

void SessionFiles::exportResults()
{
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Export results"),
        QStringLiteral("lockbench-results.json"),
        tr("JSON, opens again with File → Open results (*.json);;CSV (*.csv)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!m_session->exportResults(path, &error))
        warn(error);
    else
        emit message(tr("Exported to %1").arg(path));
}

void SessionFiles::warn(const QString& error)
{
    QMessageBox::warning(m_window, tr("Export failed"), error);
}
