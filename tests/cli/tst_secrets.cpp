// Passwords never leave the lab in plain text: the real `lockbench run` binary connects by
// URL to the embedded MariaDB as an account with a distinctive password, writes every file
// it can, fails in the ways it can, and none of its files nor its output holds the password.
#include "app/core/passwordmask.h"
#include "app/db/databaseconnection.h"
#include "app/results/resultwriter.h"
#include "app/server/embeddedserver.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/lockbenchprocess.h"
#include "tests/support/serverfixture.h"

#include <QDirIterator>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

namespace {

// '#' must be percent-encoded in a URL, so the decoded and the encoded form both count.
const QString kPassword = QStringLiteral("Lb7f3a9c-Zebra#pw");
const QString kPasswordInUrl = QStringLiteral("Lb7f3a9c-Zebra%23pw");
const QString kCore = QStringLiteral("7f3a9c-Zebra"); // what any form of the password holds
const QString kUser = QStringLiteral("secretive");
const QString kDatabase = QStringLiteral("secrets_lab");

QString url(const QString& password, const QString& database = kDatabase)
{
    const QString userInfo = password.isEmpty() ? kUser : kUser + QLatin1Char(':') + password;
    return QStringLiteral("mysql://%1@127.0.0.1:%2/%3")
        .arg(userInfo)
        .arg(ServerFixture::server().port())
        .arg(database);
}

QString maskedUrl(const QString& database = kDatabase)
{
    return QStringLiteral("mysql://%1:***@127.0.0.1:%2/%3")
        .arg(kUser)
        .arg(ServerFixture::server().port())
        .arg(database);
}

// One hot SKU sold out by four clients, slowly enough (2 ms under the lock) for the lock
// inspector to see them queue.
QStringList runArguments(const QString& serverUrl)
{
    return { QStringLiteral("run"), QStringLiteral("--server"), serverUrl, QStringLiteral("--strategy"),
        QStringLiteral("conditional,pessimistic"), QStringLiteral("--skus"), QStringLiteral("1"),
        QStringLiteral("--stock"), QStringLiteral("400"), QStringLiteral("--threads"), QStringLiteral("4"),
        QStringLiteral("--delay-ms"), QStringLiteral("2"), QStringLiteral("--sample-ms"),
        QStringLiteral("100"), QStringLiteral("--stop"), QStringLiteral("sold-out") };
}

QStringList outputArguments(const QDir& dir)
{
    return { QStringLiteral("--json"), dir.filePath(QStringLiteral("r.json")), QStringLiteral("--csv"),
        dir.filePath(QStringLiteral("r.csv")), QStringLiteral("--report"),
        dir.filePath(QStringLiteral("r.html")), QStringLiteral("--save-experiment"),
        dir.filePath(QStringLiteral("experiment.json")), QStringLiteral("--locks-json"),
        dir.filePath(QStringLiteral("locks.jsonl")) };
}

// Every file under `dir` and both streams, searched for the password in any of its forms.
void verifyNoPassword(const QDir& dir, const LockbenchProcess& process, const QString& password = kPassword)
{
    QMap<QString, QString> texts { { QStringLiteral("stdout"), process.out },
        { QStringLiteral("stderr"), process.err } };
    QDirIterator files(dir.path(), QDir::Files, QDirIterator::Subdirectories);
    while (files.hasNext()) {
        QFile file(files.next());
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));
        texts.insert(file.fileName(), QString::fromUtf8(file.readAll()));
    }
    for (auto it = texts.begin(); it != texts.end(); ++it) {
        for (const QString& form :
            { password, QString::fromLatin1(QUrl::toPercentEncoding(password)), kCore }) {
            if (it.value().contains(form))
                QFAIL(qPrintable(QStringLiteral("%1 holds the password (%2)").arg(it.key(), form)));
        }
    }
}

QJsonObject readJson(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

QString readText(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

} // namespace

class TestSecrets : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog; // should the test hang, the log gets every thread's stack

private slots:
    void initTestCase()
    {
        LOCKBENCH_REQUIRE_SERVER();
        DatabaseConnection admin;
        QVERIFY2(admin.open(ServerFixture::params(), false), qPrintable(admin.lastError().toString()));
        // Everything on its own database, and nothing else: a run on another one must fail.
        for (const QString& sql : {
                 QStringLiteral("CREATE USER IF NOT EXISTS 'secretive'@'127.0.0.1'"),
                 QStringLiteral("ALTER USER 'secretive'@'127.0.0.1' IDENTIFIED BY '%1'").arg(kPassword),
                 QStringLiteral("GRANT ALL ON secrets_lab.* TO 'secretive'@'127.0.0.1'"),
                 QStringLiteral("GRANT PROCESS ON *.* TO 'secretive'@'127.0.0.1'"),
             })
            QVERIFY2(admin.execute(sql), qPrintable(admin.lastError().toString()));
    }

    void maskPasswords_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("masked");
        QTest::newRow("url") << "mysql://lab:pw@db:3306/x"
                             << "mysql://lab:***@db:3306/x";
        QTest::newRow("encoded") << "mysql://lab:a%23b@db/x"
                                 << "mysql://lab:***@db/x";
        QTest::newRow("raw @ and /") << "mysql://lab:a@b/c@db/x"
                                     << "mysql://lab:***@db/x";
        QTest::newRow("in a sentence") << "cannot connect to mysql://u:p@h/d: refused"
                                       << "cannot connect to mysql://u:***@h/d: refused";
        QTest::newRow("two urls") << "mysql://a:1@h/d and mariadb://b:2@h/d"
                                  << "mysql://a:***@h/d and mariadb://b:***@h/d";
        QTest::newRow("server text")
            << "Unable to connect to foreign data source: mysql://fed:s3@remote/db/t"
            << "Unable to connect to foreign data source: mysql://fed:***@remote/db/t";
        QTest::newRow("no password") << "mysql://lab@db:3306/x"
                                     << "mysql://lab@db:3306/x";
        QTest::newRow("already masked") << "mysql://lab:***@db/x"
                                        << "mysql://lab:***@db/x";
        QTest::newRow("account") << "Access denied for user 'lab'@'127.0.0.1'"
                                 << "Access denied for user 'lab'@'127.0.0.1'";
    }

    void maskPasswords()
    {
        QFETCH(QString, text);
        QFETCH(QString, masked);
        QCOMPARE(PasswordMask::mask(text), masked);
    }

    void passwordInTheUrlIsWrittenNowhere()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const LockbenchProcess process
            = LockbenchProcess::run(runArguments(url(kPasswordInUrl)) + outputArguments(QDir(dir.path())));
        QVERIFY2(process.exitCode == 0, qPrintable(process.all()));
        verifyNoPassword(QDir(dir.path()), process);

        // The URL is reported, masked: on the console, in the results and in the report.
        QVERIFY2(process.out.contains(maskedUrl()), qPrintable(process.out));
        const QJsonObject results = readJson(QDir(dir.path()).filePath(QStringLiteral("r.json")));
        QCOMPARE(results.value(QStringLiteral("server")).toObject().value(QStringLiteral("url")).toString(),
            maskedUrl());
        QVERIFY(readText(QDir(dir.path()).filePath(QStringLiteral("r.html"))).contains(maskedUrl()));
        // Every promised file is there, so the search above covered them.
        for (const char* name :
            { "r.json", "r.csv", "r-summary.csv", "r.html", "experiment.json", "locks.jsonl" })
            QVERIFY2(QFileInfo(QDir(dir.path()).filePath(QLatin1String(name))).size() > 0, name);
    }

    void passwordFromTheEnvironmentIsWrittenNowhere()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        qputenv("LOCKBENCH_PASSWORD", kPassword.toUtf8());
        const LockbenchProcess process
            = LockbenchProcess::run(runArguments(url(QString())) + outputArguments(QDir(dir.path())));
        qunsetenv("LOCKBENCH_PASSWORD");
        QVERIFY2(process.exitCode == 0, qPrintable(process.all()));
        verifyNoPassword(QDir(dir.path()), process);
        QVERIFY2(process.out.contains(maskedUrl()), qPrintable(process.out));
    }

    void failingRunOnAForbiddenDatabaseShowsNoPassword()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const LockbenchProcess process
            = LockbenchProcess::run(runArguments(url(kPasswordInUrl, QStringLiteral("secrets_forbidden")))
                + outputArguments(QDir(dir.path())));
        QVERIFY2(process.exitCode == 1, qPrintable(process.all()));
        // The server's own refusal is shown, and the account it names is only the user.
        QVERIFY2(
            process.all().contains(QLatin1String("denied"), Qt::CaseInsensitive), qPrintable(process.all()));
        verifyNoPassword(QDir(dir.path()), process);
        const QJsonObject results = readJson(QDir(dir.path()).filePath(QStringLiteral("r.json")));
        if (!results.isEmpty())
            QCOMPARE(
                results.value(QStringLiteral("server")).toObject().value(QStringLiteral("url")).toString(),
                maskedUrl(QStringLiteral("secrets_forbidden")));
    }

    void wrongPasswordIsNotEchoed()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString wrong = QStringLiteral("Wrong-7f3a9c-Zebra");
        const LockbenchProcess process
            = LockbenchProcess::run(runArguments(url(wrong)) + outputArguments(QDir(dir.path())));
        QVERIFY2(process.exitCode == 1, qPrintable(process.all()));
        QVERIFY2(process.err.contains(QStringLiteral("Cannot connect to ") + maskedUrl()),
            qPrintable(process.err));
        verifyNoPassword(QDir(dir.path()), process, wrong);
    }

    void processListShowsNoPassword()
    {
        LOCKBENCH_REQUIRE_BINARY();
        // What `ps` shows is the process's own argument memory: read it mid-run.
        QProcess lockbench;
        lockbench.setProcessChannelMode(QProcess::MergedChannels);
        lockbench.start(qEnvironmentVariable("LOCKBENCH_BINARY"),
            { QStringLiteral("run"), QStringLiteral("--server"), url(kPasswordInUrl),
                QStringLiteral("--strategy"), QStringLiteral("conditional"), QStringLiteral("--skus"),
                QStringLiteral("10"), QStringLiteral("--stock"), QStringLiteral("1000000"),
                QStringLiteral("--threads"), QStringLiteral("2"), QStringLiteral("--stop"),
                QStringLiteral("duration"), QStringLiteral("--duration"), QStringLiteral("30s") });
        QVERIFY(lockbench.waitForStarted(10000));
        QString output;
        QTRY_VERIFY_WITH_TIMEOUT((output += QString::fromUtf8(lockbench.readAll()))
                                     .contains(QLatin1String("conditional: running")),
            30000);
        QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(lockbench.processId()));
        QVERIFY(cmdline.open(QIODevice::ReadOnly));
        const QString shown = QString::fromUtf8(cmdline.readAll().replace('\0', ' '));
        ::kill(static_cast<pid_t>(lockbench.processId()), SIGINT); // stops the run cleanly
        QVERIFY(lockbench.waitForFinished(30000));
        QVERIFY2(shown.contains(QStringLiteral("mysql://secretive:")), qPrintable(shown));
        QVERIFY2(!shown.contains(kCore), qPrintable(shown));
    }

    void badUrlIsNotEchoed()
    {
        // A URL that does not parse is refused without being repeated.
        const LockbenchProcess process = LockbenchProcess::run({ QStringLiteral("run"),
            QStringLiteral("--server"), QStringLiteral("mysql://secretive:Lb7f3a9c-Zebra@127.0.0.1:0/x") });
        QCOMPARE(process.exitCode, 2);
        QVERIFY2(!process.all().contains(kCore), qPrintable(process.all()));
    }
};

QTEST_GUILESS_MAIN(TestSecrets)
#include "tst_secrets.moc"
