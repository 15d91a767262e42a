// lockbench-connbuffers: what MariaDB Connector/C itself keeps resident per open connection,
// so that bench/perf.sh can tell the lab's own memory per worker from the client library's.
// Opens N connections (default 64) on one thread, each with the statements a worker
// prepares, and prints the growth of this process's resident memory per connection in KB.
// Usage: lockbench-connbuffers URL [N]
#include "app/db/connectionparams.h"
#include "app/db/mysqlconnection.h"
#include "app/db/preparedstatement.h"

#include <QCoreApplication>
#include <QFile>
#include <QTextStream>

#include <memory>
#include <vector>
#include <unistd.h>

namespace {

long residentKb()
{
    QFile statm(QStringLiteral("/proc/self/statm"));
    if (!statm.open(QIODevice::ReadOnly))
        return -1;
    const QList<QByteArray> fields = statm.readAll().split(' ');
    return fields.size() > 1 ? fields[1].toLong() * (sysconf(_SC_PAGESIZE) / 1024) : -1;
}

} // namespace

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    QTextStream err(stderr);
    const QStringList args = app.arguments();
    if (args.size() < 2 || args.size() > 3 || args[1] == QLatin1String("--help") || args[1] == QLatin1String("-h")) {
        err << "Usage: lockbench-connbuffers URL [N]\n";
        return args.size() == 2 ? 0 : 2;
    }
    QString error;
    const std::optional<ConnectionParams> params = ConnectionParams::fromUrl(args[1], &error);
    bool ok = true;
    const int count = args.size() == 3 ? args[2].toInt(&ok) : 64;
    if (!params || !ok || count < 1) {
        err << "lockbench-connbuffers: " << (params ? QStringLiteral("N must be a positive number") : error) << "\n";
        return 2;
    }
    // One connection first, so that the library's one-time state is not counted per connection.
    MysqlConnection warm;
    if (!warm.open(*params)) {
        err << "lockbench-connbuffers: " << warm.lastError().toString() << "\n";
        return 1;
    }
    const long before = residentKb();
    std::vector<std::unique_ptr<MysqlConnection>> connections;
    std::vector<std::unique_ptr<PreparedStatement>> statements;
    for (int i = 0; i < count; ++i) {
        auto connection = std::make_unique<MysqlConnection>();
        if (!connection->open(*params)) {
            err << "lockbench-connbuffers: " << connection->lastError().toString() << "\n";
            return 1;
        }
        // A worker of the conditional strategy holds two prepared statements.
        for (const char* sql : { "UPDATE inventory SET stock = stock - ? WHERE sku_id = ? AND stock >= ?",
                 "INSERT INTO orders (request_id, sku_id, qty) VALUES (?, ?, ?)" }) {
            auto statement = std::make_unique<PreparedStatement>();
            if (!statement->prepare(*connection, QString::fromLatin1(sql))) {
                err << "lockbench-connbuffers: " << statement->lastError().message << "\n";
                return 1;
            }
            statements.push_back(std::move(statement));
        }
        connections.push_back(std::move(connection));
    }
    QTextStream(stdout) << (residentKb() - before) / count << "\n";
    statements.clear();
    return 0;
}
