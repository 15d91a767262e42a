#pragma once

#include "app/db/connectionparams.h"
#include "ui/passwords/keyringworker.h"

#include <QObject>
#include <QString>

// Server passwords in the desktop's keyring (the Secret Service on the D-Bus session bus,
// through QtKeychain), and nowhere else: QtKeychain's plain-text fallback stays off. Every
// call returns at once; the keyring is looked for and spoken to on a thread of its own
// (KeyringWorker), so that neither D-Bus nor an unlock prompt can stall the window.
class PasswordStore : public QObject {
    Q_OBJECT
public:
    enum class Availability { Checking, Available, Unavailable };
    Q_ENUM(Availability)

    explicit PasswordStore(QObject* parent = nullptr);
    ~PasswordStore() override;

    Availability availability() const { return m_availability; }
    // Which keyring answers, or why there is none.
    QString availabilityMessage() const { return m_availabilityMessage; }

    // One entry per account and server, whatever the database: "user@host:port" or
    // "user@socket /path".
    static QString keyFor(const ConnectionParams& params);

    // Each call is answered by exactly one of the signals below, naming its key. Until the
    // keyring is Available, failed() answers at once.
    void read(const QString& key);
    void write(const QString& key, const QString& password);
    void remove(const QString& key);

signals:
    void availabilityChanged(PasswordStore::Availability availability, const QString& message);
    void passwordRead(const QString& key, const QString& password);
    void notFound(const QString& key);
    void written(const QString& key);
    void removed(const QString& key);
    void failed(const QString& key, const QString& message);

private:
    void start(KeyringWorker::Operation operation, const QString& key, const QString& password);

    KeyringWorker* m_worker; // lives on the keyring thread
    Availability m_availability = Availability::Checking;
    QString m_availabilityMessage;
};
