#pragma once

#include <QString>

#include <cstdint>
#include <optional>
#include <variant>

// A value in a strategy file: pgbench's NULL, boolean, integer and double, and the lab's text
// (the engine's name, a text column kept with \gset).
class ScriptValue {
public:
    ScriptValue() = default;
    ScriptValue(bool value)
        : m_value(value)
    {
    }
    ScriptValue(std::int64_t value)
        : m_value(value)
    {
    }
    ScriptValue(int value)
        : m_value(std::int64_t { value })
    {
    }
    ScriptValue(double value)
        : m_value(value)
    {
    }
    ScriptValue(QString value)
        : m_value(std::move(value))
    {
    }

    bool isNull() const { return std::holds_alternative<std::monostate>(m_value); }
    bool isBool() const { return std::holds_alternative<bool>(m_value); }
    bool isInt() const { return std::holds_alternative<std::int64_t>(m_value); }
    bool isDouble() const { return std::holds_alternative<double>(m_value); }
    bool isNumber() const { return isInt() || isDouble(); }
    bool isText() const { return std::holds_alternative<QString>(m_value); }

    bool toBool() const { return std::get<bool>(m_value); }
    std::int64_t toInt() const { return std::get<std::int64_t>(m_value); }
    double toDouble() const { return isInt() ? static_cast<double>(toInt()) : std::get<double>(m_value); }
    const QString& toText() const { return std::get<QString>(m_value); }
    // As a person reads it, and as a bind parameter's text.
    QString toString() const;
    // A text that is a number ("42", "2.50": a string or decimal column kept with \gset) as that
    // number, as pgbench reads its variables where a number is needed; any other value as it is.
    ScriptValue asNumber() const;
    // pgbench's truth: a boolean, a number (or a text that is one) not zero; NULL and other text have none.
    std::optional<bool> truth() const;

    friend bool operator==(const ScriptValue&, const ScriptValue&) = default;

private:
    std::variant<std::monostate, bool, std::int64_t, double, QString> m_value;
};
