#pragma once

#include "app/core/lesson.h"
#include "app/report/chartfactory.h"
#include "app/results/resultwriter.h"

#include <QString>

#include <optional>

// One self-contained report of a session, ready to hand out in class: the server and its
// version, then each experiment with its rows, their notes, the settings each strategy ran
// under, and every chart of the window for those rows. HTML embeds the charts as SVG; PDF draws them as
// pictures.
namespace ReportWriter {

struct Report {
    ResultWriter::RunInfo info;
    QList<SourcedResult> sources;
    // A lesson's hand-out: the rows under the steps that ran them, each with its text and question.
    std::optional<Lesson> lesson;
};

QString html(const Report& report);
// Every chart of the report, named for files; an experiment's number prefixes the names
// when there are several.
QList<ChartFactory::NamedChart> charts(const QList<SourcedResult>& sources);
bool writeHtml(const QString& path, const Report& report, QString* error);
bool writePdf(const QString& path, const Report& report, QString* error);
// By extension: .html/.htm or .pdf.
bool write(const QString& path, const Report& report, QString* error);

} // namespace ReportWriter
