#include "app/results/enginecomparison.h"

#include <QLocale>

namespace {

QString number(double value, int decimals)
{
    return QLocale().toString(value, 'f', decimals);
}

double retriesPerOrder(const StrategyResult& r)
{
    const double orders = static_cast<double>(std::max<long long>(1, r.clients[ClientCount::Sold]));
    return static_cast<double>(r.clients[ClientCount::Retries]) / orders;
}

} // namespace

QStringList EngineComparison::sentences(const QList<StrategyResult>& results)
{
    QStringList said;
    QStringList done;
    for (const StrategyResult& first : results) {
        if (done.contains(first.strategy))
            continue;
        done << first.strategy;
        for (const StrategyResult& other : results) {
            if (other.strategy != first.strategy || other.server == first.server)
                continue;
            const double ratio = first.ordersPerS > 0 ? other.ordersPerS / first.ordersPerS : 0.0;
            QString sentence = tr("%1: %2 orders/s on %3, %4 on %5 (%6×).")
                                   .arg(first.strategy, number(first.ordersPerS, 0), first.server,
                                       number(other.ordersPerS, 0), other.server, number(ratio, 2));
            if (const QString more = differences(first, other); !more.isEmpty())
                sentence += QLatin1Char(' ') + more;
            said << sentence;
            break; // the first two servers it ran on
        }
    }
    return said;
}

QString EngineComparison::differences(const StrategyResult& first, const StrategyResult& other)
{
    QStringList parts;
    const double firstRetries = retriesPerOrder(first);
    const double otherRetries = retriesPerOrder(other);
    if (std::max(firstRetries, otherRetries) >= 0.1)
        parts << tr("Retries per order: %1 on %2, %3 on %4.")
                     .arg(number(firstRetries, 1), first.server, number(otherRetries, 1), other.server);
    if (first.deadlocks > 0 || other.deadlocks > 0) {
        parts << tr("Deadlocks: %1 on %2, %3 on %4.")
                     .arg(first.deadlocks)
                     .arg(first.server)
                     .arg(other.deadlocks)
                     .arg(other.server);
        for (const StrategyResult* r : { &first, &other })
            if (const QString detector = r->knobs.value(QStringLiteral("deadlock_timeout"));
                !detector.isEmpty())
                parts << tr(
                    "On %1 each deadlock waited deadlock_timeout (%2) before its detector looked; InnoDB "
                    "looks as the wait begins.")
                             .arg(r->server, detector);
    }
    return parts.join(QLatin1Char(' '));
}
