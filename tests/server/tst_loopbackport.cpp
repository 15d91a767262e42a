// Free loopback ports for the servers the lab starts. A cluster names every node's ports before
// the first node starts, so the ports it asks for at once must all differ: separate requests
// can be handed the same port by the kernel, and a joiner whose state-transfer port was its own
// group port could not receive its state.
#include "app/server/loopbackport.h"

#include <QSet>
#include <QSignalSpy>
#include <QTest>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

class TestLoopbackPort : public QObject {
    Q_OBJECT

private slots:
    void portsAskedForAtOnceAllDiffer()
    {
        for (int round = 0; round < 50; ++round) {
            const std::vector<int> ports = LoopbackPort::distinct(36); // nine nodes, four ports each
            QCOMPARE(ports.size(), std::size_t(36));
            const QSet<int> unique(ports.begin(), ports.end());
            QCOMPARE(unique.size(), 36);
            QVERIFY(!unique.contains(0));
        }
    }

    void aWantedPortInUseGivesAnother()
    {
        const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        QVERIFY(fd >= 0);
        sockaddr_in address {};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        QCOMPARE(::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)), 0);
        QCOMPARE(::listen(fd, 1), 0);
        socklen_t length = sizeof(address);
        QCOMPARE(::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length), 0);
        const int taken = ntohs(address.sin_port);
        const int port = LoopbackPort::free(taken);
        ::close(fd);
        QVERIFY(port != 0);
        QVERIFY(port != taken);
    }
};

QTEST_GUILESS_MAIN(TestLoopbackPort)
#include "tst_loopbackport.moc"
