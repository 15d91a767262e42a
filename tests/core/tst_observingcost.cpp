// What the lab's observing asked of the server, from looks added by hand.
#include "app/core/observingcost.h"

#include <QTest>

class TestObservingCost : public QObject {
    Q_OBJECT
private slots:
    void theSentenceGivesEachViewsRateAndTime()
    {
        ObservingCost cost;
        QVERIFY(cost.sentence(10.0).isEmpty());
        for (int i = 0; i < 40; ++i)
            cost.add(ObservingCost::View::Sampler, 500'000); // 0.5 ms
        for (int i = 0; i < 100; ++i)
            cost.add(ObservingCost::View::Inspector, 2'000'000); // 2 ms
        QCOMPARE(cost.looks(ObservingCost::View::Inspector), 100);
        // 20 ms + 200 ms over 10 s: 2.2 % of the run.
        QCOMPARE(cost.shareOf(10.0), 0.022);
        const QString sentence = cost.sentence(10.0);
        QVERIFY2(sentence.startsWith(QLatin1String(
                     "Observing looked 14.0 times a second and the server answered in 2.2 % of the run:")),
            qPrintable(sentence));
        QVERIFY2(sentence.contains(QLatin1String("the lock inspector 10.0 a second, 2.00 ms each")),
            qPrintable(sentence));
        QVERIFY(!sentence.contains(QLatin1String("audit"))); // a view that never looked is not named
    }

    void theFileFormRoundTrips()
    {
        ObservingCost cost;
        cost.add(ObservingCost::View::Audit, 3'000'000);
        cost.add(ObservingCost::View::Deadlocks, 1'000'000);
        const QJsonObject json = cost.toJson(2.0);
        QCOMPARE(
            json.value(QStringLiteral("audit")).toObject().value(QStringLiteral("looks_per_s")).toDouble(),
            0.5);
        const ObservingCost back = ObservingCost::fromJson(json);
        QCOMPARE(back.looks(ObservingCost::View::Audit), 1);
        QCOMPARE(back.ms(ObservingCost::View::Deadlocks), 1.0);
        QCOMPARE(back.shareOf(2.0), cost.shareOf(2.0));
    }

    void theViewsWatchedLiveAreNamed()
    {
        int views = 0;
        QVERIFY(ObservingCost::parseViews(QStringLiteral("Inspector,audit"), views).isEmpty());
        QCOMPARE(views,
            ObservingCost::bit(ObservingCost::View::Inspector)
                | ObservingCost::bit(ObservingCost::View::Audit));
        QCOMPARE(ObservingCost::viewsText(views), QStringLiteral("audit,inspector"));
        QVERIFY(ObservingCost::parseViews(QStringLiteral("none"), views).isEmpty());
        QCOMPARE(views, 0);
        QCOMPARE(ObservingCost::viewsText(views), QStringLiteral("none"));
        QVERIFY(ObservingCost::parseViews(QStringLiteral("all"), views).isEmpty());
        QCOMPARE(ObservingCost::viewsText(views), QStringLiteral("all"));
        const QString error = ObservingCost::parseViews(QStringLiteral("sampler,graphs"), views);
        QVERIFY2(error.contains(QLatin1String("graphs")), qPrintable(error));
        QCOMPARE(views, 0b1111); // left as it was
    }
};

QTEST_APPLESS_MAIN(TestObservingCost)
#include "tst_observingcost.moc"
