#include "ui/panels/guessbox.h"

#include <QHBoxLayout>
#include <QIntValidator>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

GuessBox::GuessBox(QWidget* parent)
    : QWidget(parent)
    , m_guess(new QLineEdit(this))
    , m_reveal(new QPushButton(tr("Show the lab's prediction"), this))
    , m_state(new QLabel(this))
{
    auto* label = new QLabel(tr("The class's guess, orders/s:"), this);
    label->setBuddy(m_guess);
    m_guess->setValidator(new QIntValidator(0, 100000000, m_guess));
    m_guess->setMaximumWidth(fontMetrics().horizontalAdvance(QStringLiteral("000000000")));
    m_reveal->setToolTip(tr("The lab predicts each strategy's rate from a moment of one client alone; it "
                            "stays hidden until the class has guessed"));
    m_state->setWordWrap(true);
    auto* row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(label);
    row->addWidget(m_guess);
    row->addWidget(m_reveal);
    row->addStretch();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(row);
    layout->addWidget(m_state);
    connect(m_guess, &QLineEdit::textChanged, this, &GuessBox::updateButton);
    connect(m_reveal, &QPushButton::clicked, this, [this] {
        m_revealed = true;
        m_guess->setReadOnly(true);
        updateButton();
        emit revealedPrediction();
    });
    reset();
}

void GuessBox::reset()
{
    m_predictions.clear();
    m_revealed = false;
    m_guess->clear();
    m_guess->setReadOnly(false);
    updateButton();
}

void GuessBox::setPredictions(const QList<RatePrediction::ForCell>& predictions)
{
    m_predictions = predictions;
    updateButton();
}

void GuessBox::updateButton()
{
    const bool guessed = m_guess->hasAcceptableInput();
    m_reveal->setEnabled(guessed && !m_predictions.isEmpty() && !m_revealed);
    if (m_revealed)
        m_state->setText(tr("Prediction shown above, beside the class's guess."));
    else if (m_predictions.isEmpty())
        m_state->setText(tr("Run the step: the lab first times one client alone, then predicts. Meanwhile, "
                            "ask the class for its guess."));
    else if (!guessed)
        m_state->setText(tr("The lab has its prediction. Type the class's guess to show it."));
    else
        m_state->setText(tr("Ready: show the prediction when the class has settled on its guess."));
}

QString GuessBox::summaryHtml(const QList<StrategyResult>& results) const
{
    if (!m_revealed)
        return {};
    const QLocale locale;
    QString html = QStringLiteral("<p><a name='guess'></a><b>%1</b> %2</p>")
                       .arg(tr("Guess and prediction:").toHtmlEscaped(),
                           tr("the class guessed %1 orders/s.").arg(m_guess->text()).toHtmlEscaped());
    for (const RatePrediction::ForCell& p : m_predictions) {
        QString line = p.prediction.ordersPerS < 0
            ? tr("%1: nothing to predict from (%2).").arg(p.strategy, p.why)
            : tr("%1 with %2 clients: predicted %3 orders/s (bound: %4).")
                  .arg(p.strategy)
                  .arg(p.clients)
                  .arg(locale.toString(p.prediction.ordersPerS, 'f', 0), boundName(p.prediction.bound));
        for (const StrategyResult& r : results) {
            if (r.strategy == p.strategy && r.experiment.threads == p.clients && p.prediction.ordersPerS > 0)
                line += QLatin1Char(' ')
                    + tr("Measured %1 orders/s: %2 % of the prediction.")
                          .arg(locale.toString(r.ordersPerS, 'f', 0),
                              locale.toString(100.0 * r.ordersPerS / p.prediction.ordersPerS, 'f', 0));
        }
        html += QStringLiteral("<p>%1</p>").arg(line.toHtmlEscaped());
    }
    return html;
}
