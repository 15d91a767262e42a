#pragma once

#include <QString>
#include <QStringList>

// Replaces the password of every URL in a text (scheme://user:password@…) with ***. Server
// error texts can carry connection strings too (FEDERATED and CONNECT tables), so every
// message that leaves the lab goes through this as well as the server URL: the console,
// files, reports and the window's results all mask with this one function.
namespace PasswordMask {

QString mask(const QString& text);
QStringList mask(const QStringList& texts);

} // namespace PasswordMask
