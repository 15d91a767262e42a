#include "ui/panels/strategypanel.h"

#include "app/core/experiment.h"
#include "app/report/strategycolors.h"
#include "strategies/strategyregistry.h"

#include <QListWidget>
#include <QSettings>
#include <QSplitter>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <utility>

StrategyPanel::StrategyPanel(QWidget* parent)
    : QWidget(parent)
    , m_list(new QListWidget(this))
    , m_details(new QTextBrowser(this))
{
    for (const QString& id : StrategyRegistry::ids()) {
        const auto strategy = StrategyRegistry::create(id);
        auto* item = new QListWidgetItem(
            strategy->isSafe() ? strategy->title() : strategy->title() + tr("  ⚠ unsafe"), m_list);
        item->setData(Qt::UserRole, id);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        // Ticked when it can run the default experiment: the two-SKU demonstrations need a
        // second SKU, which the default of one does not have.
        const bool runsByDefault
            = validateExperiment(Experiment {}, StrategyRegistry::needsOf({ id })).isEmpty();
        item->setCheckState(runsByDefault ? Qt::Checked : Qt::Unchecked);
        item->setForeground(StrategyColors::of(id));
        item->setToolTip(strategy->isSafe() ? QString() : tr("Oversells on purpose: a teaching baseline"));
    }
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_list);
    splitter->addWidget(m_details);
    splitter->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);
    connect(m_list, &QListWidget::itemChanged, this, &StrategyPanel::selectionChanged);
    connect(m_list, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
        if (item)
            showStrategy(item->data(Qt::UserRole).toString());
    });
    m_list->setCurrentRow(0);
}

QStringList StrategyPanel::selectedIds() const
{
    QStringList ids;
    for (int row = 0; row < m_list->count(); ++row) {
        if (m_list->item(row)->checkState() == Qt::Checked)
            ids << m_list->item(row)->data(Qt::UserRole).toString();
    }
    return ids;
}

void StrategyPanel::setSelectedIds(const QStringList& ids)
{
    const QSignalBlocker block(m_list);
    for (int row = 0; row < m_list->count(); ++row) {
        QListWidgetItem* item = m_list->item(row);
        item->setCheckState(ids.contains(item->data(Qt::UserRole).toString()) ? Qt::Checked : Qt::Unchecked);
    }
    emit selectionChanged();
}

QString StrategyPanel::shownDescription() const
{
    return m_details->toPlainText();
}

void StrategyPanel::setPostgres(bool postgres)
{
    if (std::exchange(m_postgres, postgres) != postgres && m_list->currentItem())
        showStrategy(m_list->currentItem()->data(Qt::UserRole).toString());
}

void StrategyPanel::showStrategy(const QString& id)
{
    const auto strategy = StrategyRegistry::create(id);
    if (!strategy)
        return;
    QString html = QStringLiteral("<h3 style='color:%1'>%2</h3>")
                       .arg(StrategyColors::of(id).name(), strategy->title().toHtmlEscaped());
    if (!strategy->isSafe())
        html += QStringLiteral("<p style='color:%1'><b>%2</b></p>")
                    .arg(StrategyColors::unsafe().name(), tr("Unsafe: this strategy oversells on purpose."));
    // Wrapped, not cut: a file's lines may be longer than the panel is wide.
    html += QStringLiteral("<p>%1</p><pre style='white-space: pre-wrap'>")
                .arg(strategy->explanation().toHtmlEscaped());
    html += strategy->shownSql(m_postgres).toHtmlEscaped() + QStringLiteral("</pre>");
    m_details->setHtml(html);
}

void StrategyPanel::saveSettings(QSettings& settings) const
{
    settings.setValue(QStringLiteral("experiment/strategies"), selectedIds());
}

void StrategyPanel::restoreSettings(const QSettings& settings)
{
    if (settings.contains(QStringLiteral("experiment/strategies")))
        setSelectedIds(settings.value(QStringLiteral("experiment/strategies")).toStringList());
}
