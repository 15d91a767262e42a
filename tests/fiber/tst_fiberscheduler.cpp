// The fibers of the event-driven clients without a server: timers, sockets, wake-ups from
// other threads and the start gate, on one scheduler and across several.
#include "app/fiber/clientwait.h"
#include "app/fiber/fiberscheduler.h"

#include <QScopeGuard>
#include <QSignalSpy>
#include <QTest>

#include <atomic>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

using namespace std::chrono_literals;

class TestFiberScheduler : public QObject {
    Q_OBJECT

private slots:
    void fibersWakeInTheOrderOfTheirTimers()
    {
        FiberScheduler scheduler;
        QList<int> order;
        for (int delayMs : { 30, 10, 20 }) {
            scheduler.spawn([&order, delayMs] {
                QVERIFY(ClientWait::onFiber());
                ClientWait::sleepFor(std::chrono::milliseconds(delayMs));
                order.append(delayMs);
            });
        }
        QVERIFY(!ClientWait::onFiber());
        const std::int64_t start = FiberScheduler::nowNs();
        scheduler.run();
        const double elapsedMs = static_cast<double>(FiberScheduler::nowNs() - start) / 1e6;
        QCOMPARE(order, (QList<int> { 10, 20, 30 }));
        // The sleeps overlapped: one thread, three fibers asleep at once.
        QVERIFY2(elapsedMs >= 30 && elapsedMs < 55, qPrintable(QString::number(elapsedMs)));
    }

    void aSocketWaitEndsWhenItsPeerWrites()
    {
        int pair[2];
        QCOMPARE(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, pair), 0);
        FiberScheduler scheduler;
        QByteArray received;
        std::uint32_t happened = 0;
        scheduler.spawn([&] {
            char buffer[16];
            QCOMPARE(::read(pair[0], buffer, sizeof buffer), ssize_t(-1)); // nothing yet
            happened = ClientWait::forSocket(pair[0], this, EPOLLIN, 5000);
            const ssize_t n = ::read(pair[0], buffer, sizeof buffer);
            if (n > 0)
                received = QByteArray(buffer, static_cast<int>(n));
            ClientWait::forgetSocket(pair[0], this);
        });
        scheduler.spawn([&] {
            ClientWait::sleepFor(20ms);
            QCOMPARE(::write(pair[1], "order", 5), ssize_t(5));
        });
        scheduler.run();
        QVERIFY(happened & EPOLLIN);
        QCOMPARE(received, QByteArray("order"));
        ::close(pair[0]);
        ::close(pair[1]);
    }

    // A reply that came in two pieces leaves an edge for its second behind, still queued when
    // the client has read both and waits for the reply to its next statement. The wait that
    // NonBlockingCall::waitForReply makes before its blocking read must not end on that edge:
    // the read would then hold up every fiber of the thread until the next reply came. epoll
    // checks a socket's readiness again before it reports an edge, so it does not.
    void aLeftOverEdgeDoesNotEndTheWaitForTheNextReply()
    {
        int pair[2];
        QCOMPARE(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, pair), 0);
        FiberScheduler scheduler;
        bool answered = false;
        std::int64_t waitedNs = 0;
        QByteArray received;
        scheduler.spawn([&] {
            QVERIFY(ClientWait::forSocket(pair[0], this, EPOLLIN, 5000) & EPOLLIN); // the first piece
            QCOMPARE(::write(pair[1], "-two", 4), ssize_t(4)); // the second, an edge nobody waits for yet
            char buffer[16];
            QCOMPARE(::read(pair[0], buffer, sizeof buffer), ssize_t(7)); // both read
            const std::int64_t from = FiberScheduler::nowNs();
            answered = ClientWait::forSocket(pair[0], this, EPOLLIN, 5000) & EPOLLIN; // the next reply
            waitedNs = FiberScheduler::nowNs() - from;
            const ssize_t n = ::read(pair[0], buffer, sizeof buffer);
            if (n > 0)
                received = QByteArray(buffer, static_cast<int>(n));
            ClientWait::forgetSocket(pair[0], this);
        });
        scheduler.spawn([&] {
            QCOMPARE(::write(pair[1], "one", 3), ssize_t(3));
            ClientWait::sleepFor(50ms);
            QCOMPARE(::write(pair[1], "next", 4), ssize_t(4));
        });
        scheduler.run();
        QVERIFY(answered);
        QCOMPARE(received, QByteArray("next"));
        QVERIFY2(waitedNs >= 40'000'000, qPrintable(QString::number(waitedNs)));
        ::close(pair[0]);
        ::close(pair[1]);
    }

    void aSocketWaitTimesOut()
    {
        int pair[2];
        QCOMPARE(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, pair), 0);
        FiberScheduler scheduler;
        std::uint32_t happened = 0;
        scheduler.spawn([&] { happened = ClientWait::forSocket(pair[0], this, EPOLLIN, 30); });
        scheduler.run();
        QCOMPARE(happened, FiberScheduler::kTimedOut);
        // Off a fiber, the same wait blocks the thread with poll().
        QCOMPARE(ClientWait::forSocket(pair[0], this, EPOLLIN, 10), FiberScheduler::kTimedOut);
        QVERIFY(ClientWait::forSocket(pair[1], this, EPOLLOUT, 10) & EPOLLOUT);
        ::close(pair[0]);
        ::close(pair[1]);
    }

    void aFarDeadlineEndsOnTimeWhileManyShortWaitsComeAndGo()
    {
        // Two fibers trade a byte 20,000 times, each wait with a read timeout of two minutes,
        // while a third waits on a silent socket for 300 ms (the alarm's, not epoll's timeout).
        int silent[2];
        int trade[2];
        QCOMPARE(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, silent), 0);
        QCOMPARE(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, trade), 0);
        const auto guard = qScopeGuard([&] {
            for (const int fd : { silent[0], silent[1], trade[0], trade[1] })
                ::close(fd);
        });
        FiberScheduler scheduler;
        std::uint32_t happened = 0;
        double silentMs = 0;
        std::size_t mostKept = 0;
        scheduler.spawn([&] {
            const std::int64_t start = FiberScheduler::nowNs();
            happened = ClientWait::forSocket(silent[0], this, EPOLLIN, 300);
            silentMs = static_cast<double>(FiberScheduler::nowNs() - start) / 1e6;
        });
        const auto trader = [&](int fd, bool first) {
            char byte = 'x';
            for (int round = 0; round < 20'000; ++round) {
                if (first)
                    QCOMPARE(::write(fd, &byte, 1), ssize_t(1));
                while (::read(fd, &byte, 1) != 1)
                    QVERIFY(ClientWait::forSocket(fd, &byte, EPOLLIN, 120'000) & EPOLLIN);
                if (!first)
                    QCOMPARE(::write(fd, &byte, 1), ssize_t(1));
                mostKept = std::max(mostKept, FiberScheduler::current()->timersKept());
            }
            ClientWait::forgetSocket(fd, &byte);
        };
        scheduler.spawn([&] { trader(trade[0], true); });
        scheduler.spawn([&] { trader(trade[1], false); });
        scheduler.run();
        QCOMPARE(happened, FiberScheduler::kTimedOut);
        QVERIFY2(silentMs >= 300 && silentMs < 400, qPrintable(QString::number(silentMs)));
        // 40,000 waits ended long before their deadlines; their timers did not stay.
        QVERIFY2(mostKept <= 2 * 3 + 64, qPrintable(QString::number(mostKept)));
    }

    void aNumberReusedByAnotherConnectionStaysWatched()
    {
        // Connection A's socket closes inside the client library; B's new socket gets its
        // number and waits on it; A then forgets "its" socket: B must still be woken.
        FiberScheduler scheduler;
        const int a = 0;
        const int b = 0;
        std::uint32_t happened = 0;
        bool reused = false;
        scheduler.spawn([&] {
            int first[2];
            QCOMPARE(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, first), 0);
            QCOMPARE(ClientWait::forSocket(first[0], &a, EPOLLIN, 5), FiberScheduler::kTimedOut);
            const int number = first[0];
            ::close(first[0]);
            ::close(first[1]);
            int second[2];
            QCOMPARE(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, second), 0);
            reused = second[0] == number || second[1] == number;
            const int watched = second[0] == number ? second[0] : second[1];
            const int peer = watched == second[0] ? second[1] : second[0];
            FiberScheduler::current()->spawn(
                [&happened, &b, watched] { happened = ClientWait::forSocket(watched, &b, EPOLLIN, 2000); });
            ClientWait::sleepFor(5ms);
            ClientWait::forgetSocket(number, &a);
            ClientWait::sleepFor(5ms);
            QCOMPARE(::write(peer, "x", 1), ssize_t(1));
            ClientWait::sleepFor(5ms);
            ::close(second[0]);
            ::close(second[1]);
        });
        scheduler.run();
        QVERIFY(reused); // the kernel gives the lowest free number: the scenario took place
        QVERIFY2(happened != FiberScheduler::kTimedOut && (happened & EPOLLIN),
            qPrintable(QString::number(happened, 16)));
    }

    void aSignalFromAnotherThreadResumesItsFiber()
    {
        FiberScheduler scheduler;
        ClientWait::Signal late;
        ClientWait::Signal early;
        early.notify(); // set before anyone waits: the wait returns at once
        std::atomic<bool> others { false };
        int order = 0;
        int resumedAt = -1;
        scheduler.spawn([&] {
            early.wait();
            late.wait();
            resumedAt = ++order;
        });
        // A second fiber keeps running while the first one waits.
        scheduler.spawn([&] {
            ClientWait::sleepFor(5ms);
            others = true;
            ++order;
        });
        std::thread notifier([&] {
            std::this_thread::sleep_for(40ms);
            late.notify();
        });
        scheduler.run();
        notifier.join();
        QVERIFY(others);
        QCOMPARE(resumedAt, 2);
        QVERIFY(late.isSet());
    }

    void manyFibersOnSeveralThreadsPassTheGateTogether()
    {
        // 10,000 clients on two threads, as an event-driven run starts them. Under ThreadSanitizer
        // each fiber carries the sanitizer's own thread state and mappings: 10,000 of them exceed
        // what the kernel maps for one process, so a thousand stand in for them there.
#if defined(__SANITIZE_THREAD__)
        constexpr int kFibers = 1000;
#else
        constexpr int kFibers = 10000;
#endif
        ClientWait::Gate gate;
        std::atomic<int> waiting { 0 };
        std::atomic<int> passed { 0 };
        std::vector<std::thread> threads;
        // A failed check returns early: the gate opens and the threads end before they are
        // destroyed, so the failure is reported instead of std::terminate.
        const auto joinAll = qScopeGuard([&] {
            gate.open();
            for (std::thread& thread : threads)
                thread.join();
        });
        for (int t = 0; t < 2; ++t) {
            threads.emplace_back([&, t] {
                FiberScheduler scheduler;
                for (int i = t; i < kFibers; i += 2) {
                    scheduler.spawn([&] {
                        waiting.fetch_add(1);
                        gate.wait();
                        ClientWait::sleepFor(1ms);
                        passed.fetch_add(1);
                    });
                }
                scheduler.run();
            });
        }
        // Starting the fibers takes seconds under the sanitizers beside other tests.
        QTRY_COMPARE_WITH_TIMEOUT(waiting.load(), kFibers, 60000);
        QCOMPARE(passed.load(), 0);
        gate.open();
        for (std::thread& thread : threads)
            thread.join();
        threads.clear();
        QCOMPARE(passed.load(), kFibers);
        gate.wait(); // open already: a thread passes at once
    }

    void aSemaphoreLetsNoMoreThanItsPermitsInAtOnce()
    {
        // Clients opening their connections take turns, fibers on two threads and a plain
        // thread among them: never more than the permits inside, and every one gets in.
        constexpr int kPermits = 3;
        constexpr int kFibers = 200;
        ClientWait::Semaphore semaphore(kPermits);
        std::atomic<int> inside { 0 };
        std::atomic<int> mostInside { 0 };
        std::atomic<int> done { 0 };
        const auto enter = [&] {
            const ClientWait::Permit permit(semaphore);
            const int now = inside.fetch_add(1) + 1;
            int most = mostInside.load();
            while (now > most && !mostInside.compare_exchange_weak(most, now)) { }
            ClientWait::sleepFor(200us);
            inside.fetch_sub(1);
            done.fetch_add(1);
        };
        std::vector<std::thread> threads;
        for (int t = 0; t < 2; ++t) {
            threads.emplace_back([&, t] {
                FiberScheduler scheduler;
                for (int i = t; i < kFibers; i += 2)
                    scheduler.spawn(enter);
                scheduler.run();
            });
        }
        threads.emplace_back([&] {
            for (int i = 0; i < 20; ++i)
                enter();
        });
        for (std::thread& thread : threads)
            thread.join();
        QCOMPARE(done.load(), kFibers + 20);
        QCOMPARE(mostInside.load(), kPermits); // they did overlap, up to the limit
        QCOMPARE(inside.load(), 0);
    }
};

QTEST_GUILESS_MAIN(TestFiberScheduler)
#include "tst_fiberscheduler.moc"
