#pragma once

#include "app/core/experiment.h"
#include "app/db/connectionparams.h"
#include "app/db/qtsqlconnection.h"

#include "app/db/fillprogress.h"
#include "app/db/labschema.h"

#include <QCoreApplication>

#include <functional>

// The lab's own database on the server. The lab creates, changes and drops tables only
// there, records every table it creates in lockbench_meta, and refuses to touch a
// database that holds tables it did not create.
class LabDatabase {
    Q_DECLARE_TR_FUNCTIONS(LabDatabase)

public:
    explicit LabDatabase(ConnectionParams params);

    // Connects, checks InnoDB, creates the database if needed and checks ownership.
    bool open(QString* error);
    // False, with a message, when the server's max_connections, less the connections of
    // other clients, is below what a run needs; `ownOpen` of the open ones are the lab's.
    bool checkConnectionLimit(long long needed, int ownOpen, QString* error);
    // Drops the lab's tables and creates and fills those of a strategy's stock layout;
    // `progress`, when given, counts the rows as they go in.
    bool prepareTables(
        StockLayout layout, const Experiment& experiment, QString* error, FillProgress* progress = nullptr);
    // (Re)creates each routine, registered in lockbench_meta as "routine NAME" first; a routine of
    // that name the lab did not create is left alone and refused with a message.
    bool prepareRoutines(const QList<LabRoutine>& routines, QString* error);
    // Drops and creates each table of a strategy file's own, registered in lockbench_meta first.
    // A name of the lab's own tables is refused; one the lab did not create, checkOwnership refuses.
    bool prepareOwnTables(const QList<LabTable>& tables, QString* error);
    // Prepares each invariant's query on the server, so that one it refuses (a misspelt column)
    // is named before the run rather than by its closing audit.
    bool checkInvariants(const QList<LabInvariant>& invariants, QString* error);
    // The rows prepareTables puts in for a layout: the SKUs, and their stock or slot rows.
    static std::int64_t rowsToFill(StockLayout layout, const Experiment& experiment);

    QtSqlConnection& connection() { return m_connection; }
    // A control connection that no longer answers (killed, or the server restarted) is
    // opened again and put back on the lab's database; true when it answers now.
    // `mayConnect`, when given, is asked once the old connection failed: false leaves it closed.
    bool revive(QString* error, const std::function<bool()>& mayConnect = {});
    static QString metaTable() { return QStringLiteral("lockbench_meta"); }

private:
    bool checkInnoDb(QString* error);
    bool checkOwnership(QString* error);
    // The tables of strategy files that earlier runs made: dropped before the lab's own, which
    // they may refer to.
    bool dropOwnTables(QString* error);
    static bool isLabTable(const QString& name);
    // Records `entry` (a table's name, or "routine NAME") in lockbench_meta, once.
    bool registerOwned(const QString& entry, QString* error);
    bool seed(StockLayout layout, const Experiment& experiment, FillProgress* progress, QString* error);
    bool insertRows(const QString& head, const QString& tail, std::int64_t count,
        const std::function<QString(std::int64_t)>& row, FillProgress* progress, QString* error);

    ConnectionParams m_params;
    QtSqlConnection m_connection;
};
