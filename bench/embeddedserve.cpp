// lockbench-serve: the lab's embedded MariaDB on its own, for benchmarks that drive one server
// from several clients in turn (bench/compare.sh runs sysbench and lockbench against it).
// It starts the server with the lab's own EmbeddedServer, so the server runs with exactly the
// settings the lab gives it, prints one "ready" line, and keeps it up until SIGINT or SIGTERM,
// or until its standard input closes: a script that holds the other end of a pipe cannot leave
// a server behind, whichever way it ends.

#include "app/server/embeddedserver.h"
#include "app/session/shutdownsignal.h"

#include <QCoreApplication>
#include <QSocketNotifier>
#include <QTextStream>
#include <QTimer>

#include <memory>
#include <unistd.h>

namespace {

const char* const kUsage = R"(Usage: lockbench-serve [--no-stdin]

Starts the lab's embedded MariaDB (the same server and settings as `lockbench run` without
--server), prints one line

  ready port=PORT socket=PATH version=VERSION datadir=DIR

on standard output, and keeps the server up until SIGINT or SIGTERM, or until standard input
closes. Then it stops the server cleanly and exits 0. Progress and errors go to standard error.

The data directory is $LOCKBENCH_DATA_DIR, else ~/.local/share/lockbench/mariadb; a second
lab or lockbench-serve on the same directory is refused. Connect as root without a password:
  mysql://root@127.0.0.1:PORT/DATABASE

Options:
  --no-stdin   ignore standard input (run until a signal), e.g. when started with </dev/null
  -h, --help   show this help

Exit status: 0 stopped on request; 1 the server failed to start or exited on its own;
2 bad arguments.
)";

QTextStream& err()
{
    static QTextStream stream(stderr);
    return stream;
}

} // namespace

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("lockbench"));
    QCoreApplication::setApplicationName(QStringLiteral("lockbench")); // the lab's data location

    bool watchStdin = true;
    const QStringList arguments = QCoreApplication::arguments().mid(1);
    for (const QString& argument : arguments) {
        if (argument == QLatin1String("-h") || argument == QLatin1String("--help")) {
            QTextStream(stdout) << kUsage;
            return 0;
        }
        if (argument == QLatin1String("--no-stdin")) {
            watchStdin = false;
            continue;
        }
        err() << "lockbench-serve: unknown argument " << argument << " (see --help)" << Qt::endl;
        return 2;
    }

    // Installed before the start, so that Ctrl-C during a slow first initialisation still
    // ends in a clean stop rather than killing the process under the server.
    ShutdownSignal shutdown;
    bool stopRequested = false;
    QObject::connect(&shutdown, &ShutdownSignal::requested, &app, [&] {
        stopRequested = true;
        QCoreApplication::quit();
    });

    EmbeddedServer server;
    QString error;
    const bool started = server.start(
        &error, [](const QString& message) { err() << "lockbench-serve: " << message << Qt::endl; });
    if (!started) {
        err() << "lockbench-serve: cannot start the embedded server: " << error << Qt::endl;
        return 1;
    }
    QTextStream(stdout) << "ready port=" << server.port() << " socket=" << server.socketPath()
                        << " version=" << server.version() << " datadir=" << server.dataDirectory()
                        << Qt::endl;

    std::unique_ptr<QSocketNotifier> stdinWatch;
    if (watchStdin) {
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
        if (!server.isRunning())
            QCoreApplication::exit(1);
    });
    watchdog.start(500);

    // Signals and end of input that arrived before the loop are queued and handled by it.
    const int status = QCoreApplication::exec();
    if (!stopRequested || status != 0) {
        err() << "lockbench-serve: the server exited on its own; its log is " << server.errorLogPath()
              << Qt::endl;
        server.stop();
        return 1;
    }
    err() << "lockbench-serve: stopping the server" << Qt::endl;
    server.stop();
    err() << "lockbench-serve: stopped" << Qt::endl;
    return 0;
}
