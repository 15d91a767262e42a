#pragma once

#include "app/report/reportgroup.h"

#include <QString>

// The HTML of one experiment of a report: the experiment its rows ran, their results table
// (figures only, each in a cell that does not wrap), the spread of repeated runs, the notes
// the table refers to (each row's explanation and any error in full) and the server settings.
// The charts follow it, drawn by the report.
namespace ReportSection {

// "1 SKU, stock 10000, 32 threads, uniform, stop sold-out"
QString summary(const ReportGroup& group);
// "Experiment 2: " and the summary
QString title(const ReportGroup& group, int number);
QString html(const ReportGroup& group, int number, bool withSettings = true);
// Every field of the group's experiment that played a part, four to a line (the table under an
// experiment's title, and a hand-out's appendix).
QString settingsHtml(const ReportGroup& group);
// The style sheet the sections are written for.
QString styleSheet();

} // namespace ReportSection
