#pragma once

// Qt's PostgreSQL driver frees a query's prepared statement when the query goes, and when the
// connection is already gone (a backend terminated, a server restarted) it warns on stderr with
// libpq's raw text ("Unable to free statement: FATAL: terminating connection …"), in the middle
// of the console's table. The server freed the statement with the session, and the lab reports
// the lost connection itself: that one warning is dropped, every other goes on as before.
namespace DriverWarnings {

void quietenLostStatementFrees(); // once, at the start of the process

} // namespace DriverWarnings
