#pragma once

#include "app/audit/recoveryaudit.h"
#include "app/server/servercontroller.h"
#include "app/core/strategyresult.h"

#include <QObject>
#include <QPointer>

#include <functional>

#include <QMessageBox>
class QWidget;

// When a run loses its server: says so, keeps the partial results (the caller has them),
// offers to restart the embedded server, and once it is back audits what the crash left:
// oversell, and whether every order a client saw acknowledged is still there.
class ServerRecovery : public QObject {
    Q_OBJECT
public:
    ServerRecovery(ServerController* controller, std::function<bool()> usesEmbedded, QWidget* window);
    ~ServerRecovery() override;

    void strategyFinished(const StrategyResult& result);
    void restart(); // what the offer's Restart button does
    QMessageBox* offer() const { return m_offer; }
    QMessageBox* report() const { return m_report; }

signals:
    void message(const QString& text);
    void audited(const RecoveryReport& report);

private:
    void serverStateChanged(ServerController::State state, const QString& message);
    void showReport(const RecoveryReport& report);

    ServerController* m_controller;
    std::function<bool()> m_usesEmbedded;
    QWidget* m_window;
    StrategyResult m_lost; // the run whose orders are to be checked
    bool m_waitingForServer = false;
    QPointer<QMessageBox> m_offer;
    QPointer<QMessageBox> m_report;
    class QThread* m_auditThread = nullptr;
};
