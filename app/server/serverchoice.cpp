#include "app/server/serverchoice.h"

#include "app/core/quotedvalue.h"
#include "app/server/embeddedcluster.h"

#include <QRegularExpression>

#include <algorithm>

std::optional<ServerChoice> ServerChoice::parse(
    const QString& text, const QString& database, const QString& password, QString* error)
{
    const QString trimmed = text.trimmed();
    if (trimmed == QLatin1String("embedded"))
        return embedded();
    if (trimmed == QLatin1String("postgres") || trimmed == QLatin1String("postgresql"))
        return postgres();
    static const QRegularExpression clusterPattern(QStringLiteral("^cluster(?::(\\d+))?$"));
    if (const QRegularExpressionMatch match = clusterPattern.match(trimmed); match.hasMatch()) {
        const int nodes
            = match.captured(1).isEmpty() ? EmbeddedCluster::kDefaultNodes : match.captured(1).toInt();
        if (nodes < 2 || nodes > EmbeddedCluster::kMaxNodes) {
            *error = tr("a cluster has 2 to %1 nodes (got %2)")
                         .arg(EmbeddedCluster::kMaxNodes)
                         .arg(QuotedValue::quoted(match.captured(1)));
            return std::nullopt;
        }
        return cluster(nodes);
    }
    std::optional<ConnectionParams> params = ConnectionParams::fromUrl(trimmed, error);
    if (!params)
        return std::nullopt;
    if (params->database.isEmpty())
        params->database = database;
    if (params->password.isEmpty())
        params->password = password.isEmpty() ? qEnvironmentVariable("LOCKBENCH_PASSWORD") : password;
    return at(*params);
}

std::optional<QList<ServerChoice>> ServerChoice::parseList(
    const QString& text, const QString& database, const QString& password, QString* error)
{
    // A comma begins another server only before a name of the lab's own servers or a scheme:
    // "mysql://u@h1:3306,h2:3306/db" is one cluster.
    static const QRegularExpression nextServer(QStringLiteral(
        ",(?=\\s*(?:embedded|postgres(?:ql)?|cluster(?::\\d+)?)\\s*(?:,|$)|\\s*[A-Za-z][A-Za-z0-9+.-]*://)"));
    QList<ServerChoice> choices;
    for (const QString& part : text.split(nextServer)) {
        const std::optional<ServerChoice> one = parse(part, database, password, error);
        if (!one)
            return std::nullopt;
        if (choices.contains(*one)) {
            *error = tr("%1 is named twice").arg(QuotedValue::quoted(part.trimmed()));
            return std::nullopt;
        }
        choices.append(*one);
    }
    return choices;
}

QString ServerChoice::name() const
{
    return own ? own->name() : url.maskedUrl();
}

int ServerChoice::nodeCount() const
{
    return own ? std::max(own->clusterNodes, 1) : url.nodeCount();
}

bool ServerChoice::operator==(const ServerChoice& other) const
{
    if (own || other.own)
        return own == other.own;
    return url.endpoint() == other.url.endpoint() && url.user == other.url.user
        && url.password == other.url.password && url.database == other.url.database;
}
