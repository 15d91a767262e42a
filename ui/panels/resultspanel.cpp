#include "ui/panels/resultspanel.h"

#include "app/report/strategycolors.h"

#include <QHeaderView>
#include <QTableWidget>
#include <QVBoxLayout>

namespace {

const QStringList kHeaders = { QStringLiteral("source"), QStringLiteral("strategy"), QStringLiteral("threads"), QStringLiteral("orders/s"),
    QStringLiteral("p95 ms"), QStringLiteral("p99 ms"), QStringLiteral("lock waits"), QStringLiteral("deadlocks"),
    QStringLiteral("timeouts"), QStringLiteral("1020"), QStringLiteral("3572"), QStringLiteral("lost conn"),
    QStringLiteral("retries"), QStringLiteral("sold"), QStringLiteral("oversold"), QStringLiteral("verdict"),
    QStringLiteral("ran under") };

// What each column counts, for the header's tooltip: several are error codes or server counters.
const QStringList kHeaderTips = { QStringLiteral("The run that produced the row: #n in this session, or the file it was opened from."),
    QStringLiteral("The strategy; its SQL and explanation are in the Strategies tab."),
    QStringLiteral("Client threads, each with its own connection."),
    QStringLiteral("Committed orders per second, after the warm-up."),
    QStringLiteral("95th percentile of order latency after the warm-up (open loop: counted from when the order was due)."),
    QStringLiteral("99th percentile of order latency."),
    QStringLiteral("Row lock waits the server counted (Innodb_row_lock_waits) during the run."),
    QStringLiteral("Deadlocks the server detected during the run; each one is in the Deadlocks tab."),
    QStringLiteral("Lock wait timeouts (error 1205): a statement waited innodb_lock_wait_timeout for a row lock."),
    QStringLiteral("Error 1020, \"record has changed since it was last read\": a write conflict under snapshot isolation."),
    QStringLiteral("Error 3572: a NOWAIT or SKIP LOCKED statement found the row locked."),
    QStringLiteral("Lost connections (2006, 2013): the worker reconnected and asked whether its order had committed."),
    QStringLiteral("Attempts repeated after a conflict, deadlock or timeout."),
    QStringLiteral("Units sold, from the audit of the tables after the run."),
    QStringLiteral("Units sold beyond the stock: anything above 0 is a broken strategy (or naive, on purpose)."),
    QStringLiteral("pass, or what the audit found wrong."),
    QStringLiteral("The server settings the run measured under.") };

QTableWidgetItem* number(double value, int decimals = 0)
{
    auto* item = new QTableWidgetItem;
    item->setData(Qt::DisplayRole, decimals == 0 ? QVariant(static_cast<qlonglong>(value)) : QVariant(QString::number(value, 'f', decimals)));
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

// "deadlock detect OFF, lock wait timeout 1 s, …": the knobs a result ran under.
QString knobText(const StrategyResult& r)
{
    QStringList parts;
    const auto add = [&](const char* key, const QString& label) {
        const QString value = r.knobs.value(QLatin1String(key));
        if (!value.isEmpty())
            parts << label.arg(value);
    };
    add("innodb_deadlock_detect", QStringLiteral("deadlock detect %1"));
    add("innodb_lock_wait_timeout", QStringLiteral("lock wait timeout %1 s"));
    add("transaction_isolation", QStringLiteral("%1"));
    add("innodb_flush_log_at_trx_commit", QStringLiteral("flush at commit %1"));
    const qlonglong pool = r.knobs.value(QStringLiteral("innodb_buffer_pool_size")).toLongLong();
    if (pool > 0)
        parts << QStringLiteral("buffer pool %1 MiB").arg(pool / (1024 * 1024));
    return parts.join(QStringLiteral(", "));
}

} // namespace

ResultsPanel::ResultsPanel(QWidget* parent)
    : QWidget(parent)
    , m_table(new QTableWidget(0, static_cast<int>(kHeaders.size()), this))
{
    m_table->setHorizontalHeaderLabels(kHeaders);
    for (int column = 0; column < kHeaders.size(); ++column)
        m_table->horizontalHeaderItem(column)->setToolTip(kHeaderTips.value(column));
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
    m_sources.append(runLabel);
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    auto* strategy = new QTableWidgetItem(r.safe ? r.strategy : r.strategy + tr(" (unsafe)"));
    strategy->setForeground(StrategyColors::of(r.strategy));
    const QList<QTableWidgetItem*> items = { new QTableWidgetItem(runLabel), strategy, number(r.experiment.threads), number(r.ordersPerS),
        number(r.p95Ms, 2), number(r.p99Ms, 2), number(static_cast<double>(r.lockWaits)), number(static_cast<double>(r.deadlocks)),
        number(static_cast<double>(r.lockWaitTimeouts)), number(static_cast<double>(r.errors[static_cast<std::size_t>(ErrorClass::RecordChanged)])),
        number(static_cast<double>(r.errors[static_cast<std::size_t>(ErrorClass::LockNowait)])),
        number(static_cast<double>(r.errors[static_cast<std::size_t>(ErrorClass::ConnectionLost)])), number(static_cast<double>(r.retries)),
        number(static_cast<double>(r.sold)), number(static_cast<double>(r.oversold)),
        new QTableWidgetItem(r.error.isEmpty() ? r.verdict() : tr("error: %1").arg(r.error)), new QTableWidgetItem(knobText(r)) };
    for (int column = 0; column < items.size(); ++column)
        m_table->setItem(row, column, items[column]);
    QTableWidgetItem* verdict = items[static_cast<int>(kHeaders.indexOf(QStringLiteral("verdict")))];
    const bool bad = !r.error.isEmpty() || r.anomaly() || !r.clientsAgree();
    verdict->setForeground(bad ? StrategyColors::unsafe() : StrategyColors::safe());
    verdict->setToolTip(r.errorMessages.isEmpty() ? r.stopReason : r.errorMessages.join(QLatin1Char('\n')));
    if (r.oversold > 0)
        items[static_cast<int>(kHeaders.indexOf(QStringLiteral("oversold")))]->setForeground(StrategyColors::unsafe());
    m_table->scrollToBottom();
}

QString ResultsPanel::cell(int row, const QString& header) const
{
    const qsizetype column = kHeaders.indexOf(header);
    const QTableWidgetItem* item = column < 0 ? nullptr : m_table->item(row, static_cast<int>(column));
    return item ? item->text() : QString();
}
