// The lease on a lab database, on the real server: one holder at a time per database, a
// refusal that names the holder, other databases free, and the lease free again once released
// or once its holder's connection is gone.
#include "app/db/databaseconnection.h"
#include "app/db/lablease.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/serverfixture.h"

#include <QRegularExpression>
#include <QTest>

#include <memory>

namespace {

const QString kLeaseDatabase = QStringLiteral("lockbench_lease");

} // namespace

class TestLabLease : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog; // should the test hang, the log gets every thread's stack

private slots:
    void initTestCase() { LOCKBENCH_REQUIRE_SERVER(); }

    void secondHolderIsRefusedWithTheFirstNamed()
    {
        LabLease first(ServerFixture::params(kLeaseDatabase));
        QString error;
        QVERIFY2(first.acquire(&error), qPrintable(error));
        QVERIFY(first.isHeld());

        LabLease second(ServerFixture::params(kLeaseDatabase));
        QVERIFY(!second.acquire(&error));
        QVERIFY(!second.isHeld());
        qInfo("%s", qPrintable(error));
        const ConnectionParams params = ServerFixture::params(kLeaseDatabase);
        QVERIFY2(error.contains(QStringLiteral(
                     "database %1 on %2 is in use by another lab: its lease (lockbench.%1) is held by "
                     "connection %3 (user %4 from ")
                                    .arg(kLeaseDatabase, params.maskedUrl())
                                    .arg(first.connectionId())
                                    .arg(params.user)),
            qPrintable(error));
        // The lease connection stays idle, so its idle time says when the lease was taken. The
        // server lists it as idle ("Sleep") a moment after GET_LOCK returns: ask again until then.
        const QRegularExpression since(QStringLiteral(", since \\d\\d:\\d\\d:\\d\\d, \\d+ s ago\\)"));
        QTRY_VERIFY2_WITH_TIMEOUT((second.acquire(&error), error.contains(since)), qPrintable(error), 5000);
        QVERIFY(!second.isHeld());

        // Another database on the same server is not blocked.
        LabLease other(ServerFixture::params(QStringLiteral("lockbench_lease_other")));
        QVERIFY2(other.acquire(&error), qPrintable(error));

        first.release();
        QVERIFY(!first.isHeld());
        QVERIFY2(second.acquire(&error), qPrintable(error));
        QVERIFY(!first.acquire(&error)); // now the other way round
        QVERIFY2(
            error.contains(QStringLiteral("connection %1 ").arg(second.connectionId())), qPrintable(error));
    }

    // Whoever holds the named lock holds the database: a connection that took it by hand is
    // named like a lab, and its lease ends with its connection.
    void anyHolderCountsAndGoesWithItsConnection()
    {
        auto holder = std::make_unique<DatabaseConnection>();
        QVERIFY(holder->open(ServerFixture::params(kLeaseDatabase), false));
        QCOMPARE(holder->queryInt(
                     QStringLiteral("SELECT GET_LOCK('%1', 0)").arg(LabLease::lockName(kLeaseDatabase))),
            1);
        LabLease lease(ServerFixture::params(kLeaseDatabase));
        QString error;
        QVERIFY(!lease.acquire(&error));
        QVERIFY2(error.contains(QStringLiteral("connection %1 (user ").arg(holder->threadId())),
            qPrintable(error));
        holder.reset(); // disconnects: the server frees the lock
        // The server frees it as it notices the disconnect; a round trip on our side does not
        // wait for that, so the lease is asked for until it comes (the test's watchdog caps it).
        while (!lease.acquire(&error))
            QTest::qWait(20);
        QVERIFY(lease.isHeld());
    }

    void longNamesFitTheServersLimit()
    {
        const QString longest(64, QLatin1Char('d'));
        QVERIFY(LabLease::lockName(longest).size() <= 64);
        QVERIFY(LabLease::lockName(longest) != LabLease::lockName(QString(63, QLatin1Char('d'))));
        QCOMPARE(LabLease::lockName(QStringLiteral("lockbench")), QStringLiteral("lockbench.lockbench"));
        // Two databases whose names differ only in case are two databases; their leases differ
        // although the server compares lock names without case.
        QVERIFY(LabLease::lockName(QStringLiteral("Shop"))
                    .compare(LabLease::lockName(QStringLiteral("shop")), Qt::CaseInsensitive)
            != 0);
        LabLease a(ServerFixture::params(longest));
        LabLease b(ServerFixture::params(longest));
        QString error;
        QVERIFY2(a.acquire(&error), qPrintable(error));
        QVERIFY(!b.acquire(&error));
    }

    void aKilledLeaseIsTakenAgainUnlessAnotherLabGotIt()
    {
        DatabaseConnection admin;
        QVERIFY(admin.open(ServerFixture::params(), false));
        LabLease lease(ServerFixture::params(kLeaseDatabase));
        QString error;
        QVERIFY2(lease.acquire(&error), qPrintable(error));
        QVERIFY2(lease.keep(&error), qPrintable(error)); // alive: nothing to do

        // Killed: the next look takes it again, on a new connection.
        const unsigned long first = lease.connectionId();
        QVERIFY(admin.execute(QStringLiteral("KILL CONNECTION %1").arg(first)));
        QTRY_VERIFY(lease.keep(&error) && lease.connectionId() != first);
        QVERIFY(lease.isHeld());
        const QString name = QLatin1Char('\'') + LabLease::lockName(kLeaseDatabase) + QLatin1Char('\'');
        QCOMPARE(admin.queryInt(QStringLiteral("SELECT IS_USED_LOCK(%1)").arg(name)).value_or(-1),
            static_cast<std::int64_t>(lease.connectionId()));

        // Killed, and a second lab takes the database before the next look: the first is told.
        QVERIFY(admin.execute(QStringLiteral("KILL CONNECTION %1").arg(lease.connectionId())));
        LabLease second(ServerFixture::params(kLeaseDatabase));
        QTRY_VERIFY(second.acquire(&error));
        QVERIFY(!lease.keep(&error));
        qInfo("%s", qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("another lab took it")), qPrintable(error));
        QVERIFY2(
            error.contains(QStringLiteral("connection %1 ").arg(second.connectionId())), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestLabLease)
#include "tst_lablease.moc"
