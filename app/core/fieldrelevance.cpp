#include "app/core/fieldrelevance.h"

#include "app/core/experimentfields.h"
#include "app/core/fieldlabels.h"

QString FieldRelevance::whyUnused(
    const QString& name, const Experiment& experiment, const ServerShape& server)
{
    if (const auto condition = ExperimentFields::unusedIn(name, experiment)) {
        QStringList values;
        for (const QString& value : condition->values)
            values << tr("“%1”").arg(FieldLabels::valueLabel(condition->field, value));
        const QString last = values.takeLast();
        const QString wanted = values.isEmpty()
            ? last
            : tr("%1 or %2", "values of a setting: the first ones comma-separated, then the last")
                  .arg(values.join(tr(", ")), last);
        return tr("Plays no part here: used only when “%1” is %2.")
            .arg(FieldLabels::label(condition->field), wanted);
    }
    return unusedOn(name, server);
}

QString FieldRelevance::unusedOn(const QString& name, const ServerShape& server)
{
    const ExperimentField* field = ExperimentFields::find(name);
    if (!field)
        return {};
    if (needs(field->server, ServerScope::Cluster) && server.nodes < 2)
        return tr("Plays no part here: used only on a cluster, and the server chosen is a single one.");
    if (needs(field->server, ServerScope::OneServer) && server.nodes > 1)
        return tr("Plays no part here: used only on a single server, since each node of a cluster "
                  "numbers its connections on its own.");
    if (needs(field->server, ServerScope::InnoDb) && server.postgres)
        return tr("Plays no part here: an InnoDB setting, which PostgreSQL does not have.");
    if (needs(field->server, ServerScope::LabsOwn) && !server.labsOwn)
        return tr("Plays no part here: it changes the whole server, so the lab sets it only on the "
                  "servers it starts itself, not on a server given by URL.");
    return {};
}

QString FieldRelevance::unreadByChosen(const QString& name, const StrategyNeeds& needs)
{
    const auto readers = needs.unreadFields.constFind(name);
    if (readers == needs.unreadFields.cend())
        return {};
    return tr("Plays no part here: used only by the strategies %1, none of which is ticked.")
        .arg(readers->join(QStringLiteral(", ")));
}
