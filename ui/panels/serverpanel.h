#pragma once

#include "app/core/fieldrelevance.h"
#include "app/server/serverchoice.h"
#include "app/server/servercontroller.h"

#include <QWidget>

#include <optional>

class LabSession;
class PasswordField;
class QCheckBox;
class QLabel;
class QSettings;
class QLineEdit;
class QPushButton;
class QRadioButton;

// Where the lab runs: the embedded MariaDB (default; its state, version and data directory
// shown), the lab's own Galera cluster of N such servers (each node's state shown live), its
// own PostgreSQL, or a server given by URL (MySQL, MariaDB or PostgreSQL), with a Test button that answers
// within about 5 s. The password lives in a PasswordField (asked for each session, or kept in the system
// keyring); it is never part of url(), and so never of the settings.
class ServerPanel : public QWidget {
    Q_OBJECT
public:
    ServerPanel(LabSession* session, QWidget* parent = nullptr);

    // The embedded server, the lab's own cluster or its PostgreSQL: the servers the lab starts itself.
    bool usesEmbedded() const;
    void setUsesEmbedded(bool embedded);
    // The nodes of the lab's own cluster when that is the choice, else 0.
    int clusterNodes() const;
    void setCluster(int nodes);
    bool usesOwnPostgres() const;
    void setOwnPostgres();
    // A lesson step's server: "embedded" or "postgres".
    void chooseOwn(const QString& name);
    // Side by side: the lab's MariaDB, then its PostgreSQL, for each run; empty when not asked
    // for (or when a cluster or a server by URL is chosen).
    QList<ServerChoice> sideBySide() const;
    void setSideBySide(bool on);
    // Nodes, and whether the lab starts them: what the experiment form needs to know.
    ServerShape shape() const;
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
    // The server chosen, with the password of the field, or nullopt with `error` saying why
    // there is none (a URL that does not parse).
    std::optional<ServerChoice> choice(const QString& database, QString* error) const;
    // Hands the choice to the session; false with `error` when there is none. Why the
    // session cannot run on it yet, if anything, also goes into `error`.
    bool applyChoice(const QString& database, QString* error);
    // Why a run could not start on the server the panel shows; empty when it could. Changes
    // nothing: the panel's choice is handed over by a run, a check or a change of the panel.
    QString problem(const QString& database) const;
    QString testResult() const;
    void test();

signals:
    void changed();
    void testFinished(bool ok, const QString& message);

private:
    void showServerState(ServerController::State state, const QString& message);
    // The answer of a Test, or of the check a run makes first.
    void showCheck(bool ok, const QString& message);
    void showNodeStates(const QStringList& states);
    // Hands the lab's own server the choice, which starts it when it changed.
    void applyServerChoice();
    void urlEdited();
    // Marks a URL that does not parse while it is typed, with the reason under it.
    void checkUrlAsTyped();
    QString keyringKey() const; // empty while the URL does not parse
    static QString urlHint(); // the URL field's tool tip while what it holds parses

    LabSession* m_session;
    QRadioButton* m_embedded;
    QRadioButton* m_cluster;
    class QSpinBox* m_nodes;
    QLabel* m_nodeStates;
    QLabel* m_silence; // the lab's own server not answering, as its watch heard
    QRadioButton* m_postgres;
    QCheckBox* m_sideBySide;
    QRadioButton* m_remote;
    QLabel* m_embeddedState;
    QLineEdit* m_url;
    PasswordField* m_password;
    QPushButton* m_test;
    QLabel* m_testResult;
    bool m_testing = false;
    bool m_urlWasBad = false;
};
