#pragma once

#include "app/core/bound.h"

#include <QString>

// What a result says of where and why it ran, known before it starts: which of the
// experiment's repetitions it is, the server it ran on, and the rate predicted for it.
struct RunLabel {
    int repetition = 1;
    QString server; // "MariaDB 10.11.6", "PostgreSQL 15.18"
    double predictedOrdersPerS = -1.0; // -1: no prediction
    Bound predictedBound = Bound::None;
};
