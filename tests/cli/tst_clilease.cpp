// The headless lab on a database another lab holds: refused with exit status 1 and the holder
// named on stderr, before it creates or changes anything; once the holder lets go, it runs.
#include "app/db/lablease.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/lockbenchprocess.h"
#include "tests/support/serverfixture.h"

#include <QSignalSpy>
#include <QTest>

namespace {

const QString kLeasedDatabase = QStringLiteral("cli_lease");

} // namespace

class TestCliLease : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog; // should the test hang, the log gets every thread's stack

private slots:
    void initTestCase()
    {
        LOCKBENCH_REQUIRE_BINARY();
        LOCKBENCH_REQUIRE_SERVER();
        // The test data outlives a run: start without the database this test expects the lab to make.
        DatabaseConnection admin;
        QVERIFY(admin.open(ServerFixture::params(), false));
        QVERIFY(admin.execute(QStringLiteral("DROP DATABASE IF EXISTS %1").arg(kLeasedDatabase)));
    }

    void heldDatabaseIsRefusedThenFree()
    {
        const ConnectionParams params = ServerFixture::params(kLeasedDatabase);
        QVERIFY(params.password.isEmpty()); // so the URL below is the whole account
        const QStringList arguments { QStringLiteral("run"), QStringLiteral("--server"), params.maskedUrl(),
            QStringLiteral("--strategy"), QStringLiteral("conditional"), QStringLiteral("--skus"),
            QStringLiteral("4"), QStringLiteral("--stock"), QStringLiteral("50"), QStringLiteral("--threads"),
            QStringLiteral("2"), QStringLiteral("--stop"), QStringLiteral("sold-out"),
            QStringLiteral("--rtt-ms"), QStringLiteral("0"), QStringLiteral("--quiet") };
        QVERIFY(!ServerFixture::schemaExists(kLeasedDatabase));

        auto holder = std::make_unique<LabLease>(params);
        QString error;
        QVERIFY2(holder->acquire(&error), qPrintable(error));
        const LockbenchProcess refused = LockbenchProcess::run(arguments, 60000);
        QVERIFY2(refused.exitCode == 1,
            qPrintable(QStringLiteral("exit %1: %2").arg(refused.exitCode).arg(refused.all())));
        QVERIFY2(refused.err.contains(QStringLiteral(
                     "lockbench: database %1 on %2 is in use by another lab: its lease (lockbench.%1) is "
                     "held by connection %3 (user root from localhost")
                                          .arg(kLeasedDatabase, params.maskedUrl())
                                          .arg(holder->connectionId())),
            qPrintable(refused.err));
        QVERIFY2(!refused.out.contains(QLatin1String("preparing tables")), qPrintable(refused.out));
        QVERIFY(!ServerFixture::schemaExists(kLeasedDatabase));

        holder.reset();
        // The lease is given back as the holder's connection closes, which the server notes a
        // moment later: the lab is started again until it is no longer refused.
        LockbenchProcess ran;
        do
            ran = LockbenchProcess::run(arguments, 120000);
        while (ran.exitCode == 1 && ran.err.contains(QLatin1String("is in use by another lab")));
        QVERIFY2(
            ran.exitCode == 0, qPrintable(QStringLiteral("exit %1: %2").arg(ran.exitCode).arg(ran.all())));
        QVERIFY(ServerFixture::schemaExists(kLeasedDatabase));
    }
};

QTEST_GUILESS_MAIN(TestCliLease)
#include "tst_clilease.moc"
