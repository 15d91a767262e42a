#pragma once

#include <QChartView>

// A chart view whose context menu exports the chart as PNG (size and DPI asked for), SVG
// or PDF.
class ExportableChartView : public QChartView {
    Q_OBJECT
public:
    explicit ExportableChartView(QWidget* parent = nullptr);

    // Asks for a file (and, for PNG, size and DPI) and writes the chart; reports errors.
    void exportAs(const QString& format);

protected:
    void contextMenuEvent(QContextMenuEvent* event) override;
    // Actions a kind of chart adds above the exports.
    virtual void addMenuActions(QMenu*) { }
};
