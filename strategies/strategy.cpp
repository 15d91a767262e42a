#include "strategy.h"

#include "labschema.h"

QStringList Strategy::schemaSql() const
{
    return LabSchema::createStatements(layout());
}
