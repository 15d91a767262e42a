#include "tests/support/serverfixture.h"

#include "app/db/databaseconnection.h"
#include "app/results/resultwriter.h"
#include "app/run/strategyrun.h"
#include "app/server/embeddedserver.h"
#include "strategies/strategyregistry.h"

#include <QCoreApplication>
#include <QJsonObject>

#include <memory>

namespace {

std::unique_ptr<EmbeddedServer>& instance()
{
    static std::unique_ptr<EmbeddedServer> server;
    return server;
}

void stopAtExit()
{
    instance().reset();
}

} // namespace

namespace ServerFixture {

bool ensureStarted(QString* error)
{
    if (instance() && instance()->isRunning())
        return true;
    instance() = std::make_unique<EmbeddedServer>();
    if (!instance()->start(error))
        return false;
    qAddPostRoutine(stopAtExit);
    return true;
}

EmbeddedServer& server()
{
    return *instance();
}

ConnectionParams params(const QString& database)
{
    return instance()->connectionParams(database);
}

StrategyResult runStrategy(
    const QString& strategyId, const Experiment& experiment, const std::optional<RedisEndpoint>& redis)
{
    std::unique_ptr<Strategy> strategy = StrategyRegistry::create(strategyId);
    Q_ASSERT(strategy);
    const std::atomic<bool> cancel { false };
    ConnectionParams connection = params(experiment.database);
    connection.redis = redis;
    // ctest runs some tests twice: the second time, the clients wait the way auto would not
    // have them wait (OTHER_CLIENT_IO), so that both ways run every case.
    Experiment e = experiment;
    if (qEnvironmentVariable("LOCKBENCH_TEST_CLIENT_IO") == QLatin1String("other"))
        e.clientIo = effectiveClientIo(e) == ClientIo::Events ? ClientIo::Threads : ClientIo::Events;
    StrategyRun run(e, connection, *strategy, 1, cancel);
    StrategyResult result = run.execute(RunObserver {});
    if (e.clientIo != ClientIo::Auto && effectiveClientIo(result.experiment) != e.clientIo)
        qFatal("%s ran its clients on %s, not on %s", qPrintable(strategyId),
            qPrintable(clientIoName(effectiveClientIo(result.experiment))),
            qPrintable(clientIoName(e.clientIo)));
    return result;
}

bool schemaExists(const QString& database)
{
    DatabaseConnection connection;
    return connection.open(params(database), false)
        && connection.queryInt(
               QStringLiteral("SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = '%1'")
                   .arg(database))
        == 1;
}

QString jsonDisagreesWithTable(const StrategyResult& result, const QString& database)
{
    return jsonDisagreesWithTableOn(result, params(database));
}

QString jsonDisagreesWithTableOn(const StrategyResult& result, const ConnectionParams& where)
{
    DatabaseConnection check;
    if (!check.open(where))
        return QStringLiteral("cannot count the orders table: %1").arg(check.lastError().toString());
    // A Galera node counts once it has applied what it received; a server without Galera
    // ignores or refuses the setting, which changes nothing there.
    check.execute(QStringLiteral("SET SESSION wsrep_sync_wait = 1"));
    const std::optional<std::int64_t> rows = check.queryInt(QStringLiteral("SELECT COUNT(*) FROM orders"));
    const std::optional<std::int64_t> units
        = check.queryInt(QStringLiteral("SELECT COALESCE(SUM(qty), 0) FROM orders"));
    if (!rows || !units)
        return QStringLiteral("cannot count the orders table: %1").arg(check.lastError().toString());
    const QJsonObject json = ResultWriter::summaryJson(result);
    const auto number
        = [&json](const char* key) { return json.value(QLatin1String(key)).toVariant().toString(); };
    const QString table = QString::number(*rows);
    if (number("client_sold_orders") != table || number("order_rows") != table
        || number("sold") != QString::number(*units) || !json.value(QStringLiteral("clients_agree")).toBool())
        return QStringLiteral(
            "JSON: sold %1, order_rows %2, client_sold_orders %3, clients_agree %4; table: %5 rows, %6 units")
            .arg(number("sold"), number("order_rows"), number("client_sold_orders"), number("clients_agree"),
                table)
            .arg(*units);
    return QString();
}

std::vector<long long> labConnectionIds(DatabaseConnection& admin)
{
    std::vector<long long> ids;
    const std::optional<QString> list = admin.queryText(
        QStringLiteral("SELECT GROUP_CONCAT(ID ORDER BY ID) FROM information_schema.PROCESSLIST "
                       "WHERE DB = 'lockbench' AND ID <> CONNECTION_ID()"));
    for (const QString& id : list.value_or(QString()).split(QLatin1Char(','), Qt::SkipEmptyParts))
        ids.push_back(id.toLongLong());
    return ids;
}

Experiment longFaultRun(int threads)
{
    Experiment e;
    e.skus = 4;
    e.initialStock = 1'000'000;
    e.threads = threads;
    e.stop = StopKind::Duration;
    e.durationMs = 60000;
    e.batch = 8;
    e.writers = 2;
    e.rttMs = 0; // loopback: as many orders in flight as the server takes when a fault lands
    return e;
}

Experiment tamperingRun(const QString& id)
{
    Experiment e;
    e.workload = StrategyRegistry::create(id)->workload();
    e.skus = 8;
    e.initialStock = 1'000'000;
    e.tasks = 100'000;
    e.batch = 16;
    e.threads = 8;
    e.stop = StopKind::Duration;
    e.durationMs = 2000;
    e.rttMs = 0;
    return e;
}

Experiment soldOutExperiment(std::int64_t stock)
{
    Experiment e;
    e.skus = 1;
    e.initialStock = stock;
    e.threads = 32;
    e.slotsPerSku = 8;
    e.stop = StopKind::SoldOut;
    e.timeLimitMs = 120000;
    e.batch = 16;
    e.writers = 2;
    e.maxRetries = 100000; // the hot row makes optimistic lose often; it must still sell everything
    e.rttMs = 0; // loopback: these tests check what the lab guarantees, and a network only slows them
    return e;
}

} // namespace ServerFixture
