#pragma once

#include "app/db/sqlvalue.h"
#include "strategies/script/scriptvalue.h"

#include <QHash>
#include <QString>

#include <optional>
#include <vector>

// The variables of one client's orders, each in a slot of its own: a name is looked up once,
// when the session first meets it, so that running an order hashes no name (an order runs tens
// of thousands of times a second). Fixed values (:engine, the experiment's fields) stay from
// order to order; every other slot is unset when an order starts.
class ScriptVariables {
public:
    // The slot of `name`, made on first sight.
    int slotOf(const QString& name);
    // By name, for an expression's variables; std::nullopt when not set.
    std::optional<ScriptValue> lookup(const QString& name);
    const std::optional<ScriptValue>& at(int slot) const { return m_values[static_cast<std::size_t>(slot)]; }
    // NULL when not set.
    ScriptValue valueAt(int slot) const { return at(slot).value_or(ScriptValue()); }
    void set(int slot, ScriptValue value) { m_values[static_cast<std::size_t>(slot)] = std::move(value); }
    // A column as its type reads; made in place (no value moved through a temporary).
    void setColumn(int slot, const SqlValue& value);
    void setFixed(const QString& name, ScriptValue value);
    // Every slot but the fixed unset.
    void startOrder();

private:
    // Names an expression asks by, known by their text's address: the copy kept here holds the
    // text, so that no other string can take its place. Asked on every \if of every order.
    struct Asked {
        QString name;
        int slot;
    };
    std::vector<Asked> m_asked;
    QHash<QString, int> m_slots;
    std::vector<std::optional<ScriptValue>> m_values;
    std::vector<bool> m_fixed;
};
