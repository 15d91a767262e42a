#include "ui/panels/lockinspectorpanel.h"

#include "ui/panels/locktablemodel.h"
#include "ui/panels/waitagestrip.h"
#include "ui/panels/waitforgraph.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHash>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSet>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace {

// How often the picture changes: every sample, or slower, for a class to follow by eye.
const struct {
    const char* label;
    double seconds;
} kPaces[] = { { QT_TRANSLATE_NOOP("LockInspectorPanel", "every sample"), 0.0 },
    { QT_TRANSLATE_NOOP("LockInspectorPanel", "every 2 s"), 2.0 },
    { QT_TRANSLATE_NOOP("LockInspectorPanel", "every 5 s"), 5.0 } };

} // namespace

LockInspectorPanel::LockInspectorPanel(QWidget* parent)
    : QWidget(parent)
    , m_summary(new QLabel(tr("Run a strategy to see who holds and who waits for row locks."), this))
    , m_freeze(new QPushButton(tr("Freeze"), this))
    , m_stepBack(new QPushButton(tr("◀"), this))
    , m_stepForward(new QPushButton(tr("▶"), this))
    , m_graph(new WaitForGraph(this))
    , m_ages(new WaitAgeStrip(this))
    , m_chains(new QLabel(this))
    , m_model(new LockTableModel(this))
    , m_table(new QTableView(this))
    , m_pace(new QComboBox(this))
{
    m_summary->setWordWrap(true);
    m_table->setModel(m_model);
    for (const auto& pace : kPaces)
        m_pace->addItem(tr(pace.label), pace.seconds);
    m_pace->setToolTip(
        tr("How often the picture changes: slower, a class can follow a queue forming on the hot row"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    // The chains and the waiters' ages above the graph, inside its scroll area: they take no
    // room a short window needs for the charts.
    auto* content = new QWidget(this);
    auto* contentLayout = new QVBoxLayout(content);
    contentLayout->setContentsMargins(0, 0, 0, 0);
    m_chainsBox = new QWidget(content);
    auto* chainsLayout = new QVBoxLayout(m_chainsBox);
    chainsLayout->setContentsMargins(0, 0, 0, 0);
    m_chains->setWordWrap(true);
    chainsLayout->addWidget(m_chains);
    chainsLayout->addWidget(m_ages);
    contentLayout->addWidget(m_chainsBox);
    contentLayout->addWidget(m_graph, 1);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(scroll);
    splitter->addWidget(m_table);
    m_freeze->setCheckable(true);
    m_freeze->setObjectName(QStringLiteral("freezeLocks"));
    m_freeze->setToolTip(tr("Keep this picture while the run goes on, to follow the queue by eye"));
    connect(m_freeze, &QPushButton::toggled, this, &LockInspectorPanel::setFrozen);
    m_stepBack->setToolTip(tr("Frozen: the picture one sample earlier"));
    m_stepForward->setToolTip(tr("Frozen: the picture one sample later"));
    connect(m_stepBack, &QPushButton::clicked, this, [this] { step(-1); });
    connect(m_stepForward, &QPushButton::clicked, this, [this] { step(1); });
    // The controls on a row of their own: the summary below gets the panel's whole width, so
    // that a long one (a crowd of waiters) wraps onto a few lines instead of being cut.
    auto* top = new QHBoxLayout;
    auto* paceLabel = new QLabel(tr("Show"), this);
    paceLabel->setBuddy(m_pace);
    top->addWidget(paceLabel);
    top->addWidget(m_pace);
    top->addStretch(1);
    top->addWidget(m_stepBack);
    top->addWidget(m_freeze);
    top->addWidget(m_stepForward);
    updateStepButtons();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(top);
    layout->addWidget(m_summary);
    layout->addWidget(splitter, 1);
}

void LockInspectorPanel::runStarted(bool watched)
{
    if (!watched)
        m_summary->setText(tr("The lock inspector is off in this experiment (Watch live): it does not look "
                              "at the server's locks during the run."));
}

void LockInspectorPanel::setSnapshot(const LockSnapshot& snapshot)
{
    m_latest = snapshot;
    m_history.append(snapshot);
    m_ages->addSnapshot(snapshot);
    if (m_history.size() > kHistory) {
        m_history.removeFirst();
        ++m_firstSequence;
    }
    if (isFrozen()) {
        updateStepButtons(); // a later picture to step to
        return;
    }
    // A new strategy, or time gone backwards (a new run), shows at once; else at the pace.
    const bool fresh = snapshot.strategy != m_shown.strategy || snapshot.elapsedS < m_shown.elapsedS;
    if (fresh || snapshot.elapsedS - m_shown.elapsedS >= pace() - 1e-9) {
        display(snapshot);
        m_shownSequence = m_firstSequence + m_history.size() - 1;
    }
}

void LockInspectorPanel::setPace(double seconds)
{
    for (int i = 0; i < m_pace->count(); ++i) {
        if (m_pace->itemData(i).toDouble() == seconds)
            m_pace->setCurrentIndex(i);
    }
}

double LockInspectorPanel::pace() const
{
    return m_pace->currentData().toDouble();
}

void LockInspectorPanel::setFrozen(bool frozen)
{
    if (m_freeze->isChecked() != frozen)
        m_freeze->setChecked(frozen); // comes back here through toggled()
    m_freeze->setText(frozen ? tr("Frozen: resume") : tr("Freeze"));
    if (!frozen && !m_history.isEmpty()) {
        display(m_latest);
        m_shownSequence = m_firstSequence + m_history.size() - 1;
    }
    updateStepButtons();
}

void LockInspectorPanel::step(int delta)
{
    if (!isFrozen() || m_history.isEmpty())
        return;
    const long long last = m_firstSequence + m_history.size() - 1;
    const long long target = std::clamp(m_shownSequence + delta, m_firstSequence, last);
    if (const LockSnapshot* snapshot = recorded(target)) {
        display(*snapshot);
        m_shownSequence = target;
        m_summary->setText(m_summary->text() + QLatin1Char(' ')
            + tr("(picture %1 of the %2 recorded)").arg(target - m_firstSequence + 1).arg(m_history.size()));
    }
    updateStepButtons();
}

const LockSnapshot* LockInspectorPanel::recorded(long long sequence) const
{
    const long long index = sequence - m_firstSequence;
    return index >= 0 && index < m_history.size() ? &m_history[static_cast<qsizetype>(index)] : nullptr;
}

void LockInspectorPanel::updateStepButtons()
{
    const bool frozen = isFrozen();
    m_stepBack->setEnabled(frozen && m_shownSequence > m_firstSequence);
    m_stepForward->setEnabled(
        frozen && m_shownSequence >= 0 && m_shownSequence < m_firstSequence + m_history.size() - 1);
}

bool LockInspectorPanel::isFrozen() const
{
    return m_freeze->isChecked();
}

QList<const LockTransaction*> LockInspectorPanel::inQueueOrder(
    const LockSnapshot& snapshot, const WaitForGraph& graph)
{
    QHash<QString, const LockTransaction*> byId;
    for (const LockTransaction& trx : snapshot.transactions)
        byId.insert(trx.trxId, &trx);
    QList<const LockTransaction*> ordered;
    QSet<QString> listed;
    for (const WaitForGraph::Queue& queue : graph.currentQueues()) {
        for (const QString& id : queue.holders + queue.waiters) {
            if (const LockTransaction* trx = byId.value(id); trx && !listed.contains(id)) {
                ordered.append(trx);
                listed.insert(id);
            }
        }
    }
    for (const LockTransaction& trx : snapshot.transactions) {
        if (!listed.contains(trx.trxId))
            ordered.append(&trx);
    }
    return ordered;
}

QString LockInspectorPanel::lookCostSentence(const LockSnapshot& snapshot)
{
    // Said once the pause outgrows the default sample interval: the picture is sparser than the
    // charts then, by the lab's choice.
    if (snapshot.nextLookAfterMs <= 250.0)
        return {};
    return QLatin1Char(' ')
        + tr("This look took the server %1 ms, so the next one waits %2 s: looking takes at most 2 % of the "
             "run.")
              .arg(snapshot.lookMs, 0, 'f', 1)
              .arg(snapshot.nextLookAfterMs / 1000.0, 0, 'f', 1);
}

void LockInspectorPanel::display(const LockSnapshot& snapshot)
{
    m_shown = snapshot;
    m_graph->setSnapshot(snapshot);
    m_chains->clear();
    if (!snapshot.error.isEmpty()) {
        m_summary->setText(snapshot.error);
        m_model->clear();
        return;
    }
    if (snapshot.waitersNotRead > 0) {
        m_summary->setText(
            tr("%1 at %2 s: %3 transactions waiting for a row lock. Beyond %4 waiters the lab does not read "
               "the lock tables: the server copies them while holding InnoDB's lock system, and every commit "
               "would wait for the copy.")
                .arg(snapshot.strategy)
                .arg(snapshot.elapsedS, 0, 'f', 1)
                .arg(snapshot.waitersNotRead)
                .arg(LockSnapshot::kMostWaitersRead));
        m_model->clear();
        return;
    }
    m_summary->setText(tr("%1 at %2 s: %3 transactions open, %4 waiting for a row lock; longest queue %5.")
                           .arg(snapshot.strategy)
                           .arg(snapshot.elapsedS, 0, 'f', 1)
                           .arg(snapshot.transactions.size())
                           .arg(snapshot.waitingCount())
                           .arg(snapshot.longestQueue()));
    m_chains->setText(QString(chainsSentence(snapshot) + lookCostSentence(snapshot)).trimmed());
    QList<LockTransaction> ordered;
    for (const LockTransaction* trx : inQueueOrder(snapshot, *m_graph))
        ordered.append(*trx);
    m_model->setTransactions(ordered);
    // Columns fitted once to the first rows (and again when the type grows), not on every
    // picture: a thousand rows measured four times a second would stall the window.
    if (!m_columnsFitted && !ordered.isEmpty()) {
        fitColumns();
        m_columnsFitted = true;
    }
}

void LockInspectorPanel::fitColumns()
{
    constexpr int kWidestColumn = 420; // the statement's SQL may be long: it stays scrollable
    m_table->resizeColumnsToContents();
    for (int column = 0; column < m_model->columnCount(); ++column)
        m_table->setColumnWidth(column, std::min(m_table->columnWidth(column), kWidestColumn));
}

void LockInspectorPanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) // presenter mode: the same columns in larger type
        QTimer::singleShot(0, this, &LockInspectorPanel::fitColumns);
}

QString LockInspectorPanel::chainsSentence(const LockSnapshot& snapshot)
{
    const QList<BlockingChain> chains = snapshot.blockingChains();
    if (chains.isEmpty())
        return {};
    QStringList roots;
    for (qsizetype i = 0; i < std::min<qsizetype>(chains.size(), 3); ++i) {
        const BlockingChain& chain = chains[i];
        const QString who = chain.root
            ? tr("trx %1 (connection %2, %3)")
                  .arg(chain.rootTrxId)
                  .arg(chain.root->threadId)
                  .arg(chain.root->blockedBy.isEmpty() ? chain.root->state : tr("in a cycle of waits"))
            : tr("trx %1").arg(chain.rootTrxId);
        roots << tr("%1 with %n waiting behind it", nullptr, chain.waitingBehind).arg(who);
    }
    QString sentence = tr("Root blockers: %1").arg(roots.join(QStringLiteral("; ")));
    if (chains.size() > 3)
        sentence += tr("; %n more", nullptr, static_cast<int>(chains.size() - 3));
    return sentence + QLatin1Char('.');
}

QString LockInspectorPanel::summary() const
{
    return m_summary->text();
}

QString LockInspectorPanel::chains() const
{
    return m_chains->text();
}

QSize LockInspectorPanel::sizeHint() const
{
    // The window's splitter gives the details the room the graph and the table ask for; the
    // chains and the ages take theirs from within it.
    QSize hint = QWidget::sizeHint();
    hint.rheight() -= m_chainsBox->sizeHint().height();
    return hint;
}
