// Where an order's time went, from the clients' counts: each part from its own counter, the
// lock wait as the locking statements' time beyond an ordinary statement's, and the parts
// adding up to the order's mean time with what no clock saw left over.
#include "app/core/ordertimesplit.h"

#include <QTest>

namespace {

using Part = OrderTimeSplit::Part;

// 1,000 orders of 10 ms: 3 statements each (one locking, one COMMIT), 1 ms of network each.
ClientCounts tenMillisecondOrders()
{
    using enum ClientCount;
    ClientCounts c;
    c[OrdersTimed] = 1000;
    c[OrderNs] = 1000 * 10'000'000LL;
    c[Statements] = 3000;
    c[NetworkNs] = 3000 * 1'000'000LL;
    c[LockStatements] = 1000;
    c[LockStatementNs] = 1000 * 4'200'000LL; // 4 ms waiting + 0.2 ms like any statement
    c[Commits] = 1000;
    c[CommitNs] = 1000 * 1'500'000LL;
    c[ServerNs] = c[LockStatementNs] + c[CommitNs] + 1000 * 200'000LL; // the third statement: 0.2 ms
    c[BackoffNs] = 1000 * 500'000LL;
    return c;
}

} // namespace

class TestOrderTimeSplit : public QObject {
    Q_OBJECT
private slots:
    void eachPartComesFromItsOwnClock()
    {
        const OrderTimeSplit split = OrderTimeSplit::of(tenMillisecondOrders());
        QCOMPARE(split.orders, 1000LL);
        QCOMPARE(split.orderMs, 10.0);
        QCOMPARE(split.ms(Part::Network), 3.0);
        QCOMPARE(split.ms(Part::Commit), 1.5);
        QCOMPARE(split.ms(Part::Backoff), 0.5);
        // The locking statement took 4.2 ms where an ordinary one took 0.2: 4 ms were the wait.
        QVERIFY(qFuzzyCompare(split.ms(Part::LockWait), 4.0));
        QVERIFY(qFuzzyCompare(split.ms(Part::Execute), 0.4));
    }

    void thePartsAddUpToTheOrderTime()
    {
        const OrderTimeSplit split = OrderTimeSplit::of(tenMillisecondOrders());
        double sum = 0.0;
        for (double ms : split.partMs)
            sum += ms;
        QVERIFY(qFuzzyCompare(sum, split.orderMs));
        // 10 ms less 3 + 4 + 0.4 + 1.5 + 0.5: 0.6 ms no clock saw.
        QVERIFY(qFuzzyCompare(split.ms(Part::Unaccounted), 0.6));
    }

    void waitsInTheLabAreTheQueueAndTheBacklog()
    {
        ClientCounts c = tenMillisecondOrders();
        c[ClientCount::QueueWaitNs] = 1000 * 300'000LL;
        c[ClientCount::BacklogNs] = 1000 * 100'000LL;
        QVERIFY(qFuzzyCompare(OrderTimeSplit::of(c).ms(Part::LabWait), 0.4));
    }

    void noOrdersNoSplit()
    {
        const OrderTimeSplit split = OrderTimeSplit::of(ClientCounts());
        QVERIFY(!split.known());
        QCOMPARE(split.orderMs, 0.0);
    }

    void theJsonNamesEveryPart()
    {
        const QJsonObject json = OrderTimeSplit::of(tenMillisecondOrders()).toJson();
        for (int i = 0; i < OrderTimeSplit::kParts; ++i)
            QVERIFY(json.contains(QLatin1String(OrderTimeSplit::key(static_cast<Part>(i)))));
        QCOMPARE(json.value(QStringLiteral("network_ms")).toDouble(), 3.0);
        QCOMPARE(json.value(QStringLiteral("order_ms")).toDouble(), 10.0);
    }
};

QTEST_GUILESS_MAIN(TestOrderTimeSplit)
#include "tst_ordertimesplit.moc"
