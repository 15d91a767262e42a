#pragma once

#include "app/core/experiment.h"
#include "app/core/strategyresult.h"
#include "app/db/connectionparams.h"

#include <QString>

#include <vector>

class EmbeddedServer;
class DatabaseConnection;

// The embedded MariaDB for integration tests, started once per test binary by the same
// code the lab uses, in the data directory ctest names with LOCKBENCH_DATA_DIR.
namespace ServerFixture {

// Starts the server on first use; QFAIL-friendly: returns false with `error` set.
bool ensureStarted(QString* error);
EmbeddedServer& server();
ConnectionParams params(const QString& database = QStringLiteral("lockbench"));

// Runs one strategy to its end, synchronously, on the calling thread; with `redis`, on that
// Redis instead of one the run starts for itself.
StrategyResult runStrategy(const QString& strategyId, const Experiment& experiment,
    const std::optional<RedisEndpoint>& redis = std::nullopt);

// Whether the server has a database of that name.
bool schemaExists(const QString& database);

// Compares a result's JSON with an independent count of the orders table in `database`: sold
// with the units, client_sold_orders and order_rows with the rows, clients_agree true. Empty
// when they agree, else what differs.
QString jsonDisagreesWithTable(
    const StrategyResult& result, const QString& database = QStringLiteral("lockbench"));
// The same on the server `where` names (a cluster's node: counted once it has applied every
// write set it has received).
QString jsonDisagreesWithTableOn(const StrategyResult& result, const ConnectionParams& where);

// The lab's connections to its database on the server `admin` is connected to, lowest id
// first, the asker's own left out: what a test kills to fault the run.
std::vector<long long> labConnectionIds(DatabaseConnection& admin);

// A small experiment that sells out quickly: one hot SKU, 32 threads.
// A minute on 4 SKUs over loopback, for a fault to land in: as many orders in flight as the
// server takes, queued's batches and writers included.
Experiment longFaultRun(int threads);
// Two seconds of `id`'s workload (orders or claims) on stock that lasts, with orders written
// early: long enough to tamper with the tables mid-run.
Experiment tamperingRun(const QString& id);
Experiment soldOutExperiment(std::int64_t stock = 3000);

} // namespace ServerFixture

// For initTestCase(): starts the server, or fails the test case with the reason.
#define LOCKBENCH_REQUIRE_SERVER()                                                                           \
    do {                                                                                                     \
        QString serverError;                                                                                 \
        if (!ServerFixture::ensureStarted(&serverError))                                                     \
            QFAIL(qPrintable(serverError));                                                                  \
    } while (false)
