#pragma once

#include "app/core/placement.h"
#include "app/core/strategyneeds.h"

#include <QList>
#include <QString>

#include <cstdint>

enum class SkewKind { Uniform, HotSet, Zipf };
enum class StopKind { Duration, Orders, SoldOut };
// ServerDefault sets nothing: each engine runs at its own default (REPEATABLE READ on InnoDB,
// READ COMMITTED on PostgreSQL), which is what its users run; results say which one it was.
enum class Isolation { ServerDefault, ReadUncommitted, ReadCommitted, RepeatableRead, Serializable };
enum class ArrivalMode { Closed, Open };
// How the clients wait for the server: a thread of their own each, blocking; or fibers on a
// few threads that drive every connection through Connector/C's non-blocking API and epoll.
// Auto: threads up to ClientIo's limit, events beyond.
enum class ClientIo { Auto, Threads, Events };
enum class KnobSwitch { Server, On, Off }; // Server: leave the server's setting alone
// What the clients do: buy stock from SKUs, or claim and complete tasks from a shared table.
enum class WorkloadKind { Inventory, Claim };

inline constexpr int kMaxRepeat = 100; // runs of each strategy in one plan
// Open-loop arrival rates, orders/s: below the least, an order's due time is hours away and its
// schedule in nanoseconds leaves 64 bits.
inline constexpr double kMinOpenRate = 0.01;
inline constexpr double kMaxOpenRate = 10'000'000.0;

// One workload and its settings. Plain values; parsing, validation and JSON live in ExperimentFields.
struct Experiment {
    WorkloadKind workload = WorkloadKind::Inventory;
    std::int64_t skus = 1;
    std::int64_t initialStock = 10000;
    int slotsPerSku = 16;
    int threads = 32;

    SkewKind skew = SkewKind::Uniform;
    double hotPercent = 90.0; // share of orders that go to the hot set
    std::int64_t hotSkus = 1; // the first H SKUs form the hot set
    double zipfS = 1.1;

    int qtyMin = 1;
    int qtyMax = 1;

    StopKind stop = StopKind::Duration;
    std::int64_t durationMs = 10000;
    std::int64_t totalOrders = 100000;
    std::int64_t timeLimitMs = 600000; // safety cap for the orders and sold-out stops
    std::int64_t serverWaitMs = 60000; // how long a run waits for a server that stopped answering
    std::int64_t warmupMs = 0; // left out of rates, latencies and lock figures (not of the audit)

    double delayMs = 0.0; // client work inside the transaction while it holds its locks
    // Simulated network round trip before every statement a shopper sends. 1 ms, an application
    // server in the next zone, by default: over loopback the strategies differ by microseconds,
    // which a busy machine's scheduling noise hides; across a network they differ as in production.
    double rttMs = 1.0;
    Isolation isolation = Isolation::ServerDefault;
    ArrivalMode arrival = ArrivalMode::Closed;
    ClientIo clientIo = ClientIo::Auto;
    double rate = 1000.0; // target orders/s in open-loop mode
    std::uint64_t seed = 1;

    int batch
        = 16; // queued strategy: up to this many orders of one SKU per transaction; claim: tasks per claim
    // Claim workload: the pending tasks, how long a claim may stay unfinished before the
    // claim-update sweeper gives it back, and how often the lab kills a worker's connection (0: never).
    std::int64_t tasks = 100000;
    std::int64_t claimTimeoutMs = 2000;
    std::int64_t killWorkersEveryMs = 0;
    int writers = 4; // queued strategy: writer connections draining the queues
    int maxRetries = 100; // optimistic conflicts before an order gives up
    int sampleIntervalMs = 250;
    // What the lab watches live on the server, one bit per ObservingCost::View (sampler, audit,
    // inspector, deadlocks). The counts at the warm-up, the sell-out and the stop line, the
    // closing audit and the deadlocks collected after the stop run whatever it says.
    static constexpr int kEveryView = 0b1111;
    int observedViews = kEveryView;
    bool observes(int viewBit) const { return (observedViews & viewBit) != 0; }
    // Times each strategy runs, interleaved with the others, each on fresh data; the figures
    // are then reported as a median with its spread.
    int repeat = 1;

    // Server knobs, applied before each strategy and restored afterwards.
    KnobSwitch deadlockDetect = KnobSwitch::Server;
    int lockWaitTimeoutS = 0; // 0: the server's; set on each worker's session
    int flushLogAtCommit = -1; // -1: the server's; embedded server only
    int bufferPoolMb = 0; // 0: the server's; embedded server only

    // How the clients are spread over a cluster's nodes; a single server has them all.
    Placement placement;
    // A cluster's node the lab takes down mid-run (2 or later; 0: none), and when.
    int killNode = 0;
    std::int64_t killNodeAtMs = 0;

    QString database = QStringLiteral("lockbench");

    bool operator==(const Experiment&) const = default;
};

struct FieldError {
    QString field;
    QString message;
    bool operator==(const FieldError&) const = default;
};

// Range and cross-field checks, one message per bad field; empty when the experiment can run
// the strategies whose `needs` are given. The rules of a strategy that is not chosen are left
// out: with no slotted strategy, the slots may exceed the stock.
QList<FieldError> validateExperiment(const Experiment& experiment, const StrategyNeeds& needs);

// 1 to 64 letters, digits or underscores: safe to put between backticks in SQL.
bool isValidDatabaseName(const QString& name);

QString skewName(SkewKind kind);
QString stopName(StopKind kind);
QString isolationName(Isolation isolation); // e.g. "repeatable-read"
QString isolationSql(Isolation isolation); // e.g. "REPEATABLE READ"; empty for the server's default
QString arrivalName(ArrivalMode mode);
QString clientIoName(ClientIo io);
// What a run of `e` uses: Auto is threads up to kClientThreadsUpTo clients, events beyond.
// Measured on 2 cores (conditional, 10,000 SKUs): up to 4 clients both cost the same CPU time
// per order within the noise; from 8 on, fibers cost less (50 against 63 µs at 8 clients, 44
// against 56 at 16) and sell as much or more, with or without a simulated round trip.
constexpr int kClientThreadsUpTo = 4;
ClientIo effectiveClientIo(const Experiment& e);
// The OS threads that carry a run's clients on a machine of `cores`: one per client, or for
// events one per kClientsPerEventThread clients, no more than one per core.
constexpr int kClientsPerEventThread = 128;
int clientThreadCount(const Experiment& e, int cores);
QString knobSwitchName(KnobSwitch value);
QString workloadName(WorkloadKind kind); // "inventory" or "claim"
