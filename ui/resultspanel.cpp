#include "resultspanel.h"

#include "strategycolors.h"

#include <QHeaderView>
#include <QTableWidget>
#include <QVBoxLayout>

namespace {

const QStringList kHeaders = { QStringLiteral("source"), QStringLiteral("strategy"), QStringLiteral("threads"), QStringLiteral("orders/s"),
    QStringLiteral("p95 ms"), QStringLiteral("p99 ms"), QStringLiteral("lock waits"), QStringLiteral("deadlocks"),
    QStringLiteral("timeouts"), QStringLiteral("1020"), QStringLiteral("3572"), QStringLiteral("lost conn"),
    QStringLiteral("retries"), QStringLiteral("sold"), QStringLiteral("oversold"), QStringLiteral("verdict"),
    QStringLiteral("ran under") };

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
