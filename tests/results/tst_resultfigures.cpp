// The tables of figures: each key named once, and every row written and read back by the same
// table, its "not measured" included.
#include "app/core/figuresjson.h"
#include "app/core/resultfigures.h"
#include "app/results/nodefiguresjson.h"
#include "app/results/repeatsjson.h"
#include "app/results/resultcolumns.h"
#include "app/results/resultreader.h"
#include "app/results/resultwriter.h"
#include "app/results/spreadcolumns.h"
#include "tests/support/sampleresults.h"

#include <QJsonArray>
#include <QSet>
#include <QTest>

class TestResultFigures : public QObject {
    Q_OBJECT

    // A value each row can hold and no other row holds: a fraction where the field keeps one.
    template <typename Record> static double distinctValue(const Figure<Record>& figure, int row)
    {
        Record probe;
        figure.set(probe, row + 1.25);
        return figure.get(probe) == row + 1.25 ? row + 1.25 : row + 1.0;
    }

    // Sets every row of `figures` on `record` to its distinct value.
    template <typename Record> static void fill(Record& record, std::span<const Figure<Record>> figures)
    {
        for (std::size_t row = 0; row < figures.size(); ++row) {
            if (figures[row].set)
                figures[row].set(record, distinctValue(figures[row], static_cast<int>(row)));
        }
    }

    template <typename Record>
    static void checkEveryRowReadBack(
        const Record& written, const Record& read, std::span<const Figure<Record>> figures)
    {
        for (const Figure<Record>& figure : figures) {
            QVERIFY2(figure.get(read) == figure.get(written),
                qPrintable(QStringLiteral("%1: wrote %2, read %3")
                               .arg(QLatin1String(figure.key))
                               .arg(figure.get(written))
                               .arg(figure.get(read))));
        }
    }

    template <typename Record> static QStringList keysOf(std::span<const Figure<Record>> figures)
    {
        QStringList keys;
        for (const Figure<Record>& figure : figures)
            keys << QLatin1String(figure.key);
        return keys;
    }

    static std::optional<ResultReader::RunFile> readBack(const StrategyResult& result)
    {
        QString error;
        std::optional<ResultReader::RunFile> file
            = ResultReader::fromJson(ResultWriter::toJson(SampleResults::runInfo(), { result }), &error);
        if (!file)
            qWarning("%s", qPrintable(error));
        return file;
    }

private slots:
    // A key twice in one object would hide one figure behind another: the summary's keys are
    // as many as its parts have.
    void everyKeyIsNamedOnce()
    {
        StrategyResult result = SampleResults::make(QStringLiteral("pessimistic"), 8, 900.0);
        const QJsonObject summary = ResultWriter::summaryJson(result);
        QSet<QString> written;
        for (const QString& key : keysOf(resultFigures())) {
            QVERIFY2(!written.contains(key), qPrintable(key));
            written.insert(key);
            QVERIFY2(summary.contains(key), qPrintable(key));
        }
        for (const ClientCountName& name : clientCountNames()) {
            if (name.resultKey) {
                QVERIFY2(!written.contains(QLatin1String(name.resultKey)), name.resultKey);
                written.insert(QLatin1String(name.resultKey));
            }
        }
        for (const auto& keys :
            { keysOf(sampleFigures()) + keysOf(clusterCounterFigures()), keysOf(nodeFigures()) })
            QCOMPARE(QSet<QString>(keys.begin(), keys.end()).size(), keys.size());
    }

    void everyResultFigureReadsBack()
    {
        StrategyResult result = SampleResults::make(QStringLiteral("pessimistic"), 8, 900.0);
        fill(result, resultFigures());
        MetricsSample sample = result.series.value(0);
        fill(sample, sampleFigures());
        sample.strategy = result.strategy;
        fill(sample.cluster, clusterCounterFigures());
        ClusterCounters secondNode;
        fill(secondNode, clusterCounterFigures());
        secondNode.answered = false;
        sample.nodes = { sample.cluster, secondNode };
        result.series = { sample };
        NodeFigures node;
        fill(node, nodeFigures());
        node.audit.valid = true;
        result.nodes = { node };

        const std::optional<ResultReader::RunFile> file = readBack(result);
        QVERIFY(file);
        const StrategyResult& read = file->results.first();
        checkEveryRowReadBack(result, read, resultFigures());
        QCOMPARE(read.series.size(), 1);
        checkEveryRowReadBack(sample, read.series.first(), sampleFigures());
        checkEveryRowReadBack(sample.cluster, read.series.first().cluster, clusterCounterFigures());
        QCOMPARE(read.series.first().nodes.size(), 2);
        checkEveryRowReadBack(secondNode, read.series.first().nodes.at(1), clusterCounterFigures());
        QVERIFY(!read.series.first().nodes.at(1).answered);
        QCOMPARE(read.nodes.size(), 1);
        checkEveryRowReadBack(node, read.nodes.first(), nodeFigures());
    }

    // Each row's "not measured" is written as its table says and read back as not measured.
    void whatWasNotMeasuredStaysUnmeasured()
    {
        StrategyResult result = SampleResults::make(QStringLiteral("pessimistic"), 8, 900.0);
        fill(result, resultFigures());
        result.auditIncomplete = QStringLiteral("the server stopped answering");
        for (const Figure<StrategyResult>& figure : resultFigures()) {
            if (figure.set
                && (figure.unmeasured == Unmeasured::Null || figure.unmeasured == Unmeasured::MinusOne))
                figure.set(result, -1.0);
        }
        const QJsonObject summary = ResultWriter::summaryJson(result);
        const std::optional<ResultReader::RunFile> file = readBack(result);
        QVERIFY(file);
        const StrategyResult& read = file->results.first();
        QVERIFY(!read.audited());
        for (const Figure<StrategyResult>& figure : resultFigures()) {
            const QJsonValue value = summary.value(QLatin1String(figure.key));
            const char* key = figure.key;
            switch (figure.unmeasured) {
            case Unmeasured::Null:
                QVERIFY2(value.isNull(), key);
                QCOMPARE(figure.get(read), -1.0);
                break;
            case Unmeasured::MinusOne:
                QVERIFY2(value.isDouble() && value.toDouble() == -1.0, key);
                QCOMPARE(figure.get(read), -1.0);
                break;
            case Unmeasured::UnlessAudited:
                QVERIFY2(value.isNull(), key);
                QCOMPARE(figure.get(read), 0.0);
                break;
            case Unmeasured::Never:
                QVERIFY2(value.isDouble(), key);
                break;
            }
        }
    }

    // A figure missing from an older file reads as its table says: -1 where -1 means "not
    // measured", else 0.
    void aFigureAFileLacksReadsAsNotMeasured()
    {
        StrategyResult read;
        fill(read, resultFigures());
        FiguresJson::read(QJsonObject(), read, resultFigures());
        for (const Figure<StrategyResult>& figure : resultFigures()) {
            if (!figure.set)
                continue;
            const bool minusOne
                = figure.unmeasured == Unmeasured::Null || figure.unmeasured == Unmeasured::MinusOne;
            QVERIFY2(figure.get(read) == (minusOne ? -1.0 : 0.0), figure.key);
        }
    }

    void aNodeThatWasNotAuditedHasNoAuditFigures()
    {
        NodeFigures node;
        fill(node, nodeFigures());
        node.audit.valid = false;
        const QJsonObject object = NodeFiguresJson::toJson({ node }).first().toObject();
        const NodeFigures read = NodeFiguresJson::fromJson(QJsonArray { object }).first();
        QVERIFY(!read.audit.valid);
        for (const Figure<NodeFigures>& figure : nodeFigures()) {
            if (figure.unmeasured == Unmeasured::UnlessAudited) {
                QVERIFY2(object.value(QLatin1String(figure.key)).isNull(), figure.key);
                QCOMPARE(figure.get(read), 0.0);
            }
        }
    }

    // A table's heading is its figure's name and unit, as the tables have always read.
    void headingsJoinNameAndUnit()
    {
        const auto heading = [](const char* key) { return resultFigure(key)->heading(); };
        QCOMPARE(heading("orders_per_s"), QStringLiteral("orders/s")); // a rate's unit joins its name
        QCOMPARE(heading("p99_ms"), QStringLiteral("p99 ms"));
        QCOMPARE(heading("sold_out_s"), QStringLiteral("sold out s"));
        QCOMPARE(heading("oversold"), QStringLiteral("oversold")); // a count has no unit
        QCOMPARE(resultFigure("p99_ms")->number(7.0), QStringLiteral("7.00"));
        QCOMPARE(ResultColumns::header(ResultColumns::Column::P95Ms), QStringLiteral("p95 ms"));
        QCOMPARE(
            SpreadColumns::header(SpreadColumns::Column::OrdersMedian), QStringLiteral("orders/s median"));
        QCOMPARE(SpreadColumns::header(SpreadColumns::Column::P99Range), QStringLiteral("p99 ms min–max"));
        // Every figure a table shows has its name; every column of a figure shows its row's.
        for (const ResultColumns::Column column : ResultColumns::of(ResultColumns::Table::Window)) {
            if (const Figure<StrategyResult>* figure = ResultColumns::figureOf(column)) {
                QVERIFY2(figure->label, figure->key);
                QCOMPARE(ResultColumns::header(column), figure->heading());
            }
        }
        QVERIFY(!resultFigure("no_such_figure"));
    }

    // Code finds a figure's row by the member it reads, its key spelled in the row alone: each
    // member names one row, and the row it names is the one with that key.
    void membersNameTheirRows()
    {
        QSet<const void*> members;
        for (const Figure<StrategyResult>& row : resultFigures()) {
            if (row.set) // a member's row; the computed ones need not stand for one
                QVERIFY2(row.member, row.key);
            if (row.member) {
                QVERIFY2(!members.contains(row.member), row.key);
                members.insert(row.member);
            }
        }
        QCOMPARE(resultFigureOf<&StrategyResult::p99Ms>(), resultFigure("p99_ms"));
        QCOMPARE(resultFigureOf<&StrategyResult::sold>(), resultFigure("sold"));
        QCOMPARE(
            (resultFigureOf<&StrategyResult::experiment, &Experiment::threads>()), resultFigure("threads"));
        QVERIFY(!resultFigureOf<&StrategyResult::strategy>()); // a name, not a figure
    }

    // The spreads of repeated runs: each spread figure written under its row's key, in the JSON
    // and the CSV, and read back.
    void everySpreadFigureReadsBack()
    {
        RepeatSummary summary;
        summary.strategy = QStringLiteral("pessimistic");
        summary.rows = { 0, 1, 2 };
        int row = 0;
        for (const RepeatSummary::SpreadFigure& figure : RepeatSummary::spreadFigures()) {
            const double base = 100.0 * ++row;
            summary.*figure.spread = Spread::of({ base, base + 10.5, base + 20.25 });
        }
        const QList<RepeatSummary> read = RepeatsJson::fromJson(RepeatsJson::toJson({ summary }));
        QCOMPARE(read.size(), 1);
        const QJsonObject csv = RepeatsJson::csvRows({ summary }).first();
        for (const RepeatSummary::SpreadFigure& figure : RepeatSummary::spreadFigures()) {
            const Spread& written = summary.*figure.spread;
            const Spread& back = read.first().*figure.spread;
            QVERIFY2(back.n == 3 && back.median == written.median && back.min == written.min
                    && back.max == written.max,
                figure.figure->key);
            QCOMPARE(csv.value(QStringLiteral("%1_median").arg(QLatin1String(figure.figure->key))).toDouble(),
                written.median);
        }
    }
};

QTEST_GUILESS_MAIN(TestResultFigures)
#include "tst_resultfigures.moc"
