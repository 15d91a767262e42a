#include "app/server/ownserver.h"

#include "app/server/embeddedcluster.h"
#include "app/server/embeddedpostgres.h"
#include "app/server/embeddedserver.h"

namespace {

class OwnMariaDb : public OwnServer {
public:
    bool start(QString* error, const Progress& progress) override { return m_server.start(error, progress); }
    bool isRunning() const override { return m_server.isRunning(); }
    ConnectionParams connectionParams() const override { return m_server.connectionParams(); }
    QString version() const override { return m_server.version(); }
    qint64 pid() const override { return m_server.serverPid(); }
    QString dataDirectory() const override { return m_server.dataDirectory(); }

private:
    EmbeddedServer m_server;
};

class OwnCluster : public OwnServer {
public:
    explicit OwnCluster(int nodes)
        : m_cluster(nodes)
    {
    }
    bool start(QString* error, const Progress& progress) override { return m_cluster.start(error, progress); }
    bool isRunning() const override { return m_cluster.server(1).isRunning(); }
    ConnectionParams connectionParams() const override
    {
        ConnectionParams params = m_cluster.connectionParams(1);
        for (int node = 1; node <= m_cluster.nodeCount(); ++node) {
            const ConnectionParams one = m_cluster.connectionParams(node);
            params.nodes.append(
                { one.host, one.port, one.socket, m_cluster.server(node).serverPid(), one.embeddedErrorLog });
        }
        return params;
    }
    QString version() const override { return m_cluster.server(1).version(); }
    qint64 pid() const override { return m_cluster.server(1).serverPid(); }
    QString dataDirectory() const override { return EmbeddedCluster::defaultDataRoot(); }

private:
    EmbeddedCluster m_cluster; // destroyed the joiners first, node 1 last
};

class OwnPostgres : public OwnServer {
public:
    OwnPostgres()
        : m_server(EmbeddedServer::defaultDataRoot())
    {
    }
    bool start(QString* error, const Progress& progress) override { return m_server.start(error, progress); }
    bool isRunning() const override { return m_server.isRunning(); }
    ConnectionParams connectionParams() const override { return m_server.connectionParams(); }
    QString version() const override { return m_server.version(); }
    qint64 pid() const override { return m_server.serverPid(); }
    QString dataDirectory() const override { return m_server.clusterDirectory(); }

private:
    EmbeddedPostgres m_server; // a fast shutdown when destroyed: open transactions roll back
};

} // namespace

std::unique_ptr<OwnServer> OwnServerKind::create() const
{
    if (postgres)
        return std::make_unique<OwnPostgres>();
    if (clusterNodes > 0)
        return std::make_unique<OwnCluster>(clusterNodes);
    return std::make_unique<OwnMariaDb>();
}

QString OwnServerKind::engineName() const
{
    return postgres ? QStringLiteral("PostgreSQL") : QStringLiteral("MariaDB");
}

QString OwnServerKind::name() const
{
    if (postgres)
        return QStringLiteral("postgres");
    return clusterNodes > 0 ? QStringLiteral("cluster:%1").arg(clusterNodes) : QStringLiteral("embedded");
}

QString OwnServerKind::description(const QString& dataDirectory, const QString& version) const
{
    if (postgres)
        return tr("the lab's PostgreSQL in %1, %2").arg(dataDirectory, version);
    if (clusterNodes > 0)
        return tr("the lab's Galera cluster of %1 MariaDB nodes in %2, %3")
            .arg(clusterNodes)
            .arg(dataDirectory, version);
    return tr("the lab's embedded MariaDB in %1, %2").arg(dataDirectory, version);
}

QString OwnServerKind::starting() const
{
    if (postgres)
        return tr("starting the lab's PostgreSQL…");
    return clusterNodes > 0 ? tr("starting a Galera cluster of %1 MariaDB nodes…").arg(clusterNodes)
                            : tr("starting the embedded MariaDB…");
}

QString OwnServerKind::ready(const QString& version) const
{
    if (postgres)
        return tr("Ready: PostgreSQL %1").arg(version);
    return clusterNodes > 0
        ? tr("Ready: a Galera cluster of %1 nodes, MariaDB %2").arg(clusterNodes).arg(version)
        : tr("Ready: MariaDB %1").arg(version);
}

QString OwnServerKind::lost() const
{
    if (postgres)
        return tr("the lab's PostgreSQL went away");
    return clusterNodes > 0 ? tr("the embedded cluster went away") : tr("the embedded MariaDB went away");
}

QString OwnServerKind::dataDirectory() const
{
    if (postgres) // beside MariaDB's, unless its account cannot reach there (it says as it starts)
        return EmbeddedServer::defaultDataRoot() + QStringLiteral("/postgres");
    return clusterNodes > 0 ? EmbeddedCluster::defaultDataRoot()
                            : EmbeddedServer::defaultDataRoot() + QStringLiteral("/data");
}
