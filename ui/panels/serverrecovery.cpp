#include "ui/panels/serverrecovery.h"

#include "app/session/labsession.h"

#include <QMessageBox>
#include <QPushButton>

ServerRecovery::ServerRecovery(LabSession* session, QWidget* window)
    : QObject(window)
    , m_session(session)
    , m_window(window)
{
    connect(m_session, &LabSession::serverLost, this, &ServerRecovery::serverLost);
    connect(m_session, &LabSession::recoveryAudited, this, &ServerRecovery::showReport);
    // A side-by-side run restarts the server a leg lost before its next leg: the offer is moot.
    connect(m_session, &LabSession::recoveryStarted, this, [this] {
        if (m_offer)
            m_offer->close();
    });
}

void ServerRecovery::serverLost(const StrategyResult& result)
{
    emit message(tr("Lost the server during %1").arg(result.strategy));
    if (m_offer)
        m_offer->deleteLater();
    m_offer = new QMessageBox(QMessageBox::Warning, tr("Lost the server"),
        tr("%1\n\nThe results so far are kept in the Results tab and can be exported.").arg(result.error),
        QMessageBox::NoButton, m_window);
    m_offer->setObjectName(QStringLiteral("serverLostOffer"));
    m_offer->setAttribute(Qt::WA_DeleteOnClose);
    if (m_session->usesEmbedded()) {
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
    QString error;
    if (!m_session->recoverLostServer(&error)) {
        emit message(error);
        return;
    }
    emit message(tr("Restarting the embedded MariaDB…"));
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
