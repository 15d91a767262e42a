#pragma once

#include "app/db/connectionparams.h"

#include <QObject>
#include <QThread>

class EmbeddedServer;

// Owns the embedded MariaDB on a thread of its own, so that starting it (seconds on first
// use) never freezes the window, and so that the thread that started the server, which
// the kernel watches for PR_SET_PDEATHSIG, lives as long as the lab.
class ServerController : public QObject {
    Q_OBJECT
public:
    enum class State { Stopped, Starting, Ready, Failed };
    Q_ENUM(State)

    explicit ServerController(QObject* parent = nullptr);
    ~ServerController() override;

    void start();
    // The server went away under a run: forget the dead process and start again on the
    // same data directory (InnoDB recovers what was committed).
    void restartAfterLoss();
    qint64 serverPid() const { return m_pid; }
    State state() const { return m_state; }
    ConnectionParams params(const QString& database) const;
    QString version() const { return m_version; }
    QString dataDirectory() const;
    QString message() const { return m_message; }

signals:
    void stateChanged(ServerController::State state, const QString& message);

private:
    void setState(State state, const QString& message);

    QThread m_thread;
    QObject* m_context; // lives on m_thread; work is queued to it
    EmbeddedServer* m_server = nullptr; // touched only on m_thread
    State m_state = State::Stopped;
    QString m_message;
    QString m_version;
    qint64 m_pid = 0;
    ConnectionParams m_params;
};
