// CPU time read to the nanosecond: this process's own clock, and another process's threads
// through /proc (read here for this process's pid, so that both must agree).
#include "app/run/processcpu.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTest>

#include <atomic>
#include <thread>

namespace {

// Spins for `ms` of wall time on a thread of its own, which then ends: its time must stay counted.
void burnOnAThread(int ms)
{
    std::thread([ms] {
        QElapsedTimer clock;
        clock.start();
        std::atomic<long long> spins = 0;
        while (clock.elapsed() < ms)
            spins.fetch_add(1, std::memory_order_relaxed);
    }).join();
}

} // namespace

class TestProcessCpu : public QObject {
    Q_OBJECT
private slots:
    void bothReadingsSeeEndedThreadsToAFewMilliseconds()
    {
        const qint64 self = QCoreApplication::applicationPid();
        const std::optional<double> ownBefore = ProcessCpu::seconds();
        const std::optional<double> procBefore = ProcessCpu::seconds(self);
        QVERIFY(ownBefore && procBefore);
        burnOnAThread(150);
        const std::optional<double> ownAfter = ProcessCpu::seconds();
        const std::optional<double> procAfter = ProcessCpu::seconds(self);
        QVERIFY(ownAfter && procAfter);
        const double own = *ownAfter - *ownBefore;
        const double proc = *procAfter - *procBefore;
        // The spinning thread had a core to itself for most of its 150 ms.
        QVERIFY2(own >= 0.1 && own <= 0.3, qPrintable(QString::number(own)));
        // Within a tick of 10 ms: the ended thread's ticks stand in for its nanoseconds.
        QVERIFY2(
            std::abs(proc - own) <= 0.012, qPrintable(QStringLiteral("%1 against %2").arg(proc).arg(own)));
    }

    void aProcessThatIsGoneHasNoFigure() { QVERIFY(!ProcessCpu::seconds(0x7ffffff0)); }
};

QTEST_GUILESS_MAIN(TestProcessCpu)
#include "tst_processcpu.moc"
