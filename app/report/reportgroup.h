#pragma once

#include "app/core/sourcedresult.h"

#include <QList>
#include <QStringList>

// Rows of a report under the experiment they ran. A plain run's strategies and a sweep's cells
// share one group, since thread count, slots and SKU count are what a sweep varies and each
// is a column of the group's table; a row with another stock, delay, skew or stop starts a
// group of its own, so that no row is printed under an experiment it did not run.
struct ReportGroup {
    Experiment experiment; // the first row's; the varying fields differ per row
    QStringList varying; // of "threads", "slots", "skus": the fields whose value differs per row
    QList<SourcedResult> rows;

    // Rows from more than one run or file: the table names each row's source.
    bool manySources() const;

    // In the order each group's first row came.
    static QList<ReportGroup> split(const QList<SourcedResult>& rows);
};
