#pragma once

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>

// Every deadlock of a run counted three ways: the reports the lab captured with their
// statements (from the error log, or by polling SHOW ENGINE INNODB STATUS on a server by URL),
// the server's own count (Innodb_deadlocks, summed over a cluster's nodes), and the clients'
// errors 1213. They agree, or the sentence names the difference and what it is.
struct DeadlockAccount {
    Q_DECLARE_TR_FUNCTIONS(DeadlockAccount)
public:
    long long captured = 0;
    long long server = -1; // -1: the server's count could not be read
    long long clients = 0;
    bool polled = false; // captured by polling: deadlocks between two reads are not seen
    long long clusterAborts = 0; // a cluster's brute-force aborts, which clients also see as 1213

    bool any() const { return captured > 0 || server > 0 || clients > 0; }
    bool agrees() const { return captured == server && server == clients; }
    // One sentence, empty when the run had no deadlock.
    QString sentence() const;
    // {"captured", "server" (null when unread), "clients", "polled", "cluster_aborts", "agrees"}
    QJsonObject toJson() const;
    static DeadlockAccount fromJson(const QJsonObject& object);
};
