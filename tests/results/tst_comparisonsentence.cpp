// The comparison in plain words under a run's results: against pessimistic when it ran, else
// the slowest safe strategy; never with an unsafe baseline; a repeated strategy by its median.
#include "app/results/comparisonsentence.h"
#include "app/results/enginecomparison.h"

#include <QSignalSpy>
#include <QTest>

namespace {

StrategyResult row(const QString& strategy, double ordersPerS, bool safe = true)
{
    StrategyResult r;
    r.strategy = strategy;
    r.ordersPerS = ordersPerS;
    r.safe = safe;
    r.experiment.skus = 1;
    return r;
}

} // namespace

class TestComparisonSentence : public QObject {
    Q_OBJECT

private slots:
    void theFastestAgainstPessimistic()
    {
        QCOMPARE(ComparisonSentence::of(
                     { row(QStringLiteral("pessimistic"), 86), row(QStringLiteral("conditional"), 300),
                         row(QStringLiteral("queued"), 2410), row(QStringLiteral("naive"), 9000, false) }),
            QStringLiteral(
                "queued sold 28× as fast as pessimistic on one hot SKU (2,410 against 86 orders/s)."));
    }

    // A strategy that claims safety and lost updates sold what it did not have: its rate is not
    // compared (the lesson "Fix the transaction" runs one beside pessimistic).
    void aBrokenPromiseIsNotComparedAsFaster()
    {
        StrategyResult broken = row(QStringLiteral("lesson-transaction"), 180);
        broken.lostUpdates = 12;
        QVERIFY(broken.failsSafety());
        QCOMPARE(ComparisonSentence::of({ broken, row(QStringLiteral("pessimistic"), 150),
                     row(QStringLiteral("conditional"), 300) }),
            QStringLiteral(
                "conditional sold 2.0× as fast as pessimistic on one hot SKU (300 against 150 orders/s)."));
    }

    void withoutPessimisticTheSlowestSafeOne()
    {
        StrategyResult many = row(QStringLiteral("optimistic"), 20);
        many.experiment.skus = 1000;
        StrategyResult fast = row(QStringLiteral("conditional"), 50);
        fast.experiment.skus = 1000;
        QCOMPARE(ComparisonSentence::of({ many, fast }),
            QStringLiteral(
                "conditional sold 2.5× as fast as optimistic on 1000 SKUs (50 against 20 orders/s)."));
    }

    void repeatedRunsCountWithTheirMedian()
    {
        QCOMPARE(ComparisonSentence::of(
                     { row(QStringLiteral("pessimistic"), 100), row(QStringLiteral("conditional"), 150),
                         row(QStringLiteral("pessimistic"), 300), row(QStringLiteral("conditional"), 600),
                         row(QStringLiteral("pessimistic"), 110), row(QStringLiteral("conditional"), 160) }),
            QStringLiteral(
                "conditional sold 1.5× as fast as pessimistic on one hot SKU (160 against 110 orders/s)."));
    }

    void aboutTheSameRateIsSaidSo()
    {
        QCOMPARE(ComparisonSentence::of({ row(QStringLiteral("pessimistic"), 100),
                     row(QStringLiteral("pessimistic-nowait"), 104) }),
            QStringLiteral("pessimistic-nowait and pessimistic ran at about the same rate on one hot SKU "
                           "(104 against 100 orders/s)."));
    }

    void claimsAreTasks()
    {
        StrategyResult forUpdate = row(QStringLiteral("claim-for-update"), 650);
        StrategyResult skipLocked = row(QStringLiteral("claim-skip-locked"), 6500);
        for (StrategyResult* r : { &forUpdate, &skipLocked }) {
            r->experiment.workload = WorkloadKind::Claim;
            r->experiment.tasks = 5000;
        }
        QCOMPARE(ComparisonSentence::of({ forUpdate, skipLocked }),
            QStringLiteral("claim-skip-locked completed tasks 10× as fast as claim-for-update on one table "
                           "of 5000 tasks "
                           "(6,500 against 650 tasks/s)."));
    }

    // A run of two experiments: a sentence for each, in the order they ran, and none for an
    // experiment with one strategy.
    void eachExperimentItsOwnSentence()
    {
        StrategyResult slowPessimistic = row(QStringLiteral("pessimistic"), 50);
        StrategyResult slowQueued = row(QStringLiteral("queued"), 1000);
        slowPessimistic.experiment.delayMs = slowQueued.experiment.delayMs = 5;
        StrategyResult alone = row(QStringLiteral("conditional"), 300);
        alone.experiment.skus = 100;
        const QStringList sentences = ComparisonSentence::ofEachExperiment({ slowPessimistic,
            row(QStringLiteral("pessimistic"), 86), alone, slowQueued, row(QStringLiteral("queued"), 2410) });
        QCOMPARE(sentences,
            (QStringList { ComparisonSentence::of({ slowPessimistic, slowQueued }),
                ComparisonSentence::of(
                    { row(QStringLiteral("pessimistic"), 86), row(QStringLiteral("queued"), 2410) }) }));
        QVERIFY2(sentences.first().startsWith(QStringLiteral("queued sold 20× as fast as pessimistic")),
            qPrintable(sentences.first()));
    }

    void theWindowComparesTheLatestRowsExperiment()
    {
        StrategyResult slowPessimistic = row(QStringLiteral("pessimistic"), 50);
        StrategyResult slowQueued = row(QStringLiteral("queued"), 1000);
        slowPessimistic.experiment.delayMs = slowQueued.experiment.delayMs = 5;
        const QList<StrategyResult> rows = { row(QStringLiteral("pessimistic"), 86), slowPessimistic,
            row(QStringLiteral("queued"), 2410), slowQueued };
        QCOMPARE(ComparisonSentence::ofLatestExperiment(rows),
            ComparisonSentence::of({ slowPessimistic, slowQueued }));
        QVERIFY(ComparisonSentence::ofLatestExperiment({}).isEmpty());
        // The same experiment on two servers: the engines compared, never one server's
        // pessimistic against the other's queued.
        QList<StrategyResult> engines
            = { row(QStringLiteral("pessimistic"), 300), row(QStringLiteral("queued"), 2400),
                  row(QStringLiteral("pessimistic"), 250), row(QStringLiteral("queued"), 2000) };
        engines[0].server = engines[1].server = QStringLiteral("MariaDB 10.11.19");
        engines[2].server = engines[3].server = QStringLiteral("PostgreSQL 15.18");
        const QString sentences = ComparisonSentence::ofLatestExperiment(engines);
        QCOMPARE(sentences, EngineComparison::sentences(engines).join(QLatin1Char('\n')));
        QCOMPARE(sentences.count(QLatin1Char('\n')), 1);
        QVERIFY2(sentences.contains(QLatin1String("PostgreSQL 15.18")), qPrintable(sentences));
    }

    void nothingToCompare()
    {
        QVERIFY(ComparisonSentence::of({}).isEmpty());
        QVERIFY(ComparisonSentence::of({ row(QStringLiteral("pessimistic"), 100) }).isEmpty());
        QVERIFY(ComparisonSentence::of(
            { row(QStringLiteral("pessimistic"), 100), row(QStringLiteral("naive"), 900, false) })
                    .isEmpty());
        StrategyResult failed = row(QStringLiteral("conditional"), 0);
        failed.error = QStringLiteral("lost the server");
        QVERIFY(ComparisonSentence::of({ row(QStringLiteral("pessimistic"), 100), failed }).isEmpty());
        // Another experiment's row is not compared with this one's.
        StrategyResult other = row(QStringLiteral("conditional"), 500);
        other.experiment.delayMs = 5;
        QVERIFY(ComparisonSentence::of({ row(QStringLiteral("pessimistic"), 100), other }).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestComparisonSentence)
#include "tst_comparisonsentence.moc"
