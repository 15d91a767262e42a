#include "strategies/strategy.h"

#include "app/db/labschema.h"

QStringList Strategy::schemaSql() const
{
    return LabSchema::createStatements(layout());
}
