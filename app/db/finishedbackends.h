#pragma once

#include <QString>

#include <chrono>
#include <functional>
#include <optional>
#include <vector>

// PostgreSQL shows a transaction's end to other sessions only once its backend has finished
// it, and a backend whose client is gone may still be committing: the COMMIT (or an
// autocommitted statement) reached it before the connection broke, and a lookup would find the
// order's row missing while it is on its way. So before the orders table is asked what
// committed, the backends that served the lost connections are waited for until they are
// gone. One still there after a grace (a client cut off by the network leaves its backend
// idle in its transaction) is ended with pg_terminate_backend, which settles the transaction
// either way: rolled back, or committed if its commit was already under way.
namespace FinishedBackends {

// Runs a statement that returns one number, on the caller's connection; nullopt when it failed.
using CountQuery = std::function<std::optional<long long>(const QString& sql)>;
using Sleep = std::function<void(std::chrono::milliseconds)>;

struct Wait {
    std::chrono::milliseconds grace { 1000 }; // waited for before the backends are ended
    std::chrono::milliseconds limit { 30000 }; // given up on after this long
};

// True once none of `pids` is a backend of this server any more (the asking connection's own
// pid aside); false when the server could not be asked or they outlasted `wait.limit`.
bool await(
    const std::vector<unsigned long>& pids, const CountQuery& count, const Sleep& sleep, Wait wait = {});

// The statement that counts the backends of `pids` still there, ending them when `end`.
QString leftSql(const std::vector<unsigned long>& pids, bool end);

} // namespace FinishedBackends
