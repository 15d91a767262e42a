#pragma once

#include <QObject>
#include <QString>

// The half of PasswordStore that lives on the keyring thread: it looks for a Secret Service
// on the D-Bus session bus and runs the QtKeychain jobs, answering by queued signal.
// QtKeychain queues its jobs on the thread that first used it, so one keyring thread serves
// the whole process; it is stopped when the application ends.
class KeyringWorker : public QObject {
    Q_OBJECT
public:
    enum class Operation { Read, Write, Remove };
    Q_ENUM(Operation)

    // A new worker, already moved to the keyring thread. Call its functions only there
    // (QMetaObject::invokeMethod), and end it with deleteLater().
    static KeyringWorker* create();

    void probe();
    void run(KeyringWorker::Operation operation, const QString& key, const QString& password);

signals:
    void probed(bool available, const QString& message);
    // `found` is false for a read of a key that holds nothing; `password` is set by reads only.
    void answered(KeyringWorker::Operation operation, const QString& key, bool ok, bool found,
        const QString& message, const QString& password);

private:
    KeyringWorker() = default;
};
