#pragma once

#include "app/core/sourcedresult.h"

#include <QWidget>

class ExportableChartView;
class LegendStrip;

// Where each strategy's orders spent their time, for the latest run: one bar per strategy
// split into the parts the clients' clocks measured, the parts named in a strip that wraps
// above the chart so that every name stays whole on a projector.
class TimeSplitPanel : public QWidget {
    Q_OBJECT
public:
    explicit TimeSplitPanel(QWidget* parent = nullptr);

    void setSources(const QList<SourcedResult>& sources);
    ExportableChartView* view() const { return m_view; }

private:
    LegendStrip* m_strip;
    ExportableChartView* m_view;
};
