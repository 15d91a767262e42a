// The hot-row timeline, from real runs on the embedded MariaDB: one lane per client and writer,
// and the holds it draws are the ones the strategy allows at once: one holder of the row for
// pessimistic, up to one per slot for slotted-partitioned, and only the writer for queued.
#include "app/core/runtimeline.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/serverfixture.h"

#include <QTest>

namespace {

StrategyResult runOnOneSku(const QString& strategy, int clients)
{
    Experiment e = ServerFixture::soldOutExperiment(1000000);
    e.threads = clients;
    e.rttMs = 1;
    e.stop = StopKind::Duration;
    e.durationMs = 1500;
    return ServerFixture::runStrategy(strategy, e);
}

int lanesOf(const RunTimeline& timeline, TimelineLane::Role role)
{
    return static_cast<int>(std::count_if(timeline.lanes().begin(), timeline.lanes().end(),
        [role](const RunTimeline::Lane& lane) { return lane.role == role; }));
}

// Holds drawn on lanes of `role`.
int holdsOn(const RunTimeline& timeline, TimelineLane::Role role)
{
    int holds = 0;
    for (const RunTimeline::Lane& lane : timeline.lanes()) {
        if (lane.role != role)
            continue;
        holds += static_cast<int>(std::count_if(lane.spans.begin(), lane.spans.end(),
            [](const RunTimeline::Span& span) { return span.phase == TimelinePhase::Holding; }));
    }
    return holds;
}

} // namespace

class TestHotRowTimeline : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { LOCKBENCH_REQUIRE_SERVER(); }

    void pessimisticHasOneHolderAtATime()
    {
        const HangWatchdog watchdog;
        const StrategyResult r = runOnOneSku(QStringLiteral("pessimistic"), 16);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QVERIFY(r.timeline);
        const RunTimeline& t = *r.timeline;
        QCOMPARE(lanesOf(t, TimelineLane::Role::Client), 16);
        QVERIFY2(holdsOn(t, TimelineLane::Role::Client) >= 50,
            qPrintable(QString::number(holdsOn(t, TimelineLane::Role::Client))));
        QCOMPARE(t.mostAtOnce(TimelinePhase::Holding), 1);
        // The other fifteen wait their turn meanwhile.
        QVERIFY2(t.mostAtOnce(TimelinePhase::LockWait) >= 8,
            qPrintable(QString::number(t.mostAtOnce(TimelinePhase::LockWait))));
        QVERIFY(t.mostAtOnce(TimelinePhase::Network) >= 1);
        // The last 1.5 s of the run: the whole of it, every client's ring large enough.
        QVERIFY(!t.shortened());
        QCOMPARE(t.fromUs(), 0);
        QVERIFY(std::abs(t.toUs() - static_cast<int>(r.durationS * 1e6)) <= 1);
    }

    void slottedPartitionedHasAHolderPerSlot()
    {
        const HangWatchdog watchdog;
        const StrategyResult r = runOnOneSku(QStringLiteral("slotted-partitioned"), 32);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QVERIFY(r.timeline);
        const int most = r.timeline->mostAtOnce(TimelinePhase::Holding);
        QVERIFY2(most > 1 && most <= r.experiment.slotsPerSku, qPrintable(QString::number(most)));
    }

    void queuedHoldsOnlyInItsWriter()
    {
        const HangWatchdog watchdog;
        const StrategyResult r = runOnOneSku(QStringLiteral("queued"), 16);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QVERIFY(r.timeline);
        const RunTimeline& t = *r.timeline;
        QCOMPARE(lanesOf(t, TimelineLane::Role::Client), 16);
        QCOMPARE(lanesOf(t, TimelineLane::Role::Writer), r.experiment.writers);
        QCOMPARE(holdsOn(t, TimelineLane::Role::Client), 0);
        QVERIFY(holdsOn(t, TimelineLane::Role::Writer) >= 10);
        QCOMPARE(t.mostAtOnce(TimelinePhase::Holding), 1); // one SKU: one writer's turn at a time
        QVERIFY(t.mostAtOnce(TimelinePhase::Order) >= 8); // the shoppers wait for it
    }
};

QTEST_GUILESS_MAIN(TestHotRowTimeline)
#include "tst_hotrowtimeline.moc"
