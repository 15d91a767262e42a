#pragma once

#include "app/db/connectionparams.h"
#include "app/server/childprocess.h"

#include <QCoreApplication>
#include <QLockFile>
#include <QString>
#include <QTemporaryDir>

#include <functional>
#include <memory>

// The lab's private PostgreSQL (Debian's postgresql-15, or any 13 or later it finds): a cluster
// initialised on first use beside the embedded MariaDB's data, a private socket directory and a
// free loopback port, the lab's database in it. PostgreSQL refuses to run as root: when the lab
// is root, initdb and the server run as the account "postgres" (else "nobody"), in a directory
// that account can reach. Stopped when this object dies, and (PR_SET_PDEATHSIG) when the lab
// dies abruptly. Started and stopped from one long-lived thread.
class EmbeddedPostgres {
    Q_DECLARE_TR_FUNCTIONS(EmbeddedPostgres)

public:
    using Progress = std::function<void(const QString&)>;

    // `dataRoot`: the lab's data root (EmbeddedServer::defaultDataRoot()); the cluster lives in
    // its "postgres" folder.
    explicit EmbeddedPostgres(QString dataRoot);
    ~EmbeddedPostgres();
    EmbeddedPostgres(const EmbeddedPostgres&) = delete;
    EmbeddedPostgres& operator=(const EmbeddedPostgres&) = delete;

    bool start(QString* error, const Progress& progress = {});
    void stop();
    bool isRunning() const;
    bool died() const { return m_process.died(); }

    ConnectionParams connectionParams(const QString& database = QStringLiteral("lockbench")) const;
    QString clusterDirectory() const { return m_clusterRoot; }
    QString dataDirectory() const { return m_clusterRoot + QStringLiteral("/data"); }
    QString logPath() const { return m_clusterRoot + QStringLiteral("/server.log"); }
    int port() const { return m_port; }
    QString version() const { return m_version; }
    qint64 serverPid() const;
    // The account the server runs as ("" when the lab is not root and it runs as the lab's user).
    QString account() const { return m_account; }

    // The directory of initdb and postgres: the newest /usr/lib/postgresql/N/bin, else $PATH's.
    static QString findBinDirectory();
    static constexpr const char* kSuperuser = "lockbench";

private:
    // The steps of start(): the cluster's place and owner, one lab at a time, initdb once, a
    // socket directory and a port, the process, and the lab's database in it.
    bool placeCluster(QString* error);
    bool lockCluster(QString* error);
    bool ensureInitialised(const QString& binDirectory, QString* error, const Progress& progress);
    bool chooseAddresses(QString* error);
    bool launch(const QString& binDirectory, QString* error);
    void stopStaleServer();
    bool waitUntilReady(QString* error);
    bool ensureDatabase(QString* error);
    bool handOver(const QString& path, QString* error) const; // chown to the account
    // A program of the server's, run as its account, dying with the lab.
    ChildProcess::Launch launchAs(const QString& program, const QStringList& arguments) const;
    QString logTail() const;

    QString m_dataRoot;
    QString m_clusterRoot;
    QString m_account;
    unsigned m_uid = 0;
    unsigned m_gid = 0;
    std::unique_ptr<QLockFile> m_lock;
    std::unique_ptr<QTemporaryDir> m_socketDir;
    ChildProcess m_process;
    int m_port = 0;
    QString m_version;
};
