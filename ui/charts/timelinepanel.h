#pragma once

#include "app/core/sourcedresult.h"

#include <QWidget>

class QComboBox;
class QLabel;
class LegendStrip;
class TimelineView;

// The hot row in slow motion for one run of the latest: the strategy chosen above, the
// phases named in a strip, a sentence on what the lanes show (how many held a row at once, what
// period was kept), and the lanes.
class TimelinePanel : public QWidget {
    Q_OBJECT
public:
    explicit TimelinePanel(QWidget* parent = nullptr);

    void setSources(const QList<SourcedResult>& sources);
    TimelineView* view() const { return m_view; }
    QComboBox* runChoice() const { return m_choice; }
    QString caption() const;

private:
    void showRun(int index);

    QComboBox* m_choice;
    LegendStrip* m_strip;
    QLabel* m_caption;
    TimelineView* m_view;
    QList<StrategyResult> m_runs; // the latest results that kept a timeline
};
