#pragma once

#include "app/db/connectionparams.h"
#include "app/server/childprocess.h"

#include <QCoreApplication>
#include <QLockFile>
#include <QString>
#include <QTemporaryDir>

#include <functional>
#include <memory>

// The lab's private MariaDB: its own data directory under the user's app-data location,
// a private unix socket and a free loopback port. Initialised on first use; stopped when
// this object dies, and (through PR_SET_PDEATHSIG) when the lab process dies abruptly.
// Must be started and stopped from one long-lived thread.
class EmbeddedServer {
    Q_DECLARE_TR_FUNCTIONS(EmbeddedServer)

public:
    using Progress = std::function<void(const QString&)>;

    explicit EmbeddedServer(QString dataRoot = defaultDataRoot());
    ~EmbeddedServer();
    EmbeddedServer(const EmbeddedServer&) = delete;
    EmbeddedServer& operator=(const EmbeddedServer&) = delete;

    bool start(QString* error, const Progress& progress = {});
    // Initialises the data directory if it has never been (start() does it too); the cluster
    // calls it first, to hand a joiner's directory to the state transfer's user.
    bool ensureInitialised(QString* error, const Progress& progress = {});
    // Options added to the server's command line at the next start, after the lab's own
    // (tests use it to start a server unlike the lab's, e.g. one without InnoDB).
    void setExtraArguments(const QStringList& arguments) { m_extraArguments = arguments; }
    // The port to listen on, when still free at start(); by default any free port.
    void setPort(int port) { m_port = port; }
    void setExtraPort(int port) { m_extraPort = port; } // likewise, MariaDB's extra_port
    void stop();
    bool isRunning() const;
    // Started, and then ended without stop(): killed or crashed.
    bool died() const { return m_process.died(); }

    ConnectionParams connectionParams(const QString& database = QStringLiteral("lockbench")) const;
    QString dataDirectory() const { return m_dataRoot + QStringLiteral("/data"); }
    QString errorLogPath() const { return dataDirectory() + QStringLiteral("/error.log"); }
    // The server's own temporary files (and the installer's), beside its data: in the shared
    // /tmp, two labs (or two tests) initialising at once removed each other's temporary tables.
    QString tmpDirectory() const { return m_dataRoot + QStringLiteral("/tmp"); }
    QString socketPath() const { return m_socketPath; }
    int port() const { return m_port; }
    QString version() const { return m_version; }
    qint64 lastStartMs() const { return m_lastStartMs; }
    qint64 serverPid() const;

    // $LOCKBENCH_DATA_DIR, else <AppDataLocation>/mariadb.
    static QString defaultDataRoot();
    static QString findServerBinary();

private:
    bool initialise(QString* error, const Progress& progress);
    // The steps of start(): the data directory taken (one lab at a time), its socket, ports
    // and temporary folder chosen, the server's arguments, and the process started.
    bool lockDataRoot(QString* error);
    bool chooseAddresses(QString* error);
    void rotateErrorLog() const;
    QStringList serverArguments(const QString& binary);
    bool launch(const QString& binary, const QStringList& arguments, QString* error);
    void stopStaleServer();
    bool waitUntilReady(QString* error);
    QString errorLogTail() const;

    QString m_dataRoot;
    std::unique_ptr<QLockFile> m_lock;
    std::unique_ptr<QTemporaryDir> m_socketDir;
    ChildProcess m_process;
    QString m_socketPath;
    int m_port = 0;
    int m_extraPort = 0; // MariaDB's: the heartbeat's way past the thread pool's queue
    QString m_version;
    qint64 m_logSizeAtLaunch = 0; // where this start's lines begin in the error log
    qint64 m_lastStartMs = 0;
    QStringList m_extraArguments;
};
