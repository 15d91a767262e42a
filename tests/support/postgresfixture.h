#pragma once

#include "app/db/connectionparams.h"

#include <QString>

class EmbeddedPostgres;

// The private PostgreSQL for integration tests, started once per test binary by the same code
// the lab uses, beside the test's MariaDB data (the directory ctest names with LOCKBENCH_DATA_DIR).
namespace PostgresFixture {

// Starts the server on first use; QFAIL-friendly: returns false with `error` set.
bool ensureStarted(QString* error);
EmbeddedPostgres& server();
ConnectionParams params(const QString& database = QStringLiteral("lockbench"));

} // namespace PostgresFixture
