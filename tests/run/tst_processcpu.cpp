// CPU time read to the nanosecond: this process's own clock, and another process's threads
// through /proc (read here for this process's pid, so that both must agree).
#include "app/run/processcpu.h"

#include <QCoreApplication>
#include <QProcess>
#include <QTest>

#include <atomic>
#include <thread>

class TestProcessCpu : public QObject {
    Q_OBJECT
private slots:
    void theProcessReadingMatchesTheOwnClock()
    {
        // A thread that spins across both readings, seen by both.
        std::atomic<bool> stop = false;
        std::thread spinner([&stop] {
            while (!stop.load(std::memory_order_relaxed)) { }
        });
        const qint64 self = QCoreApplication::applicationPid();
        // The process's reading, each taken between two of the own clock's: it must lie between
        // the inner and the outer span of those, whatever reading /proc itself costs.
        const std::optional<double> ownA = ProcessCpu::seconds();
        const std::optional<double> procBefore = ProcessCpu::seconds(self);
        const std::optional<double> ownB = ProcessCpu::seconds();
        QTest::qSleep(150);
        const std::optional<double> ownC = ProcessCpu::seconds();
        const std::optional<double> procAfter = ProcessCpu::seconds(self);
        const std::optional<double> ownD = ProcessCpu::seconds();
        stop = true;
        spinner.join();
        QVERIFY(ownA && procBefore && ownB && ownC && procAfter && ownD);
        const double inner = *ownC - *ownB;
        const double outer = *ownD - *ownA;
        const double proc = *procAfter - *procBefore;
        // The spinner ran for much of the 150 ms, even on cores other work shares.
        QVERIFY2(inner >= 0.02, qPrintable(QString::number(inner)));
        // A tick of 10 ms either way would fail this by far more than the slack of 1 ms.
        QVERIFY2(proc >= inner - 0.001 && proc <= outer + 0.001,
            qPrintable(QStringLiteral("%1, not within %2 and %3").arg(proc).arg(inner).arg(outer)));
    }

    void aProcessThatIsGoneHasNoFigure() { QVERIFY(!ProcessCpu::seconds(0x7ffffff0)); }

    // A server of many processes: a shell whose child spins counts the child's time, while it
    // runs (its schedstat) and once reaped (the shell's cutime).
    void aProcessTreeCountsItsChildren()
    {
        QProcess parent;
        parent.start(QStringLiteral("/bin/sh"),
            { QStringLiteral("-c"),
                QStringLiteral("sh -c 'i=0; while [ $i -lt 400000 ]; do i=$((i+1)); done'; sleep 30") });
        QVERIFY(parent.waitForStarted());
        const qint64 pid = parent.processId();
        // The child's time shows in the tree (live, then reaped), never in the shell's own.
        const auto childS = [pid] {
            return ProcessCpu::treeSeconds(pid).value_or(-1) - ProcessCpu::seconds(pid).value_or(0);
        };
        QTRY_VERIFY_WITH_TIMEOUT(childS() >= 0.2, 20000);
        QVERIFY(ProcessCpu::seconds(pid).value_or(1) < 0.1);
        parent.kill();
        parent.waitForFinished();
        QVERIFY(!ProcessCpu::treeSeconds(pid));
    }
};

QTEST_GUILESS_MAIN(TestProcessCpu)
#include "tst_processcpu.moc"
