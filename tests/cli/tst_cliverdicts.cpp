// The exit status a CI job relies on, from the real CLI against a real server: 3 when the
// audit finds a safe strategy's order really gone, 0 when nothing was touched.
#include "app/db/mysqlconnection.h"
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
};

// Reads the process's output until it holds `text` (or a minute passes).
void readUntil(QProcess& lockbench, QString* output, const QString& text)
{
    QElapsedTimer clock;
    clock.start();
    while (!output->contains(text) && clock.elapsed() < 60000) {
        lockbench.waitForReadyRead(100);
        *output += QString::fromUtf8(lockbench.readAll());
    }
}

// Runs conditional on one SKU for 3 s against the test server; `duringRun` is called once
// the clients have sold for a second. With `thenInterrupt`, pessimistic follows it and gets
// one Ctrl-C once it runs.
Finished runConditional(
    const QString& database, const std::function<void()>& duringRun, bool thenInterrupt = false)
{
    QTemporaryDir dir;
    const QString json = dir.filePath(QStringLiteral("r.json"));
    const QString url
        = QStringLiteral("mysql://root@127.0.0.1:%1/%2").arg(ServerFixture::params().port).arg(database);
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
    readUntil(lockbench, &finished.output, QStringLiteral("conditional: running"));
    QTest::qWait(1000);
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
        const QJsonArray strategies
            = QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("strategies")).toArray();
        finished.summary = strategies.at(0).toObject().value(QStringLiteral("summary")).toObject();
    }
    return finished;
}

long long countOrders(const QString& database)
{
    MysqlConnection check;
    if (!check.open(ServerFixture::params(database)))
        return -1;
    return check.queryInt(QStringLiteral("SELECT COUNT(*) FROM orders")).value_or(-1);
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
        const Finished f = runConditional(database, [&database] {
            MysqlConnection saboteur;
            if (saboteur.open(ServerFixture::params(database)))
                saboteur.execute(QStringLiteral("DELETE FROM orders ORDER BY request_id LIMIT 1"));
        });
        qInfo("exit %d: %s", f.exitCode, qPrintable(f.output.right(400)));
        QCOMPARE(f.exitCode, 3);
        QVERIFY2(f.summary.value(QStringLiteral("verdict")).toString().startsWith(QLatin1String("FAIL")),
            qPrintable(f.summary.value(QStringLiteral("verdict")).toString()));
        const long long rows = countOrders(database);
        QCOMPARE(f.summary.value(QStringLiteral("order_rows")).toDouble(), static_cast<double>(rows));
        QCOMPARE(
            f.summary.value(QStringLiteral("client_sold_orders")).toDouble(), static_cast<double>(rows + 1));
    }

    void ctrlCAfterALossStillExitsThree()
    {
        // The loss of the first strategy stands though the second is interrupted: 3, not 130.
        const QString database = QStringLiteral("verdict_interrupted");
        const Finished f = runConditional(
            database,
            [&database] {
                MysqlConnection saboteur;
                if (saboteur.open(ServerFixture::params(database)))
                    saboteur.execute(QStringLiteral("DELETE FROM orders ORDER BY request_id LIMIT 1"));
            },
            true);
        qInfo("exit %d: %s", f.exitCode, qPrintable(f.output.right(400)));
        QVERIFY2(f.output.contains(QLatin1String("stopping after the current orders")), qPrintable(f.output));
        QCOMPARE(f.exitCode, 3);
        QVERIFY2(f.summary.value(QStringLiteral("verdict")).toString().startsWith(QLatin1String("FAIL")),
            qPrintable(f.summary.value(QStringLiteral("verdict")).toString()));
    }
};

QTEST_GUILESS_MAIN(TestCliVerdicts)
#include "tst_cliverdicts.moc"
