#pragma once

#include <QLockFile>
#include <QString>

#include <memory>

namespace LabDirectoryLock {

// One lab at a time in a server's directory: its lock file "lab.lock", held until the pointer
// dies (a lab that died abruptly leaves a lock the next one takes over); null when another
// lab holds it, with that lab's process id in `holder`.
std::unique_ptr<QLockFile> take(const QString& directory, qint64* holder);

} // namespace LabDirectoryLock
