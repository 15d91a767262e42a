#include "app/server/labdirectorylock.h"

namespace LabDirectoryLock {

std::unique_ptr<QLockFile> take(const QString& directory, qint64* holder)
{
    auto lock = std::make_unique<QLockFile>(directory + QStringLiteral("/lab.lock"));
    lock->setStaleLockTime(0);
    if (lock->tryLock(0))
        return lock;
    QString host;
    QString app;
    lock->getLockInfo(holder, &host, &app);
    return nullptr;
}

} // namespace LabDirectoryLock
