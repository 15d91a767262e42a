#include "app/run/claimworkload.h"
#include "app/db/sqlerrortext.h"

#include <QCoreApplication>
#include <QSqlError>
#include <QSqlQuery>

bool ClaimWorkload::closingFigures(QSqlDatabase control, StrategyResult& result, QString* error)
{
    QSqlQuery query(control);
    if (!query.exec(QStringLiteral("SELECT COUNT(*) FROM tasks WHERE status = 1")) || !query.next()) {
        *error = QCoreApplication::translate("ClaimWorkload", "cannot count the tasks left claimed: %1")
                     .arg(SqlErrorText::of(query.lastError()));
        return false;
    }
    result.strandedTasks = query.value(0).toLongLong();
    return true;
}
