#include "ui/panels/sweeppanel.h"

#include "app/report/strategycolors.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

SweepPanel::SweepPanel(QWidget* parent)
    : QWidget(parent)
    , m_threads(new QLineEdit(QStringLiteral("1,4,16,64"), this))
    , m_dimension(new QComboBox(this))
    , m_values(new QLineEdit(this))
    , m_message(new QLabel(this))
    , m_run(new QPushButton(tr("Run sweep"), this))
{
    m_threads->setObjectName(QStringLiteral("sweep-threads"));
    m_dimension->addItems({ tr("nothing else"), tr("slots per SKU"), tr("SKUs") });
    m_values->setPlaceholderText(QStringLiteral("1,8,64"));
    m_values->setEnabled(false);
    m_message->setWordWrap(true);
    auto* explanation = new QLabel(
        tr("A sweep runs every selected strategy at every client count, each cell on fresh data and "
           "with the experiment's other settings; set a warm-up in the experiment to leave the "
           "start of each cell out of the figures. The Scaling tab draws the curves as cells finish."),
        this);
    explanation->setWordWrap(true);
    auto* form = new QFormLayout;
    form->addRow(tr("Clients"), m_threads);
    form->addRow(tr("Also vary"), m_dimension);
    form->addRow(tr("Values"), m_values);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(explanation);
    layout->addLayout(form);
    layout->addWidget(m_message);
    layout->addWidget(m_run);
    layout->addStretch();
    const auto update = [this] {
        m_values->setEnabled(m_dimension->currentIndex() > 0);
        QString error;
        m_message->setText(plan(&error) ? QString() : error);
        m_message->setStyleSheet(QStringLiteral("color: %1;").arg(StrategyColors::unsafe().name()));
        emit changed();
    };
    connect(m_threads, &QLineEdit::textChanged, this, update);
    connect(m_values, &QLineEdit::textChanged, this, update);
    connect(m_dimension, &QComboBox::currentIndexChanged, this, update);
    connect(m_run, &QPushButton::clicked, this, &SweepPanel::runRequested);
}

std::optional<SweepPlan> SweepPanel::plan(QString* error) const
{
    static const SweepPlan::Dimension dimensions[]
        = { SweepPlan::Dimension::None, SweepPlan::Dimension::Slots, SweepPlan::Dimension::Skus };
    SweepPlan::List bad = SweepPlan::List::Clients;
    const std::optional<SweepPlan> plan = SweepPlan::parse(
        m_threads->text(), dimensions[m_dimension->currentIndex()], m_values->text(), &bad, error);
    if (!plan)
        *error = (bad == SweepPlan::List::Clients ? tr("Clients: %1") : tr("Values: %1")).arg(*error);
    return plan;
}

void SweepPanel::setThreads(const QString& list)
{
    m_threads->setText(list);
}
