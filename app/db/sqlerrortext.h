#pragma once

#include <QSqlError>
#include <QString>

// A server error that came through Qt's SQL drivers, as the lab quotes it: the server's own
// message on one line, without libpq's severity ("FATAL:  terminating connection …" reads
// "terminating connection …") and without the driver's own words ("QPSQL: Unable to create
// query"), which say nothing the message does not. A terminated backend's FATAL would otherwise
// stand in the console's table as if libpq had printed it there.
namespace SqlErrorText {

QString of(const QSqlError& error);

} // namespace SqlErrorText
