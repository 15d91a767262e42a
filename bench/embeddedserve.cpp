// lockbench-serve: the lab's embedded MariaDB (or, with --cluster N, its Galera cluster) on its
// own, for benchmarks that drive one server from several clients in turn (bench/compare.sh runs
// sysbench and lockbench against it).
// It starts the server with the lab's own EmbeddedServer, so the server runs with exactly the
// settings the lab gives it, prints one "ready" line, and keeps it up until SIGINT or SIGTERM,
// or until its standard input closes: a script that holds the other end of a pipe cannot leave
// a server behind, whichever way it ends.

#include "app/core/shutdownsignal.h"
#include "app/server/embeddedcluster.h"
#include "app/server/embeddedserver.h"

#include <QCoreApplication>
#include <QSocketNotifier>
#include <QTextStream>
#include <QTimer>

#include <memory>
#include <optional>
#include <unistd.h>

namespace {

const char* const kUsage = R"(Usage: lockbench-serve [--no-stdin] [--cluster N]

Starts the lab's embedded MariaDB (the same server and settings as `lockbench run` without
--server), prints one line

  ready port=PORT socket=PATH version=VERSION datadir=DIR

on standard output, and keeps the server up until SIGINT or SIGTERM, or until standard input
closes. Then it stops the server cleanly and exits 0. Progress and errors go to standard error.

The data directory is $LOCKBENCH_DATA_DIR, else ~/.local/share/lockbench/mariadb; a second
lab or lockbench-serve on the same directory is refused. Connect as root without a password:
  mysql://root@127.0.0.1:PORT/DATABASE

With --cluster N it starts the lab's private Galera cluster instead (the same nodes as
`lockbench run --server cluster:N`, under <data directory>/cluster) and prints one line per node:

  ready node=K port=PORT socket=PATH version=VERSION datadir=DIR

Options:
  --no-stdin   ignore standard input (run until a signal), e.g. when started with </dev/null
  --cluster N  start an N-node Galera cluster (2 to 9 nodes)
  -h, --help   show this help

Exit status: 0 stopped on request; 1 the server failed to start or exited on its own;
2 bad arguments.
)";

QTextStream& err()
{
    static QTextStream stream(stderr);
    return stream;
}

struct Options {
    bool watchStdin = true;
    int clusterNodes = 0;
};

// The flags; an exit status when the process ends at once (--help, a bad flag).
std::optional<int> readOptions(const QStringList& arguments, Options& options)
{
    for (int i = 0; i < arguments.size(); ++i) {
        const QString& argument = arguments.at(i);
        if (argument == QLatin1String("-h") || argument == QLatin1String("--help")) {
            QTextStream(stdout) << kUsage;
            return 0;
        }
        if (argument == QLatin1String("--no-stdin")) {
            options.watchStdin = false;
            continue;
        }
        if (argument == QLatin1String("--cluster")) {
            bool ok = false;
            options.clusterNodes = i + 1 < arguments.size() ? arguments.at(++i).toInt(&ok) : 0;
            if (!ok || options.clusterNodes < 2 || options.clusterNodes > EmbeddedCluster::kMaxNodes) {
                err() << "lockbench-serve: --cluster takes a node count from 2 to "
                      << EmbeddedCluster::kMaxNodes << Qt::endl;
                return 2;
            }
            continue;
        }
        err() << "lockbench-serve: unknown argument " << argument << " (see --help)" << Qt::endl;
        return 2;
    }
    return std::nullopt;
}

// One server, or the nodes of a cluster: each is watched and stopped the same way.
struct RunningServers {
    std::unique_ptr<EmbeddedServer> single;
    std::unique_ptr<EmbeddedCluster> cluster;
    std::vector<EmbeddedServer*> servers;

    void stop()
    {
        if (cluster)
            cluster->stop();
        else if (single)
            single->stop();
    }
};

bool startServers(int clusterNodes, RunningServers& running)
{
    QString error;
    const auto progress = [](const QString& message) { err() << "lockbench-serve: " << message << Qt::endl; };
    if (clusterNodes > 0) {
        running.cluster = std::make_unique<EmbeddedCluster>(clusterNodes);
        if (!running.cluster->start(&error, progress)) {
            err() << "lockbench-serve: cannot start the embedded cluster: " << error << Qt::endl;
            return false;
        }
        for (int node = 1; node <= running.cluster->nodeCount(); ++node)
            running.servers.push_back(&running.cluster->server(node));
    } else {
        running.single = std::make_unique<EmbeddedServer>();
        if (!running.single->start(&error, progress)) {
            err() << "lockbench-serve: cannot start the embedded server: " << error << Qt::endl;
            return false;
        }
        running.servers.push_back(running.single.get());
    }
    for (std::size_t i = 0; i < running.servers.size(); ++i) {
        const EmbeddedServer& server = *running.servers[i];
        QTextStream(stdout) << "ready "
                            << (running.cluster ? QStringLiteral("node=%1 ").arg(i + 1) : QString())
                            << "port=" << server.port() << " socket=" << server.socketPath()
                            << " version=" << server.version() << " datadir=" << server.dataDirectory()
                            << Qt::endl;
    }
    return true;
}

} // namespace

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("lockbench"));
    QCoreApplication::setApplicationName(QStringLiteral("lockbench")); // the lab's data location
    Options options;
    if (const std::optional<int> status = readOptions(QCoreApplication::arguments().mid(1), options))
        return *status;

    // Installed before the start, so that Ctrl-C during a slow first initialisation still
    // ends in a clean stop rather than killing the process under the server.
    ShutdownSignal shutdown;
    bool stopRequested = false;
    QObject::connect(&shutdown, &ShutdownSignal::requested, &app, [&] {
        stopRequested = true;
        QCoreApplication::quit();
    });
    RunningServers running;
    if (!startServers(options.clusterNodes, running))
        return 1;

    std::unique_ptr<QSocketNotifier> stdinWatch;
    if (options.watchStdin) {
        stdinWatch = std::make_unique<QSocketNotifier>(STDIN_FILENO, QSocketNotifier::Read);
        QObject::connect(stdinWatch.get(), &QSocketNotifier::activated, &app, [&] {
            char buffer[256];
            if (::read(STDIN_FILENO, buffer, sizeof buffer) <= 0) { // end of file or a broken pipe
                stdinWatch->setEnabled(false);
                stopRequested = true;
                QCoreApplication::quit();
            }
        });
    }

    // Without this, a server that died (killed, out of memory) would go unnoticed until the
    // next client failed to connect.
    QTimer watchdog;
    QObject::connect(&watchdog, &QTimer::timeout, &app, [&] {
        for (const EmbeddedServer* server : running.servers)
            if (!server->isRunning())
                QCoreApplication::exit(1);
    });
    watchdog.start(500);

    // Signals and end of input that arrived before the loop are queued and handled by it.
    const int status = QCoreApplication::exec();
    if (!stopRequested || status != 0) {
        for (const EmbeddedServer* server : running.servers)
            if (!server->isRunning())
                err() << "lockbench-serve: a server exited on its own; its log is " << server->errorLogPath()
                      << Qt::endl;
        running.stop();
        return 1;
    }
    err() << "lockbench-serve: stopping" << Qt::endl;
    running.stop();
    err() << "lockbench-serve: stopped" << Qt::endl;
    return 0;
}
