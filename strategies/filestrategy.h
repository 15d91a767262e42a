#pragma once

#include "strategies/script/strategyscript.h"
#include "strategies/strategy.h"

#include <memory>

class ScriptSession;

// A strategy read from a strategy file (docs/strategy-files.md) and run by ScriptSession: its
// texts, traits and SQL are the file's.
class FileStrategy : public Strategy {
    Q_DECLARE_TR_FUNCTIONS(FileStrategy)

public:
    FileStrategy(std::shared_ptr<const StrategyScript> script, QString text);
    // Reads and parses `path`; null with `error` ("FILE: line 3, column 1: …") when it cannot.
    static std::unique_ptr<FileStrategy> load(const QString& path, QString* error);

    QString id() const override { return m_script->id; }
    const QString& text() const { return m_text; } // the file as written
    const StrategyScript& script() const { return *m_script; }
    // In the lab's language where the text has a translation (the lab's own files have theirs,
    // context "Strategy"); a user's file as written.
    QString title() const override;
    QString explanation() const override;
    bool isSafe() const override { return m_script->safe; }
    StockLayout layout() const override;
    int linesPerOrder() const override { return m_script->lines; }
    StrategyTraits traits() const override;
    QStringList ownFields() const override { return m_script->fields; }
    QStringList orderSql() const override;
    QString shownSql(bool postgres) const override;
    QList<LabRoutine> routines() const override;
    QList<LabTable> ownTables() const override;
    QList<LabInvariant> invariants() const override;
    bool beginRun(RunEnvironment& environment, QString* error) override;
    std::unique_ptr<OrderSession> openSession(
        RunEnvironment& environment, WorkerCounters& counters, QString* error) override;
    // The same session, with what a file's session can do beyond an order (ScriptSession::tryOrder).
    std::unique_ptr<ScriptSession> openScriptSession(
        RunEnvironment& environment, WorkerCounters& counters, QString* error) const;

private:
    std::shared_ptr<const StrategyScript> m_script;
    QString m_text;
};
