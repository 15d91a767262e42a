#include "app/core/nodeagreement.h"

#include <QStringList>

#include <cstdint>

namespace {

struct AuditFigure {
    std::int64_t AuditResult::*value;
    const char* name;
};

// Every figure of an audit that says something about the data; skus, initial stock and
// sellable SKUs follow from these.
constexpr AuditFigure kAuditFigures[] = {
    { &AuditResult::remaining, QT_TRANSLATE_NOOP("NodeAgreement", "units of stock") },
    { &AuditResult::sold, QT_TRANSLATE_NOOP("NodeAgreement", "units sold") },
    { &AuditResult::orderRows, QT_TRANSLATE_NOOP("NodeAgreement", "order rows") },
    { &AuditResult::oversold, QT_TRANSLATE_NOOP("NodeAgreement", "units oversold") },
    { &AuditResult::lostUpdates, QT_TRANSLATE_NOOP("NodeAgreement", "lost updates") },
    { &AuditResult::unrecordedDecrements,
        QT_TRANSLATE_NOOP("NodeAgreement", "units taken with no order row") },
    { &AuditResult::negativeSkus, QT_TRANSLATE_NOOP("NodeAgreement", "SKUs below zero") },
};

} // namespace

QString NodeAgreement::disagreement(int node, const AuditResult& mine, const AuditResult& reference)
{
    QStringList differences;
    for (const AuditFigure& figure : kAuditFigures) {
        if (mine.*figure.value != reference.*figure.value)
            differences << tr("%1 %2 (the run's audit: %3)")
                               .arg(mine.*figure.value)
                               .arg(tr(figure.name))
                               .arg(reference.*figure.value);
    }
    if (differences.isEmpty())
        return {};
    return tr("node %1's own audit differs from the run's: %2").arg(node).arg(differences.join(tr(", ")));
}
