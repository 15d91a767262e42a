// Which experiment fields play a part, from the one table of fields: the window disables a
// field with the reason in its tooltip exactly where the command line refuses its flag. Every
// field with a condition or a server scope is tried on both fronts, so a new one is tried here
// without a new line, and a scope with no refusal behind it fails.
#include "app/core/experimentfields.h"
#include "app/core/fieldlabels.h"
#include "app/core/fieldrelevance.h"
#include "strategies/strategyregistry.h"
#include "tests/cli/commandlinecases.h"

#include <QTest>

using namespace CommandLineCases;

namespace {

const ServerShape kOneServer { 1, true, false };
const ServerShape kCluster { 3, true, false };
const ServerShape kServerByUrl { 1, false, false };
const QString kUrl = QStringLiteral("mysql://root@127.0.0.1:3306/lockbench");

// A value of each server-scoped field that asks something of the server, and the server on
// which the command line must refuse it.
struct ScopedCase {
    QString value;
    QStringList server;
    ServerShape shape;
};

const ServerShape kPostgres { 1, true, true };

// The case that breaks one of a field's server rules.
std::optional<ScopedCase> scopedCase(ServerScope rule, const QString& field)
{
    static const QHash<QString, QString> values = { { QStringLiteral("placement"), QStringLiteral("1:1:1") },
        { QStringLiteral("kill-node"), QStringLiteral("2@1s") },
        { QStringLiteral("kill-workers-every"), QStringLiteral("200ms") },
        { QStringLiteral("flush-log"), QStringLiteral("2") },
        { QStringLiteral("buffer-pool-mb"), QStringLiteral("64") },
        { QStringLiteral("deadlock-detect"), QStringLiteral("off") } };
    if (!values.contains(field))
        return std::nullopt;
    switch (rule) {
    case ServerScope::Any:
        return std::nullopt;
    case ServerScope::Cluster:
        return ScopedCase { values[field], { QStringLiteral("--server"), QStringLiteral("embedded") },
            kOneServer };
    case ServerScope::OneServer:
        return ScopedCase { values[field], { QStringLiteral("--server"), QStringLiteral("cluster:3") },
            kCluster };
    case ServerScope::LabsOwn:
        return ScopedCase { values[field], { QStringLiteral("--server"), kUrl }, kServerByUrl };
    case ServerScope::InnoDb:
        return ScopedCase { values[field], { QStringLiteral("--server"), QStringLiteral("postgres") },
            kPostgres };
    }
    return std::nullopt;
}

// A value of `field` other than the experiment's, so that the field is told apart from
// its controlling one.
QString otherValue(const ExperimentField& field, const Experiment& experiment)
{
    for (const QString& candidate : FieldLabels::choices(field.name)) {
        if (candidate != field.print(experiment))
            return candidate;
    }
    return {};
}

} // namespace

class TestFieldRelevance : public QObject {
    Q_OBJECT
private slots:
    void closedLoopOffersNoRate()
    {
        Experiment e;
        e.arrival = ArrivalMode::Closed;
        const QString why = FieldRelevance::whyUnused(QStringLiteral("rate"), e, kOneServer);
        QVERIFY2(why.contains(FieldLabels::label(QStringLiteral("arrival"))), qPrintable(why));
        e.arrival = ArrivalMode::Open;
        QCOMPARE(FieldRelevance::whyUnused(QStringLiteral("rate"), e, kOneServer), QString());
    }

    void theClaimWorkloadHasNoShelves()
    {
        Experiment e;
        e.workload = WorkloadKind::Claim;
        for (const char* field : { "skus", "stock", "slots", "skew", "qty" })
            QVERIFY2(!FieldRelevance::whyUnused(QLatin1String(field), e, kOneServer).isEmpty(), field);
        for (const char* field : { "tasks", "claim-timeout", "batch", "threads" })
            QVERIFY2(FieldRelevance::whyUnused(QLatin1String(field), e, kOneServer).isEmpty(), field);
        e.workload = WorkloadKind::Inventory;
        QVERIFY(FieldRelevance::whyUnused(QStringLiteral("skus"), e, kOneServer).isEmpty());
        QVERIFY(!FieldRelevance::whyUnused(QStringLiteral("tasks"), e, kOneServer).isEmpty());
    }

    // A field only some strategies read is greyed out while none of the ticked ones does, the
    // reason naming those that do. The command line takes such a flag whatever the strategies:
    // one run may compare a strategy that reads it with a baseline that does not.
    void aFieldOnlyOtherStrategiesReadPlaysNoPart()
    {
        const auto why = [](const char* field, const QStringList& ticked) {
            return FieldRelevance::unreadByChosen(QLatin1String(field), StrategyRegistry::needsOf(ticked));
        };
        const QStringList pessimistic { QStringLiteral("pessimistic") };
        for (const char* field : { "writers", "batch", "slots", "max-retries" })
            QVERIFY2(why(field, pessimistic).startsWith(QLatin1String("Plays no part here")), field);
        QVERIFY(why("writers", pessimistic).contains(QLatin1String("queued")));
        QVERIFY(why("slots", pessimistic).contains(QLatin1String("slotted-partitioned")));
        QVERIFY(why("max-retries", pessimistic).contains(QLatin1String("optimistic")));
        const QStringList withQueued { QStringLiteral("pessimistic"), QStringLiteral("queued") };
        QCOMPARE(why("writers", withQueued), QString());
        QCOMPARE(why("batch", withQueued), QString());
        QVERIFY(!why("max-retries", withQueued).isEmpty());
        QCOMPARE(why("batch", { QStringLiteral("claim-skip-locked") }), QString()); // a claim's batch
        QCOMPARE(why("slots", { QStringLiteral("redis-split") }), QString()); // its sub-keys
        QCOMPARE(why("threads", pessimistic), QString()); // every strategy reads it
    }

    // Every field that counts only under another field's value: the window's reason and the
    // command line's refusal, for the same experiment.
    void conditionsAgreeWithTheCommandLine()
    {
        int tried = 0;
        for (const ExperimentField& field : ExperimentFields::all()) {
            if (field.countsOnlyWith.field.isEmpty())
                continue;
            const ExperimentField* controlling = ExperimentFields::find(field.countsOnlyWith.field);
            QVERIFY(controlling);
            Experiment e;
            QString setting = controlling->print(e);
            if (field.countsOnlyWith.values.contains(setting))
                setting = otherValue(*controlling, e);
            QVERIFY2(!field.countsOnlyWith.values.contains(setting), qPrintable(field.name));
            QVERIFY(!ExperimentFields::set(e, controlling->name, setting));
            QVERIFY2(!FieldRelevance::whyUnused(field.name, e, kOneServer).isEmpty(), qPrintable(field.name));
            const CommandLine cli = parse({ QStringLiteral("run"), QLatin1String("--") + controlling->name,
                setting, QLatin1String("--") + field.name, field.print(Experiment {}) });
            QVERIFY2(
                refusal(cli).contains(QLatin1String("--") + field.name + QLatin1String(": only used with")),
                qPrintable(field.name + QLatin1String(": ") + refusal(cli)));
            // Where it counts, the window offers it.
            const QString wanted = field.countsOnlyWith.values.first();
            QVERIFY(!ExperimentFields::set(e, controlling->name, wanted));
            QCOMPARE(FieldRelevance::whyUnused(field.name, e, kOneServer), QString());
            ++tried;
        }
        QVERIFY(tried >= 10);
    }

    // Every rule of every field scoped to a kind of server: the window disables the field on the
    // server where the command line refuses it, and offers it where it is accepted.
    void serverScopesAgreeWithTheCommandLine()
    {
        int tried = 0;
        for (const ExperimentField& field : ExperimentFields::all()) {
            for (const ServerScope rule :
                { ServerScope::Cluster, ServerScope::OneServer, ServerScope::LabsOwn, ServerScope::InnoDb }) {
                if (!needs(field.server, rule))
                    continue;
                const std::optional<ScopedCase> c = scopedCase(rule, field.name);
                QVERIFY2(c, qPrintable(QStringLiteral("no case for the scoped field ") + field.name));
                const CommandLine cli
                    = parse(QStringList { QStringLiteral("run"), QLatin1String("--") + field.name, c->value }
                        + c->server);
                QVERIFY2(cli.action == CommandLine::Action::Fail, qPrintable(field.name));
                const QString errors = refusal(cli);
                QVERIFY2(errors.contains(QLatin1String("--") + field.name), qPrintable(errors));
                QVERIFY2(!FieldRelevance::whyUnused(field.name, Experiment {}, c->shape).isEmpty(),
                    qPrintable(field.name));
                ++tried;
            }
            if (field.server == ServerScope::Any)
                continue;
            const ServerShape fits = needs(field.server, ServerScope::Cluster) ? kCluster : kOneServer;
            QCOMPARE(FieldRelevance::whyUnused(field.name, Experiment {}, fits), QString());
        }
        QCOMPARE(tried, 8);
    }

    void fieldsThatAlwaysCountAreAlwaysOffered()
    {
        for (const char* field : { "threads", "isolation", "delay-ms", "stop", "seed" }) {
            for (const ServerShape& shape : { kOneServer, kCluster, kServerByUrl, kPostgres })
                QCOMPARE(FieldRelevance::whyUnused(QLatin1String(field), Experiment {}, shape), QString());
        }
    }
};

QTEST_GUILESS_MAIN(TestFieldRelevance)
#include "tst_fieldrelevance.moc"
