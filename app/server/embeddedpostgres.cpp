#include "app/server/embeddedpostgres.h"

#include "app/core/filelimit.h"
#include "app/db/pgconnection.h"
#include "app/server/labdirectorylock.h"
#include "app/server/loopbackport.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

#include <csignal>
#include <grp.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

constexpr int kPostgresInitdbMs = 180000;
constexpr int kPostgresStartUpMs = 60000;
constexpr int kPostgresShutdownMs = 20000;
constexpr int kPostgresKilledProcessMs = 5000;
constexpr int kOldestPostgresMajor = 13;
// Room for thousands of clients: each connection is a process and some slots of the lock table.
constexpr int kPostgresMaxConnections = 4200;
constexpr qsizetype kPostgresLogTailChars = 2000;
// Where the cluster goes when the lab is root and its own data root is closed to the server's
// account (root's home is 0700).
const QString kSharedClusterRoot = QStringLiteral("/var/lib/lockbench");

// Every folder from `path` up to / lets others pass (x for others): the server's account can
// reach what is inside.
bool othersMayPassInto(const QString& path)
{
    for (QDir dir(path);;) {
        struct stat info { };
        if (::stat(QFile::encodeName(dir.absolutePath()).constData(), &info) != 0
            || !(info.st_mode & S_IXOTH))
            return false;
        if (dir.isRoot())
            return true;
        dir.setPath(QFileInfo(dir.absolutePath()).path());
    }
}

} // namespace

EmbeddedPostgres::EmbeddedPostgres(QString dataRoot)
    : m_dataRoot(std::move(dataRoot))
    , m_clusterRoot(m_dataRoot + QStringLiteral("/postgres"))
{
}

EmbeddedPostgres::~EmbeddedPostgres()
{
    stop();
}

QString EmbeddedPostgres::findBinDirectory()
{
    int newest = 0;
    QString found;
    const QDir versions(QStringLiteral("/usr/lib/postgresql"));
    for (const QString& name : versions.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const int major = name.toInt();
        const QString bin = versions.filePath(name) + QStringLiteral("/bin");
        if (major >= kOldestPostgresMajor && major > newest
            && QFileInfo::exists(bin + QStringLiteral("/postgres"))
            && QFileInfo::exists(bin + QStringLiteral("/initdb"))) {
            newest = major;
            found = bin;
        }
    }
    if (!found.isEmpty())
        return found;
    const QString initdb = QStandardPaths::findExecutable(QStringLiteral("initdb"));
    return initdb.isEmpty() ? QString() : QFileInfo(initdb).path();
}

bool EmbeddedPostgres::start(QString* error, const Progress& progress)
{
    if (isRunning())
        return true;
    FileLimit::raiseToHard();
    const QString binDirectory = findBinDirectory();
    if (binDirectory.isEmpty()) {
        *error = tr("no PostgreSQL server found (initdb and postgres, version %1 or later); install the "
                    "postgresql-15 package (it also enables a postgresql service, which the lab does not "
                    "use: systemctl disable --now postgresql turns it off)")
                     .arg(kOldestPostgresMajor);
        return false;
    }
    if (!placeCluster(error) || !lockCluster(error))
        return false;
    stopStaleServer();
    if (!ensureInitialised(binDirectory, error, progress) || !chooseAddresses(error)) {
        m_lock.reset();
        return false;
    }
    if (progress)
        progress(tr("starting PostgreSQL on port %1").arg(m_port));
    QElapsedTimer clock;
    clock.start();
    if (!launch(binDirectory, error)) {
        m_lock.reset();
        return false;
    }
    if (!waitUntilReady(error) || !ensureDatabase(error)) {
        stop();
        return false;
    }
    if (progress)
        progress(tr("PostgreSQL %1 ready in %2 s").arg(m_version).arg(clock.elapsed() / 1000.0, 0, 'f', 1));
    return true;
}

bool EmbeddedPostgres::placeCluster(QString* error)
{
    if (!QDir().mkpath(m_dataRoot)) {
        *error = tr("cannot create the data directory %1").arg(m_dataRoot);
        return false;
    }
    if (::geteuid() != 0)
        return true;
    const passwd* user = ::getpwnam("postgres");
    if (!user)
        user = ::getpwnam("nobody");
    if (!user) {
        *error = tr("PostgreSQL refuses to run as root, and there is no account \"postgres\" or \"nobody\" "
                    "to run it as");
        return false;
    }
    m_account = QString::fromLocal8Bit(user->pw_name);
    m_uid = user->pw_uid;
    m_gid = user->pw_gid;
    if (!othersMayPassInto(m_dataRoot)) {
        const QByteArray key
            = QCryptographicHash::hash(m_dataRoot.toUtf8(), QCryptographicHash::Sha1).toHex();
        m_clusterRoot = kSharedClusterRoot + QStringLiteral("/postgres-") + QString::fromLatin1(key.left(12));
    }
    if (!QDir().mkpath(m_clusterRoot) || !handOver(m_clusterRoot, error))
        return false;
    ::chmod(QFile::encodeName(m_clusterRoot).constData(), 0700);
    return true;
}

bool EmbeddedPostgres::lockCluster(QString* error)
{
    qint64 pid = 0;
    m_lock.reset(); // a restart takes the lock again: its own old one would refuse it
    m_lock = LabDirectoryLock::take(m_clusterRoot, &pid);
    if (m_lock)
        return true;
    *error = tr("another lockbench (pid %1) is using the embedded PostgreSQL in %2; close it first")
                 .arg(pid)
                 .arg(m_clusterRoot);
    return false;
}

bool EmbeddedPostgres::handOver(const QString& path, QString* error) const
{
    if (m_account.isEmpty())
        return true;
    if (::chown(QFile::encodeName(path).constData(), m_uid, m_gid) != 0) {
        *error = tr("cannot hand %1 to the account %2: %3")
                     .arg(path, m_account, QString::fromLocal8Bit(strerror(errno)));
        return false;
    }
    return true;
}

ChildProcess::Launch EmbeddedPostgres::launchAs(const QString& program, const QStringList& arguments) const
{
    ChildProcess::Launch launch;
    launch.program = program;
    launch.arguments = arguments;
    const bool asAccount = !m_account.isEmpty();
    launch.inChild = [asAccount, uid = m_uid, gid = m_gid] {
        if (asAccount && (::setgroups(0, nullptr) != 0 || ::setgid(gid) != 0 || ::setuid(uid) != 0))
            ::_exit(126);
    };
    launch.deathSignal = SIGINT; // a fast shutdown: the clients gone
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("LC_ALL"), QStringLiteral("C"));
    launch.environment = environment;
    return launch;
}

bool EmbeddedPostgres::ensureInitialised(
    const QString& binDirectory, QString* error, const Progress& progress)
{
    if (QFileInfo::exists(dataDirectory() + QStringLiteral("/PG_VERSION")))
        return true;
    if (progress)
        progress(tr("initialising the embedded PostgreSQL in %1").arg(dataDirectory()));
    // initdb fills a folder of its own, renamed once complete: an interrupted one is started over.
    const QString staging = m_clusterRoot + QStringLiteral("/data.initdb");
    QDir(staging).removeRecursively();
    const ChildProcess::Launch initdb = launchAs(binDirectory + QStringLiteral("/initdb"),
        { QStringLiteral("-D"), staging, QStringLiteral("-U"), QString::fromLatin1(kSuperuser),
            QStringLiteral("--auth=trust"), QStringLiteral("-E"), QStringLiteral("UTF8"),
            QStringLiteral("--locale=C"), QStringLiteral("--no-sync") });
    if (QString output; !ChildProcess::runToEnd(initdb, kPostgresInitdbMs, &output)) {
        *error = tr("initialising the embedded PostgreSQL failed: %1").arg(output);
        return false;
    }
    if (!QDir().rename(staging, dataDirectory())) {
        *error = tr("cannot move %1 to %2").arg(staging, dataDirectory());
        return false;
    }
    return true;
}

bool EmbeddedPostgres::chooseAddresses(QString* error)
{
    m_socketDir = std::make_unique<QTemporaryDir>(QDir::tempPath() + QStringLiteral("/lockbench-pg-XXXXXX"));
    if (!m_socketDir->isValid() || !handOver(m_socketDir->path(), error)) {
        if (error->isEmpty())
            *error = tr("cannot create a private socket directory in %1").arg(QDir::tempPath());
        m_socketDir.reset();
        return false;
    }
    // A restart keeps the port: clients given the server's address find it again.
    m_port = LoopbackPort::free(m_port);
    if (m_port == 0) {
        *error = tr("no free loopback port for the embedded PostgreSQL");
        return false;
    }
    return true;
}

bool EmbeddedPostgres::launch(const QString& binDirectory, QString* error)
{
    const auto setting = [](const QString& name, const QString& value) {
        return QStringList { QStringLiteral("-c"), name + QLatin1Char('=') + value };
    };
    QStringList arguments { QStringLiteral("-D"), dataDirectory(), QStringLiteral("-p"),
        QString::number(m_port), QStringLiteral("-k"), m_socketDir->path() };
    arguments << setting(QStringLiteral("listen_addresses"), QStringLiteral("127.0.0.1"))
              << setting(QStringLiteral("max_connections"), QString::number(kPostgresMaxConnections))
              << setting(QStringLiteral("shared_buffers"), QStringLiteral("256MB"))
              // Every wait past deadlock_timeout and every deadlock, with its statements, in the log.
              << setting(QStringLiteral("log_lock_waits"), QStringLiteral("on"))
              << setting(QStringLiteral("log_line_prefix"), QStringLiteral("%m [%p] "))
              << setting(QStringLiteral("logging_collector"), QStringLiteral("off"));
    ChildProcess::Launch launch = launchAs(binDirectory + QStringLiteral("/postgres"), arguments);
    launch.outputFile = logPath();
    return m_process.start(launch, error);
}

void EmbeddedPostgres::stopStaleServer()
{
    // A lab that was killed with its server left running: the server holds the data directory.
    QFile pidFile(dataDirectory() + QStringLiteral("/postmaster.pid"));
    if (!pidFile.open(QIODevice::ReadOnly))
        return;
    const pid_t pid = static_cast<pid_t>(pidFile.readLine().trimmed().toLongLong());
    QFile command(QStringLiteral("/proc/%1/comm").arg(pid));
    if (pid <= 0 || !command.open(QIODevice::ReadOnly) || !command.readAll().startsWith("postgres"))
        return;
    // An immediate shutdown: its data is recovered at the next start.
    ChildProcess::stopLeftover(pid, SIGQUIT, kPostgresShutdownMs);
}

bool EmbeddedPostgres::waitUntilReady(QString* error)
{
    QString lastError;
    const auto answers = [&] {
        PgConnection probe;
        if (!probe.open(connectionParams(QStringLiteral("postgres")), &lastError))
            return false;
        m_version = probe.serverVersion();
        return true;
    };
    switch (m_process.waitUntil(answers, kPostgresStartUpMs, 100)) {
    case ChildProcess::Ready::Answered:
        return true;
    case ChildProcess::Ready::Exited:
        *error = tr("the embedded PostgreSQL exited during start-up (code %1): %2")
                     .arg(m_process.exitCode())
                     .arg(logTail());
        return false;
    case ChildProcess::Ready::TimedOut:
        break;
    }
    *error = tr("the embedded PostgreSQL did not answer within %1 s: %2")
                 .arg(kPostgresStartUpMs / 1000)
                 .arg(lastError);
    return false;
}

bool EmbeddedPostgres::ensureDatabase(QString* error)
{
    PgConnection control;
    if (!control.open(connectionParams(QStringLiteral("postgres")), error))
        return false;
    const ConnectionParams lab = connectionParams();
    const PgConnection::Result found
        = control.exec(QStringLiteral("SELECT 1 FROM pg_database WHERE datname = $1"), { lab.database });
    if (found.ok && !found.rows.isEmpty())
        return true;
    const PgConnection::Result created
        = found.ok ? control.exec(QStringLiteral("CREATE DATABASE \"%1\"").arg(lab.database)) : found;
    if (!created.ok)
        *error = tr("cannot create the database %1 in the embedded PostgreSQL: %2")
                     .arg(lab.database, created.error);
    return created.ok;
}

void EmbeddedPostgres::stop()
{
    // A fast shutdown (the clients' transactions rolled back), then an immediate one.
    m_process.stop({ { SIGINT, kPostgresShutdownMs }, { SIGQUIT, kPostgresKilledProcessMs } });
    m_socketDir.reset();
    m_lock.reset();
}

bool EmbeddedPostgres::isRunning() const
{
    return m_process.isRunning();
}

qint64 EmbeddedPostgres::serverPid() const
{
    return m_process.pid();
}

ConnectionParams EmbeddedPostgres::connectionParams(const QString& database) const
{
    ConnectionParams params;
    params.engine = ConnectionParams::Engine::Postgres;
    params.host = QStringLiteral("127.0.0.1");
    params.port = m_port;
    params.socket = m_socketDir ? m_socketDir->path() : QString();
    params.user = QString::fromLatin1(kSuperuser);
    params.database = database;
    params.embeddedErrorLog = logPath();
    params.embeddedPid = serverPid();
    return params;
}

QString EmbeddedPostgres::logTail() const
{
    QFile log(logPath());
    return log.open(QIODevice::ReadOnly)
        ? QString::fromLocal8Bit(log.readAll()).right(kPostgresLogTailChars).trimmed()
        : QString();
}
