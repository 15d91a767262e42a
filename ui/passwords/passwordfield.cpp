#include "ui/passwords/passwordfield.h"

#include "ui/passwords/passwordstore.h"

#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

PasswordField::PasswordField(QWidget* parent)
    : QWidget(parent)
    , m_edit(new QLineEdit(this))
    , m_remember(new QCheckBox(tr("Remember in the system keyring"), this))
    , m_status(new QLabel(this))
    , m_store(new PasswordStore(this))
{
    m_edit->setEchoMode(QLineEdit::Password);
    m_edit->setPlaceholderText(tr("asked for each session unless kept in the keyring"));
    m_edit->setObjectName(QStringLiteral("password"));
    m_remember->setObjectName(QStringLiteral("rememberPassword"));
    m_remember->setEnabled(false);
    m_status->setObjectName(QStringLiteral("keyringStatus"));
    m_status->setWordWrap(true);
    m_status->setText(m_store->availabilityMessage());

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_edit);
    layout->addWidget(m_remember);
    layout->addWidget(m_status);

    connect(m_edit, &QLineEdit::textEdited, this, [this] { m_keyringKey.clear(); });
    connect(m_remember, &QCheckBox::clicked, this, [this](bool remember) {
        if (remember) {
            lookUp();
        } else if (!m_key.isEmpty() && m_store->availability() == PasswordStore::Availability::Available) {
            m_keyringKey.clear();
            m_store->remove(m_key);
        }
    });
    connect(m_store, &PasswordStore::availabilityChanged, this, &PasswordField::keyringAvailabilityChanged);
    connect(m_store, &PasswordStore::passwordRead, this, [this](const QString& key, const QString& password) {
        if (key != m_key || !m_edit->text().isEmpty())
            return; // the user moved on, or typed one meanwhile
        m_edit->setText(password);
        m_keyringKey = key;
        showStatus(tr("Password for %1 read from the system keyring.").arg(key));
    });
    connect(m_store, &PasswordStore::notFound, this, [this](const QString& key) {
        showStatus(tr(
            "The system keyring holds no password for %1 yet; it is saved there once a Test or a run with it "
            "works.")
                       .arg(key));
    });
    connect(m_store, &PasswordStore::written, this, [this](const QString& key) {
        showStatus(tr("Password for %1 saved in the system keyring.").arg(key));
    });
    connect(m_store, &PasswordStore::removed, this, [this](const QString& key) {
        showStatus(tr("Password for %1 removed from the system keyring.").arg(key));
    });
    connect(m_store, &PasswordStore::failed, this, [this](const QString& key, const QString& message) {
        if (m_keyringKey == key)
            m_keyringKey.clear();
        showStatus(tr(
            "The system keyring failed for %1 (%2): the password is asked for each session and never saved.")
                       .arg(key, message));
    });
}

QString PasswordField::password() const
{
    return m_edit->text();
}

void PasswordField::setPassword(const QString& password)
{
    m_edit->setText(password);
    m_keyringKey.clear();
}

bool PasswordField::remembers() const
{
    return m_remember->isChecked();
}

void PasswordField::setRemembers(bool remember)
{
    m_remember->setChecked(remember);
    lookUp();
}

void PasswordField::setKey(const QString& key)
{
    if (key == m_key)
        return;
    if (!m_keyringKey.isEmpty()) {
        m_edit->clear(); // the keyring's password of another account
        m_keyringKey.clear();
    }
    m_key = key;
    lookUp();
}

void PasswordField::connectionUsed()
{
    if (!m_remember->isChecked() || m_store->availability() != PasswordStore::Availability::Available
        || m_key.isEmpty() || m_edit->text().isEmpty() || m_keyringKey == m_key)
        return;
    m_keyringKey = m_key; // cleared again if the write fails
    m_store->write(m_key, m_edit->text());
}

QString PasswordField::status() const
{
    return m_status->text();
}

void PasswordField::keyringAvailabilityChanged()
{
    const bool available = m_store->availability() == PasswordStore::Availability::Available;
    m_remember->setEnabled(available);
    m_remember->setToolTip(available
            ? tr("Keep the password in %1, never in the lab's settings").arg(m_store->availabilityMessage())
            : tr("Unavailable: %1").arg(m_store->availabilityMessage()));
    if (available) {
        showStatus(tr("Passwords can be kept in %1: tick Remember.").arg(m_store->availabilityMessage()));
        lookUp();
    } else {
        showStatus(tr("No system keyring (%1): the password is asked for each session and never saved.")
                       .arg(m_store->availabilityMessage()));
    }
}

void PasswordField::lookUp()
{
    if (!m_remember->isChecked() || m_store->availability() != PasswordStore::Availability::Available
        || m_key.isEmpty())
        return;
    if (!m_edit->text().isEmpty()) {
        if (m_keyringKey != m_key)
            showStatus(
                tr("The password for %1 is saved in the system keyring once a Test or a run with it works.")
                    .arg(m_key));
        return;
    }
    showStatus(tr("Reading the password for %1 from the system keyring…").arg(m_key));
    m_store->read(m_key);
}

void PasswordField::showStatus(const QString& text)
{
    m_status->setText(text);
    m_status->setToolTip(text);
}
