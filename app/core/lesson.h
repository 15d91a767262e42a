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
    QString chart; // a TimeMetric id ("orders-per-second"), or "oversell", "scaling", "timeline",
                   // "lock-inspector", "deadlocks"
    QString notice; // what to notice on that chart
    QString question;
    // The lab predicts each strategy's rate before the run, and keeps it hidden until the class
    // has guessed ("predict": true).
    bool predict = false;
    // The lab's own server the step runs on ("embedded" or "postgres"), for a lesson that
    // compares engines; empty: the server chosen.
    QString server;
};

// A lesson shipped in resources/lessons: a sequence of steps on one idea of the articles.
struct Lesson {
    QString id; // the file name without ".json": what `lockbench lesson NAME` takes
    QString title; // in the reader's language
    QString sourceTitle; // as the lesson's file has it, in English
    QString summary;
    QList<LessonStep> steps;

    // Named by its id or its title, in either language, whatever the case.
    bool isNamed(const QString& name) const
    {
        return id.compare(name, Qt::CaseInsensitive) == 0 || title.compare(name, Qt::CaseInsensitive) == 0
            || sourceTitle.compare(name, Qt::CaseInsensitive) == 0;
    }
};
