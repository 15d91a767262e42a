#pragma once

#include "connectionparams.h"
#include "servercontroller.h"

#include <QWidget>

#include <optional>

class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;

// Where the lab runs: the embedded MariaDB (default; its state, version and data directory
// shown) or a server given by URL, with a Test button that answers within about 5 s.
class ServerPanel : public QWidget {
    Q_OBJECT
public:
    ServerPanel(ServerController* controller, QWidget* parent = nullptr);

    bool usesEmbedded() const;
    void setUsesEmbedded(bool embedded);
    QString url() const; // without the password
    void setUrl(const QString& url);
    // The connection to run on, or nullopt with `error` saying why there is none yet.
    std::optional<ConnectionParams> connectionParams(const QString& database, QString* error) const;
    QString testResult() const;
    void test();

signals:
    void changed();
    void testFinished(bool ok, const QString& message);

private:
    void showServerState(ServerController::State state, const QString& message);

    ServerController* m_controller;
    QRadioButton* m_embedded;
    QRadioButton* m_remote;
    QLabel* m_embeddedState;
    QLineEdit* m_url;
    QLineEdit* m_password;
    QPushButton* m_test;
    QLabel* m_testResult;
};
