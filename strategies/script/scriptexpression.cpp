#include "strategies/script/scriptexpression.h"

#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

// One node of the tree: a constant, a variable, an operator over its operands, or a function
// over its arguments (`name` holds the operator or the function's lower-case name).
struct ScriptExpression::Node {
    enum class Kind { Constant, Variable, Operator, Call };
    Kind kind = Kind::Constant;
    ScriptValue value;
    QString name;
    std::vector<std::unique_ptr<Node>> operands;
};

namespace {

using Node = ScriptExpression::Node;

// A recursive descent over pgbench's precedence: OR, AND, NOT, comparisons, + -, * / %, unary
// minus, then constants, variables, calls and parentheses.
class Parser {
public:
    explicit Parser(const QString& text)
        : m_text(text)
    {
    }

    std::unique_ptr<Node> parseAll()
    {
        std::unique_ptr<Node> root = parseOr();
        skipSpaces();
        if (root && m_pos < m_text.size())
            fail(ScriptExpression::tr("unexpected %1").arg(m_text.mid(m_pos, 12)));
        return m_error.isEmpty() ? std::move(root) : nullptr;
    }

    QString error() const { return m_error; }
    int column() const { return m_errorAt; }

private:
    const QString& m_text;
    qsizetype m_pos = 0;
    QString m_error;
    int m_errorAt = 0;

    std::unique_ptr<Node> fail(const QString& message)
    {
        if (m_error.isEmpty()) {
            m_error = message;
            m_errorAt = static_cast<int>(m_pos);
        }
        return nullptr;
    }

    void skipSpaces()
    {
        while (m_pos < m_text.size() && m_text[m_pos].isSpace())
            ++m_pos;
    }

    // Takes `token` (an operator, or a keyword matched whole and in any case) if it comes next.
    bool take(QLatin1StringView token)
    {
        skipSpaces();
        if (!QStringView(m_text).mid(m_pos).startsWith(token, Qt::CaseInsensitive))
            return false;
        const qsizetype end = m_pos + token.size();
        const bool word = QChar(token.front()).isLetter();
        if (word && end < m_text.size()
            && (m_text[end].isLetterOrNumber() || m_text[end] == QLatin1Char('_')))
            return false;
        m_pos = end;
        return true;
    }

    static std::unique_ptr<Node> op(
        const QString& name, std::unique_ptr<Node> left, std::unique_ptr<Node> right)
    {
        auto node = std::make_unique<Node>();
        node->kind = Node::Kind::Operator;
        node->name = name;
        node->operands.push_back(std::move(left));
        if (right)
            node->operands.push_back(std::move(right));
        return node;
    }

    std::unique_ptr<Node> parseOr() { return chain(QLatin1StringView("OR"), &Parser::parseAnd); }
    std::unique_ptr<Node> parseAnd() { return chain(QLatin1StringView("AND"), &Parser::parseNot); }

    // Operands of `next`'s kind joined by `keyword`, left to right.
    std::unique_ptr<Node> chain(QLatin1StringView keyword, std::unique_ptr<Node> (Parser::*next)())
    {
        std::unique_ptr<Node> left = (this->*next)();
        while (left && take(keyword)) {
            std::unique_ptr<Node> right = (this->*next)();
            if (!right)
                return nullptr;
            left = op(QString(keyword), std::move(left), std::move(right));
        }
        return left;
    }

    std::unique_ptr<Node> parseNot()
    {
        if (take(QLatin1StringView("NOT"))) {
            std::unique_ptr<Node> operand = parseNot();
            return operand ? op(QStringLiteral("NOT"), std::move(operand), nullptr) : nullptr;
        }
        return parseComparison();
    }

    std::unique_ptr<Node> parseComparison()
    {
        std::unique_ptr<Node> left = parseSum();
        // The two-character operators first: "<=" is not "<" followed by "=".
        for (const char* symbol : { "<>", "!=", "<=", ">=", "=", "<", ">" }) {
            if (left && take(QLatin1StringView(symbol))) {
                const QString name = QLatin1String(symbol) == QLatin1String("!=")
                    ? QStringLiteral("<>")
                    : QString::fromLatin1(symbol);
                std::unique_ptr<Node> right = parseSum();
                return right ? op(name, std::move(left), std::move(right)) : nullptr;
            }
        }
        return left;
    }

    std::unique_ptr<Node> parseSum()
    {
        std::unique_ptr<Node> left = parseProduct();
        while (left) {
            QString name;
            if (take(QLatin1StringView("+")))
                name = QStringLiteral("+");
            else if (take(QLatin1StringView("-")))
                name = QStringLiteral("-");
            else
                break;
            std::unique_ptr<Node> right = parseProduct();
            if (!right)
                return nullptr;
            left = op(name, std::move(left), std::move(right));
        }
        return left;
    }

    std::unique_ptr<Node> parseProduct()
    {
        std::unique_ptr<Node> left = parseUnary();
        while (left) {
            QString name;
            for (const char* symbol : { "*", "/", "%" }) {
                if (take(QLatin1StringView(symbol))) {
                    name = QString::fromLatin1(symbol);
                    break;
                }
            }
            if (name.isEmpty())
                break;
            std::unique_ptr<Node> right = parseUnary();
            if (!right)
                return nullptr;
            left = op(name, std::move(left), std::move(right));
        }
        return left;
    }

    std::unique_ptr<Node> parseUnary()
    {
        if (take(QLatin1StringView("-"))) {
            std::unique_ptr<Node> operand = parseUnary();
            return operand ? op(QStringLiteral("neg"), std::move(operand), nullptr) : nullptr;
        }
        if (take(QLatin1StringView("+")))
            return parseUnary();
        return parsePrimary();
    }

    std::unique_ptr<Node> parsePrimary()
    {
        skipSpaces();
        if (m_pos >= m_text.size())
            return fail(ScriptExpression::tr("an expression ends too early"));
        const QChar c = m_text[m_pos];
        if (c == QLatin1Char('(')) {
            ++m_pos;
            std::unique_ptr<Node> inner = parseOr();
            if (!inner)
                return nullptr;
            return take(QLatin1StringView(")")) ? std::move(inner)
                                                : fail(ScriptExpression::tr("a ')' is missing"));
        }
        if (c.isDigit()
            || (c == QLatin1Char('.') && m_pos + 1 < m_text.size() && m_text[m_pos + 1].isDigit()))
            return number();
        if (c == QLatin1Char('\''))
            return text();
        if (c == QLatin1Char(':'))
            return variable();
        if (c.isLetter() || c == QLatin1Char('_'))
            return wordOrCall();
        return fail(ScriptExpression::tr("unexpected %1").arg(m_text.mid(m_pos, 12)));
    }

    std::unique_ptr<Node> constant(ScriptValue value)
    {
        auto node = std::make_unique<Node>();
        node->value = std::move(value);
        return node;
    }

    std::unique_ptr<Node> number()
    {
        const qsizetype start = m_pos;
        bool isDouble = false;
        while (m_pos < m_text.size()) {
            const QChar c = m_text[m_pos];
            if (c.isDigit()) {
                ++m_pos;
            } else if (c == QLatin1Char('.') || c == QLatin1Char('e') || c == QLatin1Char('E')) {
                isDouble = true;
                ++m_pos;
                if (c != QLatin1Char('.') && m_pos < m_text.size()
                    && (m_text[m_pos] == QLatin1Char('-') || m_text[m_pos] == QLatin1Char('+')))
                    ++m_pos;
            } else {
                break;
            }
        }
        const QString digits = m_text.mid(start, m_pos - start);
        bool ok = false;
        if (!isDouble) {
            const qlonglong value = digits.toLongLong(&ok);
            if (ok)
                return constant(std::int64_t { value });
        }
        const double value = digits.toDouble(&ok);
        if (!ok || !std::isfinite(value)) {
            m_pos = start;
            return fail(ScriptExpression::tr("%1 is not a number the lab can hold").arg(digits));
        }
        return constant(value);
    }

    std::unique_ptr<Node> text()
    {
        QString value;
        const qsizetype start = m_pos++;
        while (m_pos < m_text.size()) {
            if (m_text[m_pos] == QLatin1Char('\'')) {
                if (m_pos + 1 < m_text.size() && m_text[m_pos + 1] == QLatin1Char('\'')) {
                    value += QLatin1Char('\'');
                    m_pos += 2;
                    continue;
                }
                ++m_pos;
                return constant(value);
            }
            value += m_text[m_pos++];
        }
        m_pos = start;
        return fail(ScriptExpression::tr("a text has no closing quote"));
    }

    QString name()
    {
        const qsizetype start = m_pos;
        while (
            m_pos < m_text.size() && (m_text[m_pos].isLetterOrNumber() || m_text[m_pos] == QLatin1Char('_')))
            ++m_pos;
        return m_text.mid(start, m_pos - start);
    }

    std::unique_ptr<Node> variable()
    {
        ++m_pos;
        if (m_pos >= m_text.size() || !(m_text[m_pos].isLetter() || m_text[m_pos] == QLatin1Char('_')))
            return fail(ScriptExpression::tr("a ':' is not followed by a variable's name"));
        auto node = std::make_unique<Node>();
        node->kind = Node::Kind::Variable;
        node->name = name();
        return node;
    }

    std::unique_ptr<Node> wordOrCall()
    {
        const qsizetype start = m_pos;
        const QString word = name().toLower();
        if (word == QLatin1String("true") || word == QLatin1String("false"))
            return constant(word == QLatin1String("true"));
        if (word == QLatin1String("null"))
            return constant(ScriptValue());
        static const QStringList functions { QStringLiteral("abs"), QStringLiteral("double"),
            QStringLiteral("greatest"), QStringLiteral("int"), QStringLiteral("least"), QStringLiteral("mod"),
            QStringLiteral("pi"), QStringLiteral("pow"), QStringLiteral("random"), QStringLiteral("sqrt") };
        if (!functions.contains(word)) {
            m_pos = start;
            return fail(
                ScriptExpression::tr("%1 is not a function of strategy files (variables are written :name)")
                    .arg(word));
        }
        if (!take(QLatin1StringView("(")))
            return fail(ScriptExpression::tr("%1 needs its arguments in parentheses").arg(word));
        auto node = std::make_unique<Node>();
        node->kind = Node::Kind::Call;
        node->name = word;
        if (!take(QLatin1StringView(")"))) {
            do {
                std::unique_ptr<Node> argument = parseOr();
                if (!argument)
                    return nullptr;
                node->operands.push_back(std::move(argument));
            } while (take(QLatin1StringView(",")));
            if (!take(QLatin1StringView(")")))
                return fail(ScriptExpression::tr("a ')' is missing after the arguments of %1").arg(word));
        }
        return checkArity(std::move(node), start);
    }

    std::unique_ptr<Node> checkArity(std::unique_ptr<Node> call, qsizetype start)
    {
        const QString& f = call->name;
        const qsizetype n = call->operands.size();
        const bool fits = f == QLatin1String("pi")                                                   ? n == 0
            : f == QLatin1String("greatest") || f == QLatin1String("least")                          ? n >= 1
            : f == QLatin1String("mod") || f == QLatin1String("pow") || f == QLatin1String("random") ? n == 2
                                                                                                     : n == 1;
        if (fits)
            return call;
        m_pos = start;
        return fail(ScriptExpression::tr("%1 takes another number of arguments than %2").arg(f).arg(n));
    }
};

// The evaluation of one tree, with the variables and the random numbers of one order.
class Evaluator {
public:
    Evaluator(const ScriptExpression::Lookup& lookup, std::mt19937_64& random)
        : m_lookup(lookup)
        , m_random(random)
    {
    }

    std::optional<ScriptValue> of(const Node& node)
    {
        switch (node.kind) {
        case Node::Kind::Constant:
            return node.value;
        case Node::Kind::Variable:
            if (std::optional<ScriptValue> value = m_lookup(node.name))
                return value;
            return fail(ScriptExpression::tr("the variable :%1 is not set").arg(node.name));
        case Node::Kind::Operator:
            return operatorOf(node);
        case Node::Kind::Call:
            return call(node);
        }
        return std::nullopt;
    }

    QString error() const { return m_error; }

private:
    const ScriptExpression::Lookup& m_lookup;
    std::mt19937_64& m_random;
    QString m_error;

    std::nullopt_t fail(const QString& message)
    {
        if (m_error.isEmpty())
            m_error = message;
        return std::nullopt;
    }

    std::optional<ScriptValue> operatorOf(const Node& node)
    {
        const QString& name = node.name;
        if (name == QLatin1String("AND") || name == QLatin1String("OR"))
            return logic(node);
        std::optional<ScriptValue> left = of(*node.operands[0]);
        if (!left)
            return std::nullopt;
        if (node.operands.size() == 1)
            return unary(name, *left);
        std::optional<ScriptValue> right = of(*node.operands[1]);
        if (!right)
            return std::nullopt;
        if (left->isNull() || right->isNull())
            return ScriptValue(); // as in SQL: NULL in, NULL out
        if (name == QLatin1String("+") || name == QLatin1String("-") || name == QLatin1String("*")
            || name == QLatin1String("/") || name == QLatin1String("%"))
            return arithmetic(name, left->asNumber(), right->asNumber());
        // Two texts compare as text (:engine = 'mysql'); a text beside a number as a number.
        if (left->isText() != right->isText())
            return compare(name, left->asNumber(), right->asNumber());
        return compare(name, *left, *right);
    }

    std::optional<ScriptValue> unary(const QString& name, const ScriptValue& given)
    {
        const ScriptValue value = given.asNumber();
        if (value.isNull())
            return ScriptValue();
        if (name == QLatin1String("NOT")) {
            if (!value.isBool() && !value.isNumber())
                return fail(
                    ScriptExpression::tr("NOT needs a boolean or a number, not %1").arg(value.toString()));
            return ScriptValue(!*value.truth());
        }
        if (value.isInt()) {
            if (value.toInt() == std::numeric_limits<std::int64_t>::min())
                return fail(ScriptExpression::tr("the integer overflows"));
            return ScriptValue(-value.toInt());
        }
        if (value.isDouble())
            return ScriptValue(-value.toDouble());
        return fail(ScriptExpression::tr("- needs a number, not %1").arg(value.toString()));
    }

    // SQL's three-valued AND and OR.
    std::optional<ScriptValue> logic(const Node& node)
    {
        int truth[2] = { -1, -1 }; // -1 NULL, 0 false, 1 true
        for (int i = 0; i < 2; ++i) {
            const std::optional<ScriptValue> value = of(*node.operands[i]);
            if (!value)
                return std::nullopt;
            if (value->isNull())
                continue;
            const std::optional<bool> isTrue = value->truth();
            if (!isTrue)
                return fail(ScriptExpression::tr("%1 needs booleans or numbers, not %2")
                                .arg(node.name, value->toString()));
            truth[i] = *isTrue ? 1 : 0;
        }
        const int decisive = node.name == QLatin1String("AND") ? 0 : 1;
        if (truth[0] == decisive || truth[1] == decisive)
            return ScriptValue(decisive == 1);
        if (truth[0] < 0 || truth[1] < 0)
            return ScriptValue();
        return ScriptValue(decisive == 0);
    }

    std::optional<ScriptValue> arithmetic(const QString& name, const ScriptValue& a, const ScriptValue& b)
    {
        if (!a.isNumber() || !b.isNumber())
            return fail(ScriptExpression::tr("%1 needs numbers, not %2 and %3")
                            .arg(name, a.toString(), b.toString()));
        if (a.isInt() && b.isInt()) {
            const std::int64_t x = a.toInt();
            const std::int64_t y = b.toInt();
            std::int64_t result = 0;
            if (name == QLatin1String("/") || name == QLatin1String("%")) {
                if (y == 0)
                    return fail(ScriptExpression::tr("division by zero"));
                if (x == std::numeric_limits<std::int64_t>::min() && y == -1) {
                    if (name == QLatin1String("%"))
                        return ScriptValue(std::int64_t { 0 });
                    return fail(ScriptExpression::tr("the integer overflows"));
                }
                return ScriptValue(name == QLatin1String("/") ? x / y : x % y);
            }
            const bool overflow = name == QLatin1String("+") ? __builtin_add_overflow(x, y, &result)
                : name == QLatin1String("-")                 ? __builtin_sub_overflow(x, y, &result)
                                                             : __builtin_mul_overflow(x, y, &result);
            if (overflow)
                return fail(ScriptExpression::tr("the integer overflows"));
            return ScriptValue(result);
        }
        if (name == QLatin1String("%"))
            return fail(ScriptExpression::tr("% needs integers"));
        const double x = a.toDouble();
        const double y = b.toDouble();
        if (name == QLatin1String("/") && y == 0.0)
            return fail(ScriptExpression::tr("division by zero"));
        return ScriptValue(name == QLatin1String("+") ? x + y
                : name == QLatin1String("-")          ? x - y
                : name == QLatin1String("*")          ? x * y
                                                      : x / y);
    }

    std::optional<ScriptValue> compare(const QString& name, const ScriptValue& a, const ScriptValue& b)
    {
        int order = 0;
        if (a.isNumber() && b.isNumber()) {
            if (a.isInt() && b.isInt())
                order = a.toInt() < b.toInt() ? -1 : a.toInt() > b.toInt() ? 1 : 0;
            else
                order = a.toDouble() < b.toDouble() ? -1 : a.toDouble() > b.toDouble() ? 1 : 0;
        } else if (a.isText() && b.isText()) {
            order = a.toText().compare(b.toText());
        } else if (a.isBool() && b.isBool()) {
            order = int { a.toBool() } - int { b.toBool() };
        } else {
            return fail(
                ScriptExpression::tr("%1 cannot compare %2 with %3").arg(name, a.toString(), b.toString()));
        }
        if (name == QLatin1String("="))
            return ScriptValue(order == 0);
        if (name == QLatin1String("<>"))
            return ScriptValue(order != 0);
        if (name == QLatin1String("<"))
            return ScriptValue(order < 0);
        if (name == QLatin1String("<="))
            return ScriptValue(order <= 0);
        if (name == QLatin1String(">"))
            return ScriptValue(order > 0);
        return ScriptValue(order >= 0);
    }

    std::optional<ScriptValue> call(const Node& node)
    {
        std::vector<ScriptValue> args;
        for (const std::unique_ptr<Node>& operand : node.operands) {
            std::optional<ScriptValue> value = of(*operand);
            if (!value)
                return std::nullopt;
            value = value->asNumber();
            if (!value->isNumber())
                return fail(
                    ScriptExpression::tr("%1 needs numbers, not %2").arg(node.name, value->toString()));
            args.push_back(*value);
        }
        return function(node.name, args);
    }

    std::optional<ScriptValue> function(const QString& f, const std::vector<ScriptValue>& args)
    {
        if (f == QLatin1String("pi"))
            return ScriptValue(std::numbers::pi);
        if (f == QLatin1String("abs"))
            return args[0].isInt() && args[0].toInt() < 0 ? unary(QStringLiteral("neg"), args[0])
                : args[0].isInt()                         ? args[0]
                                                          : ScriptValue(std::abs(args[0].toDouble()));
        if (f == QLatin1String("double"))
            return ScriptValue(args[0].toDouble());
        if (f == QLatin1String("int")) {
            const double value = std::trunc(args[0].toDouble());
            if (args[0].isInt())
                return args[0];
            if (!(value >= -9.2e18 && value <= 9.2e18))
                return fail(ScriptExpression::tr("the integer overflows"));
            return ScriptValue(static_cast<std::int64_t>(value));
        }
        if (f == QLatin1String("sqrt") || f == QLatin1String("pow")) {
            const double value = f == QLatin1String("sqrt")
                ? std::sqrt(args[0].toDouble())
                : std::pow(args[0].toDouble(), args[1].toDouble());
            return std::isfinite(value) ? std::optional<ScriptValue>(ScriptValue(value))
                                        : fail(ScriptExpression::tr("%1 has no finite value here").arg(f));
        }
        if (f == QLatin1String("mod"))
            return arithmetic(QStringLiteral("%"), args[0], args[1]);
        if (f == QLatin1String("random"))
            return randomBetween(args[0], args[1]);
        return extreme(f == QLatin1String("greatest"), args);
    }

    std::optional<ScriptValue> randomBetween(const ScriptValue& lb, const ScriptValue& ub)
    {
        if (!lb.isInt() || !ub.isInt())
            return fail(ScriptExpression::tr("random() needs integer bounds"));
        if (lb.toInt() > ub.toInt())
            return fail(ScriptExpression::tr("random(%1, %2): the lower bound is above the upper")
                            .arg(lb.toInt())
                            .arg(ub.toInt()));
        std::uniform_int_distribution<std::int64_t> pick(lb.toInt(), ub.toInt());
        return ScriptValue(pick(m_random));
    }

    static ScriptValue extreme(bool greatest, const std::vector<ScriptValue>& args)
    {
        ScriptValue best = args[0];
        bool anyDouble = false;
        for (const ScriptValue& value : args) {
            anyDouble = anyDouble || value.isDouble();
            if (greatest ? value.toDouble() > best.toDouble() : value.toDouble() < best.toDouble())
                best = value;
        }
        return anyDouble ? ScriptValue(best.toDouble()) : best;
    }
};

void collectVariables(const Node& node, QStringList& names)
{
    if (node.kind == Node::Kind::Variable && !names.contains(node.name))
        names << node.name;
    for (const std::unique_ptr<Node>& operand : node.operands)
        collectVariables(*operand, names);
}

bool callsRandom(const Node& node)
{
    if (node.kind == Node::Kind::Call && node.name == QLatin1String("random"))
        return true;
    for (const std::unique_ptr<Node>& operand : node.operands) {
        if (callsRandom(*operand))
            return true;
    }
    return false;
}

} // namespace

ScriptExpression::ScriptExpression() = default;
ScriptExpression::~ScriptExpression() = default;
ScriptExpression::ScriptExpression(ScriptExpression&&) noexcept = default;
ScriptExpression& ScriptExpression::operator=(ScriptExpression&&) noexcept = default;

ScriptExpression::ScriptExpression(std::unique_ptr<Node> root)
    : m_root(std::move(root))
{
}

std::optional<ScriptExpression> ScriptExpression::parse(const QString& text, QString* error, int* column)
{
    Parser parser(text);
    std::unique_ptr<Node> root = parser.parseAll();
    if (!root) {
        *error = parser.error().isEmpty() ? ScriptExpression::tr("an expression is missing") : parser.error();
        *column = parser.column();
        return std::nullopt;
    }
    return ScriptExpression(std::move(root));
}

std::optional<ScriptValue> ScriptExpression::evaluate(
    const Lookup& lookup, std::mt19937_64& random, QString* error) const
{
    Evaluator evaluator(lookup, random);
    std::optional<ScriptValue> value = m_root ? evaluator.of(*m_root) : std::nullopt;
    if (!value)
        *error = evaluator.error();
    return value;
}

QStringList ScriptExpression::variables() const
{
    QStringList names;
    if (m_root)
        collectVariables(*m_root, names);
    return names;
}

bool ScriptExpression::isFixedBy(const QStringList& fixed) const
{
    if (!m_root || callsRandom(*m_root))
        return false;
    for (const QString& name : variables()) {
        if (!fixed.contains(name))
            return false;
    }
    return true;
}
