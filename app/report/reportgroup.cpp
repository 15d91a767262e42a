#include "app/report/reportgroup.h"

#include "app/core/experimentfields.h"
#include "app/core/experimentjson.h"

#include <QJsonDocument>

namespace {

QByteArray keyOf(const Experiment& experiment)
{
    Experiment common = experiment;
    common.threads = 0;
    common.slotsPerSku = 0;
    common.skus = 0;
    return QJsonDocument(ExperimentJson::toJson(common)).toJson(QJsonDocument::Compact);
}

} // namespace

bool ReportGroup::manySources() const
{
    for (const SourcedResult& row : rows) {
        if (row.source != rows.first().source)
            return true;
    }
    return false;
}

QList<ReportGroup> ReportGroup::split(const QList<SourcedResult>& rows)
{
    QList<ReportGroup> groups;
    QList<QByteArray> keys;
    for (const SourcedResult& row : rows) {
        const QByteArray key = keyOf(row.result.experiment);
        qsizetype index = keys.indexOf(key);
        if (index < 0) {
            keys.append(key);
            groups.append({ row.result.experiment, {}, {} });
            index = groups.size() - 1;
        }
        groups[index].rows.append(row);
    }
    for (ReportGroup& group : groups) {
        const Experiment& first = group.rows.first().result.experiment;
        const auto differs = [&](auto member) {
            for (const SourcedResult& row : group.rows) {
                if (row.result.experiment.*member != first.*member)
                    return true;
            }
            return false;
        };
        if (differs(&Experiment::threads))
            group.varying << QStringLiteral("threads");
        if (differs(&Experiment::slotsPerSku))
            group.varying << QStringLiteral("slots");
        if (differs(&Experiment::skus))
            group.varying << QStringLiteral("skus");
    }
    return groups;
}
