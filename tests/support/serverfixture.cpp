#include "tests/support/serverfixture.h"

#include "app/db/mysqlconnection.h"
#include "app/run/strategyrun.h"
#include "app/server/embeddedserver.h"
#include "strategies/strategyregistry.h"

#include <QCoreApplication>

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

StrategyResult runStrategy(const QString& strategyId, const Experiment& experiment)
{
    std::unique_ptr<Strategy> strategy = StrategyRegistry::create(strategyId);
    Q_ASSERT(strategy);
    const std::atomic<bool> cancel { false };
    StrategyRun run(experiment, params(experiment.database), *strategy, 1, cancel);
    return run.execute(RunObserver {});
}

bool schemaExists(const QString& database)
{
    MysqlConnection connection;
    return connection.open(params(database), false)
        && connection.queryInt(
               QStringLiteral("SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = '%1'").arg(database))
        == 1;
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
