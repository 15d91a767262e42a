#pragma once

#include "app/db/connectionparams.h"
#include "app/server/servercontroller.h"

#include <QWidget>

#include <optional>

class PasswordField;
class QLabel;
class QSettings;
class QLineEdit;
class QPushButton;
class QRadioButton;

// Where the lab runs: the embedded MariaDB (default; its state, version and data directory
// shown), the lab's own Galera cluster of N such servers (each node's state shown live), or a
// server given by URL, with a Test button that answers within about 5 s.
// The password lives in a PasswordField (asked for each session, or kept in the system
// keyring); it is never part of url(), and so never of the settings.
class ServerPanel : public QWidget {
    Q_OBJECT
public:
    ServerPanel(ServerController* controller, QWidget* parent = nullptr);

    // The embedded server or the lab's own cluster: the servers the lab starts itself.
    bool usesEmbedded() const;
    void setUsesEmbedded(bool embedded);
    // The nodes of the lab's own cluster when that is the choice, else 0.
    int clusterNodes() const;
    void setCluster(int nodes);
    QString url() const; // without the password, even one typed into the URL
    // A password typed into the URL moves to the password field.
    void setUrl(const QString& url);
    PasswordField* passwordField() const { return m_password; }
    // The choice of server and whether to use the keyring; never a password.
    void saveSettings(QSettings& settings) const;
    void restoreSettings(const QSettings& settings);
    // The connection worked (a Test passed, a strategy ran): the password goes to the
    // keyring if the user asked for that.
    void connectionUsed();
    // The connection to run on, or nullopt with `error` saying why there is none yet.
    std::optional<ConnectionParams> connectionParams(const QString& database, QString* error) const;
    QString testResult() const;
    void test();

signals:
    void changed();
    void testFinished(bool ok, const QString& message);

private:
    void showServerState(ServerController::State state, const QString& message);
    void showNodeStates(const QStringList& states);
    // Tells the controller which of its servers the choice wants, and starts it.
    void applyServerChoice();
    void urlEdited();
    // Marks a URL that does not parse while it is typed, with the reason under it.
    void checkUrlAsTyped();
    QString keyringKey() const; // empty while the URL does not parse
    static QString urlHint(); // the URL field's tool tip while what it holds parses

    ServerController* m_controller;
    class BackgroundJobs* m_jobs;
    QRadioButton* m_embedded;
    QRadioButton* m_cluster;
    class QSpinBox* m_nodes;
    QLabel* m_nodeStates;
    QRadioButton* m_remote;
    QLabel* m_embeddedState;
    QLineEdit* m_url;
    PasswordField* m_password;
    QPushButton* m_test;
    QLabel* m_testResult;
    QString m_failedCheck; // why the last Test of this URL failed; Run waits until one passes
    bool m_urlWasBad = false;
};
