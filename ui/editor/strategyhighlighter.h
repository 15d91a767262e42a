#pragma once

#include <QRegularExpression>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>

#include <vector>

// Colours a strategy file as its reader parses it: SQL keywords, the file's \commands, its
// :variables, quoted text and -- comments.
class StrategyHighlighter : public QSyntaxHighlighter {
    Q_OBJECT
public:
    explicit StrategyHighlighter(QTextDocument* document);

protected:
    void highlightBlock(const QString& text) override;

private:
    struct Rule {
        QRegularExpression pattern;
        QTextCharFormat format;
    };
    std::vector<Rule> m_rules; // later rules paint over earlier ones
};
