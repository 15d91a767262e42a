// What a finished run comes to, for both fronts: the comparisons and the ending the command
// line turns into its exit status.
#include "app/results/runoutcome.h"
#include "tests/support/sampleresults.h"

#include <QTest>

class TestRunOutcome : public QObject {
    Q_OBJECT

private slots:
    void auditedSafeStrategiesPassAndAreCompared()
    {
        const RunOutcome outcome
            = RunOutcome::of({ SampleResults::make(QStringLiteral("pessimistic"), 8, 100),
                SampleResults::make(QStringLiteral("queued"), 8, 2500) });
        QCOMPARE(outcome.ending(), RunOutcome::Ending::Passed);
        QCOMPARE(outcome.comparisons().size(), 1);
        QVERIFY2(outcome.comparisons().first().contains(QLatin1String("queued")),
            qPrintable(outcome.comparisons().first()));
    }

    void anUnsafeBaselineThatLosesUpdatesStillPasses()
    {
        // naive is expected to oversell: the lab shows it, and the run has not failed.
        const RunOutcome outcome = RunOutcome::of({ SampleResults::make(QStringLiteral("naive"), 8, 5000) });
        QCOMPARE(outcome.ending(), RunOutcome::Ending::Passed);
        QVERIFY(outcome.comparisons().isEmpty()); // nothing safe to compare it with
    }

    void aSafeStrategyThatOversellsEndsUnsafeEvenBesideAFailure()
    {
        StrategyResult broken = SampleResults::make(QStringLiteral("conditional"), 8, 400);
        broken.oversold = 3;
        StrategyResult failed = SampleResults::make(QStringLiteral("optimistic"), 8, 0);
        failed.error = QStringLiteral("the server went away");
        const RunOutcome outcome = RunOutcome::of({ failed, broken });
        QCOMPARE(outcome.ending(), RunOutcome::Ending::Unsafe);
        QVERIFY2(
            outcome.endingText().contains(QLatin1String("conditional")), qPrintable(outcome.endingText()));
        // Only the strategy that broke its promise: the one that failed is not among them.
        QCOMPARE(outcome.unsafeStrategies(), QStringList { QStringLiteral("conditional") });
    }

    void aFailureOrAnUncheckedAuditIsIncomplete()
    {
        StrategyResult failed = SampleResults::make(QStringLiteral("optimistic"), 8, 0);
        failed.error = QStringLiteral("the server went away");
        StrategyResult unaudited = SampleResults::make(QStringLiteral("pessimistic"), 8, 100);
        unaudited.auditIncomplete = QStringLiteral("the control connection was killed");
        for (const StrategyResult& r : { failed, unaudited }) {
            const RunOutcome outcome
                = RunOutcome::of({ r, SampleResults::make(QStringLiteral("queued"), 8, 900) });
            QCOMPARE(outcome.ending(), RunOutcome::Ending::Incomplete);
            QVERIFY2(outcome.endingText().contains(r.strategy), qPrintable(outcome.endingText()));
        }
    }

    void oneComparisonPerExperimentInTheOrderTheyRan()
    {
        QList<StrategyResult> results;
        for (const int threads : { 4, 16 }) {
            results << SampleResults::make(QStringLiteral("pessimistic"), threads, 100.0 * threads);
            results << SampleResults::make(QStringLiteral("queued"), threads, 1000.0 * threads);
        }
        const RunOutcome outcome = RunOutcome::of(results);
        QCOMPARE(outcome.comparisons().size(), 2);
        QVERIFY2(outcome.comparisons().at(0).contains(QLatin1String("4,000")),
            qPrintable(outcome.comparisons().at(0)));
        QVERIFY2(outcome.comparisons().at(1).contains(QLatin1String("16,000")),
            qPrintable(outcome.comparisons().at(1)));
    }

    void noResultSaysSo()
    {
        const RunOutcome outcome = RunOutcome::of({});
        QCOMPARE(outcome.ending(), RunOutcome::Ending::Passed);
        QCOMPARE(outcome.endingText(), QStringLiteral("no strategy finished"));
    }
};

QTEST_GUILESS_MAIN(TestRunOutcome)
#include "tst_runoutcome.moc"
