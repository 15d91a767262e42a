// The clients' counts: one table names every count, and the arithmetic the sampler and the run
// window do on them.
#include "app/core/clientcounts.h"

#include <QSet>
#include <QTest>

class TestClientCounts : public QObject {
    Q_OBJECT

private slots:
    void theTableNamesEveryCountOnceInOrder()
    {
        QSet<QString> sampleKeys;
        QSet<QString> resultKeys;
        int kept = 0; // counts a result keeps as totals; the others only over its window
        for (std::size_t i = 0; i < kClientCountCount; ++i) {
            const ClientCountName& name = clientCountNames()[i];
            QCOMPARE(static_cast<std::size_t>(name.count), i);
            QVERIFY(qstrlen(name.sampleKey) > 0);
            sampleKeys.insert(QLatin1String(name.sampleKey));
            if (name.resultKey) {
                QVERIFY(qstrlen(name.resultKey) > 0);
                resultKeys.insert(QLatin1String(name.resultKey));
                ++kept;
            }
        }
        QCOMPARE(sampleKeys.size(), static_cast<int>(kClientCountCount));
        QCOMPARE(resultKeys.size(), kept);
        QVERIFY(clientCountNames()[static_cast<std::size_t>(ClientCount::Sold)].resultKey);
    }

    void sumsAndDifferencesTakeEveryCountAndError()
    {
        ClientCounts threadA;
        ClientCounts threadB;
        for (std::size_t i = 0; i < kClientCountCount; ++i) {
            threadA[static_cast<ClientCount>(i)] = static_cast<long long>(i + 1);
            threadB[static_cast<ClientCount>(i)] = 100;
        }
        threadA.error(ErrorClass::Deadlock) = 3;
        threadB.error(ErrorClass::Deadlock) = 4;
        ClientCounts total = threadA;
        total += threadB;
        for (std::size_t i = 0; i < kClientCountCount; ++i)
            QCOMPARE(total[static_cast<ClientCount>(i)], static_cast<long long>(i + 101));
        QCOMPARE(total.error(ErrorClass::Deadlock), 7LL);

        const ClientCounts interval = total.since(threadA);
        for (std::size_t i = 0; i < kClientCountCount; ++i)
            QCOMPARE(interval[static_cast<ClientCount>(i)], 100LL);
        QCOMPARE(interval.error(ErrorClass::Deadlock), 4LL);
        QCOMPARE(interval.error(ErrorClass::Other), 0LL);
    }
};

QTEST_GUILESS_MAIN(TestClientCounts)
#include "tst_clientcounts.moc"
