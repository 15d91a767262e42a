#include "app/server/embeddedserver.h"

#include "app/core/filelimit.h"
#include "app/db/databaseconnection.h"
#include "app/server/labdirectorylock.h"
#include "app/server/loopbackport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QStandardPaths>

#include <csignal>
#include <unistd.h>

namespace {

const QString kInitialisedMarker = QStringLiteral(".lockbench-initialised");

// mariadb-install-db on a slow disk.
constexpr int kInitialiseMs = 120000;
// A clean InnoDB shutdown flushes the buffer pool; recovery after a crash replays the redo log.
constexpr int kShutdownMs = 60000;
constexpr int kStartUpMs = 60000;
// A stale server of our data directory gets this long after SIGTERM before SIGKILL.
constexpr int kStaleServerMs = 30000;
// What a failed start shows of the error log: its last lines, and its errors before them.
constexpr qint64 kLogReadBytes = 256 * 1024;
constexpr qsizetype kLogTailLines = 20;
// Connections the extra port serves: a heartbeat per run, with room for a second lab.
constexpr int kExtraPortConnections = 64;

bool runningAsRoot()
{
    return geteuid() == 0;
}

QString findExecutable(const QStringList& names)
{
    const QStringList extraPaths = { QStringLiteral("/usr/sbin"), QStringLiteral("/usr/local/sbin"),
        QStringLiteral("/usr/bin"), QStringLiteral("/usr/local/bin") };
    for (const QString& name : names) {
        QString path = QStandardPaths::findExecutable(name);
        if (path.isEmpty())
            path = QStandardPaths::findExecutable(name, extraPaths);
        if (!path.isEmpty())
            return path;
    }
    return {};
}

bool isMariaDb(const QString& binary)
{
    return QFileInfo(binary).fileName().startsWith(QLatin1String("mariadb"))
        || !findExecutable({ QStringLiteral("mariadb-install-db") }).isEmpty();
}

} // namespace

EmbeddedServer::EmbeddedServer(QString dataRoot)
    : m_dataRoot(std::move(dataRoot))
{
}

EmbeddedServer::~EmbeddedServer()
{
    stop();
}

QString EmbeddedServer::defaultDataRoot()
{
    const QString fromEnvironment = qEnvironmentVariable("LOCKBENCH_DATA_DIR");
    if (!fromEnvironment.isEmpty())
        return QDir(fromEnvironment).absolutePath();
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/mariadb");
}

QString EmbeddedServer::findServerBinary()
{
    return findExecutable({ QStringLiteral("mariadbd"), QStringLiteral("mysqld") });
}

bool EmbeddedServer::start(QString* error, const Progress& progress)
{
    if (isRunning())
        return true;
    // The server inherits the lab's limits: thousands of clients need thousands of files there.
    FileLimit::raiseToHard();
    QElapsedTimer clock;
    clock.start();
    if (!lockDataRoot(error))
        return false;
    const QString binary = findServerBinary();
    if (binary.isEmpty()) {
        *error = tr("no MariaDB server found (mariadbd or mysqld); install the mariadb-server-core package");
        m_lock.reset();
        return false;
    }
    stopStaleServer();
    if (!ensureInitialised(error, progress) || !chooseAddresses(error)) {
        m_lock.reset();
        return false;
    }
    rotateErrorLog();
    m_logSizeAtLaunch = QFileInfo(errorLogPath()).size();
    if (progress)
        progress(tr("starting %1 on port %2").arg(QFileInfo(binary).fileName()).arg(m_port));
    if (!launch(binary, serverArguments(binary), error)) {
        m_lock.reset();
        return false;
    }
    if (!waitUntilReady(error)) {
        stop();
        return false;
    }
    m_lastStartMs = clock.elapsed();
    if (progress)
        progress(tr("MariaDB %1 ready in %2 s").arg(m_version).arg(m_lastStartMs / 1000.0, 0, 'f', 1));
    return true;
}

bool EmbeddedServer::lockDataRoot(QString* error)
{
    if (!QDir().mkpath(m_dataRoot)) {
        *error = tr("cannot create the data directory %1").arg(m_dataRoot);
        return false;
    }
    qint64 pid = 0;
    m_lock.reset(); // a restart takes the lock again: its own old one would refuse it
    m_lock = LabDirectoryLock::take(m_dataRoot, &pid);
    if (m_lock)
        return true;
    *error = tr("another lockbench (pid %1) is using the embedded server in %2; close it first")
                 .arg(pid)
                 .arg(m_dataRoot);
    return false;
}

bool EmbeddedServer::chooseAddresses(QString* error)
{
    m_socketDir = std::make_unique<QTemporaryDir>(QDir::tempPath() + QStringLiteral("/lockbench-XXXXXX"));
    if (!m_socketDir->isValid()) {
        *error = tr("cannot create a private socket directory in %1").arg(QDir::tempPath());
        return false;
    }
    m_socketPath = m_socketDir->path() + QStringLiteral("/mysqld.sock");
    // A restart keeps the port: clients given the server's address find it again.
    m_port = LoopbackPort::free(m_port);
    if (m_port == 0) {
        *error = tr("no free loopback port for the embedded server");
        return false;
    }
    if (!QDir().mkpath(tmpDirectory())) {
        *error = tr("cannot create %1").arg(tmpDirectory());
        return false;
    }
    return true;
}

void EmbeddedServer::rotateErrorLog() const
{
    // Every deadlock goes to the error log: keep one old generation instead of letting it grow.
    if (QFileInfo(errorLogPath()).size() > 64LL * 1024 * 1024) {
        QFile::remove(errorLogPath() + QStringLiteral(".old"));
        QFile::rename(errorLogPath(), errorLogPath() + QStringLiteral(".old"));
    }
}

QStringList EmbeddedServer::serverArguments(const QString& binary)
{
    QStringList arguments = {
        QStringLiteral("--no-defaults"),
        QStringLiteral("--datadir=") + dataDirectory(),
        QStringLiteral("--tmpdir=") + tmpDirectory(),
        QStringLiteral("--socket=") + m_socketPath,
        QStringLiteral("--port=%1").arg(m_port),
        QStringLiteral("--bind-address=127.0.0.1"),
        QStringLiteral("--pid-file=") + dataDirectory() + QStringLiteral("/server.pid"),
        QStringLiteral("--log-error=") + errorLogPath(),
        QStringLiteral("--skip-name-resolve"),
        // Room for 20,000 clients; the server lowers it to what its open-files limit allows.
        QStringLiteral("--max-connections=20200"),
        QStringLiteral("--max-prepared-stmt-count=200000"),
        QStringLiteral("--innodb-buffer-pool-size=256M"),
        QStringLiteral("--character-set-server=utf8mb4"),
    };
    if (isMariaDb(binary)) {
        // The clients share the machine's cores with the server, and a hot row keeps many
        // connections waiting: a pool of about one thread per core runs what can run, and
        // InnoDB does not spin on a latch whose holder may be waiting for a core. On 2 cores,
        // 64 threads on 16 slot rows: 2.4x the orders/s of one thread per connection with
        // spinning (bench/perf.sh). Uncontended throughput does not change.
        arguments << QStringLiteral("--innodb-print-all-deadlocks=ON")
                  << QStringLiteral("--thread-handling=pool-of-threads")
                  << QStringLiteral("--innodb-spin-wait-delay=0");
        // In the pool, the heartbeat's ping would queue behind the first statements of
        // thousands of clients and take a busy server for a silent one. The extra port gives
        // each of its few connections a thread of its own.
        m_extraPort = LoopbackPort::freeBesides(m_port, m_extraPort);
        if (m_extraPort != 0)
            arguments << QStringLiteral("--extra-port=%1").arg(m_extraPort)
                      << QStringLiteral("--extra-max-connections=%1").arg(kExtraPortConnections);
    }
    if (runningAsRoot())
        arguments << QStringLiteral("--user=root");
    arguments << m_extraArguments;

    return arguments;
}

bool EmbeddedServer::launch(const QString& binary, const QStringList& arguments, QString* error)
{
    ChildProcess::Launch launch;
    launch.program = binary;
    launch.arguments = arguments;
    launch.outputFile = m_dataRoot + QStringLiteral("/server.out");
    // A session of its own, as a server running as a service has. Linux (sched_autogroup, on by
    // default) shares the CPU between sessions first, then between the threads of each: in the
    // lab's session, what the clients get would depend on how many threads the server runs, and
    // the other way round. On 2 cores, 32 clients without a round trip sold a quarter fewer
    // orders/s that way.
    launch.inChild = [] { ::setsid(); };
    return m_process.start(launch, error);
}

bool EmbeddedServer::ensureInitialised(QString* error, const Progress& progress)
{
    return QFile::exists(dataDirectory() + QLatin1Char('/') + kInitialisedMarker)
        || initialise(error, progress);
}

bool EmbeddedServer::initialise(QString* error, const Progress& progress)
{
    if (progress)
        progress(tr("initialising a new data directory in %1").arg(dataDirectory()));
    const QString staging = m_dataRoot + QStringLiteral("/data.initialising");
    QDir(staging).removeRecursively();
    QDir(dataDirectory()).removeRecursively(); // an interrupted earlier attempt
    if (!QDir().mkpath(staging) || !QDir().mkpath(tmpDirectory())) {
        *error = tr("cannot create %1").arg(staging);
        return false;
    }

    QString program
        = findExecutable({ QStringLiteral("mariadb-install-db"), QStringLiteral("mysql_install_db") });
    QStringList arguments;
    if (!program.isEmpty()) {
        // The lab's server takes connections on its socket and 127.0.0.1 only: a host name that
        // does not resolve (a container, a chroot without /etc/hosts) need not stop it (--force).
        arguments = { QStringLiteral("--no-defaults"), QStringLiteral("--datadir=") + staging,
            QStringLiteral("--tmpdir=") + tmpDirectory(),
            QStringLiteral("--auth-root-authentication-method=normal"), QStringLiteral("--skip-test-db"),
            QStringLiteral("--skip-name-resolve"), QStringLiteral("--force") };
    } else {
        program = findServerBinary(); // MySQL: mysqld --initialize-insecure
        arguments = { QStringLiteral("--no-defaults"), QStringLiteral("--initialize-insecure"),
            QStringLiteral("--datadir=") + staging, QStringLiteral("--tmpdir=") + tmpDirectory() };
    }
    if (runningAsRoot())
        arguments << QStringLiteral("--user=root");

    ChildProcess::Launch installer;
    installer.program = program;
    installer.arguments = arguments;
    if (QString output; !ChildProcess::runToEnd(installer, kInitialiseMs, &output)) {
        *error = tr("initialising the data directory failed: %1").arg(output);
        return false;
    }
    QFile marker(staging + QLatin1Char('/') + kInitialisedMarker);
    if (!marker.open(QIODevice::WriteOnly) || !QDir().rename(staging, dataDirectory())) {
        *error = tr("cannot finish the data directory in %1").arg(dataDirectory());
        return false;
    }
    return true;
}

void EmbeddedServer::stopStaleServer()
{
    // A lab killed with -9 before PR_SET_PDEATHSIG existed, or a server left by a crash:
    // stop it if, and only if, it is a server on our data directory.
    QFile pidFile(dataDirectory() + QStringLiteral("/server.pid"));
    if (!pidFile.open(QIODevice::ReadOnly))
        return;
    const qint64 pid = QString::fromLatin1(pidFile.readAll()).trimmed().toLongLong();
    pidFile.close();
    if (pid <= 1)
        return;
    QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(pid));
    if (!cmdline.open(QIODevice::ReadOnly) || !cmdline.readAll().contains(dataDirectory().toUtf8()))
        return;
    ChildProcess::stopLeftover(pid, SIGTERM, kStaleServerMs);
}

bool EmbeddedServer::waitUntilReady(QString* error)
{
    const ConnectionParams params = connectionParams();
    const auto answers = [&] {
        DatabaseConnection probe;
        if (!probe.open(params, false))
            return false;
        m_version = probe.serverVersion();
        return true;
    };
    switch (m_process.waitUntil(answers, kStartUpMs)) {
    case ChildProcess::Ready::Answered:
        return true;
    case ChildProcess::Ready::Exited:
        *error = tr("the embedded server exited during start-up (code %1). Its log says:\n%2")
                     .arg(m_process.exitCode())
                     .arg(errorLogTail());
        return false;
    case ChildProcess::Ready::TimedOut:
        break;
    }
    *error = tr("the embedded server did not accept connections within %1 s. Its log says:\n%2")
                 .arg(kStartUpMs / 1000)
                 .arg(errorLogTail());
    return false;
}

void EmbeddedServer::stop()
{
    // SIGTERM: mariadbd shuts down cleanly, flushing its buffer pool.
    m_process.stop({ { SIGTERM, kShutdownMs } });
    m_socketDir.reset();
    m_lock.reset();
}

bool EmbeddedServer::isRunning() const
{
    return m_process.isRunning();
}

qint64 EmbeddedServer::serverPid() const
{
    return m_process.pid();
}

ConnectionParams EmbeddedServer::connectionParams(const QString& database) const
{
    ConnectionParams params;
    params.host = QStringLiteral("localhost");
    params.port = m_port;
    params.socket = m_socketPath;
    params.user = QStringLiteral("root");
    params.database = database;
    params.embeddedErrorLog = errorLogPath();
    params.embeddedPid = serverPid();
    params.extraPort = m_extraPort;
    return params;
}

QString EmbeddedServer::errorLogTail() const
{
    QFile log(errorLogPath());
    if (!log.open(QIODevice::ReadOnly))
        return tr("(no error log at %1)").arg(errorLogPath());
    // This start's lines only, when the log was not replaced meanwhile.
    const qint64 size = log.size();
    const qint64 from = m_logSizeAtLaunch <= size ? m_logSizeAtLaunch : 0;
    log.seek(std::max(from, size - kLogReadBytes));
    const QStringList lines
        = QString::fromLocal8Bit(log.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    // Its errors first: a start that failed after pages of notes (a Galera node's state
    // transfer) would show only notes in its last lines.
    const QStringList errors = lines.filter(QLatin1String("[ERROR]"));
    const QStringList last = lines.mid(std::max<qsizetype>(0, lines.size() - kLogTailLines));
    QStringList shown;
    for (const QString& error : errors.mid(std::max<qsizetype>(0, errors.size() - kLogTailLines))) {
        if (!last.contains(error))
            shown << error;
    }
    if (!shown.isEmpty())
        shown << QStringLiteral("[…]");
    return (shown + last).join(QLatin1Char('\n'));
}
