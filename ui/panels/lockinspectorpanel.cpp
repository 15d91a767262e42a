#include "ui/panels/lockinspectorpanel.h"

#include "ui/panels/waitforgraph.h"

#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

namespace {

const QStringList kHeaders = { QStringLiteral("trx"), QStringLiteral("connection"), QStringLiteral("state"),
    QStringLiteral("waiting s"), QStringLiteral("lock"), QStringLiteral("table"), QStringLiteral("row"),
    QStringLiteral("blocked by"), QStringLiteral("statement") };

} // namespace

LockInspectorPanel::LockInspectorPanel(QWidget* parent)
    : QWidget(parent)
    , m_summary(new QLabel(tr("Run a strategy to see who holds and who waits for row locks."), this))
    , m_graph(new WaitForGraph(this))
    , m_table(new QTableWidget(0, static_cast<int>(kHeaders.size()), this))
{
    m_summary->setWordWrap(true);
    m_table->setHorizontalHeaderLabels(kHeaders);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(m_graph);
    scroll->setWidgetResizable(true);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(scroll);
    splitter->addWidget(m_table);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(m_summary);
    layout->addWidget(splitter, 1);
}

void LockInspectorPanel::setSnapshot(const LockSnapshot& snapshot)
{
    m_graph->setSnapshot(snapshot);
    if (!snapshot.error.isEmpty()) {
        m_summary->setText(snapshot.error);
        m_table->setRowCount(0);
        return;
    }
    m_summary->setText(tr("%1 at %2 s: %3 transactions open, %4 waiting for a row lock; longest queue %5.")
                           .arg(snapshot.strategy)
                           .arg(snapshot.elapsedS, 0, 'f', 1)
                           .arg(snapshot.transactions.size())
                           .arg(snapshot.waitingCount())
                           .arg(snapshot.longestQueue()));
    m_table->setUpdatesEnabled(false);
    m_table->setRowCount(static_cast<int>(snapshot.transactions.size()));
    for (int row = 0; row < snapshot.transactions.size(); ++row) {
        const LockTransaction& trx = snapshot.transactions[row];
        const QStringList cells = { trx.trxId, QString::number(trx.threadId), trx.state,
            trx.blockedBy.isEmpty() ? QString() : QString::number(static_cast<int>(trx.waitingS)), trx.lockMode, trx.lockTable,
            trx.lockRow, trx.blockedBy.join(QStringLiteral(", ")), trx.statement };
        for (int column = 0; column < cells.size(); ++column) {
            QTableWidgetItem* item = m_table->item(row, column);
            if (!item) {
                item = new QTableWidgetItem;
                m_table->setItem(row, column, item);
            }
            item->setText(cells[column]);
        }
    }
    m_table->setUpdatesEnabled(true);
}

QString LockInspectorPanel::summary() const
{
    return m_summary->text();
}
