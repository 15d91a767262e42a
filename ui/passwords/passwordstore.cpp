#include "ui/passwords/passwordstore.h"

PasswordStore::PasswordStore(QObject* parent)
    : QObject(parent)
    , m_worker(KeyringWorker::create())
    , m_availabilityMessage(tr("looking for a system keyring…"))
{
    connect(m_worker, &KeyringWorker::probed, this, [this](bool available, const QString& message) {
        m_availability = available ? Availability::Available : Availability::Unavailable;
        m_availabilityMessage = message;
        emit availabilityChanged(m_availability, message);
    });
    connect(m_worker, &KeyringWorker::answered, this,
        [this](KeyringWorker::Operation operation, const QString& key, bool ok, bool found,
            const QString& message, const QString& password) {
            if (!ok)
                emit failed(key, message);
            else if (operation == KeyringWorker::Operation::Read && found)
                emit passwordRead(key, password);
            else if (operation == KeyringWorker::Operation::Read)
                emit notFound(key);
            else if (operation == KeyringWorker::Operation::Write)
                emit written(key);
            else
                emit removed(key);
        });
    QMetaObject::invokeMethod(m_worker, [worker = m_worker] { worker->probe(); });
}

PasswordStore::~PasswordStore()
{
    // Queued after any job still being started; the jobs are its children.
    m_worker->deleteLater();
}

QString PasswordStore::keyFor(const ConnectionParams& params)
{
    return params.user + QLatin1Char('@') + params.endpoint();
}

void PasswordStore::read(const QString& key)
{
    start(KeyringWorker::Operation::Read, key, QString());
}

void PasswordStore::write(const QString& key, const QString& password)
{
    start(KeyringWorker::Operation::Write, key, password);
}

void PasswordStore::remove(const QString& key)
{
    start(KeyringWorker::Operation::Remove, key, QString());
}

void PasswordStore::start(KeyringWorker::Operation operation, const QString& key, const QString& password)
{
    if (m_availability != Availability::Available) {
        QMetaObject::invokeMethod(
            this, [this, key] { emit failed(key, m_availabilityMessage); }, Qt::QueuedConnection);
        return;
    }
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, operation, key, password] { worker->run(operation, key, password); });
}
