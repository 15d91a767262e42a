#include "app/server/servercontroller.h"

#include "app/db/databaseconnection.h"

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

void ServerController::setOwnServer(const OwnServerKind& kind)
{
    if (kind == m_kind)
        return;
    m_kind = kind;
    m_dataDirectory.clear();
    m_liveness.reset();
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
    setState(State::Starting, m_kind.starting());
    // The choice travels with the work: the GUI thread may choose another server meanwhile.
    QMetaObject::invokeMethod(m_context, [this, kind = m_kind] { startOnThread(kind); });
}

void ServerController::startOnThread(OwnServerKind kind)
{
    const auto progress = [this, kind](const QString& text) {
        QMetaObject::invokeMethod(this, [this, text, kind] {
            if (kind == m_kind)
                setState(State::Starting, text);
        });
    };
    // A dead server's lock and socket directory go with it; a cluster with a gone node starts
    // whole again.
    if (m_own && (!(m_ownKind == kind) || kind.clusterNodes > 0 || !m_own->isRunning()))
        stopOnThread();
    if (!m_own) {
        m_own = kind.create();
        m_ownKind = kind;
    }
    QString error;
    const bool ok = m_own->start(&error, progress);
    if (ok)
        watch(kind);
    QMetaObject::invokeMethod(this,
        [this, ok, error, kind, params = m_own->connectionParams(), version = m_own->version(),
            pid = m_own->pid(), directory = m_own->dataDirectory(), liveness = ok ? m_watching : nullptr] {
            if (!(kind == m_kind))
                return; // the start of a server since chosen away: the new choice's start follows
            m_params = params;
            m_liveness = liveness;
            m_version = version;
            m_pid = pid;
            m_dataDirectory = directory;
            setState(ok ? State::Ready : State::Failed, ok ? kind.ready(version) : error);
        });
}

// One watch of whether the server answers, which every run on it reads and which gives a
// cluster's node list.
void ServerController::watch(const OwnServerKind& kind)
{
    m_watching = std::make_shared<ServerLiveness>(m_own->connectionParams());
    if (kind.clusterNodes > 0) {
        m_watching->onNodeStates([this, nodes = kind.clusterNodes](const QStringList& states) {
            QMetaObject::invokeMethod(this, [this, states, nodes] {
                if (nodes == m_kind.clusterNodes
                    && states != m_nodeStates) { // not a late report of a cluster since switched away
                    m_nodeStates = states;
                    emit nodeStatesChanged(states);
                }
            });
        });
    }
    // The window says when the server stops answering, not each look.
    m_silenceListener = m_watching->listen(
        [this, kind, last = ServerHeartbeat::Health::Answering](const ServerLiveness::Look& look) mutable {
            if (look.health == last)
                return;
            last = look.health;
            const QString silence = look.health == ServerHeartbeat::Health::Answering ? QString()
                : look.health == ServerHeartbeat::Health::Gone ? tr("gone: %1").arg(look.why)
                                                               : tr("not answering: %1").arg(look.why);
            QMetaObject::invokeMethod(this, [this, kind, silence] {
                if (kind == m_kind)
                    emit silenceChanged(silence);
            });
        });
    m_watching->start();
}

void ServerController::stopOnThread()
{
    if (m_watching) { // a run still reading it keeps it until the run ends
        m_watching->onNodeStates({});
        m_watching->forget(m_silenceListener);
        QMetaObject::invokeMethod(this, [this] { emit silenceChanged(QString()); });
    }
    m_watching.reset();
    m_own.reset(); // each kind stops as its engine shuts down cleanly
}

void ServerController::restartAfterLoss()
{
    if (m_state == State::Starting)
        return;
    m_liveness.reset();
    setState(State::Stopped, m_kind.lost());
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
    return m_dataDirectory.isEmpty() ? m_kind.dataDirectory() : m_dataDirectory;
}

void ServerController::setState(State state, const QString& message)
{
    m_state = state;
    m_message = message;
    emit stateChanged(state, message);
}
