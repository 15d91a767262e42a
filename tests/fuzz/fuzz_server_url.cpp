// libFuzzer target: the server URL of --server and the window's Server panel. No input may
// crash; a refused URL is never echoed (it may hold a password); an accepted one has a masked
// form without its password that names the same account and server again.
#include "app/db/connectionparams.h"
#include "tests/fuzz/fuzzcheck.h"

#include <QStringList>

#include <cstddef>
#include <cstdint>

namespace {

// Every refusal is one of the messages these URLs get, whatever else the text holds: no part
// of a refused URL, a password least of all, is ever echoed. A new kind of refusal needs an
// example here.
const QStringList& refusals()
{
    static const QStringList messages = [] {
        QStringList list;
        for (const char* example : { "", "http://u:p@h/db", "mysql://h/db", "mysql://u:p@/db",
                 "mysql://u:p@h:0/db", "mysql://u:p@h/a-b" }) {
            QString error;
            ConnectionParams::fromUrl(QString::fromLatin1(example), &error);
            list << error;
        }
        return list;
    }();
    return messages;
}

void checkRefused(const QString& error)
{
    FUZZ_REQUIRE(refusals().contains(error), "%s", qPrintable(error));
}

void checkMasked(const ConnectionParams& params)
{
    const QString masked = params.maskedUrl();
    if (!params.password.isEmpty()) {
        // The masked URL is the URL of the same account without a password, plus ":***": so
        // nothing of the password is in it, though its text may recur in the user name or host.
        ConnectionParams bare = params;
        bare.password.clear();
        const qsizetype mask = masked.indexOf(QStringLiteral(":***@"));
        FUZZ_REQUIRE(mask >= 0, "%s", qPrintable(masked));
        FUZZ_REQUIRE(masked.left(mask) + masked.mid(mask + 4) == bare.maskedUrl(), "%s", qPrintable(masked));
    }
    QString error;
    const std::optional<ConnectionParams> again = ConnectionParams::fromUrl(masked, &error);
    FUZZ_REQUIRE(again.has_value(), "%s: %s", qPrintable(masked), qPrintable(error));
    FUZZ_REQUIRE(again->user == params.user, "%s", qPrintable(masked));
    FUZZ_REQUIRE(again->password == (params.password.isEmpty() ? QString() : QStringLiteral("***")), "%s",
        qPrintable(masked));
    FUZZ_REQUIRE(again->host == (params.host.isEmpty() ? QStringLiteral("localhost") : params.host), "%s",
        qPrintable(masked));
    FUZZ_REQUIRE(again->socket == params.socket, "%s", qPrintable(masked));
    FUZZ_REQUIRE(!params.socket.isEmpty() || again->port == params.port, "%s", qPrintable(masked));
    FUZZ_REQUIRE(again->database == params.database, "%s", qPrintable(masked));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QString text = QString::fromUtf8(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    QString error;
    const std::optional<ConnectionParams> params = ConnectionParams::fromUrl(text, &error);
    if (!params) {
        checkRefused(error);
        return 0;
    }
    FUZZ_REQUIRE(!params->user.isEmpty());
    FUZZ_REQUIRE(params->port >= 1 && params->port <= 65535, "%d", params->port);
    FUZZ_REQUIRE(!params->host.isEmpty() || !params->socket.isEmpty());
    checkMasked(*params);
    FUZZ_REQUIRE(!params->endpoint().isEmpty());
    return 0;
}
