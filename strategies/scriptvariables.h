#pragma once

#include "app/db/sqlvalue.h"
#include "strategies/script/scriptvalue.h"

#include <QHash>
#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

// The variables of one client's orders, each in a slot of its own: a name is looked up once,
// when the session first meets it, so that running an order hashes no name (an order runs tens
// of thousands of times a second). Fixed values (:engine, the experiment's fields) stay from
// order to order; every other slot is unset when an order starts: a slot is set only for the
// order it was set in, so that starting an order touches no slot.
class ScriptVariables {
public:
    // The slot of `name`, made on first sight.
    int slotOf(const QString& name);
    // By name, for an expression's variables; std::nullopt when not set.
    std::optional<ScriptValue> lookup(const QString& name);
    const std::optional<ScriptValue>& at(int slot) const
    {
        const auto i = static_cast<std::size_t>(slot);
        return m_setIn[i] == m_order || m_setIn[i] == kFixed ? m_values[i] : m_unset;
    }
    // NULL when not set.
    ScriptValue valueAt(int slot) const { return at(slot).value_or(ScriptValue()); }
    void set(int slot, ScriptValue value)
    {
        m_values[static_cast<std::size_t>(slot)] = std::move(value);
        markSet(slot);
    }
    // A column as its type reads; made in place (no value moved through a temporary).
    void setColumn(int slot, const SqlValue& value);
    void setFixed(const QString& name, ScriptValue value);
    // Every slot but the fixed unset.
    void startOrder() { ++m_order; }

private:
    // Names an expression asks by, known by their text's address: the copy kept here holds the
    // text, so that no other string can take its place. Asked on every \if of every order.
    struct Asked {
        QString name;
        int slot;
    };
    std::vector<Asked> m_asked;
    QHash<QString, int> m_slots;
    void markSet(int slot)
    {
        std::uint64_t& setIn = m_setIn[static_cast<std::size_t>(slot)];
        if (setIn != kFixed)
            setIn = m_order;
    }

    static constexpr std::uint64_t kFixed = ~std::uint64_t { 0 };
    std::vector<std::optional<ScriptValue>> m_values;
    std::vector<std::uint64_t> m_setIn; // the order each slot was set in; kFixed for every order
    std::uint64_t m_order = 1;
    const std::optional<ScriptValue> m_unset;
};
