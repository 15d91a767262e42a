#pragma once

#include "app/core/experiment.h"
#include "app/db/connectionparams.h"

#include <QCoreApplication>
#include <QMap>
#include <QSqlDatabase>
#include <QString>

// The server settings an experiment may ask for: applied before a strategy runs, read
// back so the result records what it really ran under, and restored afterwards.
class ServerKnobs {
    Q_DECLARE_TR_FUNCTIONS(ServerKnobs)

public:
    ServerKnobs(QSqlDatabase database, const ConnectionParams& params);
    ~ServerKnobs(); // restores, if apply() changed anything

    bool apply(const Experiment& experiment, QString* error);
    void restore();
    // Effective values during the run, e.g. {"innodb_deadlock_detect": "OFF", ...}.
    QMap<QString, QString> effective() const { return m_effective; }

private:
    bool set(const QString& variable, const QString& value, QString* error);
    bool applyOnPostgres(const Experiment& experiment);
    // The isolation asked for, or the server's own default when the experiment leaves it to the
    // server; each worker's session reads it back again.
    void noteIsolation(const Experiment& experiment);

    QSqlDatabase m_database;
    ConnectionParams m_params; // for a fresh connection when the control connection is gone
    QMap<QString, QString> m_saved; // variable -> value before the run
    QMap<QString, QString> m_effective;
};
