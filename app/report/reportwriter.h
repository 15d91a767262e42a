#pragma once

#include "app/report/chartfactory.h"
#include "app/results/reportdrawing.h"

#include <QString>

// One self-contained report of a session, ready to hand out in class: the server and its
// version, then each experiment with its rows, their notes, the settings each strategy ran
// under, and every chart of the window for those rows. HTML embeds the charts as SVG; PDF draws them as
// pictures.
namespace ReportWriter {

QString html(const ReportContent& report);
// Every chart of the report, named for files; an experiment's number prefixes the names
// when there are several.
QList<ChartFactory::NamedChart> charts(const QList<SourcedResult>& sources);
bool writeHtml(const QString& path, const ReportContent& report, QString* error);
bool writePdf(const QString& path, const ReportContent& report, QString* error);
// By extension: .html/.htm or .pdf.
bool write(const QString& path, const ReportContent& report, QString* error);

} // namespace ReportWriter
