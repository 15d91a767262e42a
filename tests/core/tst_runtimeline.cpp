// The hot-row timeline's collection, from lanes written by hand: the ring keeps the latest
// spans, the period shown is what every lane still holds, and the count of holders at once.
#include "app/core/runtimeline.h"

#include <QTest>

namespace {

constexpr std::int64_t kMs = 1'000'000;

} // namespace

class TestRunTimeline : public QObject {
    Q_OBJECT
private slots:
    void aLaneKeepsItsLatestSpansInOrder()
    {
        TimelineLane lane;
        lane.setCapacity(3);
        for (int i = 0; i < 5; ++i)
            lane.record(TimelinePhase::Holding, i * kMs, i * kMs + kMs / 2);
        QVERIFY(lane.wrapped());
        const std::vector<TimelineSpan> spans = lane.spans();
        QCOMPARE(spans.size(), std::size_t(3));
        QCOMPARE(spans[0].startNs, 2 * kMs);
        QCOMPARE(spans[2].startNs, 4 * kMs);
    }

    void aLaneWithoutCapacityKeepsNothing()
    {
        TimelineLane lane;
        lane.record(TimelinePhase::Order, 0, kMs);
        QVERIFY(lane.spans().empty());
    }

    void thePeriodIsWhatEveryLaneStillHolds()
    {
        TimelineLane busy(TimelineLane::Role::Client);
        busy.setCapacity(2);
        for (int i = 0; i < 10; ++i)
            busy.record(TimelinePhase::Order, i * kMs, (i + 1) * kMs);
        TimelineLane writer(TimelineLane::Role::Writer);
        writer.setCapacity(100);
        writer.record(TimelinePhase::Holding, 0, 10 * kMs);
        const RunTimeline t = RunTimeline::collect({ &busy, &writer }, 0, 10 * kMs, 5 * kMs);
        // The busy lane kept 8–10 ms only: the period starts there, not at the 5 ms asked for.
        QVERIFY(t.shortened());
        QCOMPARE(t.fromUs(), 8000);
        QCOMPARE(t.toUs(), 10000);
        QCOMPARE(t.lanes().size(), std::size_t(2));
        QCOMPARE(t.lanes()[1].role, TimelineLane::Role::Writer);
        QCOMPARE(t.lanes()[1].number, 1);
        // The writer's long hold is clipped to the period.
        QCOMPARE(t.lanes()[1].spans.front().startUs, 8000);
    }

    void tooManySpansShortenThePeriod()
    {
        TimelineLane lane;
        lane.setCapacity(1000);
        for (int i = 0; i < 100; ++i)
            lane.record(TimelinePhase::Order, i * kMs, (i + 1) * kMs);
        const RunTimeline t = RunTimeline::collect({ &lane }, 0, 100 * kMs, 100 * kMs, 10);
        QVERIFY(t.shortened());
        QVERIFY(t.spanCount() <= 10);
        QCOMPARE(t.toUs(), 100000);
    }

    void mostAtOnceCountsOverlappingHolds()
    {
        TimelineLane a;
        TimelineLane b;
        TimelineLane c;
        for (TimelineLane* lane : { &a, &b, &c })
            lane->setCapacity(10);
        a.record(TimelinePhase::Holding, 0, 2 * kMs);
        b.record(TimelinePhase::Holding, 2 * kMs, 4 * kMs); // taken as a released it: never two
        c.record(TimelinePhase::Holding, 3 * kMs, 5 * kMs);
        c.record(TimelinePhase::LockWait, 0, 3 * kMs);
        const RunTimeline t = RunTimeline::collect({ &a, &b, &c }, 0, 6 * kMs);
        QCOMPARE(t.mostAtOnce(TimelinePhase::Holding), 2);
        QCOMPARE(t.mostAtOnce(TimelinePhase::LockWait), 1);
        QCOMPARE(t.mostAtOnce(TimelinePhase::Committing), 0);
    }

    void overlappingFindsLongSpansThatStartedEarlier()
    {
        TimelineLane lane;
        lane.setCapacity(10);
        lane.record(TimelinePhase::Holding, 0, 5 * kMs);
        lane.record(TimelinePhase::Network, 6 * kMs, 7 * kMs);
        lane.record(TimelinePhase::Network, 8 * kMs, 9 * kMs);
        const RunTimeline t = RunTimeline::collect({ &lane }, 0, 10 * kMs);
        const auto [first, last] = RunTimeline::overlapping(t.lanes().front(), 4000, 7500);
        QCOMPARE(first, std::size_t(0)); // the hold from 0 reaches into 4 ms
        QCOMPARE(last, std::size_t(2));
    }
};

QTEST_APPLESS_MAIN(TestRunTimeline)
#include "tst_runtimeline.moc"
