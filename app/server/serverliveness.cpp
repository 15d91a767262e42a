#include "app/server/serverliveness.h"

#include "app/server/embeddedcluster.h"

#include <algorithm>
#include <chrono>

namespace {

// How often the watch asks whether the server is still there.
constexpr auto kLookEvery = std::chrono::milliseconds(200);
// How often a cluster's nodes are looked at one by one, for the node list.
constexpr auto kNodesEvery = std::chrono::milliseconds(1000);

// A node's state for the node list, from its own look: a silent node that still runs is
// taking its state from another before it answers.
QString nodeState(ServerHeartbeat& node, ServerHeartbeat::Health health)
{
    using State = EmbeddedCluster::NodeState;
    if (health == ServerHeartbeat::Health::Gone)
        return EmbeddedCluster::stateLabel(State::Gone);
    if (health == ServerHeartbeat::Health::Silent)
        return EmbeddedCluster::stateLabel(State::Joining);
    const std::optional<QString> comment = node.globalStatus(QStringLiteral("WSREP_LOCAL_STATE_COMMENT"));
    return EmbeddedCluster::stateLabel(
        comment ? EmbeddedCluster::stateFromComment(*comment) : State::Joining);
}

} // namespace

ServerLiveness::ServerLiveness(ConnectionParams params)
    : m_params(std::move(params))
{
    m_clock.start();
}

ServerLiveness::~ServerLiveness()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop.store(true);
    }
    m_stopped.notify_all();
    {
        // A look blocked on a silent server would hold the end for its timeout.
        std::lock_guard lock(m_mutex);
        for (const ServerHeartbeat* heartbeat : m_heartbeats)
            heartbeat->abortFromAnyThread();
    }
    if (m_thread.joinable())
        m_thread.join();
    if (m_nodesThread.joinable())
        m_nodesThread.join();
}

void ServerLiveness::start()
{
    m_thread = std::thread([this] { watch(); });
    if (m_params.nodes.size() > 1)
        m_nodesThread = std::thread([this] { watchNodes(); });
}

int ServerLiveness::listen(Listener listener)
{
    std::lock_guard lock(m_mutex);
    m_listeners.emplace(m_nextListener, std::make_shared<Listener>(std::move(listener)));
    return m_nextListener++;
}

void ServerLiveness::forget(int id)
{
    std::lock_guard calling(m_calling);
    std::lock_guard lock(m_mutex);
    m_listeners.erase(id);
}

QStringList ServerLiveness::nodeStates() const
{
    std::lock_guard lock(m_mutex);
    return m_nodeStates;
}

void ServerLiveness::onNodeStates(std::function<void(const QStringList&)> changed)
{
    std::lock_guard lock(m_mutex);
    m_nodeStatesChanged = std::move(changed);
}

void ServerLiveness::watch()
{
    ServerHeartbeat server(m_params);
    const Watching watching(*this, { &server });
    while (!m_stop.load()) {
        Look look;
        look.health = server.check(&look.why);
        look.atMs = nowMs();
        {
            std::lock_guard calling(m_calling);
            std::map<int, std::shared_ptr<Listener>> listeners;
            {
                std::lock_guard lock(m_mutex);
                listeners = m_listeners;
            }
            for (const auto& [id, listener] : listeners)
                (*listener)(look);
        }
        sleepUnlessStopped(kLookEvery);
    }
}

// Each node alone, on a thread of its own: a silent node's look takes a second, which the
// server's looks must not wait for.
void ServerLiveness::watchNodes()
{
    std::vector<std::unique_ptr<ServerHeartbeat>> nodes;
    std::vector<const ServerHeartbeat*> looking;
    for (int index = 0; index < m_params.nodes.size(); ++index) {
        ConnectionParams node = m_params.onNode(index);
        node.embeddedPid = m_params.nodes[index].pid; // each node's own process
        nodes.push_back(std::make_unique<ServerHeartbeat>(node));
        looking.push_back(nodes.back().get());
    }
    const Watching watching(*this, looking);
    while (!m_stop.load()) {
        QStringList states;
        for (const auto& node : nodes) {
            QString why;
            states << nodeState(*node, node->check(&why));
        }
        {
            std::lock_guard lock(m_mutex);
            if (!m_stop.load() && states != m_nodeStates) {
                m_nodeStates = states;
                if (m_nodeStatesChanged)
                    m_nodeStatesChanged(states);
            }
        }
        sleepUnlessStopped(kNodesEvery);
    }
}

ServerLiveness::Watching::Watching(ServerLiveness& liveness, std::vector<const ServerHeartbeat*> heartbeats)
    : m_liveness(liveness)
    , m_heartbeats(std::move(heartbeats))
{
    std::lock_guard lock(m_liveness.m_mutex);
    for (const ServerHeartbeat* heartbeat : m_heartbeats)
        m_liveness.m_heartbeats.push_back(heartbeat);
}

ServerLiveness::Watching::~Watching()
{
    std::lock_guard lock(m_liveness.m_mutex);
    std::erase_if(m_liveness.m_heartbeats, [this](const ServerHeartbeat* heartbeat) {
        return std::find(m_heartbeats.cbegin(), m_heartbeats.cend(), heartbeat) != m_heartbeats.cend();
    });
}

void ServerLiveness::sleepUnlessStopped(std::chrono::milliseconds pause)
{
    std::unique_lock lock(m_mutex);
    m_stopped.wait_for(lock, pause, [this] { return m_stop.load(); });
}
