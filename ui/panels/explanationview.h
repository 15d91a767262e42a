#pragma once

#include "app/core/sourcedresult.h"

#include <QLabel>

// Under the results table: why the selected result (or the newest one) reached its rate,
// in the sentences the explanation builds from that run's own figures.
class ExplanationView : public QLabel {
    Q_OBJECT
public:
    explicit ExplanationView(QWidget* parent = nullptr);

    void show(const SourcedResult& row);
    void clear();
};
