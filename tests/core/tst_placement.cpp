// Clients spread over a cluster's nodes: round robin, or a split by weights as --placement
// writes it. Every client has one node, the counts add up, and a node weighted 0 gets none.
#include "app/core/placement.h"
#include "app/core/serverfit.h"

#include <QSignalSpy>
#include <QTest>

class TestPlacement : public QObject {
    Q_OBJECT
private slots:
    void parsesWhatTheFlagTakes_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("valid");
        QTest::newRow("round robin") << QStringLiteral("round-robin") << true;
        QTest::newRow("all on one") << QStringLiteral("1:0:0") << true;
        QTest::newRow("split") << QStringLiteral("2:1:1") << true;
        QTest::newRow("no clients anywhere") << QStringLiteral("0:0:0") << false;
        QTest::newRow("negative") << QStringLiteral("1:-1:0") << false;
        QTest::newRow("not a number") << QStringLiteral("1:x:0") << false;
        QTest::newRow("empty part") << QStringLiteral("1::0") << false;
        QTest::newRow("space") << QStringLiteral("1: 1") << false;
        QTest::newRow("empty") << QString() << false;
    }
    void parsesWhatTheFlagTakes()
    {
        QFETCH(QString, text);
        QFETCH(bool, valid);
        QString error;
        const std::optional<Placement> placement = Placement::parse(text, &error);
        QCOMPARE(placement.has_value(), valid);
        if (valid)
            QCOMPARE(placement->text(), text);
        else
            QVERIFY(!error.isEmpty());
    }

    void countsFollowTheWeightsAndAddUp_data()
    {
        QTest::addColumn<QString>("placement");
        QTest::addColumn<int>("clients");
        QTest::addColumn<QList<int>>("counts");
        QTest::newRow("round robin") << QStringLiteral("round-robin") << 8 << QList<int> { 3, 3, 2 };
        QTest::newRow("all on node 1") << QStringLiteral("1:0:0") << 8 << QList<int> { 8, 0, 0 };
        QTest::newRow("two writer nodes") << QStringLiteral("1:1:0") << 8 << QList<int> { 4, 4, 0 };
        // 3.5, 1.75, 1.75: the two left over go to the largest fractions.
        QTest::newRow("remainder to the largest fraction")
            << QStringLiteral("2:1:1") << 7 << QList<int> { 3, 2, 2 };
        QTest::newRow("fewer clients than nodes") << QStringLiteral("1:1:1") << 2 << QList<int> { 1, 1, 0 };
    }
    void countsFollowTheWeightsAndAddUp()
    {
        QFETCH(QString, placement);
        QFETCH(int, clients);
        QFETCH(QList<int>, counts);
        QString error;
        const Placement p = *Placement::parse(placement, &error);
        QCOMPARE(p.clientsPerNode(clients, 3), counts);
        // Every client is on the node the counts give it.
        QList<int> seen(3, 0);
        for (int i = 0; i < clients; ++i)
            ++seen[p.nodeOf(i, clients, 3)];
        QCOMPARE(seen, counts);
    }

    void aSplitMustNameEveryNode()
    {
        QString error;
        const Placement p = *Placement::parse(QStringLiteral("1:1"), &error);
        QVERIFY(!p.problemFor(3).isEmpty());
        QVERIFY(p.problemFor(2).isEmpty());
        QVERIFY(Placement::roundRobin().problemFor(5).isEmpty());
    }

    // What cannot work across nodes is refused by name: connection ids are per node.
    void whatNeedsOneServerIsRefusedOnACluster()
    {
        Experiment e;
        QVERIFY(ServerFit::of(e, { 3, true, false }).isEmpty());
        e.workload = WorkloadKind::Claim;
        e.killWorkersEveryMs = 200;
        QVERIFY(ServerFit::of(e, { 1, true, false }).isEmpty());
        const QList<ServerFit::Problem> problems = ServerFit::of(e, { 3, true, false });
        QCOMPARE(problems.size(), 2);
        QCOMPARE(problems[0].field, QStringLiteral("workload"));
        QVERIFY2(problems[0].text.contains(QLatin1String("CONNECTION_ID()")), qPrintable(problems[0].text));
        QCOMPARE(problems[1].field, QStringLiteral("kill-workers-every"));

        e = Experiment();
        e.killNode = 4;
        QString error;
        e.placement = *Placement::parse(QStringLiteral("1:1"), &error);
        const QList<ServerFit::Problem> misfit = ServerFit::of(e, { 3, true, false });
        QCOMPARE(misfit.size(), 2);
        QCOMPARE(misfit[0].text, QStringLiteral("1:1 names 2 nodes, but the cluster has 3"));
        QCOMPARE(misfit[1].text, QStringLiteral("node 4 is not there: the server has 3 nodes"));
        QCOMPARE(ServerFit::of(e, { 1, true, false }).first().field, QStringLiteral("placement"));
    }
};

QTEST_APPLESS_MAIN(TestPlacement)
#include "tst_placement.moc"
