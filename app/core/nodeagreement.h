#pragma once

#include "app/core/auditresult.h"

#include <QCoreApplication>
#include <QString>

// Whether a cluster node's own closing audit says what the run's audit says, figure by figure:
// a node that holds the same stock and orders but found an oversold SKU, a lost update or a
// negative stock that the run's audit did not, disagrees as much as one with other totals.
class NodeAgreement {
    Q_DECLARE_TR_FUNCTIONS(NodeAgreement)

public:
    // Empty when every figure agrees; else one sentence naming each figure that differs, with
    // the node's value and the run's.
    static QString disagreement(int node, const AuditResult& mine, const AuditResult& reference);
};
