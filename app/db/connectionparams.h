#pragma once

#include "app/core/servershape.h"

#include "app/db/redisendpoint.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>

// Where and as whom to connect. Built from the embedded server or from a mysql:// URL.
struct ConnectionParams {
    Q_DECLARE_TR_FUNCTIONS(ConnectionParams)

public:
    // The server's kind: MySQL or MariaDB (the MySQL protocol), or PostgreSQL beside it.
    enum class Engine { MySql, Postgres };
    Engine engine = Engine::MySql;
    bool isPostgres() const { return engine == Engine::Postgres; }
    QString host = QStringLiteral("127.0.0.1");
    int port = 3306;
    QString socket; // a unix socket wins over host:port when set
    QString user;
    QString password;
    QString database = QStringLiteral("lockbench");
    // Set for the lab's own embedded server: its error log (deadlocks are read from it), and
    // permission to change server-wide knobs such as innodb_flush_log_at_trx_commit.
    QString embeddedErrorLog;
    qint64 embeddedPid = 0; // its process, whose CPU time a run reports
    // MariaDB's extra_port on the same host (0: none): a thread of its own serves each of its
    // connections, outside the thread pool, where thousands of clients' statements queue.
    int extraPort = 0;
    // These parameters aimed at the extra port when the server has one, else unchanged: for
    // the lab's heartbeat, which must hear a busy server answer as fast as an idle one.
    ConnectionParams outsideThreadPool() const;
    bool isEmbedded() const { return !embeddedErrorLog.isEmpty(); }
    // What the field rules and the check of an experiment need to know of this server.
    ServerShape shape() const { return { nodeCount(), isEmbedded(), isPostgres() }; }
    // A cluster's nodes, in order (node 1 first), when the server is more than one: the lab's
    // own Galera cluster or a URL that lists several hosts. host, port and socket are then node
    // 1's, the node the lab's own control connection uses. Empty for a single server.
    struct Node {
        QString host;
        int port = 3306;
        QString socket;
        qint64 pid = 0; // the lab's own node: its process, which a fault may kill
        QString errorLog; // the lab's own node: where it writes every deadlock
        bool operator==(const Node&) const = default;
    };
    QList<Node> nodes;
    int nodeCount() const { return nodes.isEmpty() ? 1 : int(nodes.size()); }
    // These parameters aimed at node `index` (0-based) of the cluster; the same for a single server.
    ConnectionParams onNode(int index) const;
    // The Redis the strategies that keep stock there use: --redis URL, or the lab's private
    // one, which the run starts when a strategy needs it and none was given.
    std::optional<RedisEndpoint> redis;

    // mysql://user:pass@host:port/db[?socket=/path]; mariadb:// is accepted too, and
    // postgres:// (or postgresql://) for PostgreSQL, port 5432 unless given, its socket
    // directory as ?host=/dir or ?socket=/dir. The database stays empty when the URL names none. Several
    // hosts, mysql://user@h1:3306,h2:3306/db, are the nodes of a cluster (Galera, Group Replication
    // multi-primary, or proxies before them).
    static std::optional<ConnectionParams> fromUrl(const QString& url, QString* error);
    // The URL with the password replaced by ***, safe for logs, JSON and reports.
    QString maskedUrl() const;
    QString endpoint() const; // "socket /path" or "host:port"; a cluster's as "h1:3306, h2:3306"

private:
    static std::optional<ConnectionParams> fromOneHost(const QString& url, QString* error);
    static std::optional<ConnectionParams> refuse(const QString& why, QString* error);
};
