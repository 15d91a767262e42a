// The session's results as a list model, checked by Qt's own QAbstractItemModelTester as rows
// arrive, change and go, and followed by a view's table model through the same announcements.
#include "app/session/resultlist.h"
#include "tests/support/sampleresults.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

class TestResultList : public QObject {
    Q_OBJECT

    static SourcedResult row(const QString& source, const QString& strategy)
    {
        return { source, SampleResults::make(strategy, 8, 900.0), false };
    }

private slots:
    void announcesEveryChangeAsQtModelsDo()
    {
        ResultList list;
        QAbstractItemModelTester tester(&list, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy inserted(&list, &QAbstractItemModel::rowsInserted);
        QSignalSpy changed(&list, &QAbstractItemModel::dataChanged);
        QSignalSpy removed(&list, &QAbstractItemModel::rowsRemoved);
        QSignalSpy reset(&list, &QAbstractItemModel::modelReset);

        list.append(row(QStringLiteral("#1"), QStringLiteral("pessimistic")));
        list.append(row(QStringLiteral("#1"), QStringLiteral("conditional")));
        list.append(row(QStringLiteral("run.json"), QStringLiteral("slotted")));
        QCOMPARE(list.rowCount(), 3);
        QCOMPARE(inserted.size(), 3);
        QCOMPARE(inserted.last().at(1).toInt(), 2);
        QCOMPARE(list.index(1).data().toString(), QStringLiteral("#1 conditional"));
        QCOMPARE(list.index(2).data(ResultList::ResultRole).value<SourcedResult>().result.strategy,
            QStringLiteral("slotted"));

        QVERIFY(list.update(1, [](SourcedResult& r) { r.source = QStringLiteral("#2"); }));
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed.first().first().toModelIndex().row(), 1);
        QCOMPARE(list.index(1).data().toString(), QStringLiteral("#2 conditional"));
        QVERIFY(!list.update(3, [](SourcedResult&) {}));
        QCOMPARE(changed.size(), 1);

        QVERIFY(list.remove(0));
        QVERIFY(!list.remove(5));
        QCOMPARE(removed.size(), 1);
        QCOMPARE(list.at(0).result.strategy, QStringLiteral("conditional"));

        list.clear();
        QCOMPARE(reset.size(), 1);
        QCOMPARE(list.rowCount(), 0);
        QVERIFY(!list.index(0).data().isValid());
    }
};

QTEST_GUILESS_MAIN(TestResultList)
#include "tst_resultlist.moc"
