#include "ui/editor/strategyeditor.h"

#include "strategies/script/strategyscriptparser.h"
#include "ui/editor/strategyhighlighter.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTextBlock>
#include <QTimer>
#include <QVBoxLayout>

#include <utility>

StrategyEditor::StrategyEditor(UserStrategyFolder folder, QWidget* parent)
    : QDialog(parent)
    , m_folder(std::move(folder))
    , m_text(new QPlainTextEdit(this))
    , m_status(new QLabel(this))
    , m_check(new QPlainTextEdit(this))
    , m_pause(new QTimer(this))
{
    setWindowTitle(tr("Strategy file"));
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    new StrategyHighlighter(m_text->document());
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_check->setReadOnly(true);
    m_check->setPlaceholderText(tr("Check on server prepares every statement on the chosen server and "
                                   "runs one order in a transaction it rolls back."));
    m_check->setMaximumHeight(m_check->fontMetrics().lineSpacing() * 7);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_checkButton = buttons->addButton(tr("Check on server"), QDialogButtonBox::ActionRole);
    m_saveButton = buttons->addButton(tr("Save"), QDialogButtonBox::AcceptRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_saveButton, &QPushButton::clicked, this, &StrategyEditor::save);
    connect(m_checkButton, &QPushButton::clicked, this, [this] {
        m_check->setPlainText(tr("Checking on the server…"));
        emit checkRequested(text());
    });

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_status);
    layout->addWidget(m_check);
    layout->addWidget(buttons);

    m_pause->setSingleShot(true);
    m_pause->setInterval(250);
    connect(m_pause, &QTimer::timeout, this, &StrategyEditor::recheck);
    connect(m_text, &QPlainTextEdit::textChanged, m_pause, qOverload<>(&QTimer::start));
    resize(880, 600);
    recheck();
}

void StrategyEditor::setText(const QString& text)
{
    m_text->setPlainText(text);
    m_check->clear();
    recheck();
}

QString StrategyEditor::text() const
{
    return m_text->toPlainText();
}

QString StrategyEditor::status() const
{
    return m_status->text();
}

QString StrategyEditor::checkReport() const
{
    return m_check->toPlainText();
}

void StrategyEditor::recheck()
{
    m_pause->stop();
    QString error;
    StrategyScriptParser::Place place;
    const std::optional<StrategyScript> script = StrategyScriptParser::parse(text(), &error, &place);
    m_parses = script.has_value();
    if (m_parses) {
        m_status->setText(tr("✓ %1: %n statement(s), no mistake found", nullptr,
            static_cast<int>(StrategyScript::statementsOf(script->order).size()))
                              .arg(script->id));
        m_status->setStyleSheet(QStringLiteral("color: #2e7d32"));
    } else {
        m_status->setText(error);
        m_status->setStyleSheet(QStringLiteral("color: #c62828"));
    }
    markLine(m_parses ? 0 : place.line);
    m_saveButton->setEnabled(m_parses);
    m_checkButton->setEnabled(m_parses && m_checkAllowed);
}

void StrategyEditor::markLine(int line)
{
    QList<QTextEdit::ExtraSelection> marks;
    const QTextBlock block = m_text->document()->findBlockByNumber(line - 1);
    if (line > 0 && block.isValid()) {
        QTextEdit::ExtraSelection mark;
        mark.format.setBackground(QColor(0xff, 0xeb, 0xee));
        mark.format.setProperty(QTextFormat::FullWidthSelection, true);
        mark.cursor = QTextCursor(block);
        marks << mark;
    }
    m_text->setExtraSelections(marks);
}

void StrategyEditor::setCheckAllowed(bool allowed)
{
    m_checkAllowed = allowed;
    m_checkButton->setEnabled(m_parses && m_checkAllowed);
    m_checkButton->setToolTip(allowed ? QString() : tr("Not while a run is under way"));
}

void StrategyEditor::showCheck(bool ok, const QString& report)
{
    m_check->setPlainText(report);
    m_check->setStyleSheet(ok ? QString() : QStringLiteral("color: #c62828"));
}

void StrategyEditor::save()
{
    QString error;
    const QString id = m_folder.save(text(), &error);
    if (id.isEmpty()) {
        m_status->setText(error);
        m_status->setStyleSheet(QStringLiteral("color: #c62828"));
        return;
    }
    m_status->setText(tr("Saved as %1").arg(m_folder.pathOf(id)));
    m_status->setStyleSheet(QString());
    emit saved(id);
}
