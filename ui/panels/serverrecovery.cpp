#include "ui/panels/serverrecovery.h"

#include "strategies/strategyregistry.h"

#include <QMessageBox>
#include <QPushButton>
#include <QThread>

ServerRecovery::ServerRecovery(
    ServerController* controller, std::function<bool()> usesEmbedded, QWidget* window)
    : QObject(window)
    , m_controller(controller)
    , m_usesEmbedded(std::move(usesEmbedded))
    , m_window(window)
{
    connect(m_controller, &ServerController::stateChanged, this, &ServerRecovery::serverStateChanged);
}

ServerRecovery::~ServerRecovery()
{
    if (m_auditThread)
        m_auditThread->wait(); // the audit holds its own connections; let it close them
}

void ServerRecovery::strategyFinished(const StrategyResult& result)
{
    if (!result.serverLost)
        return;
    m_lost = result;
    emit message(tr("Lost the server during %1").arg(result.strategy));
    const bool embedded = m_usesEmbedded();
    if (m_offer)
        m_offer->deleteLater();
    m_offer = new QMessageBox(QMessageBox::Warning, tr("Lost the server"),
        tr("%1\n\nThe results so far are kept in the Results tab and can be exported.").arg(result.error),
        QMessageBox::NoButton, m_window);
    m_offer->setObjectName(QStringLiteral("serverLostOffer"));
    m_offer->setAttribute(Qt::WA_DeleteOnClose);
    if (embedded) {
        m_offer->setInformativeText(tr("Restart the embedded MariaDB and check that every acknowledged order "
                                       "survived and nothing was oversold?"));
        QPushButton* restartButton = m_offer->addButton(tr("Restart and audit"), QMessageBox::AcceptRole);
        restartButton->setObjectName(QStringLiteral("restartServer"));
        connect(restartButton, &QPushButton::clicked, this, &ServerRecovery::restart);
        m_offer->addButton(tr("Not now"), QMessageBox::RejectRole);
    } else {
        m_offer->setInformativeText(tr("Once the server is back, run again; the lab refuses to count what it "
                                       "cannot audit."));
        m_offer->addButton(QMessageBox::Ok);
    }
    m_offer->open();
}

void ServerRecovery::restart()
{
    if (!m_lost.serverLost || !m_lost.acknowledged)
        return;
    m_waitingForServer = true;
    emit message(tr("Restarting the embedded MariaDB…"));
    m_controller->restartAfterLoss();
}

void ServerRecovery::serverStateChanged(ServerController::State state, const QString& message)
{
    if (!m_waitingForServer || state == ServerController::State::Starting
        || state == ServerController::State::Stopped)
        return;
    m_waitingForServer = false;
    if (state == ServerController::State::Failed) {
        RecoveryReport failed;
        failed.error = tr("the server did not start again: %1").arg(message);
        showReport(failed);
        return;
    }
    const ConnectionParams params = m_controller->params(m_lost.experiment.database);
    const std::unique_ptr<Strategy> strategy = StrategyRegistry::create(m_lost.strategy);
    const StockLayout layout = strategy ? strategy->layout() : StockLayout::Rows;
    const std::shared_ptr<const AcknowledgedOrders> acknowledged = m_lost.acknowledged;
    emit this->message(tr("Auditing what the server kept…"));
    // The audit scans the orders table: off the GUI thread, with its own connections.
    m_auditThread = QThread::create([this, params, layout, acknowledged] {
        const RecoveryReport report = RecoveryAudit::check(params, layout, *acknowledged);
        QMetaObject::invokeMethod(this, [this, report] { showReport(report); });
    });
    connect(m_auditThread, &QThread::finished, m_auditThread, &QObject::deleteLater);
    connect(m_auditThread, &QThread::finished, this, [this] { m_auditThread = nullptr; });
    m_auditThread->start();
}

void ServerRecovery::showReport(const RecoveryReport& report)
{
    emit audited(report);
    emit message(tr("After the restart: %1").arg(report.summary()));
    if (m_report)
        m_report->deleteLater();
    m_report = new QMessageBox(report.clean() ? QMessageBox::Information : QMessageBox::Critical,
        tr("Audit after the restart"), tr("After the restart: %1.").arg(report.summary()), QMessageBox::Ok,
        m_window);
    m_report->setObjectName(QStringLiteral("recoveryReport"));
    m_report->setAttribute(Qt::WA_DeleteOnClose);
    m_report->open();
}
