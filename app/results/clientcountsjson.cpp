#include "app/results/clientcountsjson.h"

namespace ClientCountsJson {

namespace {

QLatin1String keyOf(const ClientCountName& name, Names names)
{
    return QLatin1String(names == Names::Sample ? name.sampleKey : name.resultKey);
}

} // namespace

void insert(QJsonObject& object, const ClientCounts& counts, Names names)
{
    for (const ClientCountName& name : clientCountNames()) {
        if (keyOf(name, names).data())
            object.insert(keyOf(name, names), static_cast<double>(counts[name.count]));
    }
    QJsonObject errors;
    for (std::size_t i = 0; i < kErrorClassCount; ++i)
        errors.insert(errorClassKey(static_cast<ErrorClass>(i)), static_cast<double>(counts.errors()[i]));
    object.insert(QStringLiteral("errors"), errors);
}

ClientCounts read(const QJsonObject& object, Names names)
{
    ClientCounts counts;
    for (const ClientCountName& name : clientCountNames()) {
        if (keyOf(name, names).data())
            counts[name.count] = static_cast<long long>(object.value(keyOf(name, names)).toDouble());
    }
    const QJsonObject errors = object.value(QStringLiteral("errors")).toObject();
    for (std::size_t i = 0; i < kErrorClassCount; ++i)
        counts.errors()[i]
            = static_cast<long long>(errors.value(errorClassKey(static_cast<ErrorClass>(i))).toDouble());
    return counts;
}

} // namespace ClientCountsJson
