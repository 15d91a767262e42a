#include "ui/passwords/keyringworker.h"

#include <qt6keychain/keychain.h>

#include <QCoreApplication>
#include <QDBusConnection>
#include <QDBusError>
#include <QDBusMessage>
#include <QFileInfo>
#include <QLibrary>
#include <QThread>

namespace {

const QString kService = QStringLiteral("lockbench");
const QString kSecretService = QStringLiteral("org.freedesktop.secrets");

QThread* s_thread = nullptr;

void stopKeyringThread()
{
    s_thread->quit();
    s_thread->wait();
    delete s_thread;
    s_thread = nullptr;
}

QThread* keyringThread()
{
    if (!s_thread) {
        s_thread = new QThread;
        s_thread->setObjectName(QStringLiteral("keyring"));
        s_thread->start();
        qAddPostRoutine(stopKeyringThread); // runs as the application object goes
    }
    return s_thread;
}

// A blocking D-Bus call with a short timeout: this runs on the keyring thread only.
QVariant busCall(QDBusConnection& bus, const QString& method, const QVariantList& arguments)
{
    QDBusMessage message = QDBusMessage::createMethodCall(QStringLiteral("org.freedesktop.DBus"),
        QStringLiteral("/org/freedesktop/DBus"), QStringLiteral("org.freedesktop.DBus"), method);
    message.setArguments(arguments);
    const QDBusMessage reply = bus.call(message, QDBus::Block, 2000);
    return reply.type() == QDBusMessage::ReplyMessage ? reply.arguments().value(0) : QVariant();
}

} // namespace

KeyringWorker* KeyringWorker::create()
{
    auto* worker = new KeyringWorker;
    worker->moveToThread(keyringThread());
    return worker;
}

void KeyringWorker::probe()
{
    // Without a session bus address libdbus would try to autolaunch one: check first.
    const QString runtimeBus = qEnvironmentVariable("XDG_RUNTIME_DIR") + QStringLiteral("/bus");
    if (qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS")
        && (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR") || !QFileInfo::exists(runtimeBus))) {
        emit probed(false, tr("there is no D-Bus session bus"));
        return;
    }
    // QtKeychain reaches the Secret Service through libsecret, which it loads at run time.
    QLibrary libsecret(QStringLiteral("secret-1"), 0);
    if (!libsecret.load()) {
        emit probed(false, tr("libsecret is not installed"));
        return;
    }
    QDBusConnection bus = QDBusConnection::sessionBus();
    if (!bus.isConnected()) {
        emit probed(false, tr("the D-Bus session bus does not answer (%1)").arg(bus.lastError().message()));
        return;
    }
    if (busCall(bus, QStringLiteral("NameHasOwner"), { kSecretService }).toBool()
        || busCall(bus, QStringLiteral("ListActivatableNames"), {}).toStringList().contains(kSecretService)) {
        emit probed(true, tr("the system keyring (Secret Service)"));
        return;
    }
    emit probed(false, tr("no keyring (Secret Service) runs on the D-Bus session bus"));
}

void KeyringWorker::run(Operation operation, const QString& key, const QString& password)
{
    QKeychain::Job* job = nullptr;
    switch (operation) {
    case Operation::Read:
        job = new QKeychain::ReadPasswordJob(kService, this);
        break;
    case Operation::Write: {
        auto* write = new QKeychain::WritePasswordJob(kService, this);
        write->setTextData(password);
        job = write;
        break;
    }
    case Operation::Remove:
        job = new QKeychain::DeletePasswordJob(kService, this);
        break;
    }
    job->setInsecureFallback(false); // never the plain-text QSettings store
    job->setAutoDelete(true);
    job->setKey(key);
    connect(job, &QKeychain::Job::finished, this, [this, operation, key](QKeychain::Job* finished) {
        const QKeychain::Error error = finished->error();
        const bool found = error != QKeychain::EntryNotFound;
        const bool ok
            = error == QKeychain::NoError || !found; // nothing under the key is an answer, not a failure
        QString read;
        if (error == QKeychain::NoError && operation == Operation::Read)
            read = static_cast<QKeychain::ReadPasswordJob*>(finished)->textData();
        emit answered(operation, key, ok, found, ok ? QString() : finished->errorString(), read);
    });
    job->start();
}
