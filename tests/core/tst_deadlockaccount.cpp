// The deadlock account's sentence and file form, from counts set by hand.
#include "app/core/deadlockaccount.h"

#include <QTest>

class TestDeadlockAccount : public QObject {
    Q_OBJECT
private slots:
    void noDeadlockSaysNothing() { QVERIFY(DeadlockAccount {}.sentence().isEmpty()); }

    void agreeingCountsSaySo()
    {
        const DeadlockAccount a { 212, 212, 212, false, 0 };
        QVERIFY(a.agrees());
        QCOMPARE(a.sentence(),
            QStringLiteral(
                "Every deadlock accounted for: 212 captured with their statements, 212 counted by the "
                "server, 212 errors 1213 in the clients."));
    }

    void eachDifferenceIsNamed()
    {
        const DeadlockAccount polled { 30, 240, 240, true, 0 };
        QVERIFY(polled.sentence().contains(QLatin1String(
            "210 came between two reads of SHOW ENGINE INNODB STATUS, which keeps only the latest")));
        const DeadlockAccount cluster { 12, 12, 20, false, 8 };
        QVERIFY2(cluster.sentence().contains(QLatin1String("8 of the errors 1213 were the cluster's aborts")),
            qPrintable(cluster.sentence()));
        const DeadlockAccount unread { 5, -1, 5, false, 0 };
        QVERIFY(unread.sentence().contains(QLatin1String("the server's count could not be read")));
        const DeadlockAccount lost { 4, 5, 5, false, 0 };
        QVERIFY(lost.sentence().contains(QLatin1String("1 are missing from the error log")));
    }

    void theFileFormRoundTrips()
    {
        const DeadlockAccount a { 30, 240, 241, true, 1 };
        const QJsonObject json = a.toJson();
        QCOMPARE(json.value(QStringLiteral("agrees")).toBool(), false);
        const DeadlockAccount back = DeadlockAccount::fromJson(json);
        QCOMPARE(back.captured, 30);
        QCOMPARE(back.server, 240);
        QCOMPARE(back.clients, 241);
        QVERIFY(back.polled);
        QCOMPARE(back.clusterAborts, 1);
        QCOMPARE(DeadlockAccount::fromJson(DeadlockAccount { 1, -1, 1, false, 0 }.toJson()).server, -1);
    }
};

QTEST_APPLESS_MAIN(TestDeadlockAccount)
#include "tst_deadlockaccount.moc"
