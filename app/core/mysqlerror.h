#pragma once

#include "app/core/errorclass.h"

#include <QCoreApplication>
#include <QString>

struct MysqlError {
    Q_DECLARE_TR_FUNCTIONS(MysqlError)
public:
    unsigned int code = 0;
    QString message;

    bool isSet() const { return code != 0; }
    ErrorClass errorClass() const { return classifyError(code); }
    QString toString() const { return tr("error %1: %2").arg(code).arg(message); }
};
