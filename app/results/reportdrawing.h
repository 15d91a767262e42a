#pragma once

#include "app/core/lesson.h"
#include "app/core/sourcedresult.h"
#include "app/results/resultwriter.h"

#include <QList>
#include <QSize>
#include <QString>

#include <optional>

// What a report shows: the server and experiment, the rows, and for a lesson's hand-out the
// lesson, its rows under the steps that ran them.
struct ReportContent {
    ResultWriter::RunInfo info;
    QList<SourcedResult> sources;
    std::optional<Lesson> lesson;
};

// How a session's report and chart files are drawn. The charts are Qt Charts, which needs Qt
// Widgets and a QApplication, so the drawing (app/report's ChartDrawing) lives apart from the session: the
// window links it, the command line loads it with the window's module only when a run asks
// for a report or charts. This header needs neither.
class ReportDrawing {
public:
    virtual ~ReportDrawing() = default;
    // HTML or PDF by the path's extension (.html/.htm or .pdf).
    virtual bool writeReport(const QString& path, const ReportContent& content, QString* error) const = 0;
    // Every chart of the rows as PNG (`size`, `dpi`), SVG and PDF files in `folder`.
    virtual bool writeCharts(const QString& folder, const QList<SourcedResult>& sources, QSize size, int dpi,
        QString* error) const = 0;
};
