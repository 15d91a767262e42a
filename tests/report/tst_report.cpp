// The report as a reader gets it, without a server: each row under the experiment it ran,
// sources named, long texts in notes below the table, and a landscape PDF whose text
// (read back by pdftotext, as a reader's viewer would) keeps every figure and name whole.
#include "app/report/reportgroup.h"
#include "app/report/reportwriter.h"
#include "app/results/resultcolumns.h"
#include "tests/support/sampleresults.h"

#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

namespace {

// The text between `start` and the next experiment heading.
QString sectionOf(const QString& html, const QString& start)
{
    const qsizetype from = html.indexOf(start);
    if (from < 0)
        return {};
    const qsizetype to = html.indexOf(QLatin1String("<h2>Experiment "), from + start.size());
    return html.mid(from, to < 0 ? -1 : to - from);
}

QString ordersCell(const StrategyResult& r)
{
    return QStringLiteral("<td class='num'>%1</td>").arg(r.ordersPerS, 0, 'f', 0);
}

} // namespace

class TestReport : public QObject {
    Q_OBJECT

private slots:
    void eachRowStandsUnderItsOwnExperiment()
    {
        QList<SourcedResult> rows = SampleResults::sweep(); // one experiment, three thread counts
        StrategyResult bigStock = SampleResults::make(QStringLiteral("pessimistic"), 8, 777.0);
        bigStock.experiment.initialStock = 500;
        rows.insert(2, { QString(), bigStock }); // between the sweep's rows, as a session may have it
        const QList<ReportGroup> groups = ReportGroup::split(rows);
        QCOMPARE(groups.size(), 2);
        QCOMPARE(groups[0].rows.size(), 6);
        QCOMPARE(groups[0].varying, QStringList { QStringLiteral("threads") });
        QCOMPARE(groups[1].rows.size(), 1);
        QCOMPARE(groups[1].rows.first().result.ordersPerS, 777.0);

        const QString html = ReportWriter::html({ SampleResults::runInfo(), rows, std::nullopt });
        const QString first = sectionOf(html, QStringLiteral("<h2>Experiment 1: "));
        const QString second = sectionOf(html, QStringLiteral("<h2>Experiment 2: "));
        QVERIFY(first.contains(QLatin1String("stock 10000")));
        QVERIFY(first.contains(QLatin1String("sweep: Clients per row")));
        QVERIFY(second.contains(QLatin1String("stock 500")));
        for (const SourcedResult& row : SampleResults::sweep()) {
            QVERIFY(first.contains(ordersCell(row.result)));
            QVERIFY(!second.contains(ordersCell(row.result)));
        }
        QVERIFY(second.contains(ordersCell(bigStock)));
        QVERIFY(!first.contains(ordersCell(bigStock)));
        // Each experiment has its own charts, named apart.
        QVERIFY(html.contains(QLatin1String("id='experiment-1-orders-per-second'")));
        QVERIFY(html.contains(QLatin1String("id='experiment-2-orders-by-strategy'")));
        QVERIFY(!html.contains(QLatin1String("<td class='name'>this run</td>")));
    }

    void rowsOfSeveralRunsNameTheirSource()
    {
        const QList<SourcedResult> rows
            = { { QStringLiteral("#1"), SampleResults::make(QStringLiteral("queued"), 4, 900.0) },
                  { QStringLiteral("baseline"), SampleResults::make(QStringLiteral("queued"), 4, 950.0) } };
        const QString html = ReportWriter::html({ SampleResults::runInfo(), rows, std::nullopt });
        QVERIFY(html.contains(QLatin1String("<td class='name'>queued</td><td class='name'>#1</td>")));
        QVERIFY(html.contains(QLatin1String("<td class='name'>queued</td><td class='name'>baseline</td>")));
        // A single run's rows need no source column.
        const QString single
            = ReportWriter::html({ SampleResults::runInfo(), { rows.first() }, std::nullopt });
        QVERIFY(!single.contains(QLatin1String("<td class='name'>#1</td>")));
    }

    void longTextsAreNotesBelowTheTable()
    {
        StrategyResult failed = SampleResults::make(QStringLiteral("pessimistic"), 4, 0.0);
        const QString message = QStringLiteral(
            "lost the server: connection refused after 30 s of waiting for it to answer again");
        failed.error = message;
        failed.errorMessages = { QStringLiteral("8× error 2013: ") + message };
        const QList<SourcedResult> rows
            = { { QString(), SampleResults::make(QStringLiteral("conditional"), 4, 400.0) },
                  { QString(), failed } };
        const QString html = ReportWriter::html({ SampleResults::runInfo(), rows, std::nullopt });
        const qsizetype tableStart = html.indexOf(QLatin1String("<table class='results'"));
        const qsizetype tableEnd = html.indexOf(QLatin1String("</table>"), tableStart);
        const QString table = html.mid(tableStart, tableEnd - tableStart);
        QVERIFY(tableEnd > 0);
        QVERIFY(!table.contains(message)); // not one word a line in a narrow cell
        QVERIFY(table.contains(QLatin1String("error, note 2")));
        const qsizetype notes = html.indexOf(QLatin1String("<ol class='notes'>"));
        QVERIFY(notes > tableEnd);
        QVERIFY(html.indexOf(QStringLiteral("8× error 2013: ") + message, notes) > notes);
    }

    void pdfKeepsEveryFigureWhole()
    {
        const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
        QVERIFY2(!pdftotext.isEmpty(), "pdftotext (poppler-utils) is missing: scripts/setup.sh installs it");
        QList<SourcedResult> rows = SampleResults::sweep();
        for (SourcedResult& row : rows)
            row.result.ordersPerS += 1342.18; // four digits and more: the figures that broke before
        QTemporaryDir dir;
        const QString pdf = dir.filePath(QStringLiteral("report.pdf"));
        QString error;
        QVERIFY2(ReportWriter::write(pdf, { SampleResults::runInfo(), rows, std::nullopt }, &error),
            qPrintable(error));

        QFile file(pdf);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll().contains("/MediaBox [0 0 842.000000 595.000000]")); // A4 landscape, in points

        QProcess process;
        process.start(pdftotext, { pdf, QStringLiteral("-") });
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitCode(), 0);
        const QStringList words = QString::fromUtf8(process.readAllStandardOutput())
                                      .split(QRegularExpression(QStringLiteral("\\s+")));
        using ResultColumns::Column;
        for (const SourcedResult& row : rows) {
            for (Column column : { Column::Strategy, Column::OrdersPerS, Column::P95Ms, Column::P99Ms,
                     Column::Sold, Column::LockWaits }) {
                const QString cell = ResultColumns::text(column, row);
                QVERIFY2(
                    words.contains(cell), qPrintable(QStringLiteral("%1 not whole in the PDF").arg(cell)));
            }
            // The verdict, the last column, may wrap between its words but loses none of them.
            for (const QString& word : ResultColumns::text(Column::Verdict, row).split(QLatin1Char(' ')))
                QVERIFY2(
                    words.contains(word), qPrintable(QStringLiteral("verdict word %1 missing").arg(word)));
        }
    }
};

QTEST_MAIN(TestReport)
#include "tst_report.moc"
