#pragma once

#include <QWidget>

class PasswordStore;
class QCheckBox;
class QLabel;
class QLineEdit;

// The server password: a masked line edit, "Remember in the system keyring", and a line
// saying where the password comes from and goes. With a keyring (PasswordStore) and the
// box ticked, the password of the current account is read from the keyring when the field
// is empty, and saved there once a connection with it worked. Without a keyring, or when
// the keyring fails, it is asked for each session and never written anywhere.
class PasswordField : public QWidget {
    Q_OBJECT
public:
    explicit PasswordField(QWidget* parent = nullptr);

    QString password() const;
    void setPassword(const QString& password);
    bool remembers() const;
    void setRemembers(bool remember);
    // The account the password belongs to (PasswordStore::keyFor), or empty while there is none.
    void setKey(const QString& key);
    void connectionUsed();
    QString status() const;
    PasswordStore* store() const { return m_store; }

private:
    void keyringAvailabilityChanged();
    void lookUp();
    void showStatus(const QString& text);

    QLineEdit* m_edit;
    QCheckBox* m_remember;
    QLabel* m_status;
    PasswordStore* m_store;
    QString m_key;
    QString m_keyringKey; // the key whose keyring entry the field holds, empty when typed since
};
