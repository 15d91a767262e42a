#include "strategies/strategyregistry.h"

#include "app/core/quotedvalue.h"

#include "strategies/claimforupdatestrategy.h"
#include "strategies/claimskiplockedstrategy.h"
#include "strategies/claimupdatestrategy.h"
#include "strategies/filestrategy.h"
#include "strategies/queuedstrategy.h"
#include "strategies/redissplitstrategy.h"
#include "strategies/routedslotstrategy.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QMutex>
#include <QSet>

#include <algorithm>
#include <functional>

namespace {

struct Entry {
    QString id;
    std::function<std::unique_ptr<Strategy>()> make;
    bool inAll = true; // part of "all"; the deadlock demonstrations are chosen by name
};

// A strategy the lab ships as a file, resources/strategies/<id>.sql, read once. A shipped file
// that does not parse is a broken build (tst_shippedstrategies reads every one). A strategy of
// two order lines (the deadlock demonstrations) needs two SKUs, and runs when it is named.
Entry shipped(const QString& id)
{
    QString error;
    std::shared_ptr<const FileStrategy> strategy
        = FileStrategy::load(QStringLiteral(":/strategies/%1.sql").arg(id), &error);
    if (!strategy || strategy->id() != id)
        qFatal("the lab's strategy file %s: %s", qPrintable(id), qPrintable(error));
    return { id, [strategy] { return std::make_unique<FileStrategy>(*strategy); },
        strategy->linesPerOrder() == 1 };
}

// The lab's strategies in the order they are listed, run by "all" and given their colours; a file
// added to resources/strategies comes after them (in its name's order), so that adding one is the
// file alone and no earlier strategy's colour moves.
QList<Entry> listed()
{
    QList<Entry> all = {
        shipped(QStringLiteral("pessimistic")),
        shipped(QStringLiteral("optimistic")),
        shipped(QStringLiteral("conditional")),
        shipped(QStringLiteral("slotted")),
        shipped(QStringLiteral("slotted-partitioned")),
        { QStringLiteral("queued"), [] { return std::make_unique<QueuedStrategy>(); } },
        shipped(QStringLiteral("naive")),
        shipped(QStringLiteral("two-sku-random")),
        shipped(QStringLiteral("two-sku-sorted")),
        shipped(QStringLiteral("pessimistic-nowait")),
        shipped(QStringLiteral("procedure")),
        { QStringLiteral("slotted-routed"), [] { return std::make_unique<RoutedSlotStrategy>(); } },
        { QStringLiteral("claim-for-update"), [] { return std::make_unique<ClaimForUpdateStrategy>(); } },
        { QStringLiteral("claim-update"), [] { return std::make_unique<ClaimUpdateStrategy>(); } },
        { QStringLiteral("claim-skip-locked"), [] { return std::make_unique<ClaimSkipLockedStrategy>(); } },
        { QStringLiteral("redis-split"), [] { return std::make_unique<RedisSplitStrategy>(); } },
    };
    const QStringList files = QDir(QStringLiteral(":/strategies"))
                                  .entryList({ QStringLiteral("*.sql") }, QDir::Files, QDir::Name);
    for (const QString& file : files) {
        const QString id = QFileInfo(file).completeBaseName();
        if (std::none_of(all.cbegin(), all.cend(), [&](const Entry& e) { return e.id == id; }))
            all.append(shipped(id));
    }
    return all;
}

const QList<Entry>& entries()
{
    static const QList<Entry> all = listed();
    return all;
}

// The strategy files a user gave: added before the runs, read by every thread after.
QMutex& filesMutex()
{
    static QMutex mutex;
    return mutex;
}

QList<Entry>& fileEntries()
{
    static QList<Entry> files;
    return files;
}

QList<Entry> everyEntry()
{
    QList<Entry> every = entries();
    const QMutexLocker lock(&filesMutex());
    every += fileEntries();
    return every;
}

} // namespace

namespace StrategyRegistry {

QStringList ids()
{
    QStringList result;
    for (const Entry& entry : everyEntry())
        result << entry.id;
    return result;
}

QStringList allIds(WorkloadKind workload)
{
    QStringList result;
    for (const Entry& entry : everyEntry()) {
        if (entry.inAll && entry.make()->workload() == workload)
            result << entry.id;
    }
    return result;
}

QString addFile(const QString& path, QString* error, Replacing replacing)
{
    std::shared_ptr<const FileStrategy> strategy = FileStrategy::load(path, error);
    if (!strategy)
        return {};
    const QString id = strategy->id();
    const QMutexLocker lock(&filesMutex());
    const bool ours
        = std::any_of(entries().cbegin(), entries().cend(), [&](const Entry& e) { return e.id == id; });
    QList<Entry>& files = fileEntries();
    const auto given = std::find_if(files.begin(), files.end(), [&](const Entry& e) { return e.id == id; });
    if (ours || (given != files.end() && replacing == Replacing::No)) {
        *error = QCoreApplication::translate("StrategyRegistry", "%1: the strategy id %2 is already %3")
                     .arg(path, id,
                         ours ? QCoreApplication::translate("StrategyRegistry", "one of the lab's own")
                              : QCoreApplication::translate("StrategyRegistry", "another file's"));
        return {};
    }
    // Not in "all": a user's strategies run when they are named, or given as files.
    Entry entry { id, [strategy] { return std::make_unique<FileStrategy>(*strategy); }, false };
    if (given != files.end())
        *given = entry;
    else
        files.append(entry);
    return id;
}

QString fileTextOf(const QString& id)
{
    const std::unique_ptr<Strategy> strategy = create(id);
    const auto* file = dynamic_cast<const FileStrategy*>(strategy.get());
    return file ? file->text() : QString();
}

std::unique_ptr<Strategy> create(const QString& id)
{
    for (const Entry& entry : everyEntry()) {
        if (entry.id == id)
            return entry.make();
    }
    return nullptr;
}

StrategyTraits traitsOf(const QString& id)
{
    const std::unique_ptr<Strategy> strategy = create(id);
    return strategy ? strategy->traits() : StrategyTraits {};
}

QStringList parseList(const QString& text, QString* error, WorkloadKind workload)
{
    const QString trimmed = text.trimmed().toLower();
    // The groups stand for their strategies anywhere in a list: "all,deadlocks" runs every one.
    const auto group = [workload](const QString& id) -> QStringList {
        if (id == QLatin1String("all"))
            return allIds(workload);
        if (id == QLatin1String("deadlocks"))
            return { QStringLiteral("two-sku-random"), QStringLiteral("two-sku-sorted") };
        return { id };
    };
    QStringList result;
    QStringList unknown;
    const QStringList parts = trimmed.split(QLatin1Char(','));
    for (const QString& part : parts) {
        const QString id = part.trimmed();
        // "conditional,,naive" or a trailing comma is more likely a slip (a name left out)
        // than a shorter list: refused rather than run without it.
        if (id.isEmpty() && parts.size() > 1) {
            *error = QCoreApplication::translate(
                "StrategyRegistry", "%1 has an empty item; list strategies like pessimistic,conditional")
                         .arg(QuotedValue::quoted(text));
            return {};
        }
        if (id.isEmpty())
            continue;
        for (const QString& member : group(id)) {
            if (!ids().contains(member))
                unknown << member;
            else if (!result.contains(member))
                result << member;
        }
    }
    if (!unknown.isEmpty()) {
        *error = QCoreApplication::translate(
            "StrategyRegistry", "unknown strategy %1; choose from %2, all or deadlocks")
                     .arg(QuotedValue::shortened(unknown.join(QStringLiteral(", "))),
                         ids().join(QStringLiteral(", ")));
        return {};
    }
    if (result.isEmpty())
        *error = QCoreApplication::translate("StrategyRegistry", "no strategy given; choose from %1 or all")
                     .arg(ids().join(QStringLiteral(", ")));
    return result;
}

StrategyNeeds needsOf(const QStringList& ids)
{
    StrategyNeeds needs;
    for (const QString& id : ids) {
        const std::unique_ptr<Strategy> strategy = create(id);
        if (!strategy)
            continue;
        if (strategy->layout() == StockLayout::Slots)
            needs.slotRows << id;
        if (strategy->linesPerOrder() == 2)
            needs.twoSkus << id;
        (strategy->workload() == WorkloadKind::Claim ? needs.claimsTasks : needs.sellsStock) << id;
    }
    QMap<QString, QStringList> readers;
    QSet<QString> read;
    for (const QString& id : StrategyRegistry::ids()) {
        for (const QString& field : create(id)->ownFields()) {
            readers[field] << id;
            if (ids.contains(id))
                read.insert(field);
        }
    }
    for (auto it = readers.cbegin(); it != readers.cend(); ++it)
        if (!read.contains(it.key()))
            needs.unreadFields.insert(it.key(), it.value());
    return needs;
}

} // namespace StrategyRegistry
