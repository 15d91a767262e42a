#include "app/core/placement.h"

#include "app/core/quotedvalue.h"

#include <QStringList>

#include <algorithm>
#include <numeric>

namespace {

const QLatin1String kRoundRobin("round-robin");
constexpr int kMaxWeight = 1000;

} // namespace

std::optional<Placement> Placement::parse(const QString& text, QString* error)
{
    if (text == kRoundRobin)
        return roundRobin();
    Placement placement;
    for (const QString& part : text.split(QLatin1Char(':'))) {
        bool ok = false;
        const int weight = part.toInt(&ok);
        if (!ok || weight < 0 || weight > kMaxWeight || part.trimmed() != part) {
            *error = tr("must be round-robin or one weight per node, such as 1:1:0 (got %1)")
                         .arg(QuotedValue::quoted(text));
            return std::nullopt;
        }
        placement.m_weights << weight;
    }
    if (std::none_of(placement.m_weights.begin(), placement.m_weights.end(), [](int w) { return w > 0; })) {
        *error = tr("at least one node must have clients (got %1)").arg(QuotedValue::quoted(text));
        return std::nullopt;
    }
    return placement;
}

QString Placement::text() const
{
    if (isRoundRobin())
        return kRoundRobin;
    QStringList parts;
    for (int weight : m_weights)
        parts << QString::number(weight);
    return parts.join(QLatin1Char(':'));
}

QString Placement::problemFor(int nodes) const
{
    if (isRoundRobin() || m_weights.size() == nodes)
        return {};
    return tr("%1 names %2 nodes, but the cluster has %3").arg(text()).arg(m_weights.size()).arg(nodes);
}

QList<int> Placement::clientsPerNode(int clients, int nodes) const
{
    QList<int> counts(nodes, 0);
    if (nodes <= 0)
        return counts;
    if (isRoundRobin() || m_weights.size() != nodes) {
        for (int node = 0; node < nodes; ++node)
            counts[node] = clients / nodes + (node < clients % nodes ? 1 : 0);
        return counts;
    }
    const long long total = std::accumulate(m_weights.begin(), m_weights.end(), 0LL);
    QList<long long> remainders(nodes, 0);
    int given = 0;
    for (int node = 0; node < nodes; ++node) {
        const long long share = static_cast<long long>(clients) * m_weights[node];
        counts[node] = static_cast<int>(share / total);
        remainders[node] = share % total;
        given += counts[node];
    }
    QList<int> order(nodes);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return remainders[a] > remainders[b]; });
    for (int i = 0; given < clients; ++i, ++given)
        ++counts[order[i % nodes]];
    return counts;
}

int Placement::nodeOf(int index, int clients, int nodes) const
{
    if (nodes <= 1)
        return 0;
    if (isRoundRobin())
        return index % nodes;
    const QList<int> counts = clientsPerNode(clients, nodes);
    int end = 0;
    for (int node = 0; node < nodes; ++node) {
        end += counts[node];
        if (index < end)
            return node;
    }
    return nodes - 1;
}
