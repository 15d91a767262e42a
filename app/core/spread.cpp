#include "app/core/spread.h"

#include <algorithm>
#include <cmath>

namespace {

constexpr double kWantedLevel = 0.95;

// P(Binomial(n, ½) ≤ k), summed in doubles: n stays at most kMaxRepeat (100), where 2^-n
// is still far from underflow.
double binomialHalfCdf(int n, int k)
{
    double term = std::pow(0.5, n); // C(n, 0) / 2^n
    double sum = term;
    for (int i = 1; i <= k; ++i) {
        term *= static_cast<double>(n - i + 1) / i;
        sum += term;
    }
    return sum;
}

double coverage(int n, int k)
{
    return 1.0 - 2.0 * binomialHalfCdf(n, k - 1);
}

} // namespace

bool Spread::overlaps(const Spread& other) const
{
    return ciLow <= other.ciHigh && other.ciLow <= ciHigh;
}

Spread Spread::of(QList<double> values)
{
    Spread spread;
    spread.n = static_cast<int>(values.size());
    if (values.isEmpty())
        return spread;
    std::sort(values.begin(), values.end());
    const int n = spread.n;
    spread.min = values.first();
    spread.max = values.last();
    spread.median = n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2.0;
    spread.ciLow = spread.ciHigh = spread.median;
    if (n < 2)
        return spread;
    int k = 1; // min–max, the widest there is
    while (k + 1 <= n / 2 && coverage(n, k + 1) >= kWantedLevel)
        ++k;
    spread.ciLow = values[k - 1];
    spread.ciHigh = values[n - k];
    spread.level = coverage(n, k);
    return spread;
}

QList<QPair<int, int>> notSeparable(const QList<Spread>& spreads)
{
    QList<QPair<int, int>> pairs;
    for (int i = 0; i < spreads.size(); ++i) {
        for (int j = i + 1; j < spreads.size(); ++j) {
            if (spreads[i].hasInterval() && spreads[j].hasInterval() && spreads[i].overlaps(spreads[j]))
                pairs.append({ i, j });
        }
    }
    return pairs;
}
