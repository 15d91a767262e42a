#pragma once

#include "app/db/redisendpoint.h"
#include "app/server/serverchoice.h"

#include "app/core/experiment.h"
#include "app/core/lesson.h"
#include "app/core/sweepplan.h"

#include <QCoreApplication>
#include <QSize>
#include <QStringList>

// What the user asked for on the command line, parsed and checked.
struct CommandLine {
    Q_DECLARE_TR_FUNCTIONS(CommandLine)
public:
    enum class Action { Run, Sweep, Lesson, ListLessons, Help, Version, Fail };
    Action action = Action::Run;
    Experiment experiment;
    QStringList strategies;
    // An experiment file's own "strategy" and "strategy-file" keys (the flags' values, its files
    // relative to it): the flags, when given, come first.
    QString experimentStrategy;
    QStringList experimentStrategyFiles;
    ServerChoice server; // --server: embedded, cluster:N, postgres or a mysql:// or postgres:// URL
    QList<ServerChoice> servers; // every server of --server, the first one being `server`
    std::optional<RedisEndpoint> redis; // --redis; none: the lab's own, started when a strategy needs it
    QString jsonPath;
    QString csvPath;
    QString saveExperimentPath;
    QString locksJsonPath;
    QString reportPath; // .html or .pdf
    QString chartsDir; // every chart as PNG, SVG and PDF
    QSize chartSize { 1200, 700 };
    int chartDpi = 144;
    SweepPlan sweep; // for Action::Sweep
    std::optional<Lesson> lesson; // for Action::Lesson: its steps are the runs, its hand-out the report
    bool pdfHandoutToo = false; // a lesson with no --report writes <lesson>-handout.html and .pdf
    bool quiet = false;
    bool predict = false; // calibrate, print the predicted rates, then run
    QStringList errors; // one line per problem, each naming its flag
    QString helpText;

    // `arguments` includes the program name, as QCoreApplication::arguments() gives it.
    static CommandLine parse(const QStringList& arguments);
    // Whether the run draws charts (a report or chart files), which needs a QApplication;
    // never a display.
    bool drawsCharts() const { return !reportPath.isEmpty() || !chartsDir.isEmpty(); }
    QList<RunCell> cells() const;
    // The servers and what runs on each, in order: every cell on each server of --server, or a
    // lesson's steps on the servers they name (consecutive steps on one server run together).
    struct Leg {
        ServerChoice server;
        QList<RunCell> cells;
    };
    QList<Leg> legs() const;
};
