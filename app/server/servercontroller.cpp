#include "app/server/servercontroller.h"

#include "app/db/mysqlconnection.h"
#include "app/server/embeddedserver.h"

ServerController::ServerController(QObject* parent)
    : QObject(parent)
    , m_context(new QObject)
{
    MysqlConnection::initialiseLibrary(); // here, before the server's own thread connects
    m_thread.setObjectName(QStringLiteral("embedded-server"));
    m_context->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_context, &QObject::deleteLater);
    m_thread.start();
}

ServerController::~ServerController()
{
    QMetaObject::invokeMethod(m_context, [this] {
        delete m_server; // stops mariadbd cleanly
        m_server = nullptr;
    }, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

void ServerController::start()
{
    if (m_state == State::Starting || m_state == State::Ready)
        return;
    setState(State::Starting, tr("starting the embedded MariaDB…"));
    QMetaObject::invokeMethod(m_context, [this] {
        if (m_server && !m_server->isRunning()) {
            delete m_server; // a dead server's lock and socket directory go with it
            m_server = nullptr;
        }
        if (!m_server)
            m_server = new EmbeddedServer;
        QString error;
        const bool ok = m_server->start(&error, [this](const QString& progress) {
            QMetaObject::invokeMethod(this, [this, progress] { setState(State::Starting, progress); });
        });
        const ConnectionParams params = m_server->connectionParams();
        const QString version = m_server->version();
        const qint64 pid = m_server->serverPid();
        QMetaObject::invokeMethod(this, [this, ok, error, params, version, pid] {
            m_params = params;
            m_version = version;
            m_pid = pid;
            if (ok)
                setState(State::Ready, tr("ready: MariaDB %1").arg(version));
            else
                setState(State::Failed, error);
        });
    });
}

void ServerController::restartAfterLoss()
{
    if (m_state == State::Starting)
        return;
    setState(State::Stopped, tr("the embedded MariaDB went away"));
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
    return EmbeddedServer::defaultDataRoot() + QStringLiteral("/data");
}

void ServerController::setState(State state, const QString& message)
{
    m_state = state;
    m_message = message;
    emit stateChanged(state, message);
}
