#pragma once

#include "app/core/strategyresult.h"
#include "app/results/rateprediction.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;

// A lesson step's guess before the run: the class says how many orders/s it expects, and only
// then may the lab's prediction be shown. What was guessed, predicted and measured is then said
// in one sentence per strategy.
class GuessBox : public QWidget {
    Q_OBJECT
public:
    explicit GuessBox(QWidget* parent = nullptr);

    // A new step: no guess, no prediction, nothing revealed.
    void reset();
    void setPredictions(const QList<RatePrediction::ForCell>& predictions);
    bool revealed() const { return m_revealed; }
    QLineEdit* guessField() const { return m_guess; }
    QPushButton* revealButton() const { return m_reveal; }
    // After the reveal: the guess and the prediction, with `results` measured so far (HTML).
    QString summaryHtml(const QList<StrategyResult>& results) const;

signals:
    void revealedPrediction();

private:
    void updateButton();

    QLineEdit* m_guess;
    QPushButton* m_reveal;
    QLabel* m_state;
    QList<RatePrediction::ForCell> m_predictions;
    bool m_revealed = false;
};
