#include "app/results/resultreader.h"

#include "app/core/experimentfields.h"
#include "app/core/experimentjson.h"
#include "app/core/figuresjson.h"
#include "app/core/resultfigures.h"
#include "app/results/clientcountsjson.h"
#include "app/results/clustercountersjson.h"
#include "app/results/nodefiguresjson.h"
#include "app/results/repeatsjson.h"
#include "app/results/resultfilekeys.h"
#include "strategies/strategyregistry.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

namespace {

// The experiment a file records. Files without "rtt-ms" were written before the lab simulated
// a network: their shoppers talked to the server over loopback, a round trip of 0.
Experiment recordedExperiment(const QJsonObject& object, QList<FieldError>& problems)
{
    Experiment e = ExperimentJson::fromJson(object, problems);
    if (!object.contains(QStringLiteral("rtt-ms")))
        e.rttMs = 0.0;
    return e;
}

QString text(const QJsonObject& object, QLatin1String key)
{
    return object.value(key).toString();
}

MetricsSample sample(const QJsonObject& o)
{
    using namespace ResultFileKeys;
    MetricsSample s;
    s.strategy = text(o, kStrategy);
    FiguresJson::read(o, s, sampleFigures());
    s.serverStatsValid = o.value(kServerStats).toBool();
    s.redisStatsValid = o.value(kRedisStats).toBool();
    s.audit.valid = o.value(kAudited).toBool();
    s.clusterStatsValid = o.value(kClusterStats).toBool();
    s.cluster = ClusterCountersJson::read(o);
    s.nodes = ClusterCountersJson::nodesFromJson(o.value(kClusterNodes).toArray());
    s.clients = ClientCountsJson::read(o, ClientCountsJson::Names::Sample);
    return s;
}

DeadlockRecord deadlock(const QJsonObject& o)
{
    using namespace ResultFileKeys;
    DeadlockRecord d;
    d.strategy = text(o, kStrategy);
    d.elapsedS = o.value(timeKey()).toDouble();
    d.when = text(o, kWhen);
    d.victim = o.value(kVictim).toInt();
    for (const QJsonValue& value : o.value(kTransactions).toArray()) {
        const QJsonObject t = value.toObject();
        d.transactions.append(
            { text(t, kTrxId), static_cast<long long>(t.value(kThreadId).toDouble()), text(t, kStatement),
                text(t, kWaitingFor), text(t, kWaitedRow), t.value(kStatementAfterCycle).toBool() });
    }
    return d;
}

// What identityJson wrote: the strategy, the server, how it stopped, its invariants.
void readIdentity(const QJsonObject& o, StrategyResult& r)
{
    using namespace ResultFileKeys;
    r.strategy = text(o, kStrategy);
    r.server = text(o, kServer);
    r.safe = o.value(kSafe).toBool(true);
    // Files written before the field was: the strategy's own layout, when the lab knows it.
    r.stockInFront = o.contains(kStockInFront)
        ? o.value(kStockInFront).toBool()
        : StrategyRegistry::traitsOf(r.strategy).layout == StockLayout::Redis;
    r.error = text(o, kError);
    r.auditIncomplete = text(o, kAuditIncomplete);
    r.stopReason = stopReasonFromKey(text(o, kStopReason)).value_or(StopReason::NotStopped);
    r.repetition = o.value(kRepetition).toInt(1);
    for (const QJsonValue& value : o.value(kInvariants).toArray()) {
        const QJsonObject check = value.toObject();
        r.invariants << InvariantCheck { text(check, kInvariantName),
            static_cast<long long>(check.value(kInvariantRows).toDouble()), text(check, kInvariantFirstRow) };
    }
}

// What explainedJson wrote that is not derived again from the figures.
void readExplained(const QJsonObject& o, StrategyResult& r)
{
    using namespace ResultFileKeys;
    r.predictedBound = boundFromKey(text(o, kPredictedBound)).value_or(Bound::None);
    r.windowClients
        = ClientCountsJson::read(o.value(kWindowCounts).toObject(), ClientCountsJson::Names::Sample);
    for (const QJsonValue& message : o.value(kErrorMessages).toArray())
        r.errorMessages << message.toString();
    const QJsonObject knobs = o.value(kKnobs).toObject();
    for (auto it = knobs.begin(); it != knobs.end(); ++it)
        r.knobs.insert(it.key(), it.value().toString());
    r.inspectorError = text(o, kInspectorError);
    r.deadlockAccount = DeadlockAccount::fromJson(o.value(kDeadlockAccount).toObject());
    r.observing = ObservingCost::fromJson(o.value(kObserving).toObject());
    for (const QJsonValue& value : o.value(kDeadlockRecords).toArray())
        r.deadlockRecords.append(deadlock(value.toObject()));
    r.nodes = NodeFiguresJson::fromJson(o.value(kNodes).toArray());
}

StrategyResult result(const QJsonObject& entry, QString* error)
{
    using namespace ResultFileKeys;
    const QJsonObject o = entry.value(kSummary).toObject();
    StrategyResult r;
    readIdentity(o, r);
    FiguresJson::read(o, r, resultFigures());
    r.clients = ClientCountsJson::read(o, ClientCountsJson::Names::Result);
    readExplained(o, r);
    for (const QJsonValue& value : entry.value(kSeries).toArray())
        r.series.append(sample(value.toObject()));
    QList<FieldError> problems;
    r.experiment = recordedExperiment(entry.value(kExperiment).toObject(), problems);
    if (!problems.isEmpty())
        *error = QCoreApplication::translate("ResultReader", "strategy %1: experiment field %2: %3")
                     .arg(r.strategy, problems.first().field, problems.first().message);
    return r;
}

} // namespace

namespace ResultReader {

std::optional<RunFile> fromJson(const QJsonObject& root, QString* error)
{
    using namespace ResultFileKeys;
    if (!root.value(kStrategies).isArray()) {
        *error = QCoreApplication::translate(
            "ResultReader", "not a lockbench results file (no \"strategies\" list)");
        return std::nullopt;
    }
    RunFile file;
    QList<FieldError> problems;
    file.info.experiment = recordedExperiment(root.value(kExperiment).toObject(), problems);
    if (!problems.isEmpty()) {
        *error = QCoreApplication::translate("ResultReader", "experiment field %1: %2")
                     .arg(problems.first().field, problems.first().message);
        return std::nullopt;
    }
    const QJsonObject server = root.value(kServer).toObject();
    file.info.serverUrl = text(server, kServerUrl);
    file.info.serverVersion = text(server, kServerVersion);
    file.info.embedded = server.value(kEmbedded).toBool();
    for (const QJsonValue& entry : root.value(kStrategies).toArray()) {
        QString entryError;
        file.results.append(result(entry.toObject(), &entryError));
        if (!entryError.isEmpty()) {
            *error = entryError;
            return std::nullopt;
        }
    }
    file.repeats = RepeatsJson::fromJson(root.value(kRepeats).toArray());
    return file;
}

std::optional<RunFile> load(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error
            = QCoreApplication::translate("ResultReader", "cannot read %1: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        *error = QCoreApplication::translate("ResultReader", "%1 is not a lockbench results file: %2")
                     .arg(path, parseError.errorString());
        return std::nullopt;
    }
    std::optional<RunFile> run = fromJson(document.object(), error);
    if (!run)
        *error = QStringLiteral("%1: %2").arg(path, *error);
    return run;
}

} // namespace ResultReader
