#pragma once

#include "app/server/serverchoice.h"

#include <QList>
#include <QObject>

#include <optional>

class LabServer;

// One experiment on several servers in turn, side by side (the lab's MariaDB, then its
// PostgreSQL): which servers are left, and the wait for the next one to start or pass its check
// before its leg runs. The session runs each leg and asks for the next when one ends.
class ServerLegs : public QObject {
    Q_OBJECT
public:
    explicit ServerLegs(LabServer* server, QObject* parent = nullptr);

    // Plans the legs and goes to the first server: ready() or failed() follows.
    void begin(const QList<ServerChoice>& servers);
    // After a leg: goes to the next server (ready() or failed() follows); false when none is left.
    bool advance();
    // Between two legs, waiting for a server: a run is still going.
    bool waiting() const { return m_waiting; }
    // No further leg; a wait under way starts nothing.
    void cancel();
    // The run is over: no further leg, and the server chosen before the legs is chosen again
    // (the window's Server panel's), as the refresh of the Run button no longer chooses it.
    void finish();

signals:
    void ready(); // the server of the next leg can be run on
    void failed(const QString& why);

private:
    void prepared(bool ok, const QString& message);

    LabServer* m_server;
    QList<ServerChoice> m_next;
    std::optional<ServerChoice> m_before; // chosen when the legs began
    bool m_waiting = false;
};
