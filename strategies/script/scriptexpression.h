#pragma once

#include "strategies/script/scriptvalue.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>
#include <random>

// An expression of \set, \if and \elif, in pgbench's syntax: integer and double constants,
// true, false and NULL, 'text' (the lab's addition, to compare with :engine), :variables,
// unary - and NOT, * / %, + -, = <> != < <= > >=, AND, OR, parentheses, and the functions
// abs, double, greatest, int, least, mod, pi, pow, random(lb, ub) and sqrt.
class ScriptExpression {
    Q_DECLARE_TR_FUNCTIONS(ScriptExpression)

public:
    struct Node;
    // What a variable holds now; std::nullopt for one that is not set.
    using Lookup = std::function<std::optional<ScriptValue>(const QString& name)>;

    ScriptExpression();
    ~ScriptExpression();
    ScriptExpression(const ScriptExpression&) = delete;
    ScriptExpression& operator=(const ScriptExpression&) = delete;
    ScriptExpression(ScriptExpression&&) noexcept;
    ScriptExpression& operator=(ScriptExpression&&) noexcept;

    // Parses all of `text`; on a mistake, std::nullopt with `error` and the 0-based `column`
    // in `text` where it was found.
    static std::optional<ScriptExpression> parse(const QString& text, QString* error, int* column);

    // Its value, or std::nullopt with `error`: a variable not set, a type that does not fit the
    // operator, a division by zero, an integer overflow, a random() with its bounds reversed.
    std::optional<ScriptValue> evaluate(const Lookup& lookup, std::mt19937_64& random, QString* error) const;
    // The variables it reads, each once, in the order they appear.
    QStringList variables() const;
    // Whether its value depends on nothing that changes from order to order: no variable but
    // those of `fixed`, and no random().
    bool isFixedBy(const QStringList& fixed) const;

private:
    explicit ScriptExpression(std::unique_ptr<Node> root);
    std::unique_ptr<Node> m_root;
};
