// The session both fronts drive, against the embedded MariaDB it starts itself: results of
// the active run are kept with their run's label, what an older run sends late is dropped,
// opened files stand beside this session's runs, exports write what the session holds, and a
// leg of a plan that lost its server is audited before the next leg.
// (Its report and chart files are drawn by app/report, tried in tst_export, and written end
// to end through the command line in tst_cli.)
#include "app/results/resultreader.h"
#include "app/session/labsession.h"
#include "tests/support/hangwatchdog.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <csignal>

namespace {

Experiment quickSellOut(std::int64_t stock)
{
    Experiment e;
    e.skus = 1;
    e.initialStock = stock;
    e.threads = 4;
    e.stop = StopKind::SoldOut;
    e.timeLimitMs = 60000;
    e.rttMs = 0;
    return e;
}

} // namespace

class TestLabSession : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog;
    LabSession m_session;

private slots:
    void initTestCase()
    {
        QSignalSpy state(&m_session, &LabSession::serverStateChanged);
        m_session.startEmbeddedServer();
        QTRY_VERIFY_WITH_TIMEOUT(m_session.ownServer().state != ServerController::State::Starting, 120000);
        QCOMPARE(m_session.ownServer().state, ServerController::State::Ready);
        QVERIFY(!state.isEmpty());
        QVERIFY(m_session.usesEmbedded());
        QVERIFY(m_session.runInfo().serverUrl.startsWith(QLatin1String("embedded (")));
        QVERIFY(!m_session.runInfo().serverVersion.isEmpty());
    }

    void keepsTheActiveRunsResults()
    {
        const qsizetype before = m_session.results().size();
        QSignalSpy added(&m_session.resultList(), &QAbstractItemModel::rowsInserted);
        QSignalSpy finished(&m_session, &LabSession::finished);
        QString error;
        QVERIFY2(m_session.start({ { QStringLiteral("conditional"), quickSellOut(300) },
                                     { QStringLiteral("pessimistic"), quickSellOut(300) } },
                     &error),
            qPrintable(error));
        QVERIFY(m_session.isRunning());
        QVERIFY(finished.wait(120000));
        QCOMPARE(finished.first().first().toBool(), false);
        QCOMPARE(added.size(), 2);
        QCOMPARE(m_session.results().size(), before + 2);
        const QString label = QStringLiteral("#%1").arg(m_session.runId());
        for (qsizetype i = before; i < m_session.results().size(); ++i) {
            const SourcedResult& row = m_session.results().at(i);
            QCOMPARE(row.source, label);
            QVERIFY(!row.fromFile);
            QCOMPARE(row.result.sold, 300);
            QCOMPARE(row.result.verdict(), Verdict::Pass);
        }
        QCOMPARE(m_session.results().at(before).result.strategy, QStringLiteral("conditional"));
        QCOMPARE(m_session.results().at(before + 1).result.strategy, QStringLiteral("pessimistic"));
    }

    void dropsWhatAnOlderRunSendsLate()
    {
        QString error;
        QVERIFY2(m_session.start({ { QStringLiteral("conditional"), quickSellOut(200) } }, &error),
            qPrintable(error));
        const int older = m_session.runId();
        // No events are processed here: every signal of the older run, its result and its
        // finished() included, is still queued when the newer run starts.
        QElapsedTimer clock;
        clock.start();
        while (m_session.isRunning() && clock.elapsed() < 60000)
            QThread::msleep(10);
        QVERIFY(!m_session.isRunning());
        const qsizetype before = m_session.results().size();
        QSignalSpy added(&m_session.resultList(), &QAbstractItemModel::rowsInserted);
        QSignalSpy finished(&m_session, &LabSession::finished);
        QSignalSpy samples(&m_session, &LabSession::sampleReady);
        QVERIFY2(
            m_session.start({ { QStringLiteral("slotted"), quickSellOut(200) } }, &error), qPrintable(error));
        QVERIFY(m_session.runId() > older);
        QVERIFY(finished.wait(120000));
        QCOMPARE(finished.size(), 1);
        QCOMPARE(added.size(), 1);
        QCOMPARE(m_session.results().size(), before + 1);
        QCOMPARE(m_session.results().last().result.strategy, QStringLiteral("slotted"));
        QCOMPARE(m_session.results().last().result.runId, m_session.runId());
        for (const QList<QVariant>& sample : std::as_const(samples))
            QCOMPARE(sample.first().value<MetricsSample>().runId, m_session.runId());
    }

    void exportsAndOpensWhatItHolds()
    {
        QTemporaryDir dir;
        const QString json = dir.filePath(QStringLiteral("run.json"));
        QString error;
        const qsizetype held = m_session.results().size();
        QVERIFY(held > 0);
        QVERIFY2(m_session.exportResults(json, &error), qPrintable(error));
        const std::optional<ResultReader::RunFile> file = ResultReader::load(json, &error);
        QVERIFY2(file, qPrintable(error));
        QCOMPARE(file->results.size(), held);
        QCOMPARE(file->results.last().strategy, m_session.results().last().result.strategy);
        QCOMPARE(file->info.serverVersion, m_session.runInfo().serverVersion);

        QCOMPARE(m_session.openResults(json, &error), int(held));
        QCOMPARE(m_session.results().size(), 2 * held);
        QCOMPARE(m_session.results().last().source, QStringLiteral("run"));
        QVERIFY(m_session.results().last().fromFile);
        // The scaling charts show this session's runs unlabelled and opened ones by file name.
        const QList<SourcedResult> compared = m_session.comparisonSources();
        QCOMPARE(compared.first().source, QString());
        QCOMPARE(compared.last().source, QStringLiteral("run"));

        const QString csv = dir.filePath(QStringLiteral("run.csv"));
        QVERIFY2(m_session.exportResults(csv, &error), qPrintable(error));
        QFile summary(ResultWriter::summaryCsvPath(csv));
        QVERIFY(summary.open(QIODevice::ReadOnly));
        QCOMPARE(summary.readAll().count('\n'), 1 + 2 * held); // a header and one line per result

        QCOMPARE(m_session.openResults(dir.filePath(QStringLiteral("missing.json")), &error), -1);
        QVERIFY(!error.isEmpty());
    }

    void aLegThatLostTheServerIsAuditedBeforeTheNextLeg()
    {
        // Two legs on the lab's MariaDB: the first loses its server to SIGKILL. The session
        // restarts it and audits what it kept before the second leg runs, which then passes.
        Experiment longRun = quickSellOut(1'000'000);
        longRun.stop = StopKind::Duration;
        longRun.durationMs = 20000;
        RunPlan plan;
        plan.legs = { { ServerChoice::embedded(), { { QStringLiteral("pessimistic"), longRun } } },
            { ServerChoice::embedded(), { { QStringLiteral("conditional"), quickSellOut(100) } } } };
        QStringList events;
        QSignalSpy finished(&m_session, &LabSession::finished);
        connect(&m_session, &LabSession::legStarted, this,
            [&](int index, int, const QString&) { events << QStringLiteral("leg %1").arg(index); });
        connect(&m_session, &LabSession::recoveryAudited, this, [&](const RecoveryReport& report) {
            events << (report.clean() ? QStringLiteral("audited clean")
                                      : QStringLiteral("audited: ") + report.summary());
        });
        connect(&m_session, &LabSession::strategyFinished, this,
            [&](const StrategyResult& result) { events << result.strategy; });
        QSignalSpy samples(&m_session, &LabSession::sampleReady);
        const qsizetype before = m_session.results().size();
        QString error;
        QVERIFY2(m_session.start(plan, &error), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(
            std::any_of(samples.cbegin(), samples.cend(),
                [](const QList<QVariant>& sample) {
                    return sample.first().value<MetricsSample>().clients[ClientCount::Sold] > 0;
                }),
            30000);
        QCOMPARE(::kill(static_cast<pid_t>(m_session.ownServer().pid), SIGKILL), 0);
        QVERIFY(finished.wait(180000));
        disconnect(&m_session, nullptr, this, nullptr);
        qInfo("%s", qPrintable(events.join(QStringLiteral(", "))));

        QCOMPARE(events,
            QStringList({ QStringLiteral("leg 0"), QStringLiteral("pessimistic"),
                QStringLiteral("audited clean"), QStringLiteral("leg 1"), QStringLiteral("conditional") }));
        QCOMPARE(finished.size(), 1);
        QCOMPARE(m_session.results().size(), before + 2);
        const StrategyResult& lost = m_session.results().at(before).result;
        QVERIFY(lost.serverLost);
        QVERIFY2(lost.audited(), qPrintable(lost.auditIncomplete)); // by the audit after the restart
        QCOMPARE(lost.verdict(), Verdict::Pass);
        const StrategyResult& next = m_session.results().at(before + 1).result;
        QCOMPARE(next.clients[ClientCount::Sold], 100);
        QCOMPARE(next.verdict(), Verdict::Pass);
        QVERIFY(!m_session.lostRun());
        QVERIFY(!m_session.isRunning());
    }

    void refusesWhatItCannotDo()
    {
        QString error;
        QVERIFY(!m_session.start({ { QStringLiteral("no-such-strategy"), quickSellOut(100) } }, &error));
        QVERIFY2(error.contains(QLatin1String("no-such-strategy")), qPrintable(error));
        QVERIFY(!m_session.lostRun());
        QVERIFY(!m_session.recoverLostServer(&error));
        QCOMPARE(error, QStringLiteral("no run lost its server"));
    }
};

QTEST_GUILESS_MAIN(TestLabSession)
#include "tst_labsession.moc"
