#pragma once

#include "app/server/servercheck.h"
#include "app/server/serverchoice.h"
#include "app/server/servercontroller.h"
#include "app/session/ownserverstate.h"

#include <QObject>

class BackgroundJobs;

// The server a session runs on, chosen, checked and described once for both fronts: the
// lab's own MariaDB or Galera cluster (started on the controller's thread), or a server by
// URL (checked off the caller's thread, which learns its version). Lives on the GUI (or
// main) thread; every signal arrives there.
class LabServer : public QObject {
    Q_OBJECT
public:
    explicit LabServer(QObject* parent = nullptr);

    // When the lab's own server, once chosen, starts: at once, or when a run needs it (a choice
    // given back after a plan, whose server had not been started, stays unstarted).
    enum class Start { Now, WhenRun };
    // Takes effect at once: the lab's own server switches between single and cluster (and
    // starts, as `start` says), a URL other than the last one is checked again before it is
    // run on.
    void choose(const ServerChoice& choice, Start start = Start::Now);
    // Now when the lab's own server is starting or running, as a choice given back should find it.
    Start ownServerStart() const;
    const ServerChoice& choice() const { return m_choice; }
    // Starts the lab's own server unless it runs, or checks the URL (as deep as `depth`: a
    // run only connects, a person's Test also opens the lab's database); prepared() follows.
    void prepare(ServerCheck::Depth depth = ServerCheck::Depth::Connect);
    // A URL not checked yet: a run checks it first.
    bool needsCheck() const { return !m_choice.startsOwnServer() && m_check == Check::None; }
    // Why a run cannot start on the chosen server now (starting, failed, failed its check).
    QString problem() const;
    // The same for `choice` were it chosen now, changing nothing: a choice other than the
    // current one is a lab's own server that has yet to start, or a URL not yet checked.
    QString problemWith(const ServerChoice& choice) const;
    ConnectionParams params(const QString& database) const;
    QString version() const;
    // "the lab's embedded MariaDB in <dir>, 10.11.6-MariaDB-0+deb12u1", or the URL and version.
    QString description() const;
    // "MariaDB 10.11.6", "MySQL 8.0.36" or "PostgreSQL 15.18": the engine and its version, short.
    QString engineLabel() const;
    // The lab's own server (single or cluster) as files and reports name it.
    QString ownServerName() const;
    ServerController* controller() const { return m_controller; }
    // The chosen server's liveness watch when the lab keeps one (its own server, once ready);
    // null for a server by URL, which each run watches itself.
    std::shared_ptr<ServerLiveness> liveness() const;
    OwnServerState ownServerState() const;

signals:
    void prepared(bool ok, const QString& message);

private:
    // Why the lab's own server, as it stands, cannot be run on; empty when it runs.
    QString ownServerProblem() const;
    enum class Check { None, Running, Passed, Failed };
    void ownServerChanged(ServerController::State state, const QString& message);

    ServerController* m_controller;
    BackgroundJobs* m_jobs;
    ServerChoice m_choice;
    Check m_check = Check::None;
    QString m_checkMessage;
    QString m_version; // of the server by URL, learnt by its check
    bool m_preparingOwn = false;
};
