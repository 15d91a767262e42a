// The verdict of a result from its figures: what is a safety failure (exit 3), what could not be
// checked (audit incomplete), and how orders without reply are settled once looked up.
#include "app/core/strategyresult.h"
#include "app/core/unresolvedorders.h"
#include "strategies/order.h"

#include <QTest>

namespace {

// A safe strategy's clean run: 100 orders of 1 unit, all in the table.
StrategyResult cleanRun()
{
    StrategyResult r;
    r.strategy = QStringLiteral("pessimistic");
    r.sold = 100;
    r.orderRows = 100;
    r.clients[ClientCount::Sold] = 100;
    r.clients[ClientCount::SoldUnits] = 100;
    return r;
}

} // namespace

class TestVerdict : public QObject {
    Q_OBJECT

private slots:
    void aCleanRunPasses()
    {
        QCOMPARE(cleanRun().verdict(), Verdict::Pass);
        QVERIFY(cleanRun().clientsAgree());
    }

    void ordersWithoutReplyLeaveTheComparisonOpen()
    {
        // Two orders had no reply; the table holds one of them: the clients' 100 and the table's 101
        // can only be compared once they are looked up.
        StrategyResult r = cleanRun();
        r.clients[ClientCount::Unresolved] = 2;
        r.sold = 101;
        r.orderRows = 101;
        QCOMPARE(r.verdict(), Verdict::AuditIncomplete);
        QVERIFY(!r.clientsAgree());
        QVERIFY(r.incompleteBecause().contains(QStringLiteral("2 orders")));
        QVERIFY(!r.failsSafety());

        r.settleUnresolved(2, 1, 1, 1);
        QCOMPARE(r.clients[ClientCount::Unresolved], 0LL);
        QCOMPARE(r.clients[ClientCount::Sold], 101LL);
        QCOMPARE(r.clients[ClientCount::Reconciled], 1LL);
        QCOMPARE(r.clients[ClientCount::Failed], 1LL);
        QCOMPARE(r.verdict(), Verdict::Pass);
    }

    // A run that lost its server: the loss becomes one of its messages once the server is back,
    // and the audit it could not run then decides its verdict.
    void aRecoveredRunTakesWhatTheServerKept()
    {
        StrategyResult r = cleanRun();
        const QString loss = QStringLiteral("lost the server 2.0 s into the run");
        r.error = loss;
        r.serverLost = true;
        r.auditIncomplete = QStringLiteral("the server was lost before the closing audit");
        r.clients[ClientCount::Unresolved] = 2;
        r.unresolvedOrders = std::make_shared<const UnresolvedOrders>();
        QCOMPARE(r.verdict(), Verdict::Error);

        StrategyResult unaudited = r;
        unaudited.takeRecovery(
            { false, QStringLiteral("the server did not come back"), {}, 0, 0, 0, 0, 0, 0 });
        QVERIFY(unaudited.error.isEmpty());
        QCOMPARE(unaudited.errorMessages.value(0), loss);
        QCOMPARE(unaudited.auditIncomplete, QStringLiteral("the server did not come back"));
        QCOMPARE(unaudited.verdict(), Verdict::AuditIncomplete);

        AuditResult audit;
        audit.valid = true;
        audit.sold = 101;
        audit.orderRows = 101;
        r.takeRecovery({ true, QString(), audit, 0, 0, 2, 1, 1, 1 });
        QVERIFY(r.error.isEmpty() && r.audited());
        QCOMPARE(r.errorMessages.value(0), loss);
        QCOMPARE(r.sold, 101LL);
        QCOMPARE(r.clients[ClientCount::Sold], 101LL); // the order found committed joins the clients'
        QCOMPARE(r.clients[ClientCount::Failed], 1LL);
        QCOMPARE(r.verdict(), Verdict::Pass);

        // An acknowledged order the server did not keep is a lost order, whatever else agrees.
        StrategyResult missing = cleanRun();
        missing.error = loss;
        audit.sold = 100;
        audit.orderRows = 99;
        missing.takeRecovery({ true, QString(), audit, 1, 0, 0, 0, 0, 0 });
        QVERIFY(missing.failsSafety());
    }

    void twoLineOrdersSettleBothLines()
    {
        // Three two-SKU orders without reply; two committed (four lines, 2 units each).
        UnresolvedOrders orders;
        orders.add(1, { 1 | (std::int64_t(1) << 39) });
        orders.add(2, { 2 | (std::int64_t(1) << 39) });
        orders.add(3, { 3 | (std::int64_t(1) << 39) });
        QCOMPARE(orders.orders(), 3);
        QCOMPARE(orders.firstLines().size(), std::size_t(3));
        QCOMPARE(orders.lines(), 6);

        StrategyResult r = cleanRun();
        r.clients[ClientCount::Unresolved] = 3;
        r.sold = 108;
        r.orderRows = 104;
        r.settleUnresolved(orders.orders(), 2, 4, 8);
        QCOMPARE(r.clients[ClientCount::Reconciled], 2LL);
        QCOMPARE(r.clients[ClientCount::Failed], 1LL);
        QCOMPARE(r.clients[ClientCount::Sold], 104LL);
        QCOMPARE(r.clients[ClientCount::SoldUnits], 108LL);
        QCOMPARE(r.verdict(), Verdict::Pass);
    }

    void claimBatchesSettleEveryLine()
    {
        // Two claim batches of 5 tasks without reply; one committed: its 5 lines join the
        // clients' count, as the table holds them, and the other batch failed.
        Order batch;
        UnresolvedOrders orders;
        for (const std::int64_t requestId : { 7, 8 }) {
            batch.requestId = requestId;
            std::vector<std::int64_t> otherLines;
            for (int line = 1; line < 5; ++line)
                otherLines.push_back(batch.lineRequestId(line));
            orders.add(requestId, otherLines);
        }
        QCOMPARE(orders.orders(), 2);
        QCOMPARE(orders.lines(), 10);

        StrategyResult r = cleanRun();
        r.clients[ClientCount::Unresolved] = 2;
        r.sold = 105;
        r.orderRows = 105;
        r.settleUnresolved(orders.orders(), 1, 5, 5);
        QCOMPARE(r.clients[ClientCount::Sold], 105LL);
        QCOMPARE(r.clients[ClientCount::Reconciled], 1LL);
        QCOMPARE(r.clients[ClientCount::Failed], 1LL);
        QCOMPARE(r.verdict(), Verdict::Pass);
    }

    void anOrderMissingFromTheTableIsASafetyFailure()
    {
        StrategyResult r = cleanRun();
        r.orderRows = 99;
        r.sold = 99;
        QCOMPARE(r.verdict(), Verdict::ClientsDisagree);
        QVERIFY(r.failsSafety());
    }

    // Stock that went down with no order row is named as such; a lost update only where the
    // audit found one; an unsafe baseline keeps its own label.
    void stockWithNoOrderRowIsNamed()
    {
        StrategyResult r = cleanRun();
        r.orderRows = 99; // one acknowledged order deleted behind the lab's back
        r.sold = 99;
        r.unrecordedDecrements = 1;
        QCOMPARE(r.verdict(), Verdict::StockWithoutOrder);
        QVERIFY(r.failsSafety());
        r.experiment.workload = WorkloadKind::Claim;
        QCOMPARE(r.verdict(), Verdict::DoneWithoutCompletion);
        QVERIFY(r.failsSafety());
        r.lostUpdates = 2;
        QCOMPARE(r.verdict(), Verdict::LostUpdates);
        r.safe = false;
        QCOMPARE(r.verdict(), Verdict::LostUpdatesUnsafeBaseline);
        QVERIFY(!r.failsSafety());
    }

    // A strategy with stock in front of the database (redis-split): its shortfall (Redis plus the
    // orders short of the start) names stranded units
    // only while the clients' count and the table agree; an acknowledged order missing from the
    // table is a lost order, whatever Redis holds.
    void strandedUnitsOnlyWhenTheCountsAgree()
    {
        StrategyResult r = cleanRun();
        r.strategy = QStringLiteral("redis-split");
        r.unrecordedDecrements = 3;
        QCOMPARE(r.verdict(), Verdict::StockWithoutOrder); // stock in the database: a lost order
        r.stockInFront = true;
        QCOMPARE(r.verdict(), Verdict::StrandedInRedis);
        QVERIFY(!r.failsSafety());

        r.orderRows = 99; // one acknowledged order deleted behind the lab's back
        r.sold = 99;
        r.unrecordedDecrements = 4;
        QCOMPARE(r.verdict(), Verdict::ClientsDisagree);
        QVERIFY(r.failsSafety());

        r.clients[ClientCount::Unresolved] = 1; // its reply lost: nothing to compare yet
        QCOMPARE(r.verdict(), Verdict::AuditIncomplete);
        QVERIFY(!r.failsSafety());
    }

    void aNodeThatDisagreesIsASafetyFailure()
    {
        StrategyResult r = cleanRun();
        NodeFigures first;
        first.node = 1;
        NodeFigures second = first;
        second.node = 2;
        r.nodes = { first, second };
        QCOMPARE(r.verdict(), Verdict::Pass);
        r.nodes[1].disagreement = QStringLiteral("node 2 has 1 order row more than node 1");
        QCOMPARE(r.verdict(), Verdict::NodesDisagree);
        QVERIFY(r.failsSafety());
        r.nodes[1].disagreement.clear();
        r.nodes[1].auditError = QStringLiteral("node 2 did not answer");
        QCOMPARE(r.verdict(), Verdict::NodesDisagree);
    }

    void anOversellStandsBesideAnError()
    {
        // The run also ended on an error: the oversell the audit found is still the verdict.
        StrategyResult r = cleanRun();
        r.error = QStringLiteral("the server refused the lab's statements (error 1142)");
        QCOMPARE(r.verdict(), Verdict::Error);
        r.oversold = 3;
        QCOMPARE(r.verdict(), Verdict::Oversold);
        QVERIFY(r.failsSafety());
        // An audit that did not run cannot find one.
        r.auditIncomplete = QStringLiteral("no connection");
        QCOMPARE(r.verdict(), Verdict::Error);
        QVERIFY(!r.failsSafety());
    }

    // A strategy file's invariant that found rows fails the run even for a file that does not
    // claim to be safe; an oversell the audit found comes first; an invariant that found none
    // changes nothing.
    void aBrokenInvariantFailsWhateverTheFileClaims()
    {
        StrategyResult r = cleanRun();
        r.invariants << InvariantCheck { QStringLiteral("no-hold-left"), 0, {} };
        QCOMPARE(r.verdict(), Verdict::Pass);
        QVERIFY(!r.brokenInvariant());
        r.invariants << InvariantCheck { QStringLiteral("ledger-balances"), 2, QStringLiteral("7, 1") };
        QCOMPARE(r.verdict(), Verdict::InvariantBroken);
        QCOMPARE(r.brokenInvariant()->name, QStringLiteral("ledger-balances"));
        QVERIFY(r.failsSafety());
        r.safe = false;
        QCOMPARE(r.verdict(), Verdict::InvariantBroken);
        QVERIFY(r.failsSafety());
        r.safe = true;
        r.oversold = 1;
        r.lostUpdates = 1;
        QCOMPARE(r.verdict(), Verdict::Oversold);
        r.oversold = 0;
        r.lostUpdates = 0;
        r.auditIncomplete = QStringLiteral("no connection");
        QCOMPARE(r.verdict(), Verdict::AuditIncomplete);
    }
};

QTEST_APPLESS_MAIN(TestVerdict)
#include "tst_verdict.moc"
