#include "resultspanel.h"

#include "strategycolors.h"

#include <QHeaderView>
#include <QTableWidget>
#include <QVBoxLayout>

namespace {

const QStringList kHeaders = { QStringLiteral("run"), QStringLiteral("strategy"), QStringLiteral("orders/s"),
    QStringLiteral("p95 ms"), QStringLiteral("p99 ms"), QStringLiteral("lock waits"), QStringLiteral("deadlocks"),
    QStringLiteral("timeouts"), QStringLiteral("retries"), QStringLiteral("sold"), QStringLiteral("oversold"),
    QStringLiteral("verdict") };

QTableWidgetItem* number(double value, int decimals = 0)
{
    auto* item = new QTableWidgetItem;
    item->setData(Qt::DisplayRole, decimals == 0 ? QVariant(static_cast<qlonglong>(value)) : QVariant(QString::number(value, 'f', decimals)));
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

} // namespace

ResultsPanel::ResultsPanel(QWidget* parent)
    : QWidget(parent)
    , m_table(new QTableWidget(0, static_cast<int>(kHeaders.size()), this))
{
    m_table->setHorizontalHeaderLabels(kHeaders);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSortingEnabled(false);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_table);
}

void ResultsPanel::addResult(const StrategyResult& r, const QString& runLabel)
{
    m_results.append(r);
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    auto* strategy = new QTableWidgetItem(r.safe ? r.strategy : r.strategy + tr(" (unsafe)"));
    strategy->setForeground(StrategyColors::of(r.strategy));
    const QList<QTableWidgetItem*> items = { new QTableWidgetItem(runLabel), strategy, number(r.ordersPerS),
        number(r.p95Ms, 2), number(r.p99Ms, 2), number(static_cast<double>(r.lockWaits)), number(static_cast<double>(r.deadlocks)),
        number(static_cast<double>(r.lockWaitTimeouts)), number(static_cast<double>(r.retries)), number(static_cast<double>(r.sold)),
        number(static_cast<double>(r.oversold)), new QTableWidgetItem(r.error.isEmpty() ? r.verdict() : tr("error: %1").arg(r.error)) };
    for (int column = 0; column < items.size(); ++column)
        m_table->setItem(row, column, items[column]);
    QTableWidgetItem* verdict = items.last();
    const bool bad = !r.error.isEmpty() || r.anomaly() || !r.clientsAgree();
    verdict->setForeground(bad ? StrategyColors::unsafe() : StrategyColors::safe());
    verdict->setToolTip(r.errorMessages.isEmpty() ? r.stopReason : r.errorMessages.join(QLatin1Char('\n')));
    if (r.oversold > 0)
        items[10]->setForeground(StrategyColors::unsafe());
    m_table->scrollToBottom();
}

QString ResultsPanel::cell(int row, const QString& header) const
{
    const qsizetype column = kHeaders.indexOf(header);
    const QTableWidgetItem* item = column < 0 ? nullptr : m_table->item(row, static_cast<int>(column));
    return item ? item->text() : QString();
}
