#pragma once

#include "app/core/experiment.h"
#include "app/core/experimentfields.h"

#include <QList>
#include <QString>
#include <QStringList>

// What tst_experiment and tst_experimentfile share: setting fields as the CLI does, and
// reading the errors that come back.
namespace ExperimentHelpers {

// Applies "name=value" assignments the way the CLI does; returns every error on the way.
inline QList<FieldError> applyAll(Experiment& experiment, const QStringList& assignments)
{
    QList<FieldError> errors;
    for (const QString& assignment : assignments) {
        const qsizetype equals = assignment.indexOf(QLatin1Char('='));
        if (auto error
            = ExperimentFields::set(experiment, assignment.left(equals), assignment.mid(equals + 1)))
            errors.append(*error);
    }
    return errors;
}

inline QStringList fieldsOf(const QList<FieldError>& errors)
{
    QStringList fields;
    for (const FieldError& error : errors)
        fields.append(error.field);
    fields.sort();
    return fields;
}

inline QString describe(const QList<FieldError>& errors)
{
    QStringList lines;
    for (const FieldError& error : errors)
        lines.append(error.field + QStringLiteral(": ") + error.message);
    return lines.join(QStringLiteral("; "));
}

// The rules of a slotted strategy, which the field rows assume: there the slots must fit the stock.
inline StrategyNeeds slotted()
{
    return { { QStringLiteral("slotted") }, {}, {}, {}, {} };
}

} // namespace ExperimentHelpers
