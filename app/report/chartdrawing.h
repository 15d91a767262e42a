#pragma once

#include "app/results/reportdrawing.h"

// The report and the chart files drawn with Qt Charts (ReportWriter, ChartExporter).
class ChartDrawing final : public ReportDrawing {
public:
    bool writeReport(const QString& path, const ReportContent& content, QString* error) const override;
    bool writeCharts(const QString& folder, const QList<SourcedResult>& sources, QSize size, int dpi,
        QString* error) const override;
};
