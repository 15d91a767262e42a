// The ledger that tells a double claim from a task taken over from a dead worker.
#include "strategies/claimledger.h"

#include <QSignalSpy>
#include <QTest>

using Holders = std::vector<unsigned long>;

class TestClaimLedger : public QObject {
    Q_OBJECT

    Experiment m_experiment;
    std::atomic<bool> m_stop { false };

private slots:
    void aTaskHeldByALiveWorkerIsADoubleClaim()
    {
        RunEnvironment environment(m_experiment, ConnectionParams(), m_stop);
        ClaimLedger ledger(environment);
        QCOMPARE(ledger.take({ 1, 2, 3 }, 10), Holders {});
        // Task 3 is still worker 10's: the ledger names 10, whose connection the worker then checks.
        QCOMPARE(ledger.take({ 3, 4 }, 11), Holders { 10 });
        QCOMPARE(ledger.take({ 4 }, 11), Holders {}); // taking again what it holds is no double claim
    }

    void aTaskLetGoOfIsFreeAgain()
    {
        RunEnvironment environment(m_experiment, ConnectionParams(), m_stop);
        ClaimLedger ledger(environment);
        QCOMPARE(ledger.take({ 1, 2 }, 10), Holders {});
        ledger.drop({ 1, 2 }, 10);
        QCOMPARE(ledger.take({ 1, 2 }, 11), Holders {});
        // A worker that lets go of tasks since taken by another leaves them with the other.
        ledger.drop({ 1 }, 10);
        QCOMPARE(ledger.take({ 1 }, 12), Holders { 11 });
    }

    void aKilledWorkerHoldsNothing()
    {
        RunEnvironment environment(m_experiment, ConnectionParams(), m_stop);
        ClaimLedger ledger(environment);
        environment.noteClientConnection(10);
        environment.noteClientConnection(11);
        QCOMPARE(ledger.take({ 1, 2 }, 10), Holders {});
        environment.markConnectionKilled(10);
        QCOMPARE(environment.liveClientConnections(), std::vector<unsigned long> { 11 });
        QCOMPARE(ledger.take({ 1, 2 }, 11), Holders {});
    }

    void aKilledWorkersLateTakeIsNoDoubleClaim()
    {
        // Killed between the server's reply and its note in the ledger: the rows went back
        // with the connection and another worker took them first.
        RunEnvironment environment(m_experiment, ConnectionParams(), m_stop);
        ClaimLedger ledger(environment);
        environment.markConnectionKilled(10);
        QCOMPARE(ledger.take({ 1, 2 }, 11), Holders {});
        QCOMPARE(ledger.take({ 1, 2 }, 10), Holders {});
        QCOMPARE(
            ledger.take({ 2, 3 }, 12), Holders { 11 }); // task 2 is still worker 11's, not the dead one's
    }
};

QTEST_GUILESS_MAIN(TestClaimLedger)
#include "tst_claimledger.moc"
