// The exit status a CI job relies on, from the real CLI against a real server: 3 when the
// audit finds a safe strategy's order really gone, 0 when nothing was touched.
#include "app/db/databaseconnection.h"
#include "tests/cli/liveline.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/serverfixture.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <functional>

namespace {

struct Finished {
    int exitCode = -1;
    QString output;
    QJsonObject summary; // the strategy's summary in the JSON file
    QJsonArray strategies; // every row of the JSON file
};

// Reads the process's output until it holds `text` (or a minute passes).
void readUntil(QProcess& lockbench, QString* output, const std::function<bool(const QString&)>& seen)
{
    QElapsedTimer clock;
    clock.start();
    while (!seen(*output) && clock.elapsed() < 60000) {
        lockbench.waitForReadyRead(100);
        *output += QString::fromUtf8(lockbench.readAll());
    }
}

void readUntil(QProcess& lockbench, QString* output, const QString& text)
{
    readUntil(lockbench, output, [&text](const QString& read) { return read.contains(text); });
}

QString urlOf(const QString& database)
{
    return QStringLiteral("mysql://root@127.0.0.1:%1/%2").arg(ServerFixture::params().port).arg(database);
}

// Runs conditional on one SKU for 3 s against the test server; `duringRun` is called once
// the clients have sold for a second. With `thenInterrupt`, pessimistic follows it and gets
// one Ctrl-C once it runs. With `thenServer`, the same experiment runs there next, side by side.
Finished runConditional(const QString& database, const std::function<void()>& duringRun,
    bool thenInterrupt = false, const QString& thenServer = QString())
{
    QTemporaryDir dir;
    const QString json = dir.filePath(QStringLiteral("r.json"));
    const QString url = urlOf(database) + (thenServer.isEmpty() ? QString() : QLatin1Char(',') + thenServer);
    QProcess lockbench;
    lockbench.setProcessChannelMode(QProcess::MergedChannels);
    lockbench.start(qEnvironmentVariable("LOCKBENCH_BINARY"),
        { QStringLiteral("run"), QStringLiteral("--server"), url, QStringLiteral("--strategy"),
            thenInterrupt ? QStringLiteral("conditional,pessimistic") : QStringLiteral("conditional"),
            QStringLiteral("--skus"), QStringLiteral("1"), QStringLiteral("--stock"),
            QStringLiteral("1000000"), QStringLiteral("--threads"), QStringLiteral("8"),
            QStringLiteral("--rtt-ms"), QStringLiteral("0"), QStringLiteral("--duration"),
            QStringLiteral("3s"), QStringLiteral("--json"), json });
    Finished finished;
    if (!lockbench.waitForStarted())
        return finished;
    readUntil(lockbench, &finished.output,
        [](const QString& read) { return sellsOnTheLiveLine(read, QStringLiteral("conditional")); });
    duringRun();
    if (thenInterrupt) {
        readUntil(lockbench, &finished.output, QStringLiteral("pessimistic: running"));
        ::kill(static_cast<pid_t>(lockbench.processId()), SIGINT);
    }
    lockbench.waitForFinished(120000);
    finished.output += QString::fromUtf8(lockbench.readAll());
    finished.exitCode = lockbench.exitStatus() == QProcess::NormalExit ? lockbench.exitCode() : -3;
    QFile file(json);
    if (file.open(QIODevice::ReadOnly)) {
        finished.strategies
            = QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("strategies")).toArray();
        finished.summary = finished.strategies.at(0).toObject().value(QStringLiteral("summary")).toObject();
    }
    return finished;
}

long long countOrders(const QString& database)
{
    DatabaseConnection check;
    if (!check.open(ServerFixture::params(database)))
        return -1;
    return check.queryInt(QStringLiteral("SELECT COUNT(*) FROM orders")).value_or(-1);
}

// Another connection deletes a committed order behind the lab's back.
void deleteOneOrder(const QString& database)
{
    DatabaseConnection saboteur;
    if (saboteur.open(ServerFixture::params(database)))
        saboteur.execute(QStringLiteral("DELETE FROM orders ORDER BY request_id LIMIT 1"));
}

} // namespace

class TestCliVerdicts : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog;

private slots:
    void initTestCase()
    {
        LOCKBENCH_REQUIRE_SERVER();
        if (qEnvironmentVariableIsEmpty("LOCKBENCH_BINARY"))
            QSKIP("this build has no lockbench executable");
    }

    void untouchedRunExitsZero()
    {
        const Finished f = runConditional(QStringLiteral("verdict_clean"), [] {});
        qInfo("exit %d: %s", f.exitCode, qPrintable(f.output.right(300)));
        QCOMPARE(f.exitCode, 0);
        QCOMPARE(f.summary.value(QStringLiteral("verdict")).toString(), QStringLiteral("pass"));
        QCOMPARE(f.summary.value(QStringLiteral("order_rows")).toDouble(),
            static_cast<double>(countOrders(QStringLiteral("verdict_clean"))));
    }

    void orderDeletedBehindTheLabsBackExitsThree()
    {
        // Another connection deletes a committed order mid-run: the clients counted it, the
        // table no longer has it, and the stock it took is not accounted for.
        const QString database = QStringLiteral("verdict_loss");
        const Finished f = runConditional(database, [&database] { deleteOneOrder(database); });
        qInfo("exit %d: %s", f.exitCode, qPrintable(f.output.right(400)));
        QCOMPARE(f.exitCode, 3);
        QVERIFY2(f.summary.value(QStringLiteral("verdict")).toString().startsWith(QLatin1String("FAIL")),
            qPrintable(f.summary.value(QStringLiteral("verdict")).toString()));
        const long long rows = countOrders(database);
        QCOMPARE(f.summary.value(QStringLiteral("order_rows")).toDouble(), static_cast<double>(rows));
        QCOMPARE(
            f.summary.value(QStringLiteral("client_sold_orders")).toDouble(), static_cast<double>(rows + 1));
    }

    // A side-by-side run is judged by every leg: a loss on the first server is not passed by the
    // second, and both legs' rows are written.
    void aLossOnTheFirstOfTwoServersExitsThree()
    {
        const QString database = QStringLiteral("verdict_leg_loss");
        const Finished f = runConditional(
            database, [&database] { deleteOneOrder(database); }, false,
            urlOf(QStringLiteral("verdict_leg_clean")));
        qInfo("exit %d: %s", f.exitCode, qPrintable(f.output.right(600)));
        QCOMPARE(f.strategies.size(), 2);
        QVERIFY2(f.summary.value(QStringLiteral("verdict")).toString().startsWith(QLatin1String("FAIL")),
            qPrintable(f.summary.value(QStringLiteral("verdict")).toString()));
        const QJsonObject second = f.strategies.at(1).toObject().value(QStringLiteral("summary")).toObject();
        QCOMPARE(second.value(QStringLiteral("verdict")).toString(), QStringLiteral("pass"));
        QCOMPARE(second.value(QStringLiteral("order_rows")).toDouble(),
            static_cast<double>(countOrders(QStringLiteral("verdict_leg_clean"))));
        QCOMPARE(f.exitCode, 3);
    }

    // A later server that cannot be reached ends the run there: the first leg's results are shown
    // and written, the failing leg is named, and the run exits 1.
    void anUnreachableSecondServerKeepsTheFirstLeg()
    {
        const QString database = QStringLiteral("verdict_leg_first");
        const QString unreachable = QStringLiteral("postgres://u@127.0.0.1:1/lockbench");
        const Finished f = runConditional(
            database, [] {}, false, unreachable);
        qInfo("exit %d: %s", f.exitCode, qPrintable(f.output.right(600)));
        QCOMPARE(f.exitCode, 1);
        QCOMPARE(f.strategies.size(), 1);
        QCOMPARE(f.summary.value(QStringLiteral("verdict")).toString(), QStringLiteral("pass"));
        QCOMPARE(f.summary.value(QStringLiteral("order_rows")).toDouble(),
            static_cast<double>(countOrders(database)));
        QVERIFY2(
            f.output.contains(QStringLiteral("server 2 of 2 (%1): ").arg(unreachable)), qPrintable(f.output));
        QVERIFY2(f.output.contains(QLatin1String("conditional ")), "the first leg's table is printed");
    }

    void ctrlCAfterALossStillExitsThree()
    {
        // The loss of the first strategy stands though the second is interrupted: 3, not 130.
        const QString database = QStringLiteral("verdict_interrupted");
        const Finished f = runConditional(
            database, [&database] { deleteOneOrder(database); }, true);
        qInfo("exit %d: %s", f.exitCode, qPrintable(f.output.right(400)));
        QVERIFY2(f.output.contains(QLatin1String("stopping after the current orders")), qPrintable(f.output));
        QCOMPARE(f.exitCode, 3);
        QVERIFY2(f.summary.value(QStringLiteral("verdict")).toString().startsWith(QLatin1String("FAIL")),
            qPrintable(f.summary.value(QStringLiteral("verdict")).toString()));
    }
};

QTEST_GUILESS_MAIN(TestCliVerdicts)
#include "tst_cliverdicts.moc"
