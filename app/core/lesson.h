#pragma once

#include "app/core/experiment.h"

#include <QList>
#include <QString>
#include <QStringList>

// One step of a lesson: what the teacher reads out, the experiment it runs and the strategies
// it compares, the chart to look at and what to notice there, and a question for the class.
struct LessonStep {
    QString title;
    QString say; // a few sentences to read out
    Experiment experiment;
    QStringList strategies;
    QString chart; // a TimeMetric id ("orders-per-second"), or "oversell", "scaling", "lock-inspector", "deadlocks"
    QString notice; // what to notice on that chart
    QString question;
};

// A lesson shipped in resources/lessons: a sequence of steps on one idea of the articles.
struct Lesson {
    QString id; // the file name without ".json": what `lockbench lesson NAME` takes
    QString title;
    QString summary;
    QList<LessonStep> steps;
};
