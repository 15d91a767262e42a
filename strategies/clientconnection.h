#pragma once

#include "app/db/connectionparams.h"
#include "app/db/databaseconnection.h"

#include <QCoreApplication>

#include <functional>
#include <vector>

class RunEnvironment;
class WorkerCounters;

// One client's connection to the run's server, kept as an application's pool keeps one: it
// opens on the client's node and moves to the next when that node is down or outside the
// group; each session is set up as the experiment asks (isolation, lock wait timeout, the
// statements its users prepare); a lost connection waits for the server and connects again.
class ClientConnection {
    Q_DECLARE_TR_FUNCTIONS(ClientConnection)
public:
    // What a session prepares on each new connection; an error that is set fails the set-up,
    // reported as `failure` ("cannot prepare …: %1").
    struct Preparation {
        QString failure;
        std::function<DatabaseError(DatabaseConnection&)> prepare;
    };

    ClientConnection(RunEnvironment& environment, WorkerCounters& counters);
    ~ClientConnection();
    ClientConnection(const ClientConnection&) = delete;
    ClientConnection& operator=(const ClientConnection&) = delete;

    void addPreparation(Preparation preparation) { m_preparations.push_back(std::move(preparation)); }
    // Called once a lost connection is noticed, before it waits to reconnect: what the dead
    // connection held (its locks, its claims) is no longer this client's.
    void setOnConnectionLost(std::function<void()> callback) { m_onConnectionLost = std::move(callback); }
    // An order that holds units outside the database (redis-split's take from Redis) must learn
    // its outcome to give them back: its lost connection waits for a silent server past the stop
    // line, as the run's closing audit does, instead of leaving the order to the closing lookup.
    void setWaitsPastStop(bool waits) { m_waitsPastStop = waits; }

    bool connect(QString* error);
    // Waits for the server (as long as the run waits for a silent one) and connects again;
    // false when it is gone, the run ends, or the stop line leaves the order to the closing lookup.
    bool reconnect();
    // A node that lost the primary component refuses every statement (1047): the client moves
    // to the next node at its next connect.
    void leaveNodeOutsideTheGroup(const DatabaseError& error);

    DatabaseConnection& connection() { return m_connection; }
    bool isOpen() const { return m_connection.isOpen(); }
    bool postgres() const { return m_connection.postgres() != nullptr; }
    // The server's id of the session (PostgreSQL: its backend).
    unsigned long sessionId() const { return m_sessionId; }
    // Why the last connect or session set-up failed; unset when none did.
    const DatabaseError& reconnectError() const { return m_reconnectError; }

private:
    bool setUpSession(QString* error);
    bool applySettings(QString* error);
    bool givesUpAtStop() const; // a reconnect into a silent server ends here
    bool openTakingTurns(); // connects and sets the session up, in turn with the other clients
    bool openOnSomeNode(); // its node first, then the others in turn

    RunEnvironment& m_environment;
    DatabaseConnection m_connection;
    std::vector<Preparation> m_preparations;
    ConnectionParams m_params; // this client's server: its node of a cluster
    int m_node = 0; // which node, 0-based; a client whose node went away moves to the next
    unsigned long m_sessionId = 0;
    DatabaseError m_reconnectError;
    std::function<void()> m_onConnectionLost;
    bool m_waitsPastStop = false;
};
