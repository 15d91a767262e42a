#include "ui/editor/strategyhighlighter.h"

#include <QColor>
#include <QFont>

namespace {

QTextCharFormat charFormat(const QColor& colour, bool bold = false, bool italic = false)
{
    QTextCharFormat f;
    f.setForeground(colour);
    if (bold)
        f.setFontWeight(QFont::Bold);
    f.setFontItalic(italic);
    return f;
}

QString keywordPattern()
{
    static const char* const kKeywords[] = { "SELECT", "FROM", "WHERE", "UPDATE", "SET", "INSERT", "INTO",
        "VALUES", "DELETE", "FOR", "SHARE", "NOWAIT", "SKIP", "LOCKED", "START", "TRANSACTION", "BEGIN",
        "COMMIT", "ROLLBACK", "AND", "OR", "NOT", "NULL", "IS", "IN", "ON", "DUPLICATE", "KEY", "CONFLICT",
        "DO", "AS", "LIMIT", "ORDER", "BY", "GROUP", "CALL", "RETURNING", "CREATE", "PROCEDURE", "FUNCTION",
        "RETURNS", "LANGUAGE", "DECLARE", "IF", "THEN", "ELSE", "ELSEIF", "END", "SUM", "COUNT", "MIN", "MAX",
        "COALESCE", "GREATEST", "LEAST", "CASE", "WHEN", "JOIN", "USING", "EXISTS" };
    QStringList words;
    for (const char* word : kKeywords)
        words << QLatin1String(word);
    return QStringLiteral("\\b(%1)\\b").arg(words.join(QLatin1Char('|')));
}

} // namespace

StrategyHighlighter::StrategyHighlighter(QTextDocument* document)
    : QSyntaxHighlighter(document)
{
    m_rules = {
        // [2], the commands' colour, is also a title's or an explanation's
        { QRegularExpression(keywordPattern(), QRegularExpression::CaseInsensitiveOption),
            charFormat(QColor(0x1f, 0x4e, 0x99), true) },
        // ::int is PostgreSQL's cast, not a variable.
        { QRegularExpression(QStringLiteral("(?<![:\\w]):[A-Za-z_]\\w*")),
            charFormat(QColor(0x8e, 0x24, 0xaa)) },
        { QRegularExpression(QStringLiteral("^\\s*\\\\[a-z-]+")),
            charFormat(QColor(0xb3, 0x5c, 0x00), true) },
        { QRegularExpression(QStringLiteral("\\\\[ag]set\\b")), charFormat(QColor(0xb3, 0x5c, 0x00), true) },
        { QRegularExpression(QStringLiteral("'(?:[^']|'')*'")), charFormat(QColor(0x2e, 0x7d, 0x32)) },
        { QRegularExpression(QStringLiteral("--.*$")), charFormat(QColor(0x75, 0x75, 0x75), false, true) },
    };
}

void StrategyHighlighter::highlightBlock(const QString& text)
{
    // A title or an explanation is prose: only its command is coloured.
    static const QRegularExpression prose(QStringLiteral("^\\s*\\\\(title|explain)\\b"));
    if (const QRegularExpressionMatch match = prose.match(text); match.hasMatch()) {
        setFormat(0, static_cast<int>(match.capturedEnd()), m_rules[2].format);
        return;
    }
    for (const Rule& rule : m_rules) {
        for (auto it = rule.pattern.globalMatch(text); it.hasNext();) {
            const QRegularExpressionMatch match = it.next();
            setFormat(static_cast<int>(match.capturedStart()), static_cast<int>(match.capturedLength()),
                rule.format);
        }
    }
}
