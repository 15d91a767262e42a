#include "app/server/servercheck.h"

#include "app/db/databaseconnection.h"
#include "app/db/labdatabase.h"

ServerCheck ServerCheck::run(const ConnectionParams& params, Depth depth)
{
    ServerCheck check;
    DatabaseConnection connection;
    if (!connection.open(params, false)) {
        const DatabaseError& error = connection.lastError();
        QString why = error.message;
        if (error.code == 1045)
            why = tr("wrong user name or password (%1)").arg(error.message);
        else if (error.code == 2002 || error.code == 2003 || error.code == 2005)
            why = tr("the server is unreachable (%1)").arg(error.message);
        else if (error.code == 2013 && error.message.contains(QLatin1String("handshake")))
            why = tr("the server is unreachable: nothing answered at that address within the connect "
                     "timeout (%1)")
                      .arg(error.message);
        check.message = tr("Cannot connect to %1: %2").arg(params.maskedUrl(), why);
        return check;
    }
    check.version = connection.serverVersion();
    connection.close();
    if (depth == Depth::Connect) {
        check.ok = true;
        check.message = tr("Connected to %1, server %2").arg(params.maskedUrl(), check.version);
        return check;
    }
    LabDatabase database(params);
    QString error;
    if (!database.open(&error)) {
        check.message = tr("Connected to %1 (%2), but the lab cannot run there: %3")
                            .arg(params.maskedUrl(), check.version, error);
        return check;
    }
    check.ok = true;
    check.message = tr("Ready: %1, server %2, database %3 (InnoDB)")
                        .arg(params.maskedUrl(), check.version, params.database);
    return check;
}
