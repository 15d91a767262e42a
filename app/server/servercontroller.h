#pragma once

#include "app/db/connectionparams.h"
#include "app/server/ownserver.h"
#include "app/server/serverliveness.h"

#include <QObject>
#include <QStringList>
#include <QThread>

#include <memory>

// Owns the embedded MariaDB, the lab's private Galera cluster of them, or its private
// PostgreSQL, on a thread of its own, so that starting it (seconds on first use) never freezes the window,
// and so that the thread that started the servers, which the kernel watches for PR_SET_PDEATHSIG, lives as
// long as the lab.
class ServerController : public QObject {
    Q_OBJECT
public:
    enum class State { Stopped, Starting, Ready, Failed };
    Q_ENUM(State)

    explicit ServerController(QObject* parent = nullptr);
    ~ServerController() override;

    // The single embedded server, a cluster, or the private PostgreSQL; takes effect at the
    // next start(), and stops what runs now.
    void setOwnServer(const OwnServerKind& kind);
    const OwnServerKind& kind() const { return m_kind; }
    void start();
    // The server went away under a run: forget the dead process and start again on the
    // same data directory (InnoDB recovers what was committed).
    void restartAfterLoss();
    qint64 serverPid() const { return m_pid; }
    State state() const { return m_state; }
    ConnectionParams params(const QString& database) const;
    QString version() const { return m_version; }
    QString dataDirectory() const;
    // "MariaDB" or "PostgreSQL", as messages name the lab's own server (this one, or one of
    // that engine).
    QString engineName() const { return m_kind.engineName(); }
    QString message() const { return m_message; }
    // Each node's state as last read ("synced", "joining", "gone"…), node 1 first; empty for a
    // single server. Read every second while a cluster runs, by its liveness watch.
    QStringList nodeStates() const { return m_nodeStates; }
    // The running server's liveness watch, which runs on it read; null until it is ready.
    std::shared_ptr<ServerLiveness> liveness() const { return m_liveness; }

signals:
    void stateChanged(ServerController::State state, const QString& message);
    void nodeStatesChanged(const QStringList& states);
    // The ready server stopped answering ("not answering: …", "gone: …"), or answers again (empty).
    void silenceChanged(const QString& silence);

private:
    void setState(State state, const QString& message);
    void startOnThread(OwnServerKind kind); // on m_thread
    void stopOnThread(); // on m_thread
    void watch(const OwnServerKind& kind); // on m_thread, once the server is ready

    QThread m_thread;
    QObject* m_context; // lives on m_thread; work is queued to it
    std::unique_ptr<OwnServer> m_own; // touched only on m_thread
    OwnServerKind m_ownKind; // what m_own is; on m_thread
    std::shared_ptr<ServerLiveness> m_watching; // on m_thread: the ready server's liveness watch
    std::shared_ptr<ServerLiveness> m_liveness; // the same, on the GUI thread
    int m_silenceListener = 0; // on m_thread: this controller's reading of m_watching
    OwnServerKind m_kind; // the one chosen, on the GUI thread
    QString m_dataDirectory; // where the server keeps its data, as it said once started
    QStringList m_nodeStates;
    State m_state = State::Stopped;
    QString m_message;
    QString m_version;
    qint64 m_pid = 0;
    ConnectionParams m_params;
};
