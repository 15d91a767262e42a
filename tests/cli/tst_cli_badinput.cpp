// Bad input to the lockbench executable, end to end, as a user types it: a few refusals of
// each kind go through the real binary, which must answer with status 2 (or 1 for a server it
// cannot reach), the message on stderr naming the flag, nothing on stdout, no password echoed,
// and never a crash or a hang. Every flag and key is tried against the parser in-process by
// tst_commandline.
#include "tests/support/hangwatchdog.h"
#include "tests/support/lockbenchprocess.h"

#include <QSignalSpy>
#include <QTest>

namespace {

// Each run is pointed at an unreachable server unless it names its own, so that a value
// accepted by mistake fails fast with status 1 instead of starting a MariaDB.
const QString kGuardServer = QStringLiteral("mysql://lab@127.0.0.1:1/lockbench");

} // namespace

class TestCliBadInput : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog; // should the test hang, the log gets every thread's stack
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // Output a wrongly accepted flag might write lands here, not in the build tree.
        QVERIFY(QDir::setCurrent(m_dir.path()));
        QFile experiment(m_dir.filePath(QStringLiteral("bad.json")));
        QVERIFY(experiment.open(QIODevice::WriteOnly));
        experiment.write("{\"threads\": 25000}");
        QFile huge(m_dir.filePath(QStringLiteral("huge.json")));
        QVERIFY(huge.open(QIODevice::WriteOnly));
        huge.write("{\"database\": \"" + QByteArray(50 * 1024 * 1024, 'd') + "\"}");
    }

    void refused_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::newRow("missing value")
            << QStringList { "run", "--threads" } << 2 << QStringLiteral("Missing value after '--threads'");
        QTest::newRow("value swallowing a flag")
            << QStringList { "sweep", "--stock", "--threads=4" } << 2
            << QStringLiteral("--stock: needs a value, but the next argument is the flag --threads=4");
        QTest::newRow("unknown flag")
            << QStringList { "run", "--frobnicate" } << 2 << QStringLiteral("Unknown option 'frobnicate'");
        QTest::newRow("out of range") << QStringList { "run", "--threads", "0" } << 2
                                      << QStringLiteral("--threads: must be between 1 and 20,000");
        QTest::newRow("repeat out of range") << QStringList { "sweep", "--threads", "1,4", "--repeat",
            "0" } << 2 << QStringLiteral("--repeat: must be between 1 and 100 (got 0)");
        QTest::newRow("experiment file") << QStringList { "run", "--experiment", "bad.json" } << 2
                                         << QStringLiteral("--threads: must be between 1 and 20,000");
        QTest::newRow("bad server scheme")
            << QStringList { "run", "--server", "http://u:secretpw@host/db" } << 2
            << QStringLiteral("--server: bad server URL: the scheme must be mysql://");
        QTest::newRow("postgres cluster")
            << QStringList { "run", "--server", "postgres://u@host1:5432,host2:5432/db" } << 2
            << QStringLiteral("--server: bad server URL: a PostgreSQL URL names one server");
        QTest::newRow("InnoDB setting on postgres")
            << QStringList { "run", "--server", "postgres", "--deadlock-detect", "off" } << 2
            << QStringLiteral("--deadlock-detect: an InnoDB setting, which PostgreSQL does not have; leave "
                              "it at server there");
        QTest::newRow("hostile text") << QStringList { "run", "--skew", QString(100000, QLatin1Char('9')) }
                                      << 2 << QStringLiteral("--skew: ");
        QTest::newRow("space around a number") << QStringList { "run", "--threads",
            " 5" } << 2 << QStringLiteral("--threads: \" 5\" has white space around it");
        QTest::newRow("empty strategy")
            << QStringList { "run", "--strategy", "conditional,,naive" } << 2
            << QStringLiteral("--strategy: \"conditional,,naive\" has an empty item");
        QTest::newRow("duration under the orders stop")
            << QStringList { "run", "--stop", "orders", "--duration", "1s" } << 2
            << QStringLiteral("--duration: only used with --stop duration, but the stop is orders");
        QTest::newRow("orders under the duration stop")
            << QStringList { "sweep", "--threads", "1,2", "--orders", "50" } << 2
            << QStringLiteral("--orders: only used with --stop orders, but the stop is duration");
        QTest::newRow("50 MB value in a file")
            << QStringList { "run", "--experiment", "huge.json" } << 2
            << QStringLiteral("--database: must be 1 to 64 letters, digits or underscores (got \"%1…\" "
                              "(52,428,800 characters))")
                   .arg(QString(60, QLatin1Char('d')));
        QTest::newRow("unreachable server")
            << QStringList { "run", "--server", "mysql://lab:secretpw@127.0.0.1:1/lockbench" } << 1
            << QStringLiteral("Cannot connect to mysql://lab:***@127.0.0.1:1/lockbench");
    }
    void refused()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        if (!arguments.contains(QLatin1String("--server")))
            arguments = arguments.mid(0, 1) + QStringList { QStringLiteral("--server"), kGuardServer }
                + arguments.mid(1);
        const LockbenchProcess o = LockbenchProcess::run(arguments, 20000);
        QVERIFY2(o.exitCode != -3, "crashed");
        QVERIFY2(o.exitCode != -2, "hung (killed after 20 s)");
        QVERIFY2(o.exitCode == exitCode,
            qPrintable(QStringLiteral("exit %1: %2").arg(o.exitCode).arg(o.all().left(2000))));
        QVERIFY2(o.err.contains(QLatin1String("lockbench: ") + message), qPrintable(o.err.left(2000)));
        QVERIFY2(!o.all().contains(QLatin1String("secretpw")), "password echoed");
        QVERIFY2(o.err.size() < 2000, qPrintable(o.err.left(2000))); // a value is quoted cut, never whole
        if (exitCode == 2)
            QVERIFY2(o.out.isEmpty(), qPrintable(o.out)); // refused before anything ran
    }
};

QTEST_GUILESS_MAIN(TestCliBadInput)
#include "tst_cli_badinput.moc"
