#include "ui/editor/strategyfileactions.h"

#include "strategies/strategyregistry.h"

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QMessageBox>
#include <QRegularExpression>

#include <utility>

StrategyFileActions::StrategyFileActions(UserStrategyFolder folder, QWidget* parent)
    : QObject(parent)
    , m_folder(std::move(folder))
    , m_parent(parent)
{
}

StrategyEditor* StrategyFileActions::editNew()
{
    return openEditor(tr("-- A strategy of your own: docs/strategy-files.md gives every command.\n")
        + QStringLiteral("\\strategy my-strategy\n\\title ") + tr("My strategy")
        + QStringLiteral("\n\\explain ") + tr("What each order does, and why it is safe.")
        + QStringLiteral("\n\\safe yes\n\\layout rows\n\n"
                         "START TRANSACTION;\n"
                         "\\lock\n"
                         "SELECT stock FROM inventory WHERE sku_id = :sku FOR UPDATE \\gset\n"
                         "\\if :stock < :qty\n"
                         "  ROLLBACK;\n"
                         "  \\out-of-stock\n"
                         "\\endif\n"
                         "\\delay\n"
                         "UPDATE inventory SET stock = stock - :qty WHERE sku_id = :sku;\n"
                         "INSERT INTO orders (request_id, sku_id, qty) VALUES (:request_id, :sku, :qty);\n"
                         "COMMIT;\n"
                         "\\sold\n"));
}

StrategyEditor* StrategyFileActions::editChosenFile()
{
    const QString path = QFileDialog::getOpenFileName(
        m_parent, tr("Open a strategy file"), QString(), tr("Strategy files (*.sql);;All files (*)"));
    return path.isEmpty() ? nullptr : editFile(path);
}

StrategyEditor* StrategyFileActions::editFile(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        QMessageBox::warning(m_parent, tr("Open a strategy file"),
            tr("Cannot read %1: %2").arg(QDir::toNativeSeparators(path), file.errorString()));
        return nullptr;
    }
    return openEditor(QString::fromUtf8(file.readAll()));
}

// The copy gets an id and a title of its own, so that it runs beside the one it came from.
StrategyEditor* StrategyFileActions::editCopyOf(const QString& id)
{
    QString text = StrategyRegistry::fileTextOf(id);
    if (text.isEmpty())
        return nullptr;
    QString copyId = QStringLiteral("my-") + id;
    for (int n = 2; StrategyRegistry::ids().contains(copyId); ++n)
        copyId = QStringLiteral("my-%1-%2").arg(id).arg(n);
    static const QRegularExpression idLine(
        QStringLiteral("^\\\\strategy\\s+\\S+"), QRegularExpression::MultilineOption);
    static const QRegularExpression titleLine(
        QStringLiteral("^\\\\title\\s+(.*)$"), QRegularExpression::MultilineOption);
    text.replace(idLine, QStringLiteral("\\strategy ") + copyId);
    const QString title = StrategyRegistry::create(id)->title();
    text.replace(titleLine, QStringLiteral("\\title ") + tr("My copy of %1").arg(title));
    return openEditor(text);
}

StrategyEditor* StrategyFileActions::openEditor(const QString& text)
{
    if (!m_editor) {
        m_editor = new StrategyEditor(m_folder, m_parent);
        m_editor->setAttribute(Qt::WA_DeleteOnClose);
        connect(m_editor, &StrategyEditor::saved, this, &StrategyFileActions::saved);
        connect(m_editor, &StrategyEditor::checkRequested, this, &StrategyFileActions::checkRequested);
    }
    m_editor->setCheckAllowed(m_checkAllowed);
    m_editor->setText(text);
    m_editor->show();
    m_editor->raise();
    return m_editor;
}

void StrategyFileActions::showCheck(bool ok, const QString& report)
{
    if (m_editor)
        m_editor->showCheck(ok, report);
}

void StrategyFileActions::setCheckAllowed(bool allowed)
{
    m_checkAllowed = allowed;
    if (m_editor)
        m_editor->setCheckAllowed(allowed);
}
