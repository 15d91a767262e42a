#pragma once

#include "app/db/connectionparams.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

class OwnServer;

// Which of the lab's own servers: its MariaDB, a Galera cluster of them, or its PostgreSQL. What
// each is called while it starts, once ready and when lost is said here, once for every kind.
struct OwnServerKind {
    Q_DECLARE_TR_FUNCTIONS(OwnServerKind)

public:
    int clusterNodes = 0; // 0: not a cluster
    bool postgres = false;

    bool operator==(const OwnServerKind&) const = default;
    std::unique_ptr<OwnServer> create() const;
    // "MariaDB" or "PostgreSQL", as messages name the engine.
    QString engineName() const;
    // As a person names it on the command line, and files name it: "embedded", "cluster:3", "postgres".
    QString name() const;
    // "the lab's embedded MariaDB in <dir>, 10.11.6-MariaDB-0+deb12u1".
    QString description(const QString& dataDirectory, const QString& version) const;
    QString starting() const; // "starting the embedded MariaDB…"
    QString ready(const QString& version) const; // "Ready: MariaDB 10.11.6"
    QString lost() const; // "the embedded MariaDB went away"
    // Where its data lives before it starts (PostgreSQL may choose another place as it starts).
    QString dataDirectory() const;
};

// One of the lab's own servers as the controller starts, reads and stops it, whatever its kind;
// destroying it stops it. Used from one thread, the one that started it.
class OwnServer {
public:
    using Progress = std::function<void(const QString&)>;
    virtual ~OwnServer() = default;

    virtual bool start(QString* error, const Progress& progress) = 0;
    virtual bool isRunning() const = 0;
    // How to reach it (every node listed, for a cluster), for the lab's database.
    virtual ConnectionParams connectionParams() const = 0;
    virtual QString version() const = 0;
    virtual qint64 pid() const = 0; // node 1's, for a cluster
    virtual QString dataDirectory() const = 0;
};
