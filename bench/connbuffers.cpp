// lockbench-connbuffers: what MariaDB Connector/C itself keeps resident per open connection,
// so that bench/perf.sh and bench/flashcrowd.sh can tell the lab's own memory per client from
// the client library's. Opens N connections (default 64), each with the statements a client of
// the conditional strategy prepares, and prints the growth of this process's resident memory
// per connection in KB.
// With --events the connections are opened as an event-driven run opens them: each on a fiber,
// in Connector/C's non-blocking mode, which gives every connection a stack of the library's own.
// The pages of the fibers' own stacks are the lab's, and are left out of the figure.
// Usage: lockbench-connbuffers [--events] URL [N]
#include "app/db/connectionparams.h"
#include "app/db/databaseconnection.h"
#include "app/db/preparedstatement.h"
#include "app/fiber/clientwait.h"
#include "app/fiber/fiber.h"
#include "app/fiber/fiberscheduler.h"

#include <QCoreApplication>
#include <QFile>
#include <QRegularExpression>
#include <QTextStream>

#include <atomic>
#include <memory>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

const char* const kStatements[] = { "UPDATE inventory SET stock = stock - ? WHERE sku_id = ? AND stock >= ?",
    "INSERT INTO orders (request_id, sku_id, qty) VALUES (?, ?, ?)" };

long residentKb()
{
    QFile statm(QStringLiteral("/proc/self/statm"));
    if (!statm.open(QIODevice::ReadOnly))
        return -1;
    const QList<QByteArray> fields = statm.readAll().split(' ');
    return fields.size() > 1 ? fields[1].toLong() * (sysconf(_SC_PAGESIZE) / 1024) : -1;
}

// Resident KB of every mapping the size of a fiber's stack: the fibers' own pages.
long fiberStacksKb()
{
    QFile smaps(QStringLiteral("/proc/self/smaps"));
    if (!smaps.open(QIODevice::ReadOnly))
        return 0;
    static const QRegularExpression range(
        QStringLiteral("^([0-9a-f]+)-([0-9a-f]+) rw-p 00000000 00:00 0\\s*$"));
    long total = 0;
    bool inStack = false;
    while (!smaps.atEnd()) {
        const QString line = QString::fromLatin1(smaps.readLine());
        if (const QRegularExpressionMatch m = range.match(line); m.hasMatch()) {
            inStack = m.captured(2).toULongLong(nullptr, 16) - m.captured(1).toULongLong(nullptr, 16)
                == Fiber::kStackBytes;
        } else if (inStack && line.startsWith(QLatin1String("Rss:"))) {
            total += line.split(QLatin1Char(' '), Qt::SkipEmptyParts).value(1).toLong();
            inStack = false;
        }
    }
    return total;
}

// One connection and its statements; false with the error in `problem`.
bool openOne(const ConnectionParams& params, std::unique_ptr<DatabaseConnection>& connection,
    std::vector<std::unique_ptr<PreparedStatement>>& statements, QString& problem)
{
    connection = std::make_unique<DatabaseConnection>();
    if (!connection->open(params)) {
        problem = connection->lastError().toString();
        return false;
    }
    for (const char* sql : kStatements) {
        auto statement = std::make_unique<PreparedStatement>();
        if (!statement->prepare(*connection, QString::fromLatin1(sql))) {
            problem = statement->lastError().message;
            return false;
        }
        statements.push_back(std::move(statement));
    }
    return true;
}

// Blocking connections, opened one after the other on this thread.
long perConnectionOnThreads(const ConnectionParams& params, int count, QString& problem)
{
    const long before = residentKb();
    std::vector<std::unique_ptr<DatabaseConnection>> connections(static_cast<std::size_t>(count));
    std::vector<std::unique_ptr<PreparedStatement>> statements;
    for (auto& connection : connections) {
        if (!openOne(params, connection, statements, problem))
            return -1;
    }
    const long grown = residentKb() - before;
    statements.clear();
    return grown / count;
}

// Non-blocking connections, each opened by a fiber that keeps it until all are measured.
long perConnectionOnFibers(const ConnectionParams& params, int count, QString& problem)
{
    ClientWait::Gate measured;
    std::atomic<int> opened { 0 };
    std::atomic<int> failed { 0 };
    QString firstProblem;
    const long before = residentKb();
    const long stacksBefore = fiberStacksKb();
    std::thread thread([&] {
        FiberScheduler scheduler;
        for (int i = 0; i < count; ++i) {
            scheduler.spawn([&] {
                std::unique_ptr<DatabaseConnection> connection;
                std::vector<std::unique_ptr<PreparedStatement>> statements;
                QString mine;
                if (!openOne(params, connection, statements, mine) && failed.fetch_add(1) == 0)
                    firstProblem = mine;
                opened.fetch_add(1);
                measured.wait();
                statements.clear();
            });
        }
        scheduler.run();
    });
    while (opened.load() < count)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    const long grown = residentKb() - before - (fiberStacksKb() - stacksBefore);
    measured.open();
    thread.join();
    if (failed.load() > 0) {
        problem = firstProblem;
        return -1;
    }
    return grown / count;
}

} // namespace

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    QTextStream err(stderr);
    QStringList args = app.arguments().mid(1);
    if (args.value(0) == QLatin1String("--help") || args.value(0) == QLatin1String("-h")) {
        QTextStream(stdout) << "Usage: lockbench-connbuffers [--events] URL [N]\n";
        return 0;
    }
    const bool events = args.value(0) == QLatin1String("--events");
    if (events)
        args.removeFirst();
    if (args.isEmpty() || args.size() > 2) {
        err << "Usage: lockbench-connbuffers [--events] URL [N]\n";
        return 2;
    }
    QString error;
    const std::optional<ConnectionParams> params = ConnectionParams::fromUrl(args[0], &error);
    bool ok = true;
    const int count = args.size() == 2 ? args[1].toInt(&ok) : 64;
    if (!params || !ok || count < 1) {
        err << "lockbench-connbuffers: " << (params ? QStringLiteral("N must be a positive number") : error)
            << "\n";
        return 2;
    }
    // One connection first, so that the library's one-time state is not counted per connection.
    DatabaseConnection warm;
    if (!warm.open(*params)) {
        err << "lockbench-connbuffers: " << warm.lastError().toString() << "\n";
        return 1;
    }
    const long perConnection = events ? perConnectionOnFibers(*params, count, error)
                                      : perConnectionOnThreads(*params, count, error);
    if (perConnection < 0) {
        err << "lockbench-connbuffers: " << error << "\n";
        return 1;
    }
    QTextStream(stdout) << perConnection << "\n";
    return 0;
}
