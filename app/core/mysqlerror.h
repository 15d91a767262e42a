#pragma once

#include "app/core/errorclass.h"

#include <QString>

struct MysqlError {
    unsigned int code = 0;
    QString message;

    bool isSet() const { return code != 0; }
    ErrorClass errorClass() const { return classifyError(code); }
    QString toString() const { return QStringLiteral("error %1: %2").arg(code).arg(message); }
};
