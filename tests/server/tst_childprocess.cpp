// The lab's own servers' process: started, waited for, and stopped by the signals its program
// shuts down on, SIGKILL last, with /bin/sh standing in for the servers.
#include "app/server/childprocess.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

class TestChildProcess : public QObject {
    Q_OBJECT

    static ChildProcess::Launch shell(const QString& script)
    {
        ChildProcess::Launch launch;
        launch.program = QStringLiteral("/bin/sh");
        launch.arguments = { QStringLiteral("-c"), script };
        return launch;
    }

    QTemporaryDir m_dir;

    QString path(const char* name) const { return m_dir.filePath(QLatin1String(name)); }

private slots:
    void aProgramThatIsNotThereSaysSo()
    {
        ChildProcess child;
        ChildProcess::Launch launch;
        launch.program = path("no-such-server");
        QString error;
        QVERIFY(!child.start(launch, &error));
        QVERIFY2(error.contains(launch.program), qPrintable(error));
        QVERIFY(!child.started() && !child.isRunning() && child.pid() == 0);
    }

    // The first signal is the program's own way to shut down; a paused program still sees it.
    void aPausedProgramShutsDownOnItsSignal()
    {
        ChildProcess child;
        const QString seen = path("term-seen");
        const QString ready = path("trap-set");
        QString error;
        QVERIFY(child.start(shell(QStringLiteral("trap 'echo term > %1; exit 0' TERM; touch %2; "
                                                 "while :; do sleep 0.05; done")
                                      .arg(seen, ready)),
            &error));
        QTRY_VERIFY(QFile::exists(ready)); // its shutdown is in place
        QVERIFY(child.isRunning());
        const qint64 pid = child.pid();
        QVERIFY(pid > 1);
        QCOMPARE(::kill(static_cast<pid_t>(pid), SIGSTOP), 0);
        child.stop({ { SIGTERM, 10000 } });
        QVERIFY(!child.started());
        QVERIFY(QFile::exists(seen)); // it ran its own shutdown, not the SIGKILL
        QVERIFY(::kill(static_cast<pid_t>(pid), 0) != 0);
    }

    // A program deaf to every step of its shutdown is killed: stop never leaves it running.
    void aProgramDeafToItsSignalsIsKilled()
    {
        ChildProcess child;
        QString error;
        QVERIFY(child.start(shell(QStringLiteral("trap '' TERM INT; while :; do sleep 0.05; done")), &error));
        const qint64 pid = child.pid();
        child.stop({ { SIGTERM, 200 }, { SIGINT, 200 } });
        QVERIFY(::kill(static_cast<pid_t>(pid), 0) != 0);
        QVERIFY(!child.isRunning());
    }

    void waitingEndsWhenItAnswersExitsOrTimesOut()
    {
        ChildProcess child;
        QString error;
        QVERIFY(child.start(shell(QStringLiteral("sleep 30")), &error));
        int asked = 0;
        QCOMPARE(child.waitUntil([&] { return ++asked == 3; }, 30000, 10), ChildProcess::Ready::Answered);
        QCOMPARE(asked, 3);
        QCOMPARE(child.waitUntil([] { return false; }, 100, 10), ChildProcess::Ready::TimedOut);
        child.stop({ { SIGTERM, 5000 } });

        // A server that exits during its start-up is not waited for to the limit.
        QVERIFY(child.start(shell(QStringLiteral("exit 7")), &error));
        QCOMPARE(child.waitUntil([] { return false; }, 30000, 10), ChildProcess::Ready::Exited);
        QCOMPARE(child.exitCode(), 7);
        QVERIFY(child.died());
    }

    void theOutputGoesToItsFile()
    {
        ChildProcess child;
        ChildProcess::Launch launch = shell(QStringLiteral("echo out; echo err >&2"));
        launch.outputFile = path("server.out");
        QString error;
        QVERIFY(child.start(launch, &error));
        QCOMPARE(child.waitUntil([] { return false; }, 30000, 10), ChildProcess::Ready::Exited);
        QFile file(launch.outputFile);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY2(text.contains("out") && text.contains("err"), text.constData());
    }

    void aSetupProgramRunsToItsEnd()
    {
        QString output;
        QVERIFY(ChildProcess::runToEnd(shell(QStringLiteral("echo made")), 30000, &output));
        QCOMPARE(output, QStringLiteral("made"));
        QVERIFY(
            !ChildProcess::runToEnd(shell(QStringLiteral("echo no room left >&2; exit 2")), 30000, &output));
        QVERIFY2(
            output.contains(QLatin1String("exit code 2")) && output.contains(QLatin1String("no room left")),
            qPrintable(output));
        // One that hangs is killed at its limit, and says so.
        QVERIFY(!ChildProcess::runToEnd(shell(QStringLiteral("echo started; exec sleep 30")), 300, &output));
        QVERIFY2(output.contains(QLatin1String("did not finish")), qPrintable(output));
    }

    // A server a killed lab left running is stopped, and killed if it does not go.
    void aLeftoverServerIsStopped()
    {
        for (const QString& script : { QStringLiteral("exec sleep 30"),
                 QStringLiteral("trap '' TERM; while :; do sleep 0.05; done") }) {
            QProcess leftover;
            leftover.start(QStringLiteral("/bin/sh"), { QStringLiteral("-c"), script });
            QVERIFY(leftover.waitForStarted());
            const qint64 pid = leftover.processId();
            ChildProcess::stopLeftover(pid, SIGTERM, 300);
            QVERIFY(leftover.waitForFinished(5000));
        }
        ChildProcess::stopLeftover(0, SIGTERM, 300); // no pid file: nothing is signalled
    }
};

QTEST_GUILESS_MAIN(TestChildProcess)
#include "tst_childprocess.moc"
