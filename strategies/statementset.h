#pragma once

#include "app/db/mysqlconnection.h"
#include "app/db/preparedstatement.h"

#include <QString>

#include <utility>
#include <vector>

// Prepares a session's statements together after every (re)connect.
class StatementSet {
public:
    void add(PreparedStatement* statement, QString sql) { m_entries.emplace_back(statement, std::move(sql)); }

    // Empty error when every statement prepared.
    MysqlError prepareAll(MysqlConnection& connection) const
    {
        for (const auto& [statement, sql] : m_entries) {
            if (!statement->prepare(connection, sql))
                return statement->lastError();
        }
        return {};
    }

private:
    std::vector<std::pair<PreparedStatement*, QString>> m_entries;
};

inline const QString kInsertOrderSql
    = QStringLiteral("INSERT INTO orders (request_id, sku_id, qty) VALUES (?, ?, ?)");
