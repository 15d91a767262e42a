// What filling the tables reports, without a server: the line's text from its figures, and when
// a report goes out. tst_labdatabase fills real tables with it.
#include "app/db/fillprogress.h"

#include <QTest>

#include <chrono>

using namespace std::chrono_literals;

class TestFillProgress : public QObject {
    Q_OBJECT

private slots:
    void describe_data()
    {
        QTest::addColumn<qint64>("done");
        QTest::addColumn<qint64>("total");
        QTest::addColumn<qint64>("elapsedMs");
        QTest::addColumn<QString>("line");
        QTest::newRow("under way")
            << qint64(420'000) << qint64(1'000'000) << qint64(1'355)
            << QStringLiteral("filling tables: 420,000 of 1,000,000 rows (309,963 rows/s, about 2 s left)");
        // Time left is rounded up, so that a fill still under way never says 0 s.
        QTest::newRow("nearly done")
            << qint64(999'999) << qint64(1'000'000) << qint64(1'000)
            << QStringLiteral("filling tables: 999,999 of 1,000,000 rows (999,999 rows/s, about 1 s left)");
        QTest::newRow("done") << qint64(2'000'000) << qint64(2'000'000) << qint64(6'450)
                              << QStringLiteral(
                                     "filling tables: 2,000,000 of 2,000,000 rows in 6.5 s (310,078 rows/s)");
        QTest::newRow("nothing yet") << qint64(0) << qint64(2'000'000) << qint64(0)
                                     << QStringLiteral("filling tables: 0 of 2,000,000 rows");
    }
    void describe()
    {
        QFETCH(qint64, done);
        QFETCH(qint64, total);
        QFETCH(qint64, elapsedMs);
        QFETCH(QString, line);
        QCOMPARE(FillProgress::describe(done, total, elapsedMs), line);
    }

    // With no interval every statement reports, ending on the total.
    void everyStatementReportsWithoutAnInterval()
    {
        QList<qint64> reported;
        FillProgress progress([&](const FillProgress& p) { reported << p.done(); }, 0ms);
        progress.start(12'000);
        for (int i = 0; i < 3; ++i)
            progress.add(4'000);
        QCOMPARE(reported, (QList<qint64> { 4'000, 8'000, 12'000 }));
    }

    // A fill over before its first interval says nothing: a small table needs no progress line.
    void shortFillStaysSilent()
    {
        int reports = 0;
        FillProgress progress([&](const FillProgress&) { ++reports; }, std::chrono::hours(1));
        progress.start(10'000);
        progress.add(5'000);
        progress.add(5'000);
        QCOMPARE(reports, 0);
    }
};

QTEST_GUILESS_MAIN(TestFillProgress)
#include "tst_fillprogress.moc"
