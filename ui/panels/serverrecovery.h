#pragma once

#include "app/audit/recoveryaudit.h"
#include "app/core/strategyresult.h"

#include <QMessageBox>
#include <QObject>
#include <QPointer>

class LabSession;
class QWidget;

// The window's side of a lost server: says so, keeps the partial results (the session has
// them), offers the session's restart-and-audit for the embedded server, and shows what
// the audit found: oversell, and whether every order a client saw acknowledged is there.
class ServerRecovery : public QObject {
    Q_OBJECT
public:
    ServerRecovery(LabSession* session, QWidget* window);

    void restart(); // what the offer's Restart button does
    QMessageBox* offer() const { return m_offer; }
    QMessageBox* report() const { return m_report; }

signals:
    void message(const QString& text);
    void audited(const RecoveryReport& report);

private:
    void serverLost(const StrategyResult& result);
    void showReport(const RecoveryReport& report);

    LabSession* m_session;
    QWidget* m_window;
    QPointer<QMessageBox> m_offer;
    QPointer<QMessageBox> m_report;
};
