#include "strategies/queuedstrategy.h"

#include "strategies/queuewriter.h"

#include <QCoreApplication>

namespace {

// A client thread of the queued strategy holds no connection: it enqueues and waits.
class QueuedSession : public OrderSession {
public:
    explicit QueuedSession(const std::vector<std::unique_ptr<QueueWriter>>& writers)
        : m_writers(writers)
    {
    }

    OrderOutcome place(const Order& order) override
    {
        QueuedOrder queued;
        queued.order = order;
        const auto writer = static_cast<std::size_t>(order.skuId) % m_writers.size();
        m_writers[writer]->queue().push(&queued);
        return queued.wait();
    }

private:
    const std::vector<std::unique_ptr<QueueWriter>>& m_writers;
};

} // namespace

QueuedStrategy::QueuedStrategy() = default;

QueuedStrategy::~QueuedStrategy()
{
    endRun();
}

QString QueuedStrategy::explanation() const
{
    return QCoreApplication::translate("Strategy",
        "Client threads do not touch the database: each hands its order to the queue of its SKU and waits. "
        "A few writer connections drain the queues; every SKU belongs to exactly one writer, so only one "
        "transaction at a time ever asks for a SKU's row lock and nobody waits on it. With a batch size "
        "above 1 a writer commits up to B queued orders of one SKU in one transaction, one UPDATE by the "
        "summed quantity and one multi-row INSERT, which is where the articles' 10× (queue) and 40× "
        "(batch commit) come from. Latency counts from enqueue to commit.");
}

QStringList QueuedStrategy::orderSql() const
{
    return QStringList { QCoreApplication::translate(
               "Strategy", "-- client: enqueue on the SKU's queue, wait for the writer") }
    + QueueWriter::sql();
}

bool QueuedStrategy::beginRun(RunEnvironment& environment, QString* error)
{
    endRun();
    const int writers = environment.experiment().writers;
    for (int i = 0; i < writers; ++i) {
        auto writer
            = std::make_unique<QueueWriter>(environment, environment.newCounters(TimelineLane::Role::Writer));
        if (!writer->start(error)) {
            endRun();
            return false;
        }
        m_writers.push_back(std::move(writer));
    }
    return true;
}

void QueuedStrategy::endRun()
{
    for (auto& writer : m_writers)
        writer->finish();
    m_writers.clear();
}

std::unique_ptr<OrderSession> QueuedStrategy::openSession(RunEnvironment&, WorkerCounters&, QString* error)
{
    if (m_writers.empty()) {
        *error = QCoreApplication::translate("Strategy", "the queued strategy has no writers running");
        return nullptr;
    }
    return std::make_unique<QueuedSession>(m_writers);
}
