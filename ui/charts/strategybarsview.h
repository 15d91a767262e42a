#pragma once

#include "app/core/sourcedresult.h"
#include "ui/charts/exportablechartview.h"

// Each strategy's orders/s of the latest run as a bar in its colour (the median with its spread
// when runs repeat; one bar per client count in a sweep): the figure a person wants first,
// beside the lines over time. Redrawn as strategies finish.
class QBarCategoryAxis;

class StrategyBarsView : public ExportableChartView {
    Q_OBJECT
public:
    explicit StrategyBarsView(QWidget* parent = nullptr);

    void setSources(const QList<SourcedResult>& latest);
    qsizetype barCount() const { return m_bars; }

protected:
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void fitTicks(); // as many rate labels as the width holds whole
    void fitTitle();
    QString cutText(const QString& text) const;
    // The bars' names in the largest type, up to the chart's own, that Qt Charts draws whole:
    // many strategies, or a user's long names, in a small window shrink it rather than cut; below
    // 6 points a long name goes on two lines, and then the chart grows taller and the view scrolls.
    void fitNames();
    bool shrinkNames(QBarCategoryAxis* names);
    static QString wrappedName(const QString& name);
    void growForNames(const QStringList& names);
    bool anyNameCut(const QStringList& names) const;
    qsizetype m_bars = 0;
    qreal m_namePointSize = 0.0; // the type the names start from
    QString m_title; // as the chart has it, on one line
};
