// The rate predicted from a one-client calibration, on known figures: a hot row saturates at
// one order per hold and hand-over, a few clients are bound by their own time, the queue's
// writer passes a batch per cycle, optimistic pays a losing turn of every other client (when its clients
// race), and an open loop cannot pass more than arrives.
#include "app/results/rateprediction.h"

#include <QTest>

namespace {

// One client, 1,000 orders of 5 ms: 5 statements of 1 ms network and 0.1 ms on the server
// (COMMIT 0.2), the row held 3 ms of each.
StrategyResult calibration(const QString& strategy)
{
    using enum ClientCount;
    StrategyResult c;
    c.strategy = strategy;
    c.experiment.threads = 1;
    c.experiment.rttMs = 1;
    c.clients[Sold] = 1000;
    ClientCounts& w = c.windowClients;
    w[Sold] = 1000;
    w[OrdersTimed] = 1000;
    w[OrderNs] = 1000 * 5'000'000LL;
    w[Statements] = 5000;
    w[NetworkNs] = 5000 * 1'000'000LL;
    w[Commits] = 1000;
    w[CommitNs] = 1000 * 200'000LL;
    w[ServerNs] = 4000 * 100'000LL + w[CommitNs];
    w[LockHolds] = 1000;
    w[LockHoldNs] = 1000 * 3'000'000LL;
    return c;
}

// `clients` clients on 2 cores, each order 4 ms and `cpuMs` of CPU, no row held.
StrategyResult cpuBound(int clients, double cpuMs)
{
    using enum ClientCount;
    StrategyResult c;
    c.experiment.threads = clients;
    c.experiment.rttMs = 1;
    c.cores = 2;
    c.clients[Sold] = 1000;
    c.clientCpuS = 1000 * cpuMs / 1000.0 / 2;
    c.serverCpuS = c.clientCpuS;
    ClientCounts& w = c.windowClients;
    w[Sold] = 1000;
    w[OrdersTimed] = 1000;
    w[OrderNs] = 1000 * 4'000'000LL;
    w[Statements] = 3000;
    w[NetworkNs] = 3000 * 1'000'000LL;
    w[ServerNs] = 3000 * 100'000LL;
    return c;
}

Experiment withClients(int clients)
{
    Experiment e;
    e.threads = clients;
    e.rttMs = 1;
    return e;
}

} // namespace

class TestRatePrediction : public QObject {
    Q_OBJECT
private slots:
    void aHotRowPassesOneOrderPerHoldAndHandOver()
    {
        const auto p = RatePrediction::predict(calibration(QStringLiteral("pessimistic")), withClients(32));
        QCOMPARE(p.bound, Bound::RowLock);
        // 3 ms held and a 0.1 ms statement's hand-over: at most 323 orders/s, nearly reached by 32.
        QVERIFY2(p.ordersPerS > 300 && p.ordersPerS <= 323, qPrintable(QString::number(p.ordersPerS)));
    }

    void oneClientIsBoundByItsOwnTime()
    {
        const auto p = RatePrediction::predict(calibration(QStringLiteral("pessimistic")), withClients(1));
        QCOMPARE(p.bound, Bound::Clients);
        // Its own 5 ms per order, and the hand-over the model counts whether anyone waits or not.
        QVERIFY2(p.ordersPerS > 190.0 && p.ordersPerS <= 200.0, qPrintable(QString::number(p.ordersPerS)));
    }

    void slotsSpreadTheRow()
    {
        Experiment e = withClients(32);
        e.slotsPerSku = 1;
        const double one
            = RatePrediction::predict(calibration(QStringLiteral("slotted-routed")), e).ordersPerS;
        e.slotsPerSku = 16;
        const auto spread = RatePrediction::predict(calibration(QStringLiteral("slotted-routed")), e);
        QVERIFY2(spread.ordersPerS > 4 * one,
            qPrintable(QStringLiteral("%1 against %2").arg(spread.ordersPerS).arg(one)));
    }

    void theWriterPassesABatchPerCycle()
    {
        StrategyResult c = calibration(QStringLiteral("queued"));
        c.windowClients[ClientCount::QueuedOrders] = 1000;
        c.windowClients[ClientCount::WriterBusyNs] = 1000 * 5'000'000LL; // a 5 ms cycle per order
        Experiment e = withClients(32);
        e.batch = 16;
        e.writers = 4;
        const auto p = RatePrediction::predict(c, e);
        QCOMPARE(p.bound, Bound::Writer);
        // 16 orders per 5 ms cycle: 3,200 orders/s at most.
        QVERIFY2(p.ordersPerS > 2800 && p.ordersPerS <= 3200, qPrintable(QString::number(p.ordersPerS)));
    }

    void optimisticPaysALosingTurnOfEveryOtherClient()
    {
        const double pessimistic
            = RatePrediction::predict(calibration(QStringLiteral("pessimistic")), withClients(32)).ordersPerS;
        const auto p = RatePrediction::predict(calibration(QStringLiteral("optimistic")), withClients(32));
        QVERIFY2(p.ordersPerS < pessimistic / 10,
            qPrintable(QStringLiteral("%1 against %2").arg(p.ordersPerS).arg(pessimistic)));
    }

    void aConflictNoClientRacesForIsNotPredictedAsARace()
    {
        // A file that ends an order with \conflict when every slot it could take is held: at 4
        // clients it lost no turn, so its turns per sale are the calibration's, not 32.
        const double pessimistic
            = RatePrediction::predict(calibration(QStringLiteral("pessimistic")), withClients(32)).ordersPerS;
        RatePrediction::Calibration c { calibration(QStringLiteral("optimistic")),
            calibration(QStringLiteral("optimistic")) };
        c.busy->experiment.threads = 4;
        const auto noRace = RatePrediction::predict(c, withClients(32));
        QCOMPARE(noRace.ordersPerS, pessimistic);
        // Optimistic's compare-and-set at 4 clients: 2 losing turns per sale, a race.
        c.busy->windowClients[ClientCount::RolledBackHolds] = 2 * c.busy->windowClients[ClientCount::Sold];
        const auto race = RatePrediction::predict(c, withClients(32));
        QVERIFY2(race.ordersPerS < pessimistic / 10,
            qPrintable(QStringLiteral("%1 against %2").arg(race.ordersPerS).arg(pessimistic)));
    }

    void anOpenLoopPassesNoMoreThanArrives()
    {
        Experiment e = withClients(32);
        e.arrival = ArrivalMode::Open;
        e.rate = 100;
        const auto p = RatePrediction::predict(calibration(QStringLiteral("pessimistic")), e);
        QCOMPARE(p.ordersPerS, 100.0);
        QCOMPARE(p.bound, Bound::Arrival);
    }

    void aFailedCalibrationPredictsNothing()
    {
        StrategyResult c = calibration(QStringLiteral("pessimistic"));
        c.error = QStringLiteral("lost the server");
        QCOMPARE(RatePrediction::predict(c, withClients(32)).ordersPerS, -1.0);
    }

    void busyCoresTakeLessCpuPerOrderThanOneClient()
    {
        // A CPU-bound order: no row held, 0.5 ms of CPU per order alone on 2 cores, 0.3 ms with
        // 4 clients in flight: 0.267 ms of it is waking idle cores, shared by the orders in flight.
        RatePrediction::Calibration c { cpuBound(1, 0.5), cpuBound(4, 0.3) };
        c.alone.strategy = c.busy->strategy = QStringLiteral("naive");
        const auto alone = RatePrediction::predict(c.alone, withClients(64));
        QCOMPARE(alone.bound, Bound::Cpu);
        QVERIFY2(alone.ordersPerS <= 4000.0 && alone.ordersPerS > 3600.0,
            qPrintable(QString::number(alone.ordersPerS)));
        // At 64 clients 0.233 + 0.267 / 64 = 0.2375 ms: 2.1 times the lone client's ceiling.
        const auto busy = RatePrediction::predict(c, withClients(64));
        QCOMPARE(busy.bound, Bound::Cpu);
        QVERIFY2(busy.ordersPerS > 2.0 * alone.ordersPerS && busy.ordersPerS <= 2.0 / 0.2375 * 1000.0 + 1.0,
            qPrintable(QStringLiteral("%1 against %2").arg(busy.ordersPerS).arg(alone.ordersPerS)));
        // One client costs what the lone calibration timed, whatever the busy one found.
        QCOMPARE(RatePrediction::predict(c, withClients(1)).ordersPerS,
            RatePrediction::predict(c.alone, withClients(1)).ordersPerS);
    }

    void aPlanCalibratesBusyCoresOnlyWhenItHasSeveralClients()
    {
        Experiment one = withClients(1);
        Experiment many = withClients(32);
        const QList<RunCell> cells { { QStringLiteral("naive"), one, 1 },
            { QStringLiteral("pessimistic"), one, 1 }, { QStringLiteral("pessimistic"), many, 1 } };
        const QList<RunCell> calibration = RatePrediction::calibrationCells(cells);
        QCOMPARE(calibration.size(), 3);
        QCOMPARE(calibration[0].experiment.threads, 1);
        QCOMPARE(calibration[1].strategy, QStringLiteral("pessimistic"));
        QCOMPARE(calibration[1].experiment.threads, 1);
        QCOMPARE(calibration[2].experiment.threads, RatePrediction::busyCalibrationClients(32));
        QVERIFY(calibration[2].experiment.threads > 1 && calibration[2].experiment.durationMs <= 1000);
    }

    void aRowLockedInsideTheServerAtTheTargetsLoadRunsAtItsCalibratedRate()
    {
        // The procedure's busy calibration ran the target's 32 clients at 17,000 orders/s,
        // more than half of them waiting for the row: that rate is the prediction, whatever
        // the cores alone would allow; the model still names the bound.
        RatePrediction::Calibration c { cpuBound(1, 0.05), cpuBound(32, 0.05) };
        c.alone.strategy = c.busy->strategy = QStringLiteral("procedure");
        const auto cores = RatePrediction::predict(c, withClients(32));
        c.busy->ordersPerS = 17000.0;
        c.busy->lockWaits = 600;
        const auto measured = RatePrediction::predict(c, withClients(32));
        QCOMPARE(measured.ordersPerS, 17000.0);
        QCOMPARE(measured.bound, cores.bound);
        // At another load than the one calibrated, the model predicts.
        QCOMPARE(RatePrediction::predict(c, withClients(10000)).ordersPerS,
            RatePrediction::predict(
                RatePrediction::Calibration { c.alone, cpuBound(32, 0.05) }, withClients(10000))
                .ordersPerS);
    }

    void noCalibrationSellsOutWhatTheTargetSells()
    {
        // A flash sale of 2,000 units: the calibrations time sales at a million orders a
        // second of the largest quantity for their whole length, and still have stock left.
        Experiment sale = withClients(32);
        sale.initialStock = 2000;
        sale.qtyMax = 5;
        const QList<RunCell> plan = RatePrediction::calibrationCells(
            { { QStringLiteral("procedure"), sale, 1 }, { QStringLiteral("pessimistic"), sale, 1 } });
        QCOMPARE(plan.size(), 4);
        for (const RunCell& cell : plan) {
            const double mostSold
                = 1e6 * static_cast<double>(cell.experiment.durationMs) / 1000.0 * sale.qtyMax;
            QVERIFY2(static_cast<double>(cell.experiment.initialStock) > mostSold,
                qPrintable(QStringLiteral("%1 with %2 clients: stock %3")
                               .arg(cell.strategy)
                               .arg(cell.experiment.threads)
                               .arg(cell.experiment.initialStock)));
        }
        QCOMPARE(sale.initialStock, std::int64_t(2000)); // the target itself is left as it is
    }

    void aRowLockedInsideTheServerIsTimedAtTheTargetsLoad()
    {
        // The stored procedure: no client times its hold; 0.2 ms of CPU per order on 2 cores.
        RatePrediction::Calibration c { cpuBound(1, 0.2), cpuBound(64, 0.2) };
        c.alone.strategy = c.busy->strategy = QStringLiteral("procedure");
        const auto cores = RatePrediction::predict(c, withClients(64));
        QCOMPARE(cores.bound, Bound::Cpu);
        QVERIFY2(cores.ordersPerS > 9000.0, qPrintable(QString::number(cores.ordersPerS)));
        // At the target's 64 clients every order waited for the row, which passed 5,000 a second.
        c.busy->lockWaits = 1000;
        c.busy->ordersPerS = 5000.0;
        const auto row = RatePrediction::predict(c, withClients(64));
        QCOMPARE(row.bound, Bound::RowLock);
        QVERIFY2(
            row.ordersPerS <= 5000.0 && row.ordersPerS > 4500.0, qPrintable(QString::number(row.ordersPerS)));
        // A row waited for by a few orders only does not bound it.
        c.busy->lockWaits = 100;
        QCOMPARE(RatePrediction::predict(c, withClients(64)).bound, Bound::Cpu);

        // So the plan times the procedure's busy calibration with the target's clients (at most
        // 256), and the others' with two per core.
        const QList<RunCell> cells { { QStringLiteral("procedure"), withClients(32), 1 },
            { QStringLiteral("pessimistic"), withClients(32), 1 },
            { QStringLiteral("procedure"), withClients(10000), 1 } };
        const QList<RunCell> plan = RatePrediction::calibrationCells(cells);
        QCOMPARE(plan.size(), 4);
        QCOMPARE(plan[1].strategy, QStringLiteral("procedure"));
        QCOMPARE(plan[1].experiment.threads, RatePrediction::kMostLoadedCalibrationClients);
        QCOMPARE(plan[3].experiment.threads, RatePrediction::busyCalibrationClients(32));
    }

    void theCalibrationIsOneClientForAMoment()
    {
        Experiment e = withClients(256);
        e.arrival = ArrivalMode::Open;
        e.durationMs = 60000;
        const Experiment c = RatePrediction::calibrationExperiment(e);
        QCOMPARE(c.threads, 1);
        QCOMPARE(c.arrival, ArrivalMode::Closed);
        QVERIFY(c.durationMs <= 1000);
        QCOMPARE(c.rttMs, e.rttMs);
    }
};

QTEST_GUILESS_MAIN(TestRatePrediction)
#include "tst_rateprediction.moc"
