#include "ui/panels/serverpanel.h"

#include "app/report/strategycolors.h"
#include "app/server/embeddedcluster.h"
#include "app/session/labsession.h"
#include "ui/passwords/passwordfield.h"
#include "ui/passwords/passwordstore.h"

#include <QCheckBox>
#include <QCoreApplication>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

ServerPanel::ServerPanel(LabSession* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_embedded(new QRadioButton(tr("Embedded MariaDB (private to the lab)"), this))
    , m_cluster(new QRadioButton(tr("Embedded Galera cluster, nodes:"), this))
    , m_nodes(new QSpinBox(this))
    , m_nodeStates(new QLabel(this))
    , m_silence(new QLabel(this))
    , m_postgres(new QRadioButton(tr("Embedded PostgreSQL (private to the lab)"), this))
    , m_sideBySide(new QCheckBox(tr("Side by side: MariaDB, then PostgreSQL"), this))
    , m_remote(new QRadioButton(tr("Server by URL"), this))
    , m_embeddedState(new QLabel(this))
    , m_url(new QLineEdit(this))
    , m_password(new PasswordField(this))
    , m_test(new QPushButton(tr("Test"), this))
    , m_testResult(new QLabel(this))
{
    m_embedded->setChecked(true);
    m_remote->setToolTip(tr("MySQL 8, MariaDB 10.6 or later, or PostgreSQL 13 or later"));
    m_sideBySide->setObjectName(QStringLiteral("sideBySide"));
    m_sideBySide->setToolTip(
        tr("The same experiment on both engines, one after the other: one table, "
           "the charts' lines of each (PostgreSQL's dashed), and a sentence comparing them."));
    m_embeddedState->setWordWrap(true);
    m_embeddedState->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_nodes->setRange(2, EmbeddedCluster::kMaxNodes);
    m_nodes->setValue(EmbeddedCluster::kDefaultNodes);
    m_nodes->setAccessibleName(tr("Cluster nodes"));
    m_nodeStates->setWordWrap(true);
    m_nodeStates->setVisible(false);
    m_silence->setWordWrap(true);
    m_silence->setObjectName(QStringLiteral("serverSilence"));
    m_silence->setStyleSheet(QStringLiteral("color: #b02020"));
    m_silence->setVisible(false);
    m_url->setPlaceholderText(QStringLiteral("mysql://user@host:3306/lockbench"));
    m_url->setObjectName(QStringLiteral("url"));
    m_url->setToolTip(urlHint());
    m_testResult->setWordWrap(true);
    m_testResult->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_embedded);
    auto* clusterRow = new QHBoxLayout;
    clusterRow->addWidget(m_cluster);
    clusterRow->addWidget(m_nodes);
    clusterRow->addStretch();
    layout->addLayout(clusterRow);
    layout->addWidget(m_postgres);
    layout->addWidget(m_sideBySide);
    layout->addWidget(m_embeddedState);
    layout->addWidget(m_nodeStates);
    layout->addWidget(m_silence);
    layout->addSpacing(8);
    layout->addWidget(m_remote);
    auto* form = new QFormLayout;
    form->addRow(tr("URL"), m_url);
    form->addRow(tr("Password"), m_password);
    layout->addLayout(form);
    layout->addWidget(m_test);
    layout->addWidget(m_testResult);
    layout->addStretch();

    const auto refresh = [this] {
        const bool remote = m_remote->isChecked();
        m_url->setEnabled(remote);
        m_password->setEnabled(remote);
        m_password->setKey(keyringKey());
        m_sideBySide->setEnabled(m_embedded->isChecked() || m_postgres->isChecked());
        emit changed();
    };
    connect(m_embedded, &QRadioButton::toggled, this, refresh);
    connect(m_cluster, &QRadioButton::toggled, this, refresh);
    connect(m_postgres, &QRadioButton::toggled, this, refresh);
    connect(m_embedded, &QRadioButton::toggled, this, &ServerPanel::applyServerChoice);
    connect(m_cluster, &QRadioButton::toggled, this, &ServerPanel::applyServerChoice);
    connect(m_postgres, &QRadioButton::toggled, this, &ServerPanel::applyServerChoice);
    connect(m_nodes, &QSpinBox::valueChanged, this, &ServerPanel::applyServerChoice);
    connect(m_sideBySide, &QCheckBox::toggled, this, &ServerPanel::changed);
    connect(session, &LabSession::nodeStatesChanged, this, &ServerPanel::showNodeStates);
    connect(session, &LabSession::serverSilenceChanged, this, [this](const QString& silence) {
        m_silence->setText(silence.isEmpty() ? QString() : tr("The server: %1").arg(silence));
        m_silence->setVisible(!silence.isEmpty());
    });
    connect(m_url, &QLineEdit::textChanged, this, &ServerPanel::checkUrlAsTyped);
    connect(m_url, &QLineEdit::editingFinished, this, &ServerPanel::urlEdited);
    connect(m_test, &QPushButton::clicked, this, &ServerPanel::test);
    connect(session, &LabSession::serverStateChanged, this, &ServerPanel::showServerState);
    connect(session, &LabSession::serverPrepared, this, &ServerPanel::showCheck);
    showServerState(session->ownServer().state, session->ownServer().message);
    refresh();
}

QString ServerPanel::urlHint()
{
    return tr("A cluster's nodes as several hosts: mysql://user@host1:3306,host2:3306,host3:3306/lockbench; "
              "a PostgreSQL server: postgres://user@host:5432/lockbench");
}

bool ServerPanel::usesEmbedded() const
{
    return m_embedded->isChecked() || m_cluster->isChecked() || m_postgres->isChecked();
}

void ServerPanel::setUsesEmbedded(bool embedded)
{
    (embedded ? m_embedded : m_remote)->setChecked(true);
}

int ServerPanel::clusterNodes() const
{
    return m_cluster->isChecked() ? m_nodes->value() : 0;
}

void ServerPanel::setCluster(int nodes)
{
    m_nodes->setValue(nodes);
    m_cluster->setChecked(true);
}

bool ServerPanel::usesOwnPostgres() const
{
    return m_postgres->isChecked();
}

void ServerPanel::setOwnPostgres()
{
    m_postgres->setChecked(true);
}

void ServerPanel::chooseOwn(const QString& name)
{
    if (name == QLatin1String("postgres"))
        setOwnPostgres();
    else if (name == QLatin1String("embedded"))
        setUsesEmbedded(true);
}

QList<ServerChoice> ServerPanel::sideBySide() const
{
    if (!m_sideBySide->isChecked() || !m_sideBySide->isEnabled())
        return {};
    return { ServerChoice::embedded(), ServerChoice::postgres() };
}

void ServerPanel::setSideBySide(bool on)
{
    m_sideBySide->setChecked(on);
}

void ServerPanel::applyServerChoice()
{
    if (!usesEmbedded())
        return; // between two radio buttons: the one turned on calls again
    m_nodes->setEnabled(m_cluster->isChecked());
    QString ignored;
    m_session->chooseServer(*choice(QStringLiteral("lockbench"), &ignored));
}

void ServerPanel::showNodeStates(const QStringList& states)
{
    QStringList parts;
    for (qsizetype i = 0; i < states.size(); ++i)
        parts << tr("node %1 %2").arg(i + 1).arg(states[i]);
    m_nodeStates->setText(tr("Nodes: %1").arg(parts.join(QStringLiteral(" · "))));
    m_nodeStates->setVisible(!states.isEmpty());
}

QString ServerPanel::url() const
{
    // Also when the URL does not parse (with or without a scheme): up to the last @ of the
    // text, as ResultWriter masks.
    static const QRegularExpression withScheme(
        QStringLiteral(R"(^([A-Za-z][A-Za-z0-9+.\-]*://[^:/@\s]*):\S*@)"));
    static const QRegularExpression withoutScheme(QStringLiteral(R"(^([^:/@\s]*):\S*@)"));
    QString text = m_url->text().trimmed();
    return text.replace(
        text.contains(QLatin1String("://")) ? withScheme : withoutScheme, QStringLiteral("\\1@"));
}

void ServerPanel::setUrl(const QString& url)
{
    m_url->setText(url);
    urlEdited();
}

void ServerPanel::checkUrlAsTyped()
{
    QString error;
    // Read as a run would read it: a URL that parses but cannot serve a run is refused here too.
    const bool bad = !m_url->text().trimmed().isEmpty()
        && !ServerChoice::parse(m_url->text(), QStringLiteral("lockbench"), m_password->password(), &error);
    m_url->setStyleSheet(bad
            ? QStringLiteral("QLineEdit { border: 2px solid %1; }").arg(StrategyColors::unsafe().name())
            : QString());
    m_url->setToolTip(bad ? error : urlHint());
    if (bad || m_urlWasBad) {
        m_testResult->setText(bad ? error : QString());
        m_testResult->setStyleSheet(
            bad ? QStringLiteral("color: %1;").arg(StrategyColors::unsafe().name()) : QString());
    }
    m_urlWasBad = bad;
    emit changed();
}

void ServerPanel::urlEdited()
{
    QString ignored;
    if (const auto params = ConnectionParams::fromUrl(m_url->text(), &ignored);
        params && !params->password.isEmpty()) {
        m_password->setPassword(params->password);
        m_url->setText(url()); // the line edit shows it in the clear
    }
    m_password->setKey(keyringKey());
}

QString ServerPanel::keyringKey() const
{
    QString ignored;
    const std::optional<ConnectionParams> params = ConnectionParams::fromUrl(m_url->text(), &ignored);
    return params && m_remote->isChecked() ? PasswordStore::keyFor(*params) : QString();
}

void ServerPanel::saveSettings(QSettings& settings) const
{
    // The lab's own cluster is not kept: three servers started at every launch, unasked, would
    // take the machine's cores and a quarter of a minute. The lab opens on its single server.
    settings.setValue(QStringLiteral("server/embedded"), usesEmbedded());
    settings.setValue(QStringLiteral("server/postgres"), usesOwnPostgres());
    settings.setValue(QStringLiteral("server/url"), url());
    settings.setValue(QStringLiteral("server/sideBySide"), m_sideBySide->isChecked());
    settings.setValue(QStringLiteral("server/rememberPassword"), m_password->remembers());
}

void ServerPanel::restoreSettings(const QSettings& settings)
{
    setUsesEmbedded(settings.value(QStringLiteral("server/embedded"), true).toBool());
    if (usesEmbedded() && settings.value(QStringLiteral("server/postgres"), false).toBool())
        setOwnPostgres();
    setUrl(settings.value(QStringLiteral("server/url")).toString());
    setSideBySide(settings.value(QStringLiteral("server/sideBySide"), false).toBool());
    m_password->setRemembers(settings.value(QStringLiteral("server/rememberPassword"), false).toBool());
}

void ServerPanel::connectionUsed()
{
    if (!usesEmbedded())
        m_password->connectionUsed();
}

std::optional<ServerChoice> ServerPanel::choice(const QString& database, QString* error) const
{
    if (usesOwnPostgres())
        return ServerChoice::postgres();
    if (usesEmbedded())
        return clusterNodes() > 0 ? ServerChoice::cluster(clusterNodes()) : ServerChoice::embedded();
    return ServerChoice::parse(m_url->text(), database, m_password->password(), error);
}

ServerShape ServerPanel::shape() const
{
    QString ignored; // a URL that does not parse is one server until it does
    const std::optional<ServerChoice> chosen = choice(QStringLiteral("lockbench"), &ignored);
    return chosen ? chosen->shape() : ServerShape { 1, false, false };
}

bool ServerPanel::applyChoice(const QString& database, QString* error)
{
    const std::optional<ServerChoice> chosen = choice(database, error);
    if (!chosen)
        return false;
    m_session->chooseServer(*chosen);
    *error = m_session->serverProblem();
    return error->isEmpty();
}

QString ServerPanel::problem(const QString& database) const
{
    QString error;
    const std::optional<ServerChoice> chosen = choice(database, &error);
    return chosen ? m_session->serverProblemWith(*chosen) : error;
}

QString ServerPanel::testResult() const
{
    return m_testResult->text();
}

void ServerPanel::test()
{
    QString error;
    const std::optional<ServerChoice> chosen = choice(QStringLiteral("lockbench"), &error);
    if (!chosen || chosen->startsOwnServer()) {
        m_testResult->setText(chosen ? tr("the lab's own server needs no Test") : error);
        emit testFinished(chosen.has_value(), m_testResult->text());
        return;
    }
    m_session->chooseServer(*chosen);
    m_test->setEnabled(false);
    m_testing = true;
    m_testResult->setText(tr("testing %1 …").arg(chosen->url.maskedUrl()));
    m_session->testServer();
}

void ServerPanel::showCheck(bool ok, const QString& message)
{
    if (m_session->usesEmbedded())
        return; // the lab's own server: its state line says it
    m_test->setEnabled(true);
    emit changed(); // Run waits for a server that passes its check
    m_testResult->setText(message);
    m_testResult->setStyleSheet(
        QStringLiteral("color: %1;").arg((ok ? StrategyColors::safe() : StrategyColors::unsafe()).name()));
    if (ok)
        connectionUsed();
    if (std::exchange(m_testing, false))
        emit testFinished(ok, message);
}

void ServerPanel::showServerState(ServerController::State state, const QString& message)
{
    const OwnServerState own = m_session->ownServer();
    QString text;
    switch (state) {
    case ServerController::State::Stopped:
        text = tr("Stopped");
        break;
    case ServerController::State::Starting:
        text = tr("Starting: %1").arg(message);
        break;
    case ServerController::State::Ready:
        text = own.kind.ready(own.version);
        break;
    case ServerController::State::Failed:
        text = tr("Failed: %1").arg(message);
        break;
    }
    m_embeddedState->setText(text + QLatin1Char('\n') + tr("Data directory: %1").arg(own.dataDirectory));
    emit changed();
}
