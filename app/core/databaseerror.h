#pragma once

#include "app/core/errorclass.h"

#include <QCoreApplication>
#include <QString>

struct DatabaseError {
    Q_DECLARE_TR_FUNCTIONS(DatabaseError)
public:
    DatabaseError() = default;
    DatabaseError(unsigned int errorCode, QString text, QString state = {})
        : code(errorCode)
        , message(std::move(text))
        , sqlState(std::move(state))
    {
    }

    unsigned int code = 0;
    QString message;
    // PostgreSQL's own code (its errors carry the lab's nearest code above, for handling).
    QString sqlState;

    bool isSet() const { return code != 0; }
    ErrorClass errorClass() const { return classifyError(code); }
    QString toString() const
    {
        return sqlState.isEmpty() ? tr("error %1: %2").arg(code).arg(message)
                                  : tr("SQLSTATE %1: %2").arg(sqlState, message);
    }
};
