// The window's results: a model on the shared column table, checked by
// QAbstractItemModelTester as rows arrive, with passwords masked in every cell and tooltip,
// and the panel reading its cells from the model rather than out of a widget.
#include "app/session/resultlist.h"
#include "ui/panels/explanationview.h"
#include "ui/panels/resultsmodel.h"
#include "ui/panels/resultspanel.h"

#include <QAbstractItemModelTester>
#include <QHeaderView>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTest>

namespace {

const QString kPassword = QStringLiteral("s3cret-pw");

StrategyResult finished(const QString& strategy, long long sold)
{
    StrategyResult r;
    r.strategy = strategy;
    r.safe = strategy != QLatin1String("naive");
    r.experiment.threads = 8;
    r.sold = sold;
    r.clients[ClientCount::SoldUnits] = sold;
    r.orderRows = sold;
    r.clients[ClientCount::Sold] = sold;
    r.ordersPerS = 800.0;
    r.stopReason = StopReason::SoldOut;
    return r;
}

} // namespace

class TestResultsModel : public QObject {
    Q_OBJECT
private slots:
    void rowsArriveAsTheTesterExpects()
    {
        ResultList results;
        ResultsModel model(&results);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        results.append({ QStringLiteral("#1"), finished(QStringLiteral("pessimistic"), 100) });
        results.append({ QStringLiteral("yesterday"), finished(QStringLiteral("naive"), 140), true });
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.columnCount(),
            ResultColumns::of(ResultColumns::Table::Window).size() + 1); // and the spread
        const int sold = model.indexOf(ResultColumns::Column::Sold);
        QCOMPARE(model.data(model.index(1, sold), Qt::DisplayRole).toString(), QStringLiteral("140"));
        QCOMPARE(model.data(model.index(1, sold), ResultsModel::SortRole).toDouble(), 140.0);
        const int strategy = model.indexOf(ResultColumns::Column::Strategy);
        const QString unsafeTip = model.data(model.index(1, strategy), Qt::ToolTipRole).toString();
        QVERIFY(unsafeTip.contains(QLatin1String("unsafe baseline"))); // naive: unsafe on purpose
        // Every row names its own experiment on hover, whatever the form shows now.
        const QString tip = model.data(model.index(0, sold), Qt::ToolTipRole).toString();
        QVERIFY2(tip.startsWith(QLatin1String("Experiment: ")), qPrintable(tip));
        QVERIFY(tip.contains(QStringLiteral("stock %1").arg(Experiment().initialStock)));
        QVERIFY(unsafeTip.contains(QLatin1String("Experiment: ")));
        QCOMPARE(model.headerData(sold, Qt::Horizontal, Qt::ToolTipRole).toString(),
            ResultColumns::toolTip(ResultColumns::Column::Sold));
    }

    void repetitionsShowTheirSpread()
    {
        ResultList results;
        ResultsModel model(&results);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const double orders[] = { 900, 1100, 1000 };
        for (int repetition = 1; repetition <= 3; ++repetition) {
            StrategyResult r = finished(QStringLiteral("queued"), 100);
            r.experiment.repeat = 3;
            r.repetition = repetition;
            r.ordersPerS = orders[repetition - 1];
            results.append({ QStringLiteral("#1"), r });
        }
        results.append({ QStringLiteral("#1"), finished(QStringLiteral("conditional"), 100) });
        const int spread = model.spreadColumn();
        QCOMPARE(spread, model.indexOf(ResultColumns::Column::OrdersPerS) + 1);
        QCOMPARE(model.headerData(spread, Qt::Horizontal, Qt::DisplayRole).toString(),
            QStringLiteral("orders/s median (min–max)"));
        for (int row = 0; row < 3; ++row)
            QCOMPARE(model.data(model.index(row, spread), Qt::DisplayRole).toString(),
                QStringLiteral("1000 (900–1100)"));
        QCOMPARE(model.data(model.index(3, spread), Qt::DisplayRole).toString(), QStringLiteral("800"));
        const int run = model.indexOf(ResultColumns::Column::Repetition);
        QCOMPARE(model.data(model.index(1, run), Qt::DisplayRole).toString(), QStringLiteral("2/3"));
        QCOMPARE(model.columnAt(run), ResultColumns::Column::Repetition);
        QCOMPARE(model.columnAt(spread + 1), ResultColumns::Column::Predicted);
        QCOMPARE(model.columnAt(spread + 2), ResultColumns::Column::SoldOutS);
    }

    // The model reads the session's list in place: a row removed, renamed or all cleared is
    // announced before it goes, and the medians of the rows left follow.
    void rowsLeaveAndChangeAsTheTesterExpects()
    {
        ResultList results;
        ResultsModel model(&results);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        for (const double rate : { 900.0, 1100.0, 1000.0 }) {
            StrategyResult r = finished(QStringLiteral("queued"), 100);
            r.experiment.repeat = 3;
            r.repetition = static_cast<int>(results.size()) + 1;
            r.ordersPerS = rate;
            results.append({ QStringLiteral("#1"), r });
        }
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        QVERIFY(results.remove(1));
        QCOMPARE(removed.size(), 1);
        QCOMPARE(model.rowCount(), 2);
        const int spread = model.spreadColumn();
        QCOMPARE(
            model.data(model.index(1, spread), Qt::DisplayRole).toString(), QStringLiteral("950 (900–1000)"));
        QVERIFY(!results.remove(5));

        const int source = model.indexOf(ResultColumns::Column::Source);
        QVERIFY(results.update(0, [](SourcedResult& row) { row.source = QStringLiteral("baseline"); }));
        QCOMPARE(model.data(model.index(0, source), Qt::DisplayRole).toString(), QStringLiteral("baseline"));

        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        results.clear();
        QCOMPARE(reset.size(), 1);
        QCOMPARE(model.rowCount(), 0);
    }

    void windowMasksPasswords()
    {
        ResultList results;
        ResultsPanel panel(&results);
        QAbstractItemModelTester tester(
            panel.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        StrategyResult failed = finished(QStringLiteral("conditional"), 0);
        failed.error = QStringLiteral("lost mysql://lab:%1@10.0.0.9:3306/lockbench").arg(kPassword);
        failed.errorMessages
            = { QStringLiteral("1× error 2013: via mysql://lab:%1@10.0.0.9/lockbench").arg(kPassword) };
        results.append({ QStringLiteral("#2"), failed });

        // The view shows the model through a sorting proxy, and holds no copy of its own.
        const auto* proxy = qobject_cast<const QSortFilterProxyModel*>(panel.view()->model());
        QVERIFY(proxy);
        QCOMPARE(proxy->sourceModel(), panel.model());
        const QString verdict = panel.cell(0, QStringLiteral("verdict"));
        QCOMPARE(verdict, QStringLiteral("error: lost mysql://lab:***@10.0.0.9:3306/lockbench"));
        for (int column = 0; column < panel.model()->columnCount(); ++column) {
            for (int role : { int(Qt::DisplayRole), int(Qt::ToolTipRole) }) {
                const QString text = panel.model()->data(panel.model()->index(0, column), role).toString();
                QVERIFY2(!text.contains(kPassword), qPrintable(text));
            }
        }
        const QString detail
            = panel.model()
                  ->data(panel.model()->index(0, panel.model()->indexOf(ResultColumns::Column::Verdict)),
                      Qt::ToolTipRole)
                  .toString();
        QCOMPARE(detail, QStringLiteral("1× error 2013: via mysql://lab:***@10.0.0.9/lockbench"));
    }

    void panelKeepsEveryResult()
    {
        ResultList results;
        ResultsPanel panel(&results);
        results.append({ QStringLiteral("#1"), finished(QStringLiteral("queued"), 10) });
        results.append({ QStringLiteral("#1"), finished(QStringLiteral("slotted"), 20) });
        QCOMPARE(panel.results().size(), 2);
        QCOMPARE(panel.results().at(1).sold, 20);
        QCOMPARE(panel.cell(1, QStringLiteral("strategy")), QStringLiteral("slotted"));
        QCOMPARE(panel.cell(0, QStringLiteral("source")), QStringLiteral("#1"));
        QCOMPARE(panel.cell(0, QStringLiteral("no such column")), QString());
    }

    // A click on a header sorts the rows by that column's figure, not by its text ("900" after
    // "1200"); the model keeps the run order, and a row's menu and sentence follow the row.
    void aHeaderClickSortsByTheFigure()
    {
        ResultList results;
        ResultsPanel panel(&results);
        QAbstractItemModelTester tester(
            panel.view()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        const QList<std::pair<QString, double>> rates { { QStringLiteral("pessimistic"), 900.0 },
            { QStringLiteral("queued"), 1200.0 }, { QStringLiteral("optimistic"), 35.0 } };
        for (const auto& [strategy, rate] : rates) {
            StrategyResult result = finished(strategy, 100);
            result.ordersPerS = rate;
            results.append({ QStringLiteral("#1"), result });
        }
        QCOMPARE(panel.shownCell(0, QStringLiteral("strategy")), QStringLiteral("pessimistic")); // run order
        const int rate = panel.model()->indexOf(ResultColumns::Column::OrdersPerS);
        QVERIFY(rate >= 0);
        panel.view()->horizontalHeader()->setSortIndicator(rate, Qt::DescendingOrder);
        QCOMPARE(panel.shownCell(0, QStringLiteral("strategy")), QStringLiteral("queued"));
        QCOMPARE(panel.shownCell(1, QStringLiteral("strategy")), QStringLiteral("pessimistic"));
        QCOMPARE(panel.shownCell(2, QStringLiteral("strategy")), QStringLiteral("optimistic"));
        QCOMPARE(panel.cell(0, QStringLiteral("strategy")), QStringLiteral("pessimistic"));
        panel.view()->setCurrentIndex(panel.view()->model()->index(0, 0)); // queued, the model's row 1
        ExplanationView expected;
        expected.show(panel.rows().at(1));
        QCOMPARE(panel.explanation()->text(), expected.text());
        ExplanationView other;
        other.show(panel.rows().at(0));
        QVERIFY(other.text() != expected.text());
    }
};

QTEST_MAIN(TestResultsModel)
#include "tst_resultsmodel.moc"
