#pragma once

#include "app/cli/commandline.h"

#include <QObject>

#include <functional>

class LabSession;
class QEventLoop;

// The headless front: drives a LabSession through the command line's experiment (server,
// runs, recovery, files), prints as it goes, and returns the process's exit status.
class HeadlessRun : public QObject {
    Q_OBJECT
public:
    explicit HeadlessRun(CommandLine commandLine, QObject* parent = nullptr);
    int exec();

private:
    // After a run that lost the embedded server: restart it and audit; the exit status it calls for.
    int auditLostServer(
        LabSession& session, QEventLoop& loop, const std::function<void(const QString&)>& say);
    bool writeFiles(const LabSession& session, QString* error) const;

    CommandLine m_commandLine;
};
