#pragma once

#include "app/report/chartfactory.h"
#include "app/report/resultwriter.h"

#include <QString>

// One self-contained report of a run or sweep, ready to hand out in class: the experiment,
// the server and its version, the settings each strategy ran under, the table with
// verdicts, and every chart. HTML embeds the charts as SVG; PDF draws them as pictures.
namespace ReportWriter {

struct Report {
    ResultWriter::RunInfo info;
    QList<SourcedResult> sources;
};

QString html(const Report& report);
bool writeHtml(const QString& path, const Report& report, QString* error);
bool writePdf(const QString& path, const Report& report, QString* error);
// By extension: .html/.htm or .pdf.
bool write(const QString& path, const Report& report, QString* error);

} // namespace ReportWriter
