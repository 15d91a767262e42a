#pragma once

#include "app/core/databaseerror.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

#include <mutex>

// Errors that ended an order or a run, kept with their message so that none is swallowed,
// and with any password in it masked. Only the rare failure path locks.
class RunErrorLog {
    Q_DECLARE_TR_FUNCTIONS(RunErrorLog)
public:
    struct Entry {
        unsigned int code = 0;
        QString message;
        long long count = 0;
    };

    void report(const DatabaseError& error, const QString& context);
    QList<Entry> entries() const;
    // One line per distinct error: "3× error 1213: Deadlock found …".
    QStringList describe() const;

private:
    mutable std::mutex m_mutex;
    QList<Entry> m_entries;
};
