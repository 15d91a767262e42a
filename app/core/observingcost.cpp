#include "app/core/observingcost.h"

#include "app/core/quotedvalue.h"

#include <QLocale>
#include <QStringList>

#include <cmath>

namespace {

QString viewName(ObservingCost::View view)
{
    switch (view) {
    case ObservingCost::View::Sampler:
        return ObservingCost::tr("the sampler");
    case ObservingCost::View::Audit:
        return ObservingCost::tr("the live audit");
    case ObservingCost::View::Inspector:
        return ObservingCost::tr("the lock inspector");
    case ObservingCost::View::Deadlocks:
        return ObservingCost::tr("the deadlock reader");
    }
    return {};
}

} // namespace

QString ObservingCost::viewKey(View view)
{
    static const char* const kKeys[kViews] = { "sampler", "audit", "inspector", "deadlocks" };
    return QString::fromLatin1(kKeys[static_cast<std::size_t>(view)]);
}

QString ObservingCost::viewsText(int views)
{
    if ((views & 0b1111) == 0b1111)
        return QStringLiteral("all");
    QStringList names;
    for (int i = 0; i < kViews; ++i)
        if (views & bit(static_cast<View>(i)))
            names << viewKey(static_cast<View>(i));
    return names.isEmpty() ? QStringLiteral("none") : names.join(QLatin1Char(','));
}

QString ObservingCost::parseViews(const QString& text, int& views)
{
    const QString lower = text.toLower();
    if (lower == QLatin1String("all") || lower == QLatin1String("none")) {
        views = lower == QLatin1String("all") ? 0b1111 : 0;
        return {};
    }
    int parsed = 0;
    for (const QString& name : lower.split(QLatin1Char(','))) {
        int i = 0;
        while (i < kViews && viewKey(static_cast<View>(i)) != name)
            ++i;
        if (i == kViews)
            return tr("must be all, none or a comma list of sampler, audit, inspector and deadlocks (got %1)")
                .arg(QuotedValue::quoted(text));
        parsed |= bit(static_cast<View>(i));
    }
    views = parsed;
    return {};
}

double ObservingCost::shareOf(double runS) const
{
    double ms = 0.0;
    for (int i = 0; i < kViews; ++i)
        ms += this->ms(static_cast<View>(i));
    return runS > 0.0 ? ms / 1000.0 / runS : 0.0;
}

QString ObservingCost::sentence(double runS) const
{
    if (runS <= 0.0)
        return {};
    const QLocale locale;
    QStringList parts;
    double looks = 0.0;
    for (int i = 0; i < kViews; ++i) {
        const auto view = static_cast<View>(i);
        if (this->looks(view) == 0)
            continue;
        looks += static_cast<double>(this->looks(view));
        parts << tr("%1 %2 a second, %3 ms each")
                     .arg(viewName(view),
                         locale.toString(static_cast<double>(this->looks(view)) / runS, 'f', 1),
                         locale.toString(ms(view) / static_cast<double>(this->looks(view)), 'f', 2));
    }
    if (parts.isEmpty())
        return {};
    return tr("Observing looked %1 times a second and the server answered in %2 % of the run: %3.")
        .arg(locale.toString(looks / runS, 'f', 1), locale.toString(100.0 * shareOf(runS), 'f', 1),
            parts.join(QStringLiteral("; ")));
}

namespace {

// A view's entry in the file: its looks and their milliseconds, which are read back, and its
// looks per second of the run, which follow from them.
const QLatin1String kLooks { "looks" };
const QLatin1String kMs { "ms" };

} // namespace

QJsonObject ObservingCost::toJson(double runS) const
{
    QJsonObject object;
    for (int i = 0; i < kViews; ++i) {
        const auto view = static_cast<View>(i);
        object.insert(viewKey(view),
            QJsonObject { { kLooks, static_cast<double>(looks(view)) }, { kMs, ms(view) },
                { QStringLiteral("looks_per_s"),
                    runS > 0.0 ? static_cast<double>(looks(view)) / runS : 0.0 } });
    }
    object.insert(QStringLiteral("share_of_run"), shareOf(runS));
    return object;
}

ObservingCost ObservingCost::fromJson(const QJsonObject& object)
{
    ObservingCost cost;
    for (int i = 0; i < kViews; ++i) {
        const QJsonObject view = object.value(viewKey(static_cast<View>(i))).toObject();
        Load& load = cost.m_loads[static_cast<std::size_t>(i)];
        load.looks = view.value(kLooks).toInteger();
        load.ns = std::llround(view.value(kMs).toDouble() * 1e6); // 8.223306 ms is 8223305.99… ns
    }
    return cost;
}
