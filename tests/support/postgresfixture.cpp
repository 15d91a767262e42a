#include "tests/support/postgresfixture.h"

#include "app/server/embeddedpostgres.h"
#include "app/server/embeddedserver.h"

#include <memory>

namespace PostgresFixture {

EmbeddedPostgres& server()
{
    // Stopped as the test binary exits, after every test function.
    static const std::unique_ptr<EmbeddedPostgres> instance
        = std::make_unique<EmbeddedPostgres>(EmbeddedServer::defaultDataRoot());
    return *instance;
}

bool ensureStarted(QString* error)
{
    return server().start(error);
}

ConnectionParams params(const QString& database)
{
    return server().connectionParams(database);
}

} // namespace PostgresFixture
