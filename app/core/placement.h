#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>

// How a run's clients are spread over the nodes of a cluster: round robin, or a split by
// weights, one per node ("1:1:0": half on node 1, half on node 2, none on node 3; "1:0:0": all
// on node 1). Written and read as the --placement flag has it.
class Placement {
    Q_DECLARE_TR_FUNCTIONS(Placement)

public:
    static Placement roundRobin() { return {}; }
    // "round-robin" or weights "W1:W2:…" (whole numbers ≥ 0, at least one above 0); nullopt
    // with `error` otherwise.
    static std::optional<Placement> parse(const QString& text, QString* error);
    QString text() const;

    bool isRoundRobin() const { return m_weights.isEmpty(); }
    const QList<int>& weights() const { return m_weights; }
    // Empty when the placement fits a cluster of `nodes` nodes, else why not.
    QString problemFor(int nodes) const;
    // How many of `clients` go to each of `nodes` nodes: in proportion to the weights, the
    // remainders to the largest fractions (ties to the lower node), so the counts add up.
    QList<int> clientsPerNode(int clients, int nodes) const;
    // The node (0-based) of client `index`: round robin interleaves; a split gives each node a
    // consecutive block of clients.
    int nodeOf(int index, int clients, int nodes) const;

    friend bool operator==(const Placement&, const Placement&) = default;

private:
    QList<int> m_weights; // empty: round robin
};
