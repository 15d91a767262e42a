// The ledger that tells a double claim from a task taken over from a dead worker.
#include "strategies/claimledger.h"

#include <QSignalSpy>
#include <QTest>

class TestClaimLedger : public QObject {
    Q_OBJECT

    Experiment m_experiment;
    std::atomic<bool> m_stop { false };

private slots:
    void aTaskHeldByALiveWorkerIsADoubleClaim()
    {
        RunEnvironment environment(m_experiment, ConnectionParams(), m_stop);
        ClaimLedger ledger(environment);
        QCOMPARE(ledger.take({ 1, 2, 3 }, 10), 0);
        QCOMPARE(ledger.take({ 3, 4 }, 11), 1); // task 3 is still worker 10's
        QCOMPARE(ledger.take({ 4 }, 11), 0); // taking again what it holds is no double claim
    }

    void aTaskLetGoOfIsFreeAgain()
    {
        RunEnvironment environment(m_experiment, ConnectionParams(), m_stop);
        ClaimLedger ledger(environment);
        QCOMPARE(ledger.take({ 1, 2 }, 10), 0);
        ledger.drop({ 1, 2 }, 10);
        QCOMPARE(ledger.take({ 1, 2 }, 11), 0);
        // A worker that lets go of tasks since taken by another leaves them with the other.
        ledger.drop({ 1 }, 10);
        QCOMPARE(ledger.take({ 1 }, 12), 1);
    }

    void aKilledWorkerHoldsNothing()
    {
        RunEnvironment environment(m_experiment, ConnectionParams(), m_stop);
        ClaimLedger ledger(environment);
        environment.noteClientConnection(10);
        environment.noteClientConnection(11);
        QCOMPARE(ledger.take({ 1, 2 }, 10), 0);
        environment.markConnectionKilled(10);
        QCOMPARE(environment.liveClientConnections(), std::vector<unsigned long> { 11 });
        QCOMPARE(ledger.take({ 1, 2 }, 11), 0);
    }

    void aKilledWorkersLateTakeIsNoDoubleClaim()
    {
        // Killed between the server's reply and its note in the ledger: the rows went back
        // with the connection and another worker took them first.
        RunEnvironment environment(m_experiment, ConnectionParams(), m_stop);
        ClaimLedger ledger(environment);
        environment.markConnectionKilled(10);
        QCOMPARE(ledger.take({ 1, 2 }, 11), 0);
        QCOMPARE(ledger.take({ 1, 2 }, 10), 0);
        QCOMPARE(ledger.take({ 2, 3 }, 12), 1); // task 2 is still worker 11's, not the dead one's
    }
};

QTEST_GUILESS_MAIN(TestClaimLedger)
#include "tst_claimledger.moc"
