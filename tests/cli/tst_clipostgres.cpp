// The command line on PostgreSQL as a person runs it: `--server postgres` starts the lab's private
// PostgreSQL in the lab's data folder. two-sku-random's deadlocks are captured from the server log
// with their statements, the server's count and the clients' errors agree, and each deadlock held
// its orders for the detector's deadlock_timeout. Every strategy of `all` runs with a verdict and
// a why sentence, and the last one's JSON counts equal the orders table's own, counted afterwards
// on the same server.
#include "app/db/pgconnection.h"
#include "app/server/embeddedserver.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/lockbenchprocess.h"
#include "tests/support/postgresfixture.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

QJsonArray strategiesIn(const QString& jsonPath)
{
    QFile file(jsonPath);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("strategies")).toArray();
}

} // namespace

class TestCliPostgres : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog;
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { LOCKBENCH_REQUIRE_BINARY(); }

    // Before the fixture starts the server: one lab at a time on a data folder.
    void twoSkuRandomShowsItsDeadlocksAndTheDetectorsDelay()
    {
        const QString json = m_dir.filePath(QStringLiteral("deadlocks.json"));
        const LockbenchProcess run = LockbenchProcess::run(
            { QStringLiteral("run"), QStringLiteral("--server"), QStringLiteral("postgres"),
                QStringLiteral("--strategy"), QStringLiteral("two-sku-random"), QStringLiteral("--skus"),
                QStringLiteral("2"), QStringLiteral("--threads"), QStringLiteral("16"),
                QStringLiteral("--duration"), QStringLiteral("3s"), QStringLiteral("--json"), json });
        QVERIFY2(run.exitCode == 0, qPrintable(run.all()));
        const QJsonObject s = LockbenchProcess::firstSummary(json);
        QVERIFY2(s.value(QStringLiteral("deadlocks")).toInt() > 0, qPrintable(run.all()));
        // A victim's transaction is rolled back before the order is tried again: PostgreSQL refuses
        // every statement of a failed transaction but ROLLBACK.
        QCOMPARE(s.value(QStringLiteral("errors")).toObject().value(QStringLiteral("other")).toInt(), 0);
        QVERIFY2(s.value(QStringLiteral("error_messages")).toArray().isEmpty(), qPrintable(run.all()));
        const QJsonObject account = s.value(QStringLiteral("deadlock_account")).toObject();
        const int captured = account.value(QStringLiteral("captured")).toInt();
        QVERIFY(captured > 0);
        QCOMPARE(account.value(QStringLiteral("server")).toInt(), captured);
        QCOMPARE(account.value(QStringLiteral("clients")).toInt(), captured);
        const QJsonArray records = s.value(QStringLiteral("deadlock_records")).toArray();
        QCOMPARE(records.size(), captured);
        for (const QJsonValue& record : records) {
            const QJsonArray cycle = record.toObject().value(QStringLiteral("transactions")).toArray();
            QVERIFY2(cycle.size() >= 2, "a deadlock is a cycle of at least two transactions");
            // The transaction that breaks the rule alone in the message: a whole record of three
            // is cut short by Qt Test's message limit before its third statement. PostgreSQL
            // writes another process's statement as it stands at the report: one that had rolled
            // back by then shows ROLLBACK, which the record marks.
            for (const QJsonValue& trx : cycle)
                QVERIFY2(trx.toObject()
                             .value(QStringLiteral("statement"))
                             .toString()
                             .contains(QLatin1String("FOR UPDATE"))
                        || (trx.toObject().value(QStringLiteral("statement_after_cycle")).toBool()
                            && trx.toObject().value(QStringLiteral("statement")).toString()
                                == QLatin1String("ROLLBACK")),
                    qPrintable(QStringLiteral("at %1 s: %2")
                                   .arg(record.toObject().value(QStringLiteral("t_s")).toDouble())
                                   .arg(QString::fromUtf8(
                                       QJsonDocument(trx.toObject()).toJson(QJsonDocument::Compact)))));
        }
        // The detector looks only once a waiter has waited deadlock_timeout (1 s): no deadlock is
        // found before the run's first second is over, where InnoDB finds its first in milliseconds.
        QVERIFY2(
            records.first().toObject().value(QStringLiteral("t_s")).toDouble() >= 1.0, qPrintable(run.all()));
        QVERIFY(s.value(QStringLiteral("explanation"))
                    .toObject()
                    .value(QStringLiteral("text"))
                    .toString()
                    .contains(QLatin1String("deadlock_timeout (1s)")));
    }

    // A run on PostgreSQL starts no MariaDB: the command line's default server, never started,
    // stays so when the run gives the choice back (it started one, in a fresh data folder, as
    // the run ended).
    void aRunOnPostgresStartsNoMariaDb()
    {
        QTemporaryDir fresh;
        const QByteArray dataDir = qgetenv("LOCKBENCH_DATA_DIR");
        qputenv("LOCKBENCH_DATA_DIR", fresh.path().toLocal8Bit());
        const LockbenchProcess run = LockbenchProcess::run({ QStringLiteral("run"),
            QStringLiteral("--server"), QStringLiteral("postgres"), QStringLiteral("--strategy"),
            QStringLiteral("conditional"), QStringLiteral("--duration"), QStringLiteral("1s") });
        qputenv("LOCKBENCH_DATA_DIR", dataDir);
        QVERIFY2(run.exitCode == 0, qPrintable(run.all()));
        const EmbeddedServer mariaDb(fresh.path());
        QVERIFY2(!QFileInfo::exists(mariaDb.dataDirectory()), qPrintable(run.all()));
    }

    // One experiment on both engines: one table, one JSON, each row naming its server, and a
    // sentence comparing the two.
    void bothEnginesRunSideBySide()
    {
        const QString json = m_dir.filePath(QStringLiteral("both.json"));
        const LockbenchProcess run = LockbenchProcess::run({ QStringLiteral("run"),
            QStringLiteral("--server"), QStringLiteral("embedded,postgres"), QStringLiteral("--strategy"),
            QStringLiteral("conditional"), QStringLiteral("--threads"), QStringLiteral("8"),
            QStringLiteral("--duration"), QStringLiteral("1s"), QStringLiteral("--json"), json });
        QVERIFY2(run.exitCode == 0, qPrintable(run.all()));
        const QJsonArray strategies = strategiesIn(json);
        QCOMPARE(strategies.size(), 2);
        QStringList servers;
        for (const QJsonValue& entry : strategies) {
            const QJsonObject s = entry.toObject().value(QStringLiteral("summary")).toObject();
            QCOMPARE(s.value(QStringLiteral("verdict")).toString(), QStringLiteral("pass"));
            QVERIFY(s.value(QStringLiteral("sold")).toInt() > 0);
            servers << s.value(QStringLiteral("server")).toString();
        }
        // Each engine at its own default isolation, as its users run it, read back from the server.
        const auto isolationOf = [&](int i) {
            return strategies[i]
                .toObject()
                .value(QStringLiteral("summary"))
                .toObject()
                .value(QStringLiteral("knobs"))
                .toObject()
                .value(QStringLiteral("transaction_isolation"))
                .toString();
        };
        QCOMPARE(isolationOf(0), QStringLiteral("REPEATABLE READ"));
        // InnoDB counts its row-lock waits; PostgreSQL keeps no such count: null, not 0.
        const auto summaryOf
            = [&](int i) { return strategies[i].toObject().value(QStringLiteral("summary")).toObject(); };
        QVERIFY(summaryOf(0).value(QStringLiteral("lock_waits")).toDouble() > 0);
        QVERIFY(summaryOf(1).value(QStringLiteral("lock_waits")).isNull());
        QCOMPARE(isolationOf(1), QStringLiteral("READ COMMITTED"));
        QVERIFY2(servers[0].startsWith(QLatin1String("MariaDB ")), qPrintable(servers[0]));
        QVERIFY2(servers[1].startsWith(QLatin1String("PostgreSQL ")), qPrintable(servers[1]));
        for (const QString& server : servers)
            QVERIFY2(run.out.contains(QLatin1String("conditional         ") + server), qPrintable(run.out));
        QVERIFY2(run.out.contains(QStringLiteral("conditional: "))
                && run.out.contains(QLatin1String(" on ") + servers[1]),
            qPrintable(run.out));
    }

    // redis-split's live audit on PostgreSQL: the stock read from Redis after the orders' snapshot,
    // so no look while orders go on sees a lost update that is not there.
    void redisSplitsLiveAuditSeesNoPhantomLoss()
    {
        const QString json = m_dir.filePath(QStringLiteral("redis.json"));
        const LockbenchProcess run
            = LockbenchProcess::run({ QStringLiteral("run"), QStringLiteral("--server"),
                QStringLiteral("postgres"), QStringLiteral("--strategy"), QStringLiteral("redis-split"),
                QStringLiteral("--skus"), QStringLiteral("4"), QStringLiteral("--threads"),
                QStringLiteral("16"), QStringLiteral("--sample-ms"), QStringLiteral("50"),
                QStringLiteral("--duration"), QStringLiteral("4s"), QStringLiteral("--json"), json });
        QVERIFY2(run.exitCode == 0, qPrintable(run.all()));
        const QJsonArray strategies = strategiesIn(json);
        QCOMPARE(strategies.size(), 1);
        const QJsonArray series = strategies[0].toObject().value(QStringLiteral("series")).toArray();
        int looks = 0;
        for (const QJsonValue& sample : series) {
            const QJsonObject s = sample.toObject();
            if (!s.value(QStringLiteral("audited")).toBool())
                continue;
            ++looks;
            QCOMPARE(s.value(QStringLiteral("audit_lost_updates")).toDouble(), 0.0);
            QCOMPARE(s.value(QStringLiteral("audit_oversold")).toDouble(), 0.0);
        }
        QVERIFY2(looks >= 2, qPrintable(QStringLiteral("%1 live looks").arg(looks)));
        QCOMPARE(LockbenchProcess::firstSummary(json).value(QStringLiteral("verdict")).toString(),
            QStringLiteral("pass"));
    }

    // SERIALIZABLE is true serialisability on PostgreSQL: the hot row's later writers fail with
    // 40001, counted as record changed and retried until each order is sold once.
    void serializableRetriesAreCounted()
    {
        const QString json = m_dir.filePath(QStringLiteral("serializable.json"));
        const LockbenchProcess run = LockbenchProcess::run(
            { QStringLiteral("run"), QStringLiteral("--server"), QStringLiteral("postgres"),
                QStringLiteral("--strategy"), QStringLiteral("conditional"), QStringLiteral("--isolation"),
                QStringLiteral("serializable"), QStringLiteral("--threads"), QStringLiteral("8"),
                QStringLiteral("--duration"), QStringLiteral("2s"), QStringLiteral("--json"), json });
        QVERIFY2(run.exitCode == 0, qPrintable(run.all()));
        const QJsonObject s = LockbenchProcess::firstSummary(json);
        QCOMPARE(s.value(QStringLiteral("verdict")).toString(), QStringLiteral("pass"));
        QCOMPARE(s.value(QStringLiteral("knobs"))
                     .toObject()
                     .value(QStringLiteral("transaction_isolation"))
                     .toString(),
            QStringLiteral("SERIALIZABLE"));
        const QJsonObject errors = s.value(QStringLiteral("errors")).toObject();
        QVERIFY2(errors.value(QStringLiteral("record_changed")).toInt() > 0, qPrintable(run.all()));
        QCOMPARE(errors.value(QStringLiteral("other")).toInt(), 0);
        QVERIFY(s.value(QStringLiteral("attempts_per_s")).toDouble()
            > s.value(QStringLiteral("orders_per_s")).toDouble());
    }

    // The engines' lesson: each step on the server it names, in order, and a hand-out of both.
    void theEnginesLessonRunsEachStepOnItsServer()
    {
        const QString handout = m_dir.filePath(QStringLiteral("engines.html"));
        const LockbenchProcess run
            = LockbenchProcess::run({ QStringLiteral("lesson"), QStringLiteral("innodb-and-postgres"),
                                        QStringLiteral("--report"), handout },
                300000);
        QVERIFY2(run.exitCode == 0, qPrintable(run.all()));
        qsizetype at = 0;
        for (int step = 1; step <= 5; ++step) {
            at = run.out.indexOf(QStringLiteral("step %1/5: ").arg(step), at);
            QVERIFY2(at >= 0, qPrintable(run.out));
        }
        // Steps 1 and 4 on MariaDB, 2 and 3 (together) and 5 on PostgreSQL: four legs, two on each.
        QCOMPARE(run.all().count(QLatin1String("server: the lab's embedded MariaDB")), 2);
        QCOMPARE(run.all().count(QLatin1String("server: the lab's PostgreSQL")), 2);
        QFile file(handout);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString html = QString::fromUtf8(file.readAll());
        QVERIFY(html.contains(QLatin1String("MariaDB ")) && html.contains(QLatin1String("PostgreSQL ")));
    }

    void everyStrategyRunsWithAVerdictAndTheTableAgrees()
    {
        const QString json = m_dir.filePath(QStringLiteral("all.json"));
        const LockbenchProcess run = LockbenchProcess::run(
            { QStringLiteral("run"), QStringLiteral("--server"), QStringLiteral("postgres"),
                QStringLiteral("--strategy"), QStringLiteral("all"), QStringLiteral("--skus"),
                QStringLiteral("4"), QStringLiteral("--stock"), QStringLiteral("400"),
                QStringLiteral("--threads"), QStringLiteral("8"), QStringLiteral("--duration"),
                QStringLiteral("1s"), QStringLiteral("--json"), json },
            240000);
        QVERIFY2(run.exitCode == 0, qPrintable(run.all()));
        const QJsonArray strategies = strategiesIn(json);
        QVERIFY2(strategies.size() >= 10, qPrintable(run.all()));
        for (const QJsonValue& entry : strategies) {
            const QJsonObject s = entry.toObject().value(QStringLiteral("summary")).toObject();
            const QString id = s.value(QStringLiteral("strategy")).toString();
            QVERIFY2(s.value(QStringLiteral("error")).toString().isEmpty(), qPrintable(id));
            if (s.value(QStringLiteral("safe")).toBool())
                QVERIFY2(
                    s.value(QStringLiteral("verdict")).toString() == QLatin1String("pass"), qPrintable(id));
            QVERIFY2(s.value(QStringLiteral("sold")).toInt() > 0, qPrintable(id));
            const QJsonObject why = s.value(QStringLiteral("explanation")).toObject();
            QVERIFY2(!why.value(QStringLiteral("text")).toString().isEmpty(), qPrintable(id));
            QVERIFY2(!why.value(QStringLiteral("bound")).toString().isEmpty(), qPrintable(id));
        }

        // The last strategy's tables stay: counted on the same server, started again.
        QString error;
        QVERIFY2(PostgresFixture::ensureStarted(&error), qPrintable(error));
        PgConnection table;
        QVERIFY2(table.open(PostgresFixture::params(), &error), qPrintable(error));
        const PgConnection::Result counted
            = table.exec(QStringLiteral("SELECT COUNT(*), SUM(qty) FROM orders"));
        QVERIFY2(counted.ok, qPrintable(counted.error));
        const QJsonObject last = strategies.last().toObject().value(QStringLiteral("summary")).toObject();
        QCOMPARE(counted.value(0, 0).toLongLong(),
            static_cast<qint64>(last.value(QStringLiteral("order_rows")).toInteger()));
        QCOMPARE(counted.value(0, 1).toLongLong(),
            static_cast<qint64>(last.value(QStringLiteral("sold")).toInteger()));
    }

    // Backends terminated by an administrator while they idle: what the server says then is the
    // lab's to report, not libpq's to print in the middle of the table ("FATAL: terminating
    // connection due to administrator command" reached the terminal), nor Qt's warning of a
    // statement on a connection the server closed ("QSqlQuery::exec: database not open").
    void terminatedBackendsLeaveNoRawServerLinesOnTheTerminal()
    {
        QString error;
        QVERIFY2(PostgresFixture::ensureStarted(&error), qPrintable(error));
        const ConnectionParams server = PostgresFixture::params();
        QProcess lab;
        lab.start(qEnvironmentVariable("LOCKBENCH_BINARY"),
            { QStringLiteral("run"), QStringLiteral("--server"),
                QStringLiteral("postgres://%1@127.0.0.1:%2/lockbench").arg(server.user).arg(server.port),
                QStringLiteral("--strategy"), QStringLiteral("conditional"), QStringLiteral("--threads"),
                QStringLiteral("8"), QStringLiteral("--duration"), QStringLiteral("6s") });
        QVERIFY(lab.waitForStarted());
        PgConnection admin;
        QVERIFY2(admin.open(server, &error), qPrintable(error));
        int terminated = 0;
        for (int round = 0; round < 60 && lab.state() == QProcess::Running; ++round) {
            QTest::qWait(100);
            if (round >= 20 && round % 4 == 0) // from 2 s on, every 0.4 s
                terminated += admin
                                  .exec(QStringLiteral(
                                      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                      "WHERE application_name = 'lockbench' AND pid <> pg_backend_pid()"))
                                  .rows.size();
        }
        QVERIFY(lab.waitForFinished(120000));
        const QString printed
            = QString::fromLocal8Bit(lab.readAllStandardError() + lab.readAllStandardOutput());
        qInfo("%d backends terminated; exit %d", terminated, lab.exitCode());
        QVERIFY(terminated > 10);
        QCOMPARE(lab.exitCode(), 0);
        // The offending lines alone: the whole output is cut short by Qt Test's message limit.
        for (const QString& raw : { QStringLiteral("FATAL:"), QStringLiteral("QSqlQuery") }) {
            const QStringList lines = printed.split(QLatin1Char('\n'));
            for (qsizetype i = 0; i < lines.size(); ++i)
                QVERIFY2(!lines[i].contains(raw),
                    qPrintable(lines.mid(std::max<qsizetype>(0, i - 2), 5).join(QLatin1Char('\n'))));
        }
    }
};

QTEST_GUILESS_MAIN(TestCliPostgres)
#include "tst_clipostgres.moc"
