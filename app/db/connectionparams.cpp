#include "app/db/connectionparams.h"

#include <QRegularExpression>
#include <QUrl>
#include <QUrlQuery>

std::optional<ConnectionParams> ConnectionParams::fromUrl(const QString& text, QString* error)
{
    // QUrl takes one host: a list of them is split off here, and each is read as its own URL.
    static const QRegularExpression authority(QStringLiteral("^([A-Za-z]+://(?:[^@/?#]*@)?)([^/?#]*)(.*)$"));
    const QRegularExpressionMatch parts = authority.match(text.trimmed());
    const QStringList hosts = parts.hasMatch() ? parts.captured(2).split(QLatin1Char(',')) : QStringList();
    if (hosts.size() <= 1)
        return fromOneHost(text, error);
    std::optional<ConnectionParams> first;
    QList<Node> nodes;
    for (const QString& host : hosts) {
        if (host.isEmpty())
            return refuse(tr("an empty host in the list of hosts"), error);
        std::optional<ConnectionParams> one
            = fromOneHost(parts.captured(1) + host + parts.captured(3), error);
        if (!one)
            return std::nullopt;
        if (!one->socket.isEmpty())
            return refuse(tr("a list of hosts cannot use a socket"), error);
        if (one->isPostgres())
            return refuse(tr("a PostgreSQL URL names one server"), error);
        nodes.append({ one->host, one->port, QString(), 0, QString() });
        if (!first)
            first = one;
    }
    first->nodes = nodes;
    return first;
}

std::optional<ConnectionParams> ConnectionParams::refuse(const QString& why, QString* error)
{
    // The raw text may hold a password: never echo it back.
    *error = tr("bad server URL: %1 (expected mysql://user:password@host:port/database or "
                "postgres://user:password@host:5432/database)")
                 .arg(why);
    return std::nullopt;
}

std::optional<ConnectionParams> ConnectionParams::fromOneHost(const QString& text, QString* error)
{
    const auto fail = [error](const QString& why) { return refuse(why, error); };
    const QUrl url(text.trimmed(), QUrl::StrictMode);
    if (!url.isValid())
        return fail(tr("it does not parse as a URL"));
    const QString scheme = url.scheme().toLower();
    const bool postgres = scheme == QLatin1String("postgres") || scheme == QLatin1String("postgresql");
    if (scheme != QLatin1String("mysql") && scheme != QLatin1String("mariadb") && !postgres)
        return fail(tr("the scheme must be mysql://, mariadb:// or postgres://"));

    ConnectionParams params;
    params.engine = postgres ? Engine::Postgres : Engine::MySql;
    params.user = url.userName(QUrl::FullyDecoded);
    params.password = url.password(QUrl::FullyDecoded);
    if (params.user.isEmpty())
        return fail(tr("no user name"));
    const QUrlQuery query(url);
    params.socket = query.queryItemValue(QStringLiteral("socket"), QUrl::FullyDecoded);
    if (postgres && params.socket.isEmpty()
        && query.queryItemValue(QStringLiteral("host"), QUrl::FullyDecoded).startsWith(QLatin1Char('/')))
        params.socket = query.queryItemValue(QStringLiteral("host"), QUrl::FullyDecoded); // libpq's own way
    params.host = url.host(QUrl::FullyDecoded);
    if (params.host.isEmpty() && params.socket.isEmpty())
        return fail(tr("no host"));
    if (url.port() == 0)
        return fail(tr("port 0 is not a server port"));
    params.port = url.port(postgres ? 5432 : 3306);

    params.database.clear(); // the caller's default applies unless the URL names one
    QString path = url.path(QUrl::FullyDecoded);
    if (path.startsWith(QLatin1Char('/')))
        path.remove(0, 1);
    if (!path.isEmpty()) {
        static const QRegularExpression identifier(QStringLiteral("^[A-Za-z0-9_]{1,64}$"));
        if (!identifier.match(path).hasMatch())
            return fail(tr("the database name must be letters, digits or underscores"));
        params.database = path;
    }
    return params;
}

ConnectionParams ConnectionParams::onNode(int index) const
{
    if (index < 0 || index >= nodes.size())
        return *this;
    ConnectionParams params = *this;
    params.host = nodes[index].host;
    params.port = nodes[index].port;
    params.socket = nodes[index].socket;
    params.nodes.clear(); // one node's connection; the cluster stays in the run's parameters
    params.extraPort = 0; // node 1's, not this node's
    return params;
}

ConnectionParams ConnectionParams::outsideThreadPool() const
{
    if (extraPort <= 0)
        return *this;
    ConnectionParams params = *this;
    params.socket.clear();
    params.host = QStringLiteral("127.0.0.1");
    params.port = extraPort;
    return params;
}

QString ConnectionParams::maskedUrl() const
{
    QUrl url;
    url.setScheme(isPostgres() ? QStringLiteral("postgres") : QStringLiteral("mysql"));
    url.setUserName(user);
    if (!password.isEmpty())
        url.setPassword(QStringLiteral("***"));
    url.setHost(host.isEmpty() ? QStringLiteral("localhost") : host);
    if (socket.isEmpty())
        url.setPort(port);
    url.setPath(QLatin1Char('/') + database);
    if (!socket.isEmpty()) {
        // Encoded here, so that a '&', '#', '%' or space in the path stays part of the socket.
        QUrlQuery query;
        query.addQueryItem(
            QStringLiteral("socket"), QString::fromLatin1(QUrl::toPercentEncoding(socket, "/")));
        url.setQuery(query);
    }
    // Fully encoded, so that the masked URL parses again to the same account and server.
    QString text = url.toString(QUrl::FullyEncoded);
    if (nodes.size() > 1 && socket.isEmpty()) {
        QStringList hosts;
        for (const Node& node : nodes)
            hosts << QStringLiteral("%1:%2")
                         .arg(node.host.contains(QLatin1Char(':'))
                                 ? QLatin1Char('[') + node.host + QLatin1Char(']')
                                 : node.host)
                         .arg(node.port);
        const qsizetype at = text.indexOf(QLatin1Char('@')) + 1;
        const qsizetype slash = text.indexOf(QLatin1Char('/'), at);
        text.replace(at, slash - at, hosts.join(QLatin1Char(',')));
    }
    return text;
}

QString ConnectionParams::endpoint() const
{
    if (nodes.size() > 1) {
        QStringList endpoints;
        for (int i = 0; i < nodes.size(); ++i)
            endpoints << onNode(i).endpoint();
        return endpoints.join(QStringLiteral(", "));
    }
    return socket.isEmpty() ? QStringLiteral("%1:%2").arg(host).arg(port)
                            : QStringLiteral("socket %1").arg(socket);
}
