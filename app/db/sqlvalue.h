#pragma once

#include <QByteArray>

#include <cstdint>
#include <variant>

// A value a prepared statement binds or returns: NULL, a whole number, a double, or text (UTF-8:
// a string, a date, a decimal too long for a double), which the server reads as a number where
// its statement needs one. Whole numbers bind without conversion, as the order paths need.
class SqlValue {
public:
    enum class Kind : std::uint8_t { Null, Int, Double, Text };

    SqlValue() = default;
    SqlValue(std::int64_t value)
        : m_value(value)
    {
    }
    SqlValue(double value)
        : m_value(value)
    {
    }
    SqlValue(QByteArray utf8)
        : m_value(std::move(utf8))
    {
    }

    Kind kind() const { return static_cast<Kind>(m_value.index()); }
    bool isNull() const { return kind() == Kind::Null; }
    std::int64_t toInt() const { return std::get<std::int64_t>(m_value); }
    double toDouble() const { return std::get<double>(m_value); }
    const QByteArray& toText() const { return std::get<QByteArray>(m_value); }
    // The value as text, as PostgreSQL takes every parameter (empty for NULL).
    QByteArray toBytes() const
    {
        switch (kind()) {
        case Kind::Int:
            return QByteArray::number(static_cast<qlonglong>(toInt()));
        case Kind::Double:
            return QByteArray::number(toDouble(), 'g', 17);
        case Kind::Text:
            return toText();
        case Kind::Null:
            break;
        }
        return {};
    }

    friend bool operator==(const SqlValue&, const SqlValue&) = default;

private:
    std::variant<std::monostate, std::int64_t, double, QByteArray> m_value;
};
