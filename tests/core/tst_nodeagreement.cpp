// A cluster node's own audit against the run's: every figure compared, each difference named.
#include "app/core/nodeagreement.h"

#include <QTest>

namespace {

AuditResult cleanAudit()
{
    AuditResult audit;
    audit.valid = true;
    audit.skus = 20;
    audit.initialStock = 20000;
    audit.remaining = 0;
    audit.sold = 20000;
    audit.orderRows = 9000;
    return audit;
}

} // namespace

class TestNodeAgreement : public QObject {
    Q_OBJECT

private slots:
    void theSameFiguresAgree()
    {
        QCOMPARE(NodeAgreement::disagreement(2, cleanAudit(), cleanAudit()), QString());
    }

    // The totals agree; the node's own audit found what the run's did not.
    void aFigureBeyondTheTotalsIsADisagreement_data()
    {
        QTest::addColumn<int>("figure");
        QTest::addColumn<QString>("named");
        QTest::newRow("oversold") << 0 << QStringLiteral("3 units oversold (the run's audit: 0)");
        QTest::newRow("lost updates") << 1 << QStringLiteral("3 lost updates (the run's audit: 0)");
        QTest::newRow("unrecorded") << 2
                                    << QStringLiteral("3 units taken with no order row (the run's audit: 0)");
        QTest::newRow("negative") << 3 << QStringLiteral("3 SKUs below zero (the run's audit: 0)");
    }
    void aFigureBeyondTheTotalsIsADisagreement()
    {
        QFETCH(int, figure);
        QFETCH(QString, named);
        AuditResult node = cleanAudit();
        std::int64_t* const figures[]
            = { &node.oversold, &node.lostUpdates, &node.unrecordedDecrements, &node.negativeSkus };
        *figures[figure] = 3;
        const QString sentence = NodeAgreement::disagreement(3, node, cleanAudit());
        QVERIFY2(sentence.startsWith(QStringLiteral("node 3's own audit differs from the run's: ")),
            qPrintable(sentence));
        QVERIFY2(sentence.endsWith(named), qPrintable(sentence));
    }

    void everyDifferingFigureIsNamed()
    {
        AuditResult node = cleanAudit();
        node.remaining = 4;
        node.orderRows = 8999;
        QCOMPARE(NodeAgreement::disagreement(2, node, cleanAudit()),
            QStringLiteral(
                "node 2's own audit differs from the run's: 4 units of stock (the run's audit: 0), "
                "8999 order rows (the run's audit: 9000)"));
    }
};

QTEST_GUILESS_MAIN(TestNodeAgreement)
#include "tst_nodeagreement.moc"
