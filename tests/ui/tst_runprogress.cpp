// The progress bar's arithmetic: share of the whole run and what is left, per stop kind.
#include "ui/panels/runprogress.h"

#include <QSignalSpy>
#include <QTest>

class TestRunProgress : public QObject {
    Q_OBJECT

private slots:
    void durationCountsSecondsLeft()
    {
        Experiment e;
        e.stop = StopKind::Duration;
        e.durationMs = 10000;
        RunProgress progress(e, 2);
        QCOMPARE(progress.percent(), 0);
        progress.strategyStarted(QStringLiteral("pessimistic"));
        MetricsSample s;
        s.elapsedS = 5.0;
        progress.update(s);
        QCOMPARE(progress.percent(), 25); // half of the first of two strategies
        QCOMPARE(progress.text(),
            QStringLiteral("pessimistic (1/2): 15 s left")); // 5 s of this one, 10 of the next
        progress.strategyStarted(QStringLiteral("naive"));
        s.elapsedS = 12.0; // a late sample past the end stays at the end
        progress.update(s);
        QCOMPARE(progress.percent(), 100);
        QCOMPARE(progress.text(), QStringLiteral("naive (2/2): 0 s left"));
    }

    void ordersCountOrdersLeft()
    {
        Experiment e;
        e.stop = StopKind::Orders;
        e.totalOrders = 1000;
        RunProgress progress(e, 1);
        progress.strategyStarted(QStringLiteral("conditional"));
        MetricsSample s;
        s.clients[ClientCount::Sold] = 600;
        s.clients[ClientCount::OutOfStock] = 150;
        s.clients[ClientCount::Failed] = 50;
        progress.update(s);
        QCOMPARE(progress.percent(), 80);
        QCOMPARE(progress.text(), QStringLiteral("conditional (1/1): 200 orders left"));
    }

    void soldOutCountsUnitsLeftFromTheAudit()
    {
        Experiment e;
        e.stop = StopKind::SoldOut;
        e.skus = 2;
        e.initialStock = 500;
        RunProgress progress(e, 1);
        progress.strategyStarted(QStringLiteral("naive"));
        MetricsSample s;
        s.clients[ClientCount::SoldUnits] = 900; // the clients' count runs ahead of the stock for naive
        s.audit.valid = true;
        s.audit.remaining = 250;
        progress.update(s);
        QCOMPARE(progress.percent(), 75);
        QCOMPARE(progress.text(), QStringLiteral("naive (1/1): 250 units left"));
        s.audit.valid = false; // without an audit the clients' count is used, never below zero
        s.clients[ClientCount::SoldUnits] = 1400;
        progress.update(s);
        QCOMPARE(progress.percent(), 100);
        QCOMPARE(progress.text(), QStringLiteral("naive (1/1): 0 units left"));
    }
};

QTEST_APPLESS_MAIN(TestRunProgress)
#include "tst_runprogress.moc"
