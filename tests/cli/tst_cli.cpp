// The lockbench executable as a user runs it: a full run writes the JSON and CSV it promises,
// a sweep its report and charts, Ctrl-C stops cleanly. Bad input: tst_cli_badinput.
#include "app/core/experimentfields.h"
#include "app/core/experimentjson.h"
#include "strategies/strategyregistry.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/lockbenchprocess.h"

#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSignalSpy>
#include <QTest>

#include <csignal>

namespace {

LockbenchProcess runLockbench(const QStringList& arguments, int timeoutMs = 60000)
{
    return LockbenchProcess::run(arguments, timeoutMs);
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog; // should the test hang, the log gets every thread's stack

private slots:
    void helpDocumentsEveryFlag()
    {
        const LockbenchProcess o = runLockbench({ QStringLiteral("--help") });
        QCOMPARE(o.exitCode, 0);
        for (const ExperimentField& field : ExperimentFields::all())
            QVERIFY2(o.out.contains(QStringLiteral("--") + field.name), qPrintable(field.name));
        for (const char* flag : { "--strategy", "--server", "--json", "--csv", "--experiment" })
            QVERIFY2(o.out.contains(QLatin1String(flag)), flag);
    }

    void savedExperimentRunsAgain()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("e.json"));
        // --save-experiment writes before running; an unreachable server stops the run right after.
        // Every value saved differs from its default, so the run below shows where it came from.
        runLockbench({ QStringLiteral("run"), QStringLiteral("--threads"), QStringLiteral("7"),
            QStringLiteral("--skew"), QStringLiteral("zipf:1.3"), QStringLiteral("--skus"),
            QStringLiteral("3"), QStringLiteral("--stock"), QStringLiteral("50000"),
            QStringLiteral("--duration"), QStringLiteral("1500ms"), QStringLiteral("--seed"),
            QStringLiteral("77"), QStringLiteral("--save-experiment"), path, QStringLiteral("--server"),
            QStringLiteral("mysql://lab@127.0.0.1:1/lockbench") });
        QList<FieldError> errors;
        const auto loaded = ExperimentJson::loadFile(path, errors);
        QVERIFY(loaded);
        QCOMPARE(loaded->threads, 7);
        QCOMPARE(loaded->skew, SkewKind::Zipf);
        QCOMPARE(loaded->zipfS, 1.3);
        QCOMPARE(loaded->skus, 3LL);
        QCOMPARE(loaded->initialStock, 50000LL);
        QCOMPARE(loaded->durationMs, 1500LL);
        QCOMPARE(loaded->seed, 77ULL);

        // The saved file alone, no experiment flags, on the lab's own server.
        const QString json = dir.filePath(QStringLiteral("again.json"));
        const LockbenchProcess o = runLockbench(
            { QStringLiteral("run"), QStringLiteral("--experiment"), path, QStringLiteral("--strategy"),
                QStringLiteral("conditional"), QStringLiteral("--json"), json },
            120000);
        QVERIFY2(o.exitCode == 0, qPrintable(o.all().right(3000)));
        QFile file(json);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
        QList<FieldError> jsonErrors;
        const Experiment ran
            = ExperimentJson::fromJson(root.value(QStringLiteral("experiment")).toObject(), jsonErrors);
        QVERIFY(jsonErrors.isEmpty());
        QCOMPARE(ran.threads, 7);
        QCOMPARE(ran.skew, SkewKind::Zipf);
        QCOMPARE(ran.zipfS, 1.3);
        QCOMPARE(ran.skus, 3LL);
        QCOMPARE(ran.initialStock, 50000LL);
        QCOMPARE(ran.durationMs, 1500LL);
        QCOMPARE(ran.seed, 77ULL);
        QVERIFY(ran == *loaded); // and nothing else differs from the file
        const QJsonArray strategies = root.value(QStringLiteral("strategies")).toArray();
        QCOMPARE(strategies.size(), 1);
        const QJsonObject entry = strategies.first().toObject();
        const QJsonObject summary = entry.value(QStringLiteral("summary")).toObject();
        QCOMPARE(summary.value(QStringLiteral("strategy")).toString(), QStringLiteral("conditional"));
        QCOMPARE(summary.value(QStringLiteral("threads")).toInt(), 7);
        QVERIFY2(summary.value(QStringLiteral("sold")).toDouble() > 0, "the rerun sold nothing");
        // 1.5 s as saved, not the 10 s default.
        QVERIFY2(summary.value(QStringLiteral("duration_s")).toDouble() < 5.0,
            qPrintable(QString::number(summary.value(QStringLiteral("duration_s")).toDouble())));
        QCOMPARE(
            entry.value(QStringLiteral("experiment")).toObject().value(QStringLiteral("skew")).toString(),
            QStringLiteral("zipf:1.3"));
    }

    void ordersFinishingAfterTheStopAreSaidApart()
    {
        // 32 shoppers queue for one row held 20 ms per order: when the time is up, nearly all
        // of them are already waiting, and their orders still finish after the stop line.
        QTemporaryDir dir;
        const QString json = dir.filePath(QStringLiteral("late.json"));
        const LockbenchProcess o = runLockbench(
            { QStringLiteral("run"), QStringLiteral("--strategy"), QStringLiteral("pessimistic"),
                QStringLiteral("--threads"), QStringLiteral("32"), QStringLiteral("--skus"),
                QStringLiteral("1"), QStringLiteral("--stock"), QStringLiteral("100000"),
                QStringLiteral("--delay-ms"), QStringLiteral("20"), QStringLiteral("--duration"),
                QStringLiteral("1500ms"), QStringLiteral("--quiet"), QStringLiteral("--json"), json },
            120000);
        QVERIFY2(o.exitCode == 0, qPrintable(o.all().right(3000)));
        const QJsonObject summary = LockbenchProcess::firstSummary(json);
        QVERIFY2(!summary.isEmpty(), "no summary in the JSON");
        const int late = summary.value(QStringLiteral("late_orders")).toInt();
        QVERIFY2(late > 0, qPrintable(o.all().right(2000)));
        QVERIFY(late <= 32);
        QVERIFY2(
            o.all().contains(QStringLiteral("%1 of the orders sold finished after the stop line").arg(late)),
            qPrintable(o.all().right(2000)));
    }

    void predictionsComeBeforeTheRunAndStayWithItsResults()
    {
        // A hot row held 5 ms per order: the prediction is printed before the run, under
        // --quiet too, and each result carries it; the calibration is no result of its own.
        QTemporaryDir dir;
        const QString json = dir.filePath(QStringLiteral("p.json"));
        const LockbenchProcess o = runLockbench(
            { QStringLiteral("run"), QStringLiteral("--predict"), QStringLiteral("--strategy"),
                QStringLiteral("pessimistic,queued"), QStringLiteral("--threads"), QStringLiteral("16"),
                QStringLiteral("--stock"), QStringLiteral("100000"), QStringLiteral("--delay-ms"),
                QStringLiteral("5"), QStringLiteral("--duration"), QStringLiteral("1500ms"),
                QStringLiteral("--quiet"), QStringLiteral("--json"), json },
            120000);
        QVERIFY2(o.exitCode == 0, qPrintable(o.all().right(3000)));
        const qsizetype predicted = o.all().indexOf(QLatin1String("predicted: pessimistic with 16 clients"));
        QVERIFY2(predicted >= 0, qPrintable(o.all().right(3000)));
        QVERIFY2(predicted < o.all().indexOf(QLatin1String("pessimistic: duration reached")),
            qPrintable(o.all().right(3000)));
        QFile file(json);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonArray strategies
            = QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("strategies")).toArray();
        QCOMPARE(strategies.size(), 2);
        for (const QJsonValue& entry : strategies) {
            const QJsonObject summary = entry.toObject().value(QStringLiteral("summary")).toObject();
            const double prediction = summary.value(QStringLiteral("predicted_orders_per_s")).toDouble();
            const double measured = summary.value(QStringLiteral("orders_per_s")).toDouble();
            // The hot row's 5 ms hold and more bound pessimistic below 200 orders/s: the
            // prediction knows it from one client's timing before the run. A machine busy with
            // other work slows the run itself (45 % of the prediction beside two other suites):
            // the test asks for the right order of size, a factor of four either way, which a
            // wrong bound or unit misses. The queue's writer cycle is a matter of CPU, which
            // tests beside this one share: its prediction is carried. How close each comes on a
            // quiet machine is bench/reach.sh's to show.
            QVERIFY(prediction > 0);
            if (summary.value(QStringLiteral("strategy")).toString() == QLatin1String("pessimistic"))
                QVERIFY2(prediction > 0.25 * measured && prediction < 4.0 * measured,
                    qPrintable(QStringLiteral("%1: predicted %2, measured %3")
                                   .arg(summary.value(QStringLiteral("strategy")).toString())
                                   .arg(prediction)
                                   .arg(measured)));
            QVERIFY(!summary.value(QStringLiteral("predicted_bound")).toString().isEmpty());
        }
        QVERIFY2(o.all().contains(QLatin1String("% of the prediction")), qPrintable(o.all().right(3000)));
    }

    void soldOutRunWritesSummaryAndSeries()
    {
        QTemporaryDir dir;
        const QString json = dir.filePath(QStringLiteral("r.json"));
        const QString csv = dir.filePath(QStringLiteral("r.csv"));
        const LockbenchProcess o = runLockbench(
            { QStringLiteral("run"), QStringLiteral("--strategy"), QStringLiteral("all"),
                QStringLiteral("--skus"), QStringLiteral("1"), QStringLiteral("--stock"),
                QStringLiteral("2000"), QStringLiteral("--threads"), QStringLiteral("32"),
                QStringLiteral("--stop"), QStringLiteral("sold-out"), QStringLiteral("--rtt-ms"),
                QStringLiteral("0"), // loopback: the files are tested, not a network
                QStringLiteral("--json"), json, QStringLiteral("--csv"), csv },
            400000);
        QVERIFY2(o.exitCode == 0, qPrintable(o.err + o.out.right(3000)));
        QVERIFY(o.out.contains(QLatin1String("verdict")));

        QFile file(json);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
        QVERIFY(root.value(QStringLiteral("server"))
                    .toObject()
                    .value(QStringLiteral("version"))
                    .toString()
                    .contains(QLatin1String("MariaDB")));
        const QJsonArray strategies = root.value(QStringLiteral("strategies")).toArray();
        const QStringList all = StrategyRegistry::allIds();
        QCOMPARE(strategies.size(), all.size());
        for (const QJsonValue& entry : strategies) {
            const QJsonObject summary = entry.toObject().value(QStringLiteral("summary")).toObject();
            const QString name = summary.value(QStringLiteral("strategy")).toString();
            QVERIFY2(all.contains(name), qPrintable(name));
            for (const char* key : { "strategy", "sold", "oversold", "orders_per_s", "p50_ms", "p95_ms",
                     "p99_ms", "lock_waits", "deadlocks", "lock_wait_timeouts", "retries" })
                QVERIFY2(summary.contains(QLatin1String(key)), key);
            if (name == QLatin1String("naive")) {
                QVERIFY2(summary.value(QStringLiteral("oversold")).toDouble() > 0, "naive showed no anomaly");
            } else {
                QCOMPARE(summary.value(QStringLiteral("sold")).toDouble(), 2000.0);
                QCOMPARE(summary.value(QStringLiteral("oversold")).toDouble(), 0.0);
                QCOMPARE(summary.value(QStringLiteral("verdict")).toString(), QStringLiteral("pass"));
            }
            const QJsonArray series = entry.toObject().value(QStringLiteral("series")).toArray();
            QVERIFY(!series.isEmpty());
            QVERIFY(series.last().toObject().contains(QStringLiteral("orders_per_s")));
            QVERIFY(series.last().toObject().value(QStringLiteral("audited")).toBool());
        }
        QFile series(csv);
        QVERIFY(series.open(QIODevice::ReadOnly));
        QVERIFY(series.readLine().trimmed().split(',').contains("orders_per_s")); // a column of the header
        QFile summary(dir.filePath(QStringLiteral("r-summary.csv")));
        QVERIFY(summary.open(QIODevice::ReadOnly));
        QCOMPARE(summary.readAll().count('\n'), all.size() + 1); // a header and a line per strategy
    }

    // Orders of two SKUs refused, or claims that found nothing, do not tell the clients that the
    // shelves are bare: the lab looks at the stock itself, watched live or not, and the run ends at
    // its sell-out rather than at its time limit.
    void soldOutEndsAtTheSellOutUnwatched_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("two-sku-sorted") << QStringList { QStringLiteral("--strategy"),
            QStringLiteral("two-sku-sorted"), QStringLiteral("--skus"), QStringLiteral("2"),
            QStringLiteral("--stock"), QStringLiteral("20") };
        QTest::newRow("claim-skip-locked") << QStringList { QStringLiteral("--workload"),
            QStringLiteral("claim"), QStringLiteral("--strategy"), QStringLiteral("claim-skip-locked"),
            QStringLiteral("--tasks"), QStringLiteral("200") };
    }
    void soldOutEndsAtTheSellOutUnwatched()
    {
        QFETCH(QStringList, arguments);
        QTemporaryDir dir;
        const QString json = dir.filePath(QStringLiteral("r.json"));
        const LockbenchProcess o = runLockbench(QStringList { QStringLiteral("run") } + arguments
                + QStringList { QStringLiteral("--threads"), QStringLiteral("8"), QStringLiteral("--stop"),
                    QStringLiteral("sold-out"), QStringLiteral("--time-limit"), QStringLiteral("120s"),
                    QStringLiteral("--observe"), QStringLiteral("none"), QStringLiteral("--json"), json },
            180000);
        QVERIFY2(o.exitCode == 0, qPrintable(o.all()));
        const QJsonObject s = LockbenchProcess::firstSummary(json);
        QCOMPARE(s.value(QStringLiteral("stop_reason")).toString(), QStringLiteral("sold out"));
        QCOMPARE(s.value(QStringLiteral("verdict")).toString(), QStringLiteral("pass"));
        // Ended by the sell-out, within a few of the looks' 100 ms spacing, not by the 120 s limit.
        QVERIFY2(s.value(QStringLiteral("duration_s")).toDouble() < 30.0, qPrintable(o.all()));
    }

    void repeatedRunReportsTheSpread()
    {
        QTemporaryDir dir;
        const QString json = dir.filePath(QStringLiteral("r.json"));
        const LockbenchProcess o = runLockbench(
            { QStringLiteral("run"), QStringLiteral("--repeat"), QStringLiteral("3"),
                QStringLiteral("--strategy"), QStringLiteral("pessimistic,conditional"),
                QStringLiteral("--duration"), QStringLiteral("1s"), QStringLiteral("--threads"),
                QStringLiteral("4"), QStringLiteral("--quiet"), QStringLiteral("--json"), json },
            240000);
        QVERIFY2(o.exitCode == 0, qPrintable(o.all().right(3000)));
        QVERIFY2(o.out.contains(QLatin1String("orders/s median")), qPrintable(o.out.right(3000)));
        QVERIFY(o.out.contains(QLatin1String("1/3")));
        QFile file(json);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
        const QJsonArray strategies = root.value(QStringLiteral("strategies")).toArray();
        QCOMPARE(strategies.size(), 6);
        const QStringList names { QStringLiteral("pessimistic"), QStringLiteral("conditional") };
        QHash<QString, QList<double>> orders;
        for (int i = 0; i < 6; ++i) {
            const QJsonObject summary = strategies[i].toObject().value(QStringLiteral("summary")).toObject();
            QCOMPARE(summary.value(QStringLiteral("strategy")).toString(), names[i % 2]); // interleaved
            QCOMPARE(summary.value(QStringLiteral("repetition")).toInt(), i / 2 + 1);
            QCOMPARE(summary.value(QStringLiteral("verdict")).toString(), QStringLiteral("pass"));
            orders[names[i % 2]] << summary.value(QStringLiteral("orders_per_s")).toDouble();
        }
        const QJsonArray repeats = root.value(QStringLiteral("repeats")).toArray();
        QCOMPARE(repeats.size(), 2);
        for (int i = 0; i < 2; ++i) {
            const QJsonObject summary = repeats[i].toObject();
            QCOMPARE(summary.value(QStringLiteral("strategy")).toString(), names[i]);
            QCOMPARE(summary.value(QStringLiteral("n")).toInt(), 3);
            for (const char* figure : { "orders_per_s", "p99_ms" }) {
                const QJsonObject spread = summary.value(QLatin1String(figure)).toObject();
                const double min = spread.value(QStringLiteral("min")).toDouble();
                const double median = spread.value(QStringLiteral("median")).toDouble();
                const double max = spread.value(QStringLiteral("max")).toDouble();
                QVERIFY2(min <= median && median <= max, figure);
                QCOMPARE(spread.value(QStringLiteral("ci_low")).toDouble(), min); // three runs: min–max
                QCOMPARE(spread.value(QStringLiteral("ci_high")).toDouble(), max);
            }
            QList<double> values = orders[names[i]];
            std::sort(values.begin(), values.end());
            QCOMPARE(summary.value(QStringLiteral("orders_per_s"))
                         .toObject()
                         .value(QStringLiteral("median"))
                         .toDouble(),
                values[1]);
            QVERIFY(summary.value(QStringLiteral("not_separable_from")).isArray());
        }
    }

    void sweepWritesReportMatchingTheJson()
    {
        QTemporaryDir dir;
        const QString json = dir.filePath(QStringLiteral("r.json"));
        const QString report = dir.filePath(QStringLiteral("out.html"));
        const QString charts = dir.filePath(QStringLiteral("charts"));
        const LockbenchProcess o = runLockbench(
            { QStringLiteral("sweep"), QStringLiteral("--strategy"), QStringLiteral("conditional,naive"),
                QStringLiteral("--threads"), QStringLiteral("1,4"), QStringLiteral("--skus"),
                QStringLiteral("1"), QStringLiteral("--stock"), QStringLiteral("100000"),
                QStringLiteral("--duration"), QStringLiteral("1500ms"), QStringLiteral("--warmup"),
                QStringLiteral("500ms"), QStringLiteral("--report"), report, QStringLiteral("--json"), json,
                QStringLiteral("--charts"), charts, QStringLiteral("--chart-size"),
                QStringLiteral("640x400") },
            180000);
        QVERIFY2(o.exitCode == 0, qPrintable(o.all().right(3000)));
        QVERIFY(o.out.contains(QLatin1String("cell 4/4")));
        QFile file(json);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonArray strategies
            = QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("strategies")).toArray();
        QCOMPARE(strategies.size(), 4);
        QFile html(report);
        QVERIFY(html.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(html.readAll());
        QList<int> threads;
        for (const QJsonValue& entry : strategies) {
            const QJsonObject summary = entry.toObject().value(QStringLiteral("summary")).toObject();
            threads << summary.value(QStringLiteral("threads")).toInt();
            QCOMPARE(summary.value(QStringLiteral("measured_from_s")).toDouble() > 0.4, true);
            // The report's table row says what the JSON says.
            const QString row
                = QStringLiteral("<td class='name'>%1</td><td class='num'>%2</td><td class='num'>%3</td>")
                      .arg(summary.value(QStringLiteral("strategy")).toString())
                      .arg(summary.value(QStringLiteral("threads")).toInt())
                      .arg(summary.value(QStringLiteral("orders_per_s")).toDouble(), 0, 'f', 0);
            QVERIFY2(text.contains(row), qPrintable(row));
            QVERIFY(text.contains(summary.value(QStringLiteral("verdict")).toString()));
        }
        QCOMPARE(threads, (QList<int> { 1, 1, 4, 4 }));
        QVERIFY(text.contains(QLatin1String("id='orders-vs-threads'")));
        QVERIFY(text.count(QLatin1String("<svg")) >= 5);
        for (const char* name : { "orders-vs-threads.png", "orders-vs-threads.svg", "orders-vs-threads.pdf",
                 "p99.png", "orders-per-second.svg", "orders-by-strategy.png" }) {
            QVERIFY2(QFileInfo(QDir(charts).filePath(QLatin1String(name))).size() > 1000, name);
        }
        QCOMPARE(
            QImage(QDir(charts).filePath(QStringLiteral("orders-vs-threads.png"))).size(), QSize(640, 400));
    }

    void ctrlCStopsTheRunAndTheServer()
    {
        QProcess process;
        process.start(qEnvironmentVariable("LOCKBENCH_BINARY"),
            { QStringLiteral("run"), QStringLiteral("--strategy"), QStringLiteral("pessimistic"),
                QStringLiteral("--duration"), QStringLiteral("10m"), QStringLiteral("--threads"),
                QStringLiteral("8") });
        QVERIFY(process.waitForStarted());
        QElapsedTimer clock;
        clock.start();
        QByteArray output;
        while (!output.contains("orders/s") && clock.elapsed() < 60000) {
            process.waitForReadyRead(500);
            output += process.readAllStandardOutput();
        }
        QVERIFY2(output.contains("orders/s"), output.constData());
        QFile pidFile(qEnvironmentVariable("LOCKBENCH_DATA_DIR") + QStringLiteral("/data/server.pid"));
        QVERIFY(pidFile.open(QIODevice::ReadOnly));
        const QString serverPid = QString::fromLatin1(pidFile.readAll()).trimmed();
        QVERIFY(QFileInfo::exists(QStringLiteral("/proc/") + serverPid));

        ::kill(static_cast<pid_t>(process.processId()), SIGINT);
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitCode(), 130);
        QVERIFY(QString::fromUtf8(process.readAllStandardOutput())
                    .contains(QLatin1String("stopped by the user")));
        QVERIFY2(
            !QFileInfo::exists(QStringLiteral("/proc/") + serverPid), "the embedded server outlived the lab");
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
