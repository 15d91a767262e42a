#include "app/run/claimworkload.h"
#include "app/db/sqlerrortext.h"

#include <QCoreApplication>
#include <QSqlError>
#include <QSqlQuery>

std::optional<Workload::ClosingFigures> ClaimWorkload::closingFigures(QSqlDatabase control, QString* error)
{
    QSqlQuery query(control);
    if (!query.exec(QStringLiteral("SELECT COUNT(*) FROM tasks WHERE status = 1")) || !query.next()) {
        *error = QCoreApplication::translate("ClaimWorkload", "cannot count the tasks left claimed: %1")
                     .arg(SqlErrorText::of(query.lastError()));
        return std::nullopt;
    }
    return ClosingFigures { query.value(0).toLongLong() };
}
