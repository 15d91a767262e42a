#include "app/db/driverwarnings.h"

#include <QString>
#include <QtGlobal>

namespace DriverWarnings {

namespace {

QtMessageHandler g_previous = nullptr;

void handle(QtMsgType type, const QMessageLogContext& context, const QString& message)
{
    if (type == QtWarningMsg && message.startsWith(QLatin1String("Unable to free statement: ")))
        return;
    g_previous(type, context, message);
}

} // namespace

void quietenLostStatementFrees()
{
    if (!g_previous)
        g_previous = qInstallMessageHandler(handle);
}

} // namespace DriverWarnings
