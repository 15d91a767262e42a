#include "app/server/servercontroller.h"

#include "app/db/databaseconnection.h"
#include "app/server/embeddedcluster.h"
#include "app/server/embeddedpostgres.h"
#include "app/server/embeddedserver.h"

#include <QTimer>

ServerController::ServerController(QObject* parent)
    : QObject(parent)
    , m_context(new QObject)
{
    DatabaseConnection::initialiseLibrary(); // here, before the server's own thread connects
    m_thread.setObjectName(QStringLiteral("embedded-server"));
    m_context->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_context, &QObject::deleteLater);
    m_thread.start();
}

ServerController::~ServerController()
{
    QMetaObject::invokeMethod(
        m_context, [this] { stopOnThread(); }, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

void ServerController::setOwnServer(int nodes, bool postgres)
{
    if (nodes == m_clusterNodes && postgres == m_postgres)
        return;
    m_clusterNodes = nodes;
    m_postgres = postgres;
    m_nodeStates.clear();
    emit nodeStatesChanged(m_nodeStates);
    // Queued, not waited for: stopping three nodes takes seconds the window must not freeze for.
    // The server's thread takes its work in order, so the next start() runs after this stop.
    QMetaObject::invokeMethod(m_context, [this] { stopOnThread(); });
    m_params = {};
    m_pid = 0;
    setState(State::Stopped, QString());
}

void ServerController::start()
{
    if (m_state == State::Starting || m_state == State::Ready)
        return;
    if (m_postgres)
        setState(State::Starting, tr("starting the lab's PostgreSQL…"));
    else
        setState(State::Starting,
            m_clusterNodes > 0 ? tr("starting a Galera cluster of %1 MariaDB nodes…").arg(m_clusterNodes)
                               : tr("starting the embedded MariaDB…"));
    // The choice travels with the work: the GUI thread may choose another server meanwhile.
    QMetaObject::invokeMethod(
        m_context, [this, nodes = m_clusterNodes, postgres = m_postgres] { startOnThread(nodes, postgres); });
}

void ServerController::startOnThread(int nodes, bool postgres)
{
    const auto progress = [this, nodes, postgres](const QString& text) {
        QMetaObject::invokeMethod(this, [this, text, nodes, postgres] {
            if (nodes == m_clusterNodes && postgres == m_postgres)
                setState(State::Starting, text);
        });
    };
    QString error;
    bool ok = false;
    ConnectionParams params;
    QString version;
    qint64 pid = 0;
    QString pgDirectory;
    if (postgres) {
        if (m_pg && !m_pg->isRunning()) {
            delete m_pg;
            m_pg = nullptr;
        }
        if (!m_pg)
            m_pg = new EmbeddedPostgres(EmbeddedServer::defaultDataRoot());
        ok = m_pg->start(&error, progress);
        params = m_pg->connectionParams();
        version = m_pg->version();
        pid = m_pg->serverPid();
        pgDirectory = m_pg->clusterDirectory();
    } else if (nodes > 0) {
        stopOnThread(); // a cluster with a gone node starts whole again
        m_cluster = new EmbeddedCluster(nodes);
        ok = m_cluster->start(&error, progress);
        params = m_cluster->connectionParams(1);
        for (int node = 1; node <= m_cluster->nodeCount(); ++node) {
            const ConnectionParams one = m_cluster->connectionParams(node);
            params.nodes.append({ one.host, one.port, one.socket, m_cluster->server(node).serverPid(),
                one.embeddedErrorLog });
        }
        version = m_cluster->server(1).version();
        pid = m_cluster->server(1).serverPid();
        if (ok) {
            m_nodeWatch = new QTimer(m_context);
            m_nodeWatch->setInterval(1000);
            QObject::connect(m_nodeWatch, &QTimer::timeout, m_context, [this] { readNodeStates(); });
            m_nodeWatch->start();
            readNodeStates();
        }
    } else {
        if (m_server && !m_server->isRunning()) {
            delete m_server; // a dead server's lock and socket directory go with it
            m_server = nullptr;
        }
        if (!m_server)
            m_server = new EmbeddedServer;
        ok = m_server->start(&error, progress);
        params = m_server->connectionParams();
        version = m_server->version();
        pid = m_server->serverPid();
    }
    QMetaObject::invokeMethod(this, [this, ok, error, params, version, pid, nodes, postgres, pgDirectory] {
        if (nodes != m_clusterNodes || postgres != m_postgres)
            return; // the start of a server since chosen away: the new choice's start follows
        m_params = params;
        m_version = version;
        m_pid = pid;
        if (postgres)
            m_pgDirectory = pgDirectory;
        if (!ok)
            setState(State::Failed, error);
        else if (postgres)
            setState(State::Ready, tr("ready: PostgreSQL %1").arg(version));
        else if (nodes > 0)
            setState(
                State::Ready, tr("ready: a Galera cluster of %1 nodes, MariaDB %2").arg(nodes).arg(version));
        else
            setState(State::Ready, tr("ready: MariaDB %1").arg(version));
    });
}

void ServerController::readNodeStates()
{
    QStringList states;
    for (int node = 1; m_cluster && node <= m_cluster->nodeCount(); ++node)
        states << EmbeddedCluster::stateLabel(m_cluster->state(node));
    const int nodes = static_cast<int>(states.size());
    QMetaObject::invokeMethod(this, [this, states, nodes] {
        if (nodes == m_clusterNodes
            && states != m_nodeStates) { // not a late report of a cluster since switched away
            m_nodeStates = states;
            emit nodeStatesChanged(states);
        }
    });
}

void ServerController::stopOnThread()
{
    delete m_nodeWatch;
    m_nodeWatch = nullptr;
    delete m_cluster; // the joiners first, node 1 last
    m_cluster = nullptr;
    delete m_server; // stops mariadbd cleanly
    m_server = nullptr;
    delete m_pg; // a fast shutdown: open transactions roll back
    m_pg = nullptr;
}

void ServerController::restartAfterLoss()
{
    if (m_state == State::Starting)
        return;
    if (m_postgres)
        setState(State::Stopped, tr("the lab's PostgreSQL went away"));
    else
        setState(State::Stopped,
            m_clusterNodes > 0 ? tr("the embedded cluster went away") : tr("the embedded MariaDB went away"));
    start();
}

ConnectionParams ServerController::params(const QString& database) const
{
    ConnectionParams params = m_params;
    params.database = database;
    return params;
}

QString ServerController::dataDirectory() const
{
    if (m_postgres) // placed as the server starts: beside MariaDB's, or where its account can reach
        return m_pgDirectory.isEmpty() ? EmbeddedServer::defaultDataRoot() + QStringLiteral("/postgres")
                                       : m_pgDirectory;
    return m_clusterNodes > 0 ? EmbeddedCluster::defaultDataRoot()
                              : EmbeddedServer::defaultDataRoot() + QStringLiteral("/data");
}

QString ServerController::engineName(bool postgres)
{
    return postgres ? QStringLiteral("PostgreSQL") : QStringLiteral("MariaDB");
}

void ServerController::setState(State state, const QString& message)
{
    m_state = state;
    m_message = message;
    emit stateChanged(state, message);
}
