// The headless lab when its embedded server is killed (kill -9) mid-run: it says so, writes
// the partial results it promised, starts the server again and audits what it kept. And when
// the server is paused and the person presses Ctrl-C once: the lab ends, with what it measured.
#include "tests/cli/liveline.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/labserverpids.h"
#include "tests/support/lockbenchprocess.h"

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
#include <memory>

class TestCliFaults : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog; // should the test hang, the log gets every thread's stack

private slots:
    void killedServerIsReportedKeptAndAudited()
    {
        QTemporaryDir dir;
        const QString json = dir.filePath(QStringLiteral("partial.json"));
        QProcess lockbench;
        lockbench.setProcessChannelMode(QProcess::MergedChannels);
        lockbench.start(qEnvironmentVariable("LOCKBENCH_BINARY"),
            { QStringLiteral("run"), QStringLiteral("--strategy"), QStringLiteral("pessimistic,conditional"),
                QStringLiteral("--skus"), QStringLiteral("4"), QStringLiteral("--stock"),
                QStringLiteral("1000000"), QStringLiteral("--threads"), QStringLiteral("16"),
                QStringLiteral("--duration"), QStringLiteral("60s"), QStringLiteral("--json"), json });
        QVERIFY(lockbench.waitForStarted());
        QString output;
        QTRY_VERIFY_WITH_TIMEOUT(sellsOnTheLiveLine(output += QString::fromUtf8(lockbench.readAll()),
                                     QStringLiteral("pessimistic")),
            60000);
        const QList<qint64> pids = labServerPids();
        QCOMPARE(pids.size(), 1);
        QCOMPARE(::kill(static_cast<pid_t>(pids.first()), SIGKILL), 0);

        QVERIFY(lockbench.waitForFinished(60000));
        output += QString::fromUtf8(lockbench.readAll());
        qInfo("%s", qPrintable(output.right(900)));
        QCOMPARE(lockbench.exitStatus(), QProcess::NormalExit);
        QCOMPARE(lockbench.exitCode(),
            1); // the plan did not run to its end; the audit after the restart was clean
        QVERIFY(output.contains(QStringLiteral("lost the server")));
        QVERIFY(output.contains(QStringLiteral("restarting the embedded server")));
        QVERIFY2(
            output.contains(QRegularExpression(QStringLiteral(
                "after the restart: all [0-9,]+ acknowledged orders are in the orders table; 0 oversold"))),
            qPrintable(output));
        QVERIFY(!output.contains(QStringLiteral("conditional: running"))); // the rest waits for the server
        // The lab's looks at a server that is gone are not made on a closed connection, whose
        // "QSqlQuery::exec: database not open" warnings reached the terminal.
        QVERIFY2(!output.contains(QLatin1String("QSqlQuery")), qPrintable(output));

        // The partial results were written.
        QFile file(json);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonArray strategies
            = QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("strategies")).toArray();
        QCOMPARE(strategies.size(), 1);
        const QJsonObject partial = strategies.first().toObject();
        QCOMPARE(partial.value(QStringLiteral("summary"))
                     .toObject()
                     .value(QStringLiteral("stop_reason"))
                     .toString(),
            QStringLiteral("server lost"));
        QVERIFY(!partial.value(QStringLiteral("series")).toArray().isEmpty());
        // Completed by the audit after the restart: what the server kept, and the clients' count agreeing.
        const QJsonObject summary = partial.value(QStringLiteral("summary")).toObject();
        qInfo("JSON: sold %lld, client_sold_orders %lld, reconciled %lld, unresolved %lld, verdict %s",
            summary.value(QStringLiteral("sold")).toVariant().toLongLong(),
            summary.value(QStringLiteral("client_sold_orders")).toVariant().toLongLong(),
            summary.value(QStringLiteral("reconciled")).toVariant().toLongLong(),
            summary.value(QStringLiteral("unresolved")).toVariant().toLongLong(),
            qPrintable(summary.value(QStringLiteral("verdict")).toString()));
        QVERIFY(summary.value(QStringLiteral("sold")).toDouble() > 0);
        QCOMPARE(summary.value(QStringLiteral("sold")).toDouble(),
            summary.value(QStringLiteral("client_sold_units")).toDouble());
        QCOMPARE(summary.value(QStringLiteral("clients_agree")).toBool(), true);
        QCOMPARE(summary.value(QStringLiteral("unresolved")).toDouble(), 0.0);
        QCOMPARE(summary.value(QStringLiteral("verdict")).toString(), QStringLiteral("pass"));
        QVERIFY(labServerPids().isEmpty()); // the restarted server stopped with the lab
    }

    void oneCtrlCWhileTheServerIsPausedEndsTheRunAndWritesIt()
    {
        QTemporaryDir dir;
        const QString json = dir.filePath(QStringLiteral("paused.json"));
        QProcess lockbench;
        lockbench.setProcessChannelMode(QProcess::MergedChannels);
        lockbench.start(qEnvironmentVariable("LOCKBENCH_BINARY"),
            { QStringLiteral("run"), QStringLiteral("--strategy"), QStringLiteral("pessimistic"),
                QStringLiteral("--skus"), QStringLiteral("4"), QStringLiteral("--stock"),
                QStringLiteral("1000000"), QStringLiteral("--duration"), QStringLiteral("60s"),
                QStringLiteral("--json"), json });
        QVERIFY(lockbench.waitForStarted());
        QString output;
        QTRY_VERIFY_WITH_TIMEOUT(sellsOnTheLiveLine(output += QString::fromUtf8(lockbench.readAll()),
                                     QStringLiteral("pessimistic")),
            60000);
        const QList<qint64> pids = labServerPids();
        QCOMPARE(pids.size(), 1);
        const auto server = static_cast<pid_t>(pids.first());
        QCOMPARE(::kill(server, SIGSTOP), 0);
        const std::unique_ptr<QProcess, std::function<void(QProcess*)>> resume(
            &lockbench, [server](QProcess*) { ::kill(server, SIGCONT); });
        QTRY_VERIFY_WITH_TIMEOUT(
            (output += QString::fromUtf8(lockbench.readAll())).contains(QStringLiteral("not answering")),
            10000);
        QElapsedTimer clock;
        clock.start();
        QCOMPARE(::kill(static_cast<pid_t>(lockbench.processId()), SIGINT), 0); // once
        QVERIFY(lockbench.waitForFinished(60000));
        output += QString::fromUtf8(lockbench.readAll());
        qInfo("ended %lld ms after one Ctrl-C:\n%s", clock.elapsed(), qPrintable(output.right(700)));
        QCOMPARE(lockbench.exitCode(), 130);
        QVERIFY(!output.contains(QStringLiteral("lockbench: quitting"))); // one signal was enough

        const QJsonObject summary = LockbenchProcess::firstSummary(json);
        QVERIFY2(!summary.isEmpty(), "no JSON written");
        QCOMPARE(summary.value(QStringLiteral("verdict")).toString(), QStringLiteral("audit incomplete"));
        QVERIFY(summary.value(QStringLiteral("audit_incomplete"))
                    .toString()
                    .contains(QStringLiteral("not answering")));
        QVERIFY(summary.value(QStringLiteral("client_sold_orders")).toDouble() > 0);
        QVERIFY(summary.value(QStringLiteral("sold")).isNull());
    }
};

QTEST_GUILESS_MAIN(TestCliFaults)
#include "tst_clifaults.moc"
