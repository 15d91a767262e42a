#include "ui/panels/deadlockspanel.h"

#include "app/report/strategycolors.h"

#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

DeadlocksPanel::DeadlocksPanel(QWidget* parent)
    : QWidget(parent)
    , m_summary(new QLabel(tr("No deadlock yet."), this))
    , m_tree(new QTreeWidget(this))
{
    m_tree->setHeaderLabels({ tr("deadlock / transaction"), tr("statement"), tr("waiting for") });
    m_tree->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_tree->setUniformRowHeights(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(m_summary);
    layout->addWidget(m_tree, 1);
}

void DeadlocksPanel::addDeadlock(const DeadlockRecord& d)
{
    ++m_count;
    // Thousands of deadlocks would make the tree itself the bottleneck: list the first 2000.
    if (m_tree->topLevelItemCount() < 2000) {
        auto* top = new QTreeWidgetItem(m_tree,
            { tr("#%1 at %2 s, %3 (%4)").arg(m_count).arg(d.elapsedS, 0, 'f', 1).arg(d.strategy, d.when) });
        top->setForeground(0, StrategyColors::of(d.strategy));
        for (qsizetype i = 0; i < d.transactions.size(); ++i) {
            const DeadlockRecord::Transaction& trx = d.transactions[i];
            const bool victim = d.victim == i + 1;
            auto* child = new QTreeWidgetItem(top,
                { tr("(%1) trx %2, connection %3%4")
                        .arg(i + 1)
                        .arg(trx.trxId)
                        .arg(trx.threadId)
                        .arg(victim ? tr(" — rolled back") : QString()),
                    trx.statementAfterCycle ? tr("%1 (written after the cycle)").arg(trx.statement)
                                            : trx.statement,
                    trx.waitedRow.isEmpty() ? trx.waitingFor : trx.waitedRow });
            if (victim)
                child->setForeground(0, StrategyColors::unsafe());
            child->setToolTip(1, trx.statement); // whole, however narrow the column
            child->setToolTip(2, trx.waitingFor); // as the server wrote it
        }
        top->setExpanded(m_count <= 20);
    }
    m_summary->setText(
        tr("%n deadlock(s) captured this session, every one as the server reported it.", nullptr, m_count));
}
