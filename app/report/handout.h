#pragma once

#include "app/core/lesson.h"
#include "app/core/sourcedresult.h"
#include "app/report/chartfactory.h"

#include <QList>
#include <QString>

// A lesson's hand-out: for each step, the text the class heard, what to notice, the question,
// then the rows that step ran, with the chart it asked to look at and the orders per strategy.
namespace Handout {

struct Step {
    const LessonStep* step = nullptr;
    int number = 0; // from 1
    QList<SourcedResult> rows; // the results this step ran, in run order
    const LessonStep* previous = nullptr; // the step before, none for the first
};

// Each step with its rows: a row belongs to the first step whose experiment and strategies it
// ran and that has no row of that strategy yet. Rows of no step are left out.
QList<Step> split(const Lesson& lesson, const QList<SourcedResult>& rows);
// The lesson's title, summary and, for a step, its text, notice and question (HTML).
QString lessonHtml(const Lesson& lesson);
QString stepHtml(const Step& step);
// The settings a step sets: each field that differs from the lab's default or from the
// previous step, with what it was; a few lines where the full table fills half a page.
QString changesHtml(const Step& step);
// Every setting of every step, for the end of the hand-out.
QString appendixHtml(const QList<Step>& steps);
// The charts a step's rows are shown with: the one the step asks for, when it is drawn over
// time, and the orders per strategy. The caller owns them.
QList<ChartFactory::NamedChart> charts(const Step& step);

} // namespace Handout
