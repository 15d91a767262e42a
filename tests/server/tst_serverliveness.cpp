// The one watch of whether a server answers: every reader hears each look, a paused server is
// heard silent and then answering again, a reader that stopped listening hears nothing more,
// and the lab's own server whose process is gone is gone.
#include "app/server/embeddedserver.h"
#include "app/server/serverliveness.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/serverfixture.h"

#include <QScopeGuard>
#include <QTest>

#include <atomic>
#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

namespace {

// What one reader heard: how many looks, and the health of the last.
struct Heard {
    std::atomic<int> looks { 0 };
    std::atomic<int> health { -1 };
    ServerLiveness::Listener listener()
    {
        return [this](const ServerLiveness::Look& look) {
            health.store(static_cast<int>(look.health));
            looks.fetch_add(1);
        };
    }
    bool said(ServerHeartbeat::Health expected) const { return health.load() == static_cast<int>(expected); }
};

} // namespace

class TestServerLiveness : public QObject {
    Q_OBJECT
    HangWatchdog m_watchdog;

private slots:
    void initTestCase() { LOCKBENCH_REQUIRE_SERVER(); }

    void everyReaderHearsAPauseAndItsEnd()
    {
        ServerLiveness liveness(ServerFixture::params());
        Heard run;
        Heard panel;
        const int runId = liveness.listen(run.listener());
        liveness.listen(panel.listener());
        liveness.start();
        QTRY_VERIFY(
            run.said(ServerHeartbeat::Health::Answering) && panel.said(ServerHeartbeat::Health::Answering));

        const auto pid = static_cast<pid_t>(ServerFixture::server().serverPid());
        QCOMPARE(::kill(pid, SIGSTOP), 0);
        auto resume = qScopeGuard([pid] { ::kill(pid, SIGCONT); }); // a failed check must not leave it paused
        QTRY_VERIFY_WITH_TIMEOUT(
            run.said(ServerHeartbeat::Health::Silent) && panel.said(ServerHeartbeat::Health::Silent), 5000);

        liveness.forget(runId); // the run ended: it hears nothing more
        const int runLooks = run.looks.load();
        QCOMPARE(::kill(pid, SIGCONT), 0);
        resume.dismiss();
        QTRY_VERIFY_WITH_TIMEOUT(panel.said(ServerHeartbeat::Health::Answering), 5000);
        const int panelLooks = panel.looks.load();
        QTRY_VERIFY(panel.looks.load() > panelLooks + 2);
        QCOMPARE(run.looks.load(), runLooks);
        QVERIFY(run.said(ServerHeartbeat::Health::Silent));
    }

    // The lab's own server whose process exited, and nothing listens where it did.
    void aServerWhoseProcessIsGoneIsGone()
    {
        const pid_t child = ::fork();
        if (child == 0)
            ::_exit(0);
        QVERIFY(child > 0);
        int status = 0;
        QCOMPARE(::waitpid(child, &status, 0), child);
        ConnectionParams params = ServerFixture::params();
        params.socket.clear();
        params.host = QStringLiteral("127.0.0.1");
        params.port = 1; // nothing listens there
        params.extraPort = 0;
        params.embeddedPid = child;
        ServerLiveness liveness(params);
        Heard heard;
        liveness.listen(heard.listener());
        liveness.start();
        QTRY_VERIFY_WITH_TIMEOUT(heard.said(ServerHeartbeat::Health::Gone), 5000);
    }
};

QTEST_GUILESS_MAIN(TestServerLiveness)
#include "tst_serverliveness.moc"
