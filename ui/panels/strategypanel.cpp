#include "ui/panels/strategypanel.h"

#include "app/core/experiment.h"
#include "app/report/strategycolors.h"
#include "strategies/strategyregistry.h"

#include "ui/editor/strategyfileactions.h"

#include <QDir>
#include <QHBoxLayout>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <utility>

StrategyPanel::StrategyPanel(UserStrategyFolder folder, QWidget* parent)
    : QWidget(parent)
    , m_folder(std::move(folder))
    , m_list(new QListWidget(this))
    , m_details(new QTextBrowser(this))
    , m_files(new StrategyFileActions(m_folder, this))
{
    m_folder.loadAll(&m_folderProblems); // before the list: the registry lists them too
    for (const QString& id : StrategyRegistry::ids())
        addItem(id);
    auto* top = new QWidget(this);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(m_list);
    topLayout->addWidget(makeButtons());
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(top);
    splitter->addWidget(m_details);
    splitter->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);
    connect(m_files, &StrategyFileActions::saved, this, &StrategyPanel::strategySaved);
    connect(m_files, &StrategyFileActions::checkRequested, this, &StrategyPanel::checkRequested);
    connect(m_list, &QListWidget::itemChanged, this, &StrategyPanel::selectionChanged);
    connect(m_list, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
        if (item)
            showStrategy(item->data(Qt::UserRole).toString());
        updateButtons();
    });
    m_list->setCurrentRow(0);
}

QWidget* StrategyPanel::makeButtons()
{
    auto* row = new QWidget(this);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* add = new QPushButton(tr("New"), row);
    auto* open = new QPushButton(tr("Open…"), row);
    m_duplicate = new QPushButton(tr("Duplicate as my strategy"), row);
    m_edit = new QPushButton(tr("Edit"), row);
    add->setToolTip(tr("Write a strategy file of your own"));
    open->setToolTip(tr("Open a strategy file; saving keeps a copy in %1").arg(m_folder.folder()));
    m_duplicate->setToolTip(tr("A copy of the selected strategy's file under a new id, to change"));
    m_edit->setToolTip(tr("Your strategy files are kept in %1").arg(m_folder.folder()));
    for (QPushButton* button : { add, open, m_duplicate, m_edit })
        layout->addWidget(button);
    layout->addStretch();
    connect(add, &QPushButton::clicked, m_files, &StrategyFileActions::editNew);
    connect(open, &QPushButton::clicked, m_files, &StrategyFileActions::editChosenFile);
    connect(m_duplicate, &QPushButton::clicked, this, [this] { m_files->editCopyOf(currentId()); });
    connect(m_edit, &QPushButton::clicked, this, [this] { m_files->editFile(m_folder.pathOf(currentId())); });
    return row;
}

QListWidgetItem* StrategyPanel::addItem(const QString& id)
{
    const auto strategy = StrategyRegistry::create(id);
    auto* item = new QListWidgetItem(m_list);
    item->setData(Qt::UserRole, id);
    item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
    // Ticked when it can run the default experiment: the two-SKU demonstrations need a
    // second SKU, which the default of one does not have. A user's own are ticked when saved.
    const bool runsByDefault = !m_folder.holds(id)
        && validateExperiment(Experiment {}, StrategyRegistry::needsOf({ id })).isEmpty();
    item->setCheckState(runsByDefault ? Qt::Checked : Qt::Unchecked);
    item->setText(strategy->isSafe() ? strategy->title() : strategy->title() + tr("  ⚠ unsafe"));
    item->setForeground(StrategyColors::of(id));
    item->setToolTip(strategy->isSafe() ? QString() : tr("Oversells on purpose: a teaching baseline"));
    return item;
}

QString StrategyPanel::currentId() const
{
    return m_list->currentItem() ? m_list->currentItem()->data(Qt::UserRole).toString() : QString();
}

void StrategyPanel::updateButtons()
{
    const QString id = currentId();
    m_duplicate->setEnabled(!StrategyRegistry::fileTextOf(id).isEmpty());
    m_edit->setEnabled(m_folder.holds(id));
}

StrategyEditor* StrategyPanel::editNew()
{
    return m_files->editNew();
}

StrategyEditor* StrategyPanel::editFile(const QString& path)
{
    return m_files->editFile(path);
}

StrategyEditor* StrategyPanel::editCopyOf(const QString& id)
{
    return m_files->editCopyOf(id);
}

StrategyEditor* StrategyPanel::editor() const
{
    return m_files->editor();
}

void StrategyPanel::strategySaved(const QString& id)
{
    QListWidgetItem* item = nullptr;
    for (int row = 0; row < m_list->count() && !item; ++row)
        if (m_list->item(row)->data(Qt::UserRole).toString() == id)
            item = m_list->item(row);
    if (item) {
        const bool checked = item->checkState() == Qt::Checked;
        delete item; // its title, safety and colour may have changed
        item = addItem(id);
        item->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
    } else {
        item = addItem(id);
        item->setCheckState(Qt::Checked);
    }
    m_list->setCurrentItem(item);
    showStrategy(id);
    emit selectionChanged();
}

void StrategyPanel::showCheck(bool ok, const QString& report)
{
    m_files->showCheck(ok, report);
}

void StrategyPanel::setCheckAllowed(bool allowed)
{
    m_files->setCheckAllowed(allowed);
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
    // A strategy added since the list was made (a lesson's own file) is listed first.
    const QStringList known = StrategyRegistry::ids();
    for (const QString& id : ids) {
        bool listed = false;
        for (int row = 0; row < m_list->count() && !listed; ++row)
            listed = m_list->item(row)->data(Qt::UserRole).toString() == id;
        if (!listed && known.contains(id))
            addItem(id);
    }
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
    if (m_folder.holds(id))
        html += QStringLiteral("<p><i>%1</i></p>")
                    .arg(tr("Your strategy file: %1")
                             .arg(QDir::toNativeSeparators(m_folder.pathOf(id)))
                             .toHtmlEscaped());
    for (const QString& problem : m_folderProblems)
        html += QStringLiteral("<p style='color:%1'>%2</p>")
                    .arg(StrategyColors::unsafe().name(), tr("Not listed: %1").arg(problem).toHtmlEscaped());
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
