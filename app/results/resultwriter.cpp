#include "app/results/resultwriter.h"

#include "app/core/experimentfields.h"
#include "app/core/experimentjson.h"
#include "app/core/figuresjson.h"
#include "app/core/ordertimesplit.h"
#include "app/core/passwordmask.h"
#include "app/core/resultfigures.h"
#include "app/results/clientcountsjson.h"
#include "app/results/clustercountersjson.h"
#include "app/results/nodefiguresjson.h"
#include "app/results/repeatsjson.h"
#include "app/results/resultexplanation.h"
#include "app/results/resultfilekeys.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSaveFile>

#include <algorithm>

namespace {

QJsonObject knobsJson(const QMap<QString, QString>& knobs)
{
    QJsonObject object;
    for (auto it = knobs.begin(); it != knobs.end(); ++it)
        object.insert(it.key(), it.value());
    return object;
}

QJsonArray deadlocksJson(const QList<DeadlockRecord>& records)
{
    QJsonArray array;
    for (const DeadlockRecord& record : records)
        array.append(ResultWriter::deadlockJson(record));
    return array;
}

// A strategy file's invariants as the closing audit ran them: null when it could not run.
QJsonValue invariantsJson(const StrategyResult& r)
{
    if (!r.audited())
        return QJsonValue();
    using namespace ResultFileKeys;
    QJsonArray checks;
    for (const InvariantCheck& check : r.invariants)
        checks.append(
            QJsonObject { { kInvariantName, check.name }, { kInvariantRows, static_cast<double>(check.rows) },
                { kInvariantFirstRow, check.broken() ? QJsonValue(check.firstRow) : QJsonValue() } });
    return checks;
}

bool save(const QString& path, const QByteArray& data, QString* error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !file.commit()) {
        *error = QCoreApplication::translate("ResultWriter", "cannot write %1: %2")
                     .arg(path, file.errorString());
        return false;
    }
    return true;
}

QString csvField(const QString& text)
{
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"'))
        && !text.contains(QLatin1Char('\n')))
        return text;
    QString quoted = text;
    quoted.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

QString csvLines(const QList<QJsonObject>& rows)
{
    if (rows.isEmpty())
        return {};
    QStringList header;
    for (auto it = rows.first().begin(); it != rows.first().end(); ++it) {
        if (!it.value().isObject() && !it.value().isArray())
            header << it.key();
    }
    if (rows.first().contains(QStringLiteral("errors"))) { // the repeats rows have no error counts
        for (std::size_t i = 0; i < kErrorClassCount; ++i)
            header << QStringLiteral("errors_") + errorClassKey(static_cast<ErrorClass>(i));
    }
    QString out = header.join(QLatin1Char(',')) + QLatin1Char('\n');
    for (const QJsonObject& row : rows) {
        QStringList fields;
        for (const QString& key : header) {
            QJsonValue value = key.startsWith(QLatin1String("errors_"))
                ? row.value(QStringLiteral("errors")).toObject().value(key.mid(7))
                : row.value(key);
            if (value.isDouble())
                fields << QString::number(value.toDouble(), 'g', 12);
            else if (value.isBool())
                fields << (value.toBool() ? QStringLiteral("true") : QStringLiteral("false"));
            else
                fields << csvField(value.toString());
        }
        out += fields.join(QLatin1Char(',')) + QLatin1Char('\n');
    }
    return out;
}

QJsonObject explanationJson(const StrategyResult& r)
{
    const ResultExplanation::Explained explained = ResultExplanation::of(r);
    QJsonObject object = explained.figures;
    object.insert(ResultFileKeys::kExplanationText, explained.text);
    return object;
}

// The clients' counts over the measured window, from which the explanation and the time split
// are computed, so that a result read back explains itself the same way.
QJsonObject windowCountsJson(const StrategyResult& r)
{
    QJsonObject object;
    ClientCountsJson::insert(object, r.windowClients, ClientCountsJson::Names::Sample);
    return object;
}

// What is not a number: the strategy, the server, the verdict and the texts behind it, and
// what the audit's and the clients' figures are made of.
QJsonObject identityJson(const StrategyResult& r)
{
    using namespace ResultFileKeys;
    return QJsonObject {
        { kStrategy, r.strategy },
        { kServer, r.server },
        { kSafe, r.safe },
        { kStockInFront, r.stockInFront },
        { kVerdict, r.verdictText() },
        { kError, PasswordMask::mask(r.error) },
        { kAuditIncomplete, r.audited() ? QJsonValue() : QJsonValue(PasswordMask::mask(r.auditIncomplete)) },
        { kStopReason, stopReasonKey(r.stopReason) },
        { kRepetition, r.repetition },
        { kInvariants, invariantsJson(r) },
        { kClientsAgree,
            r.audited() && r.clients[ClientCount::Unresolved] == 0 ? QJsonValue(r.clientsAgree())
                                                                   : QJsonValue() },
    };
}

// What explains the figures: how the clients waited, the sentence and its terms, where an
// order's time went, the errors, the settings, the deadlocks and locks, the observing, the nodes.
QJsonObject explainedJson(const StrategyResult& r)
{
    using namespace ResultFileKeys;
    return QJsonObject {
        { kClientIo, clientIoName(effectiveClientIo(r.experiment)) },
        { kExplanation, explanationJson(r) },
        { kTimeSplit, OrderTimeSplit::of(r.windowClients).toJson() },
        { kWindowCounts, windowCountsJson(r) },
        { kPredictedBound, r.predictedBound == Bound::None ? QString() : boundKey(r.predictedBound) },
        { kErrorMessages, QJsonArray::fromStringList(PasswordMask::mask(r.errorMessages)) },
        { kKnobs, knobsJson(r.knobs) },
        { kInspectorError, PasswordMask::mask(r.inspectorError) },
        { kDeadlockRecords, deadlocksJson(r.deadlockRecords) },
        { kDeadlockAccount, r.deadlockAccount.toJson() },
        { kObserving, r.observing.toJson(r.durationS) },
        { kNodes, NodeFiguresJson::toJson(r.nodes) },
    };
}

} // namespace

namespace ResultWriter {

QJsonObject summaryJson(const StrategyResult& r)
{
    QJsonObject object = identityJson(r);
    FiguresJson::insert(object, r, resultFigures(), r.audited());
    ClientCountsJson::insert(object, r.clients, ClientCountsJson::Names::Result);
    const QJsonObject explained = explainedJson(r);
    for (auto it = explained.begin(); it != explained.end(); ++it)
        object.insert(it.key(), it.value());
    return object;
}

QJsonObject deadlockJson(const DeadlockRecord& d)
{
    using namespace ResultFileKeys;
    QJsonArray transactions;
    for (const DeadlockRecord::Transaction& trx : d.transactions) {
        transactions.append(
            QJsonObject { { kTrxId, trx.trxId }, { kThreadId, static_cast<double>(trx.threadId) },
                { kStatement, trx.statement }, { kWaitingFor, trx.waitingFor }, { kWaitedRow, trx.waitedRow },
                { kStatementAfterCycle, trx.statementAfterCycle } });
    }
    return QJsonObject { { kStrategy, d.strategy }, { timeKey(), d.elapsedS }, { kWhen, d.when },
        { kVictim, d.victim }, { kTransactions, transactions } };
}

QJsonObject lockSnapshotJson(const LockSnapshot& snapshot)
{
    using namespace ResultFileKeys;
    QJsonArray transactions;
    for (const LockTransaction& trx : snapshot.transactions) {
        transactions.append(
            QJsonObject { { kTrxId, trx.trxId }, { kThreadId, static_cast<double>(trx.threadId) },
                { QStringLiteral("state"), trx.state }, { QStringLiteral("waiting_s"), trx.waitingS },
                { kStatement, trx.statement }, { QStringLiteral("lock_mode"), trx.lockMode },
                { QStringLiteral("lock_table"), trx.lockTable }, { QStringLiteral("lock_row"), trx.lockRow },
                { QStringLiteral("blocked_by"), QJsonArray::fromStringList(trx.blockedBy) } });
    }
    QJsonArray chains; // each chain's root and how many wait behind it
    for (const BlockingChain& chain : snapshot.blockingChains()) {
        chains.append(QJsonObject { { QStringLiteral("root_trx_id"), chain.rootTrxId },
            { QStringLiteral("waiting_behind"), chain.waitingBehind },
            { QStringLiteral("depth"), chain.depth } });
    }
    QJsonArray ages;
    for (const int count : snapshot.waitAges())
        ages.append(count);
    QJsonObject object { { kStrategy, snapshot.strategy }, { timeKey(), snapshot.elapsedS },
        { QStringLiteral("waiting"), snapshot.waitingCount() },
        { QStringLiteral("longest_queue"), snapshot.longestQueue() }, { QStringLiteral("chains"), chains },
        { QStringLiteral("wait_ages"), ages }, { kTransactions, transactions },
        { QStringLiteral("look_ms"), snapshot.lookMs },
        { QStringLiteral("next_look_after_ms"), snapshot.nextLookAfterMs } };
    if (!snapshot.error.isEmpty())
        object.insert(kError, snapshot.error);
    return object;
}

QJsonObject sampleJson(const MetricsSample& s)
{
    using namespace ResultFileKeys;
    QJsonObject object { { kStrategy, s.strategy }, { kServerStats, s.serverStatsValid },
        { kAudited, s.audit.valid }, { kRedisStats, s.redisStatsValid },
        { kClusterStats, s.clusterStatsValid } };
    FiguresJson::insert(object, s, sampleFigures(), true);
    ClientCountsJson::insert(object, s.clients, ClientCountsJson::Names::Sample);
    // A cluster's figures, summed over its nodes, in every sample for the CSV's columns.
    ClusterCountersJson::insert(object, s.cluster);
    if (!s.nodes.isEmpty())
        object.insert(kClusterNodes, ClusterCountersJson::nodesToJson(s.nodes));
    return object;
}

QJsonObject toJson(const RunInfo& info, const QList<StrategyResult>& results)
{
    using namespace ResultFileKeys;
    QJsonArray strategies;
    for (const StrategyResult& result : results) {
        QJsonArray series;
        for (const MetricsSample& sample : result.series)
            series.append(sampleJson(sample));
        strategies.append(QJsonObject { { kSummary, summaryJson(result) }, { kSeries, series },
            { kExperiment, ExperimentJson::toJson(result.experiment) } });
    }
    return QJsonObject {
        { kVersion, QStringLiteral(LOCKBENCH_VERSION) },
        { kExperiment, ExperimentJson::toJson(info.experiment) },
        { kServer,
            QJsonObject { { kServerUrl, PasswordMask::mask(info.serverUrl) },
                { kServerVersion, info.serverVersion }, { kEmbedded, info.embedded } } },
        { kStrategies, strategies },
        { kRepeats, RepeatsJson::toJson(repeatSummaries(results)) },
    };
}

bool writeJson(const QString& path, const RunInfo& info, const QList<StrategyResult>& results, QString* error)
{
    return save(path, QJsonDocument(toJson(info, results)).toJson(QJsonDocument::Indented), error);
}

QString summaryCsvPath(const QString& seriesPath)
{
    const QFileInfo file(seriesPath);
    return file.dir().filePath(file.completeBaseName() + QStringLiteral("-summary.csv"));
}

bool writeCsv(const QString& path, const QList<StrategyResult>& results, QString* error)
{
    QList<QJsonObject> samples;
    QList<QJsonObject> summaries;
    qsizetype nodeCount = 0;
    for (const StrategyResult& result : results) {
        summaries.append(summaryJson(result));
        for (const MetricsSample& sample : result.series) {
            samples.append(sampleJson(sample));
            nodeCount = std::max(nodeCount, sample.nodes.size());
        }
    }
    for (QJsonObject& sample : samples)
        ClusterCountersJson::addNodeColumns(sample, static_cast<int>(nodeCount));
    return save(path, csvLines(samples).toUtf8(), error)
        && save(summaryCsvPath(path), csvLines(summaries).toUtf8(), error)
        && save(
            repeatsCsvPath(path), csvLines(RepeatsJson::csvRows(repeatSummaries(results))).toUtf8(), error);
}

QString repeatsCsvPath(const QString& seriesPath)
{
    const QFileInfo file(seriesPath);
    return file.dir().filePath(file.completeBaseName() + QStringLiteral("-repeats.csv"));
}

bool spansServers(const QList<StrategyResult>& results)
{
    return std::any_of(results.begin(), results.end(),
        [&results](const StrategyResult& r) { return r.server != results.first().server; });
}

QList<RepeatSummary> repeatSummaries(const QList<StrategyResult>& results)
{
    // Two servers' runs of one strategy are not repetitions of each other.
    const bool byServer = spansServers(results);
    QList<SourcedResult> rows;
    for (const StrategyResult& result : results)
        rows.append({ byServer ? result.server : QString(), result });
    return RepeatSummary::of(rows);
}

} // namespace ResultWriter
