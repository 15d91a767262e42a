#include "app/report/timesplitchart.h"

#include "app/core/ordertimesplit.h"
#include "app/report/chartfactory.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QCoreApplication>
#include <QHorizontalPercentBarSeries>
#include <QLegend>
#include <QValueAxis>

#include <algorithm>

namespace TimeSplitChart {

namespace {

using Part = OrderTimeSplit::Part;

QString tr(const char* text)
{
    return QCoreApplication::translate("TimeSplitChart", text);
}

QString partName(Part part)
{
    switch (part) {
    case Part::LabWait:
        return tr("lab queue");
    case Part::Network:
        return tr("network");
    case Part::LateWake:
        return tr("late wake-up");
    case Part::LockWait:
        return tr("lock wait");
    case Part::Execute:
        return tr("execute");
    case Part::Commit:
        return tr("commit");
    case Part::Redis:
        return tr("Redis");
    case Part::Backoff:
        return tr("back-off");
    case Part::Work:
        return tr("work");
    case Part::Unaccounted:
        break;
    }
    return tr("untimed");
}

// One colour per part, the waits warm and the work cool, distinct from each other in print.
QColor partColor(Part part)
{
    static const QColor colors[OrderTimeSplit::kParts] = { QColor(0x8c, 0x56, 0x4b), QColor(0x1f, 0x77, 0xb4),
        QColor(0xae, 0xc7, 0xe8), QColor(0xd6, 0x27, 0x28), QColor(0x2c, 0xa0, 0x2c),
        QColor(0x94, 0x67, 0xbd), QColor(0xe3, 0x77, 0xc2), QColor(0xff, 0x7f, 0x0e),
        QColor(0x17, 0xbe, 0xcf), QColor(0xbb, 0xbb, 0xbb) };
    return colors[static_cast<int>(part)];
}

} // namespace

bool anyMeasured(const QList<SourcedResult>& sources)
{
    return std::any_of(sources.cbegin(), sources.cend(),
        [](const SourcedResult& s) { return OrderTimeSplit::of(s.result.windowClients).known(); });
}

QChart* of(const QList<SourcedResult>& sources)
{
    auto* chart = new QChart;
    chart->setTitle(tr("Where an order's time went (share of its mean time)"));
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(6, 6, 6, 6));
    QSet<int> threadCounts;
    for (const SourcedResult& source : sources)
        threadCounts.insert(source.result.experiment.threads);
    // The first result on top, read as a table: the bars lie on their side, so each label has the
    // width it needs.
    QStringList categories;
    QList<OrderTimeSplit> splits;
    for (auto it = sources.crbegin(); it != sources.crend(); ++it) {
        const OrderTimeSplit split = OrderTimeSplit::of(it->result.windowClients);
        if (!split.known())
            continue;
        categories << tr("%1 (%2 ms)")
                          .arg(ChartFactory::lineName(*it, threadCounts.size() > 1),
                              QLocale().toString(split.orderMs, 'f', split.orderMs < 10 ? 2 : 1));
        splits << split;
    }
    auto* series = new QHorizontalPercentBarSeries;
    for (int p = 0; p < OrderTimeSplit::kParts; ++p) {
        const auto part = static_cast<Part>(p);
        const bool used = std::any_of(splits.cbegin(), splits.cend(),
            [&](const OrderTimeSplit& s) { return s.ms(part) >= 0.01 * s.orderMs; });
        if (!used)
            continue; // a part no strategy spent time on keeps the legend short
        auto* set = new QBarSet(partName(part));
        set->setColor(partColor(part));
        set->setBorderColor(partColor(part));
        for (const OrderTimeSplit& split : std::as_const(splits))
            set->append(std::max(0.0, split.ms(part)));
        series->append(set);
    }
    chart->addSeries(series);
    auto* yAxis = new QBarCategoryAxis;
    yAxis->append(categories);
    auto* xAxis = new QValueAxis;
    xAxis->setRange(0, 100);
    xAxis->setLabelFormat(QStringLiteral("%.0f %%"));
    xAxis->setTitleText(tr("share of the order's time"));
    chart->addAxis(yAxis, Qt::AlignLeft);
    chart->addAxis(xAxis, Qt::AlignBottom);
    series->attachAxis(yAxis);
    series->attachAxis(xAxis);
    return chart;
}

} // namespace TimeSplitChart
