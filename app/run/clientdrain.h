#pragma once

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QSqlDatabase>
#include <QString>

#include <atomic>
#include <functional>

class RunEnvironment;

// The clients of a stopped run finishing the orders they have under way. Meanwhile the run
// says each second how many are left. After Stop now the lab ends the statements they wait in
// (KILL QUERY from the control connection, every quarter second, for each client connection
// with a statement under way): an order waiting for a hot row is rolled back and cancelled
// instead of waited for, and the queue's writers drop the orders still queued.
class ClientDrain {
    Q_DECLARE_TR_FUNCTIONS(ClientDrain)

public:
    // The server is asked only while it answers (neither silent nor lost).
    ClientDrain(RunEnvironment& environment, const std::atomic<bool>* stopNow, QSqlDatabase control,
        std::function<void(const QString&)> say);

    // Called while the clients end (ClientPool::join), with how many still have an order under way.
    void look(int underWay);
    long long statementsEnded() const { return m_ended; }

private:
    void endStatements();

    RunEnvironment& m_environment;
    const std::atomic<bool>* m_stopNow;
    QSqlDatabase m_control;
    std::function<void(const QString&)> m_say;
    QElapsedTimer m_clock;
    qint64 m_saidAtMs;
    qint64 m_endedAtMs;
    bool m_saidCluster = false;
    bool m_saidNow = false; // the last count said was after Stop now
    long long m_ended = 0;
};
