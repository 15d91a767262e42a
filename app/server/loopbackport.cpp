#include "app/server/loopbackport.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdint>
#include <utility>

namespace LoopbackPort {

namespace {

// A socket bound to `wanted` (0: any port) on 127.0.0.1, and its port; fd -1 when none.
std::pair<int, int> bindOne(int wanted)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return { -1, 0 };
    const int reuse = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, sizeof(reuse));
    sockaddr_in address {};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = htons(static_cast<std::uint16_t>(wanted));
    int port = 0;
    socklen_t length = sizeof(address);
    if (::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) == 0
        && ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0)
        port = ntohs(address.sin_port);
    if (port == 0) {
        ::close(fd);
        return { -1, 0 };
    }
    return { fd, port };
}

} // namespace

int free(int wanted)
{
    const auto [fd, port] = bindOne(wanted);
    if (fd < 0)
        return wanted != 0 ? free() : 0;
    ::close(fd);
    return port;
}

int freeBesides(int taken, int wanted)
{
    // A port left unbound may be handed out again; a few tries find another.
    for (int attempt = 0; attempt < 8; ++attempt) {
        const int port = free(attempt == 0 ? wanted : 0);
        if (port != taken)
            return port;
    }
    return 0;
}

std::vector<int> distinct(int count)
{
    std::vector<int> ports;
    std::vector<int> held;
    for (int i = 0; i < count; ++i) {
        const auto [fd, port] = bindOne(0);
        if (fd < 0)
            break;
        held.push_back(fd);
        ports.push_back(port);
    }
    for (const int fd : held)
        ::close(fd);
    if (static_cast<int>(ports.size()) != count)
        ports.clear();
    return ports;
}

} // namespace LoopbackPort
