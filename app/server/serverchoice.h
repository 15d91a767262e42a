#pragma once

#include "app/core/servershape.h"
#include "app/db/connectionparams.h"
#include "app/server/ownserver.h"

#include <QCoreApplication>
#include <QString>

#include <optional>

// Where the lab runs, as a person names it on either front: "embedded" (the lab's private
// MariaDB), "cluster" or "cluster:N" (its private Galera cluster of N nodes), "postgres" (its
// private PostgreSQL), or a URL: mysql:// (one server, or a cluster's nodes as several hosts)
// or postgres://. Parsed and checked here once.
struct ServerChoice {
    Q_DECLARE_TR_FUNCTIONS(ServerChoice)

public:
    // Which of the lab's own servers; none: the server at `url`.
    std::optional<OwnServerKind> own = OwnServerKind {};
    ConnectionParams url;

    static ServerChoice embedded() { return {}; }
    static ServerChoice cluster(int nodes) { return { OwnServerKind { nodes, false }, {} }; }
    static ServerChoice postgres() { return { OwnServerKind { 0, true }, {} }; }
    static ServerChoice at(const ConnectionParams& params) { return { std::nullopt, params }; }
    // "embedded", "cluster[:N]", "postgres" or a URL; nullopt with `error` saying what is wrong. A URL's
    // database defaults to `database`; its password, when the URL has none, is the one
    // given (a window's password field), else $LOCKBENCH_PASSWORD, which keeps it out of `ps`.
    static std::optional<ServerChoice> parse(
        const QString& text, const QString& database, const QString& password, QString* error);

    // Several servers, comma-separated, each run in turn with the same experiment
    // ("embedded,postgres"); a URL's own host list stays one server.
    static std::optional<QList<ServerChoice>> parseList(
        const QString& text, const QString& database, const QString& password, QString* error);

    bool startsOwnServer() const { return own.has_value(); }
    // The lab's own servers: 0 for the single one, else the cluster's nodes.
    int ownClusterNodes() const { return own ? own->clusterNodes : 0; }
    bool isPostgres() const { return own ? own->postgres : url.isPostgres(); }
    // As a person names it on the command line, a URL's password masked: "postgres", "cluster:3".
    QString name() const;
    // The servers the clients can be placed on: 1, the cluster's nodes, or the URL's hosts.
    int nodeCount() const;
    // What the field rules and the check of an experiment need to know of it.
    ServerShape shape() const { return { nodeCount(), startsOwnServer(), isPostgres() }; }
    bool operator==(const ServerChoice& other) const;
};
