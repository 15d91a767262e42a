#pragma once

#include "app/db/databaseconnection.h"
#include "app/db/preparedstatement.h"

#include <QCoreApplication>
#include <QString>

#include <utility>
#include <vector>

// Prepares a session's statements together after every (re)connect.
class StatementSet {
public:
    // `where` names the statement in a refusal ("my-strategy, line 7"), for a user's file.
    void add(PreparedStatement* statement, QString sql, QString where = {})
    {
        m_entries.push_back({ statement, std::move(sql), std::move(where) });
    }

    // Empty error when every statement prepared.
    DatabaseError prepareAll(DatabaseConnection& connection) const
    {
        for (const Entry& entry : m_entries) {
            if (!entry.statement->prepare(connection, entry.sql)) {
                DatabaseError error = entry.statement->lastError();
                if (!entry.where.isEmpty())
                    error.message = entry.where + QStringLiteral(": ") + error.message + untypedHint(error);
                return error;
            }
        }
        return {};
    }

private:
    // PostgreSQL prepares a file's variables without a type and infers each from where it stands:
    // beside a column it has one, beside another variable (:stock - :qty) none. A user's file
    // is told how to give it one.
    static QString untypedHint(const DatabaseError& error)
    {
        if (error.sqlState != QLatin1String("42725") && error.sqlState != QLatin1String("42P18"))
            return {};
        return QCoreApplication::translate("StatementSet",
            " (PostgreSQL cannot tell a variable's type here: give it one, as :stock::bigint, or "
            "compute the value with \\set first)");
    }

    struct Entry {
        PreparedStatement* statement;
        QString sql;
        QString where;
    };
    std::vector<Entry> m_entries;
};

inline const QString kInsertOrderSql
    = QStringLiteral("INSERT INTO orders (request_id, sku_id, qty) VALUES (?, ?, ?)");
