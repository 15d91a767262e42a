// The bar chart of orders per second by strategy keeps every strategy's name whole at the size
// it has in the window at its minimum (1009x677) and on a projector (1280x720): all of the lab's
// strategies, and two of a user's with long names beside them (in the smallest window the chart
// then grows taller than the view, which scrolls), the bars of two runs (each name over its run),
// and results that came while another tab was shown.
#include "strategies/strategyregistry.h"
#include "ui/charts/strategybarsview.h"

#include <QApplication>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QTest>

namespace {

// Each strategy's result, `runs` times over (repeated runs: the title says "median of the runs"),
// from `sources` runs of the lab (a bar each, its run on a second line: "#1", "#2").
QList<SourcedResult> resultsOf(const QStringList& ids, int runs = 1, int sources = 1)
{
    QList<SourcedResult> results;
    double rate = 100.0;
    for (int source = 1; source <= sources; ++source)
        for (const QString& id : ids) {
            for (int run = 1; run <= runs; ++run) {
                SourcedResult row;
                row.source = QStringLiteral("#%1").arg(source);
                row.result.strategy = id;
                row.result.ordersPerS = rate += 37.0;
                row.result.experiment.threads = 64;
                row.result.repetition = run;
                results << row;
            }
        }
    return results;
}

// The texts Qt Charts cut short: it elides with "...".
QStringList cutTexts(const StrategyBarsView& view)
{
    QStringList cut;
    for (const QGraphicsItem* item : view.scene()->items()) {
        const auto* text = dynamic_cast<const QGraphicsTextItem*>(item);
        if (text && text->isVisible()
            && (text->toPlainText().endsWith(QLatin1String("..."))
                || text->toPlainText().contains(QChar(0x2026))))
            cut << text->toPlainText();
    }
    return cut;
}

} // namespace

class TestStrategyBars : public QObject {
    Q_OBJECT

private slots:
    void everyNameIsWholeAtTheWindowsMinimumSize_data()
    {
        QTest::addColumn<QStringList>("ids");
        QTest::addColumn<QSize>("size");
        QTest::addColumn<int>("runs");
        QTest::addColumn<int>("sources");
        QTest::addColumn<bool>("hidden"); // the results came while another tab was shown
        const QStringList all = StrategyRegistry::allIds();
        QStringList withLongNames = all;
        withLongNames << QStringLiteral("lesson-transaction-fixed")
                      << QStringLiteral("my-slotted-partitioned-2");
        // The view's size in the window at 1009x677 and at 1280x720.
        QTest::newRow("all, minimum window") << all << QSize(240, 300) << 1 << 1 << false;
        QTest::newRow("all, projector") << all << QSize(290, 330) << 1 << 1 << false;
        QTest::newRow("with long names, projector") << withLongNames << QSize(290, 330) << 1 << 1 << false;
        QTest::newRow("with long names, minimum window")
            << withLongNames << QSize(240, 300) << 1 << 1 << false;
        QTest::newRow("three runs each, minimum window")
            << all.mid(0, 4) << QSize(240, 300) << 3 << 1 << false;
        const QStringList four = { QStringLiteral("pessimistic"), QStringLiteral("slotted-partitioned"),
            QStringLiteral("read-then-write"), QStringLiteral("skip-locked-slots") };
        QTest::newRow("two runs' bars, projector") << four << QSize(290, 330) << 1 << 2 << false;
        QTest::newRow("two runs' bars, drawn while hidden") << four << QSize(290, 330) << 1 << 2 << true;
        QTest::newRow("all, drawn while hidden") << all << QSize(240, 300) << 1 << 1 << true;
    }
    void everyNameIsWholeAtTheWindowsMinimumSize()
    {
        QFETCH(QStringList, ids);
        QFETCH(QSize, size);
        QFETCH(int, runs);
        QFETCH(int, sources);
        QFETCH(bool, hidden);
        StrategyBarsView view;
        view.resize(size);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        if (hidden) { // laid out once, then behind another tab as the results come, then shown
            view.hide();
            view.setSources(resultsOf(ids, runs, sources));
            view.show();
            QVERIFY(QTest::qWaitForWindowExposed(&view));
        } else {
            view.setSources(resultsOf(ids, runs, sources));
        }
        QTest::qWait(100);
        // To look at: LOCKBENCH_SCREENSHOT_DIR=DIR saves what the test saw.
        if (const QString folder = qEnvironmentVariable("LOCKBENCH_SCREENSHOT_DIR"); !folder.isEmpty())
            view.grab().save(QStringLiteral("%1/bars-%2.png")
                                 .arg(folder,
                                     QString::fromLatin1(QTest::currentDataTag())
                                         .replace(QLatin1Char(' '), QLatin1Char('-'))
                                         .remove(QLatin1Char(','))));
        const QStringList cut = cutTexts(view);
        QVERIFY2(cut.isEmpty(), qPrintable(cut.join(QStringLiteral(" | "))));
    }
};

QTEST_MAIN(TestStrategyBars)
#include "tst_strategybars.moc"
