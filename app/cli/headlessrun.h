#pragma once

#include "app/cli/commandline.h"

#include "app/report/resultwriter.h"

#include <QObject>

// The headless front: brings up the server (embedded or by URL), runs the experiment,
// prints and writes the results, and returns the process exit status.
class HeadlessRun : public QObject {
    Q_OBJECT
public:
    explicit HeadlessRun(CommandLine commandLine, QObject* parent = nullptr);
    int exec();

private:
    bool writeChartsAndReport(const ResultWriter::RunInfo& info, const QList<StrategyResult>& results, QString* error) const;

    CommandLine m_commandLine;
};
