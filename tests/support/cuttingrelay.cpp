#include "tests/support/cuttingrelay.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>

namespace {

// Copies what `from` has to `to`; false once `from` ended or either side failed.
bool forward(int from, int to)
{
    char buffer[16384];
    const ssize_t got = ::recv(from, buffer, sizeof buffer, 0);
    if (got <= 0)
        return false;
    for (ssize_t sent = 0; sent < got;) {
        const ssize_t wrote = ::send(to, buffer + sent, static_cast<size_t>(got - sent), MSG_NOSIGNAL);
        if (wrote <= 0)
            return false;
        sent += wrote;
    }
    return true;
}

int localPort(int socket)
{
    sockaddr_in address {};
    socklen_t length = sizeof address;
    if (::getsockname(socket, reinterpret_cast<sockaddr*>(&address), &length) != 0)
        return 0;
    return ntohs(address.sin_port);
}

} // namespace

CuttingRelay::CuttingRelay(QString targetHost, int targetPort)
    : m_targetHost(std::move(targetHost))
    , m_targetPort(targetPort)
{
}

CuttingRelay::~CuttingRelay()
{
    m_stopping.store(true);
    if (m_listen >= 0)
        ::shutdown(m_listen, SHUT_RDWR);
    if (m_acceptor.joinable())
        m_acceptor.join();
    {
        const std::lock_guard lock(m_mutex);
        for (const Pair& pair : m_pairs) {
            ::shutdown(pair.client, SHUT_RDWR);
            ::shutdown(pair.upstream, SHUT_RDWR);
        }
    }
    for (std::thread& thread : m_threads)
        thread.join();
    if (m_listen >= 0)
        ::close(m_listen);
}

bool CuttingRelay::start(QString* error)
{
    m_listen = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address {};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = 0; // any free port
    if (m_listen < 0 || ::bind(m_listen, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0
        || ::listen(m_listen, 128) != 0) {
        *error = QStringLiteral("cannot listen on the loopback for the relay");
        return false;
    }
    m_port = localPort(m_listen);
    m_acceptor = std::thread([this] { acceptLoop(); });
    return true;
}

bool CuttingRelay::cut(int upstreamPort)
{
    const std::lock_guard lock(m_mutex);
    const auto pair = std::find_if(
        m_pairs.begin(), m_pairs.end(), [&](const Pair& p) { return p.upstreamPort == upstreamPort; });
    if (pair == m_pairs.end())
        return false;
    ::shutdown(pair->client, SHUT_RDWR);
    ::shutdown(pair->upstream, SHUT_RDWR);
    m_pairs.erase(pair);
    return true;
}

void CuttingRelay::acceptLoop()
{
    while (!m_stopping.load()) {
        const int client = ::accept4(m_listen, nullptr, nullptr, SOCK_CLOEXEC);
        if (client < 0)
            return; // the listening socket was shut: the relay is going away
        const int upstream = connectUpstream();
        if (upstream < 0) {
            ::close(client);
            continue;
        }
        const std::lock_guard lock(m_mutex);
        m_pairs.push_back({ client, upstream, localPort(upstream) });
        m_threads.emplace_back([this, client, upstream] { relay(client, upstream); });
    }
}

int CuttingRelay::connectUpstream() const
{
    const int upstream = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address {};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<uint16_t>(m_targetPort));
    ::inet_pton(AF_INET, m_targetHost.toLatin1().constData(), &address.sin_addr);
    if (upstream >= 0 && ::connect(upstream, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0)
        return upstream;
    if (upstream >= 0)
        ::close(upstream);
    return -1;
}

void CuttingRelay::relay(int client, int upstream)
{
    pollfd fds[2] = { { client, POLLIN, 0 }, { upstream, POLLIN, 0 } };
    while (true) {
        if (::poll(fds, 2, -1) < 0)
            break;
        if ((fds[0].revents & (POLLIN | POLLHUP | POLLERR)) && !forward(client, upstream))
            break;
        if ((fds[1].revents & (POLLIN | POLLHUP | POLLERR)) && !forward(upstream, client))
            break;
    }
    {
        const std::lock_guard lock(m_mutex);
        std::erase_if(m_pairs, [&](const Pair& p) { return p.client == client; });
        ::shutdown(client, SHUT_RDWR);
        ::shutdown(upstream, SHUT_RDWR);
    }
    ::close(client);
    ::close(upstream);
}
