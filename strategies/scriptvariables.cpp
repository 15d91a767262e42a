#include "strategies/scriptvariables.h"

int ScriptVariables::slotOf(const QString& name)
{
    const auto found = m_slots.constFind(name);
    if (found != m_slots.cend())
        return *found;
    const int slot = static_cast<int>(m_values.size());
    m_slots.insert(name, slot);
    m_values.emplace_back();
    m_setIn.push_back(0);
    return slot;
}

std::optional<ScriptValue> ScriptVariables::lookup(const QString& name)
{
    for (const Asked& asked : m_asked) {
        if (asked.name.constData() == name.constData() && asked.name.size() == name.size())
            return at(asked.slot);
    }
    const auto found = m_slots.constFind(name);
    if (found == m_slots.cend())
        return std::nullopt;
    constexpr std::size_t kAskedKept = 32; // a file's names; beyond, hashing is fine
    if (m_asked.size() < kAskedKept)
        m_asked.push_back({ name, *found });
    return at(*found);
}

void ScriptVariables::setColumn(int slot, const SqlValue& value)
{
    std::optional<ScriptValue>& target = m_values[static_cast<std::size_t>(slot)];
    markSet(slot);
    switch (value.kind()) {
    case SqlValue::Kind::Int:
        target.emplace(value.toInt());
        break;
    case SqlValue::Kind::Double:
        target.emplace(value.toDouble());
        break;
    case SqlValue::Kind::Text:
        target.emplace(QString::fromUtf8(value.toText()));
        break;
    case SqlValue::Kind::Null:
        target.emplace();
        break;
    }
}

void ScriptVariables::setFixed(const QString& name, ScriptValue value)
{
    const int slot = slotOf(name);
    set(slot, std::move(value));
    m_setIn[static_cast<std::size_t>(slot)] = kFixed;
}
