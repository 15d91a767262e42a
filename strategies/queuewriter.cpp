#include "strategies/queuewriter.h"

#include "app/core/loadthread.h"
#include "app/core/steadyclock.h"

#include <QCoreApplication>

#include <chrono>
#include <future>

namespace {

const QString kTakeAllSql
    = QStringLiteral("UPDATE inventory SET stock = stock - ? WHERE sku_id = ? AND stock >= ?");
const QString kBatchLockSql = QStringLiteral("SELECT stock FROM inventory WHERE sku_id = ? FOR UPDATE");
const QString kBatchTakeSql = QStringLiteral("UPDATE inventory SET stock = stock - ? WHERE sku_id = ?");

QString multiRowInsertSql(int rows)
{
    QString sql = QStringLiteral("INSERT INTO orders (request_id, sku_id, qty) VALUES ");
    for (int i = 0; i < rows; ++i)
        sql += i == 0 ? QStringLiteral("(?, ?, ?)") : QStringLiteral(", (?, ?, ?)");
    return sql;
}

} // namespace

QueueWriter::QueueWriter(RunEnvironment& environment, WorkerCounters& counters)
    : m_environment(environment)
    , m_counters(counters)
    , m_client(environment, counters, [this](DatabaseConnection& connection) {
        m_inserts.clear(); // statements die with the old connection
        return m_statements.prepareAll(connection);
    })
{
    m_statements.add(&m_takeAll, kTakeAllSql);
    m_statements.add(&m_lock, kBatchLockSql);
    m_statements.add(&m_take, kBatchTakeSql);
}

QueueWriter::~QueueWriter()
{
    finish();
}

bool QueueWriter::start(QString* error)
{
    std::promise<std::pair<bool, QString>> connected;
    std::future<std::pair<bool, QString>> result = connected.get_future();
    m_thread = std::thread([this, &connected] {
        LoadThread::lowerPriority();
        QString connectError;
        const bool ok = m_client.connection().connect(&connectError);
        connected.set_value({ ok, connectError });
        if (ok)
            drain();
    });
    const auto [ok, connectError] = result.get();
    if (!ok) {
        *error = connectError;
        m_thread.join();
        return false;
    }
    return true;
}

void QueueWriter::finish()
{
    m_queue.close();
    if (m_thread.joinable())
        m_thread.join();
}

void QueueWriter::drain()
{
    const int batchSize = m_environment.experiment().batch;
    while (true) {
        const std::vector<QueuedOrder*> batch = m_queue.popBatch(batchSize);
        if (batch.empty())
            return;
        if (m_environment.stopNowRequested()) {
            for (QueuedOrder* queued : batch)
                queued->complete(OrderOutcome::Aborted); // never sent: its client counts it cancelled
            continue;
        }
        process(batch);
    }
}

void QueueWriter::process(const std::vector<QueuedOrder*>& batch)
{
    const std::int64_t takenNs = steadyNowNs();
    for (const QueuedOrder* queued : batch)
        m_counters.add(ClientCount::QueueWaitNs, takenNs - queued->enqueuedNs);
    m_counters.add(ClientCount::QueuedOrders, static_cast<std::int64_t>(batch.size()));
    m_accepted.assign(batch.size(), true);
    m_probeRequestId = batch.front()->order.requestId;
    // An unknown outcome leaves every order of the batch unknown: each is looked up by its own id.
    m_client.clock().setOrdersPerTransaction(static_cast<int>(batch.size()));
    const OrderOutcome outcome
        = m_client.retrier().run([this] { return m_probeRequestId; }, [&] { return attempt(batch); });
    m_counters.add(ClientCount::WriterBusyNs, steadyNowNs() - takenNs);
    for (std::size_t i = 0; i < batch.size(); ++i) {
        if (outcome == OrderOutcome::Sold)
            batch[i]->complete(m_accepted[i] ? OrderOutcome::Sold : OrderOutcome::OutOfStock);
        else
            batch[i]->complete(outcome);
    }
}

Attempt QueueWriter::attempt(const std::vector<QueuedOrder*>& batch)
{
    DatabaseConnection& connection = m_client.connection().connection();
    const std::int64_t sku = batch.front()->order.skuId;
    std::int64_t total = 0;
    for (const QueuedOrder* queued : batch)
        total += queued->order.qty;
    m_accepted.assign(batch.size(), true);
    m_probeRequestId = batch.front()->order.requestId;

    if (!connection.begin())
        return Attempt::failed(connection.lastError());
    if (!m_client.clock().timedLockingExecute(m_takeAll, { total, sku, total }, LockedRow { sku }))
        return Attempt::failed(m_takeAll.lastError());
    if (m_takeAll.affectedRows() == 0) {
        // Not enough for the whole batch: fill what fits, in arrival order.
        if (!m_client.clock().timedLockingExecute(m_lock, { sku }, LockedRow { sku }))
            return Attempt::failed(m_lock.lastError());
        std::int64_t left = m_lock.fetchSingle().value_or(0);
        std::int64_t taken = 0;
        bool probeSet = false;
        for (std::size_t i = 0; i < batch.size(); ++i) {
            m_accepted[i] = batch[i]->order.qty <= left;
            if (m_accepted[i]) {
                left -= batch[i]->order.qty;
                taken += batch[i]->order.qty;
                if (!probeSet)
                    m_probeRequestId = batch[i]->order.requestId;
                probeSet = true;
            }
        }
        if (taken == 0) {
            if (!m_client.clock().rollback())
                return Attempt::failed(connection.lastError());
            return Attempt::outOfStock();
        }
        if (!m_take.execute({ taken, sku }))
            return Attempt::failed(m_take.lastError());
    }
    m_client.clock().delayInTransaction();

    std::vector<std::int64_t> rows;
    rows.reserve(batch.size() * 3);
    for (std::size_t i = 0; i < batch.size(); ++i) {
        if (m_accepted[i])
            rows.insert(rows.end(), { batch[i]->order.requestId, sku, batch[i]->order.qty });
    }
    PreparedStatement* insert = insertFor(static_cast<int>(rows.size() / 3));
    if (!insert->isPrepared() || !insert->execute(rows))
        return Attempt::failed(insert->lastError());
    if (!m_client.clock().commit())
        return Attempt::failed(connection.lastError());
    return Attempt::sold();
}

PreparedStatement* QueueWriter::insertFor(int rows)
{
    PreparedStatement& statement = m_inserts[rows];
    if (!statement.isPrepared())
        statement.prepare(m_client.connection().connection(), multiRowInsertSql(rows));
    return &statement;
}

QStringList QueueWriter::sql()
{
    return { QCoreApplication::translate("Strategy", "-- writer, for a batch of orders of one SKU:"),
        QStringLiteral("START TRANSACTION"),
        kTakeAllSql + QStringLiteral("   ")
            + QCoreApplication::translate("Strategy", "-- qty = the batch's sum"),
        QCoreApplication::translate(
            "Strategy", "-- 0 rows: not enough for all; fill what fits in arrival order:"),
        kBatchLockSql, kBatchTakeSql,
        multiRowInsertSql(3) + QStringLiteral("   ")
            + QCoreApplication::translate("Strategy", "-- one row per order"),
        QStringLiteral("COMMIT") };
}
