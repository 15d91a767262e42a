#include "app/core/ordermixtext.h"

#include "app/core/fieldtext.h"
#include "app/core/quotedvalue.h"

#include <QCoreApplication>
#include <QStringList>

namespace OrderMixText {

using FieldText::parseDouble;
using FieldText::parseInt;
using FieldText::printDouble;
using QuotedValue::quoted;

QString parseSkew(Experiment& e, const QString& text)
{
    const QStringList parts = text.toLower().split(QLatin1Char(':'));
    const QString& kind = parts.first();
    if (kind == QLatin1String("uniform") && parts.size() == 1) {
        e.skew = SkewKind::Uniform;
        return {};
    }
    if ((kind == QLatin1String("hotset") || kind == QLatin1String("hot")) && parts.size() == 3) {
        double percent = 0;
        std::int64_t hot = 0;
        if (!parseDouble(parts[1], percent).isEmpty() || !parseInt(parts[2], hot).isEmpty())
            return QCoreApplication::translate(
                "ExperimentFields", "hot set is hotset:PERCENT:SKUS, e.g. hotset:90:10 (got %1)")
                .arg(quoted(text));
        e.skew = SkewKind::HotSet;
        e.hotPercent = percent;
        e.hotSkus = hot;
        return {};
    }
    if (kind == QLatin1String("zipf") && parts.size() <= 2) {
        double s = 1.1;
        if (parts.size() == 2 && !parseDouble(parts[1], s).isEmpty())
            return QCoreApplication::translate("ExperimentFields", "Zipf is zipf:S, e.g. zipf:1.1 (got %1)")
                .arg(quoted(text));
        e.skew = SkewKind::Zipf;
        e.zipfS = s;
        return {};
    }
    return QCoreApplication::translate(
        "ExperimentFields", "must be uniform, hotset:PERCENT:SKUS or zipf:S (got %1)")
        .arg(quoted(text));
}

QString printSkew(const Experiment& e)
{
    switch (e.skew) {
    case SkewKind::HotSet:
        return QStringLiteral("hotset:%1:%2").arg(printDouble(e.hotPercent)).arg(e.hotSkus);
    case SkewKind::Zipf:
        return QStringLiteral("zipf:%1").arg(printDouble(e.zipfS));
    case SkewKind::Uniform:
        break;
    }
    return QStringLiteral("uniform");
}

QString parseQty(Experiment& e, const QString& text)
{
    const QStringList parts = text.split(QLatin1Char('-'));
    int low = 0;
    int high = 0;
    if (parts.size() == 1 && parseInt(parts[0], low).isEmpty()) {
        e.qtyMin = e.qtyMax = low;
        return {};
    }
    if (parts.size() == 2 && parseInt(parts[0], low).isEmpty() && parseInt(parts[1], high).isEmpty()) {
        e.qtyMin = low;
        e.qtyMax = high;
        return {};
    }
    return QCoreApplication::translate(
        "ExperimentFields", "must be a whole number or a range like 1-5 (got %1)")
        .arg(quoted(text));
}

QString printQty(const Experiment& e)
{
    return e.qtyMin == e.qtyMax ? QString::number(e.qtyMin)
                                : QStringLiteral("%1-%2").arg(e.qtyMin).arg(e.qtyMax);
}

} // namespace OrderMixText
