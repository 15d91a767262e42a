#include "app/session/labserver.h"

#include "app/server/servercheck.h"
#include "app/session/backgroundjobs.h"

#include <QTimer>

LabServer::LabServer(QObject* parent)
    : QObject(parent)
    , m_controller(new ServerController(this))
    , m_jobs(new BackgroundJobs(this))
{
    connect(m_controller, &ServerController::stateChanged, this, &LabServer::ownServerChanged);
}

void LabServer::choose(const ServerChoice& choice, Start start)
{
    if (choice == m_choice)
        return;
    const bool sameUrl = !choice.own && !m_choice.own && choice.url.endpoint() == m_choice.url.endpoint()
        && choice.url.user == m_choice.url.user;
    m_choice = choice;
    m_check = Check::None;
    m_checkMessage.clear();
    if (!sameUrl)
        m_version.clear();
    if (choice.own && !(*choice.own == m_controller->kind())) {
        m_controller->setOwnServer(*choice.own);
        if (start == Start::Now)
            m_controller->start();
    }
}

LabServer::Start LabServer::ownServerStart() const
{
    const ServerController::State state = m_controller->state();
    return state == ServerController::State::Starting || state == ServerController::State::Ready
        ? Start::Now
        : Start::WhenRun;
}

void LabServer::prepare(ServerCheck::Depth depth)
{
    if (m_choice.startsOwnServer()) {
        const ServerController::State state = m_controller->state();
        if (state == ServerController::State::Ready || state == ServerController::State::Failed) {
            // Answered from the event loop, so that a caller connects and waits in any order.
            QTimer::singleShot(
                0, this, [this] { ownServerChanged(m_controller->state(), m_controller->message()); });
        }
        m_preparingOwn = true;
        if (state == ServerController::State::Stopped)
            m_controller->start();
        return;
    }
    if (m_check == Check::Running)
        return;
    m_check = Check::Running;
    const ServerChoice checked = m_choice;
    m_jobs->run<ServerCheck>([params = checked.url, depth] { return ServerCheck::run(params, depth); },
        [this, checked](const ServerCheck& check) {
            if (!(checked == m_choice))
                return; // chosen away meanwhile: the new choice is checked anew
            m_check = check.ok ? Check::Passed : Check::Failed;
            m_checkMessage = check.message;
            if (check.ok)
                m_version = check.version;
            emit prepared(check.ok, check.message);
        });
}

void LabServer::ownServerChanged(ServerController::State state, const QString& message)
{
    if (!m_preparingOwn || !m_choice.startsOwnServer() || state == ServerController::State::Starting
        || state == ServerController::State::Stopped)
        return;
    m_preparingOwn = false;
    if (state == ServerController::State::Ready)
        emit prepared(true, description());
    else
        emit prepared(false, tr("the lab's %1 did not start: %2").arg(m_controller->engineName(), message));
}

QString LabServer::problem() const
{
    if (m_choice.startsOwnServer())
        return ownServerProblem();
    if (m_check == Check::Failed)
        return tr("the server failed its Test (%1); press Test again once it is fixed").arg(m_checkMessage);
    return {};
}

QString LabServer::ownServerProblem() const
{
    switch (m_controller->state()) {
    case ServerController::State::Ready:
        return {};
    case ServerController::State::Failed:
        return tr("the lab's %1 failed to start: %2")
            .arg(m_controller->engineName(), m_controller->message());
    case ServerController::State::Starting:
    case ServerController::State::Stopped:
        break;
    }
    return tr("the lab's %1 is still starting").arg(m_controller->engineName());
}

QString LabServer::problemWith(const ServerChoice& choice) const
{
    if (choice == m_choice)
        return problem();
    if (!choice.startsOwnServer())
        return {};
    // The lab's own server of that shape, chosen or not, says where it stands.
    if (*choice.own == m_controller->kind())
        return ownServerProblem();
    return tr("the lab's %1 is still starting").arg(choice.own->engineName());
}

ConnectionParams LabServer::params(const QString& database) const
{
    ConnectionParams params = m_choice.startsOwnServer() ? m_controller->params(database) : m_choice.url;
    if (params.database.isEmpty())
        params.database = database;
    return params;
}

QString LabServer::version() const
{
    return m_choice.startsOwnServer() ? m_controller->version() : m_version;
}

QString LabServer::description() const
{
    if (m_choice.own)
        return m_choice.own->description(m_controller->dataDirectory(), version());
    return tr("%1, %2").arg(m_choice.url.maskedUrl(), version());
}

QString LabServer::engineLabel() const
{
    const QString full = version();
    if (m_choice.isPostgres())
        return QStringLiteral("PostgreSQL ") + full.section(QLatin1Char(' '), 0, 0);
    const QString number = full.section(QLatin1Char('-'), 0, 0); // "10.11.6-MariaDB-0+deb12u1"
    return (full.contains(QLatin1String("MariaDB")) ? QStringLiteral("MariaDB ") : QStringLiteral("MySQL "))
        + number;
}

QString LabServer::ownServerName() const
{
    return QStringLiteral("%1 (%2)").arg(m_controller->kind().name(), m_controller->dataDirectory());
}

OwnServerState LabServer::ownServerState() const
{
    return { m_controller->state(), m_controller->message(), m_controller->version(), m_controller->kind(),
        m_controller->nodeStates(), m_controller->dataDirectory(), m_controller->serverPid() };
}

std::shared_ptr<ServerLiveness> LabServer::liveness() const
{
    return m_choice.startsOwnServer() ? m_controller->liveness() : nullptr;
}
