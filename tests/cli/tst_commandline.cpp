// Bad input to the command line's parser, in-process, as a user types it: every flag of run
// and sweep and every key of an experiment file is tried with values it must refuse. Each is
// refused (the executable then exits with status 2) with a message naming the flag or key,
// and never with a password in it; none crashes or hangs. The field rows come from the field
// table, so a new field is tried here without a new line. tst_cli_badinput runs a few of
// these through the real executable, end to end; tst_commandlinehostile tries long and hostile
// values and experiment files.
#include "app/cli/commandline.h"
#include "app/core/experimentfields.h"
#include "app/core/experimentjson.h"
#include "strategies/strategyregistry.h"
#include "tests/cli/commandlinecases.h"
#include "tests/cli/outofrangevalues.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>

using namespace CommandLineCases;

class TestCommandLine : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_file; // an existing file, where a folder is expected

    void addRow(const QString& name, const QStringList& arguments, const QString& message)
    {
        QTest::newRow(qPrintable(name)) << arguments << message;
    }

    void refused()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const CommandLine cli = parse(arguments);
        const QString errors = refusal(cli);
        QVERIFY2(cli.action == CommandLine::Action::Fail,
            qPrintable(QStringLiteral("accepted: ") + arguments.join(QLatin1Char(' ')).left(300)));
        QVERIFY2(errors.contains(message), qPrintable(errors));
        QVERIFY2(!errors.contains(QLatin1String("secretpw")), "password echoed");
    }

private slots:
    void initTestCase() { QVERIFY(enterScratchDir(m_dir, &m_file)); }

    void everyFieldIsRefused_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        const QHash<QString, OutOfRange> ranges = outOfRange();
        for (const ExperimentField& field : ExperimentFields::all()) {
            const QString flag = QStringLiteral("--") + field.name;
            QVERIFY2(ranges.contains(field.name),
                qPrintable(QStringLiteral("no out-of-range value for ") + field.name));
            for (const QString& command : { QStringLiteral("run"), QStringLiteral("sweep") }) {
                addRow(QStringLiteral("%1 %2 garbage").arg(command, flag),
                    { command, flag, QStringLiteral("x!") }, flag + QLatin1String(": "));
                addRow(QStringLiteral("%1 %2 empty").arg(command, flag), { command, flag, QString() },
                    flag + QLatin1String(": "));
            }
            const OutOfRange bad = ranges.value(field.name);
            addRow(QStringLiteral("run %1 out of range").arg(flag),
                QStringList { QStringLiteral("run"), flag, asText(bad.value) } + bad.context,
                flag + QLatin1String(": "));
            addRow(QStringLiteral("run %1 missing value").arg(flag), { QStringLiteral("run"), flag },
                QStringLiteral("Missing value after '%1'").arg(flag));
            addRow(QStringLiteral("run %1 followed by a flag").arg(flag),
                { QStringLiteral("run"), flag, QStringLiteral("--quiet") },
                flag + QLatin1String(": needs a value, but the next argument is the flag --quiet"));
            // A good value with white space around it: refused, not trimmed, in a run and a sweep.
            const QString good = field.print(Experiment {});
            addRow(QStringLiteral("run %1 leading space").arg(flag),
                { QStringLiteral("run"), flag, QLatin1Char(' ') + good },
                QStringLiteral("%1: \" %2\" has white space around it").arg(flag, good));
            addRow(QStringLiteral("sweep %1 trailing space").arg(flag),
                { QStringLiteral("sweep"), flag, good + QLatin1Char(' ') },
                QStringLiteral("%1: \"%2 \" has white space around it").arg(flag, good));
            addRow(QStringLiteral("run %1 trailing newline").arg(flag),
                { QStringLiteral("run"), flag, good + QLatin1Char('\n') }, flag + QLatin1String(": "));
        }
        for (const QString& list :
            { QStringLiteral("threads"), QStringLiteral("slots"), QStringLiteral("skus") }) {
            const QString flag = QStringLiteral("--") + list;
            addRow(QStringLiteral("sweep %1 bad list").arg(flag),
                { QStringLiteral("sweep"), flag, QStringLiteral("1,x") }, flag + QLatin1String(": "));
            addRow(QStringLiteral("sweep %1 zero in the list").arg(flag),
                { QStringLiteral("sweep"), flag, QStringLiteral("4,0") }, flag + QLatin1String(": "));
            addRow(QStringLiteral("sweep %1 only commas").arg(flag),
                { QStringLiteral("sweep"), flag, QStringLiteral(",,") }, flag + QLatin1String(": "));
            addRow(QStringLiteral("run %1 list").arg(flag),
                { QStringLiteral("run"), flag, QStringLiteral("1,4") }, flag + QLatin1String(": "));
            addRow(QStringLiteral("sweep %1 empty item").arg(flag),
                { QStringLiteral("sweep"), flag, QStringLiteral("1,,4") },
                flag + QLatin1String(": \"1,,4\" has an empty item"));
            addRow(QStringLiteral("sweep %1 trailing comma").arg(flag),
                { QStringLiteral("sweep"), flag, QStringLiteral("1,4,") },
                flag + QLatin1String(": \"1,4,\" has an empty item"));
            addRow(QStringLiteral("sweep %1 space in the list").arg(flag),
                { QStringLiteral("sweep"), flag, QStringLiteral("1, 4") },
                flag + QLatin1String(": \" 4\" has white space around it"));
        }
    }
    void everyFieldIsRefused() { refused(); }

    void everyOtherFlagIsRefused_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        for (const FlagCase& flag : cliOnlyFlags(m_dir.path(), m_file)) {
            for (const QString& value : flag.values) {
                for (const QString& command : { QStringLiteral("run"), QStringLiteral("sweep") })
                    addRow(
                        QStringLiteral("%1 %2 '%3'").arg(command, QLatin1String(flag.flag), value.right(40)),
                        { command, QLatin1String(flag.flag), value },
                        QLatin1String(flag.flag) + QLatin1String(": "));
            }
            addRow(QStringLiteral("%1 missing value").arg(QLatin1String(flag.flag)),
                { QStringLiteral("run"), QLatin1String(flag.flag) },
                QStringLiteral("Missing value after '%1'").arg(QLatin1String(flag.flag)));
            addRow(QStringLiteral("%1 followed by a flag").arg(QLatin1String(flag.flag)),
                { QStringLiteral("sweep"), QLatin1String(flag.flag), QStringLiteral("--threads=4") },
                QLatin1String(flag.flag)
                    + QLatin1String(": needs a value, but the next argument is the flag --threads=4"));
        }
        for (const char* flag : { "--quiet", "--help", "--version" })
            addRow(QStringLiteral("%1 with a value").arg(QLatin1String(flag)),
                { QStringLiteral("run"), QLatin1String(flag) + QLatin1String("=yes") },
                QStringLiteral("Unexpected value after '%1'").arg(QLatin1String(flag)));
        QStringList tooMany { QStringLiteral("sweep"), QStringLiteral("--threads") };
        for (int i = 1; i <= 65; ++i)
            tooMany << QString::number(i);
        addRow(QStringLiteral("sweep over 65 thread counts"),
            { tooMany[0], tooMany[1], tooMany.mid(2).join(QLatin1Char(',')) },
            QStringLiteral("--threads: at most 64 values"));
        addRow(QStringLiteral("unknown flag"), { QStringLiteral("run"), QStringLiteral("--frobnicate") },
            QStringLiteral("Unknown option 'frobnicate'"));
        addRow(QStringLiteral("unknown command"), { QStringLiteral("frobnicate") },
            QStringLiteral("unknown command \"frobnicate\""));
        addRow(QStringLiteral("two commands"), { QStringLiteral("run"), QStringLiteral("sweep") },
            QStringLiteral("unknown command \"run sweep\""));
        addRow(QStringLiteral("sweep over two dimensions"),
            { QStringLiteral("sweep"), QStringLiteral("--slots"), QStringLiteral("1,2"),
                QStringLiteral("--skus"), QStringLiteral("1,2") },
            QStringLiteral("not both"));
    }
    void everyOtherFlagIsRefused() { refused(); }

    // Messages worded for the mistakes people make, beyond naming the flag.
    void commonMistakesAreExplained_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        const auto row
            = [this](const char* name, std::initializer_list<const char*> args, const char* message) {
                  QStringList list { QStringLiteral("run") };
                  for (const char* a : args)
                      list << QString::fromLatin1(a);
                  if (list.size() > 1 && list[1] == QLatin1String("sweep"))
                      list.removeFirst();
                  addRow(QLatin1String(name), list, QString::fromUtf8(message));
              };
        row("zero threads", { "--threads", "0" }, "--threads: must be between 1 and 20,000");
        row("a thread each, beyond the threads", { "--client-io", "threads", "--threads", "2000" },
            "--threads: must be between 1 and 1,024 (got 2,000)");
        row("negative stock", { "--stock", "-5" }, "--stock: must be between 1");
        row("huge skus", { "--skus", "99999999999999999999" },
            "--skus: \"99999999999999999999\" is not a whole number");
        row("threads not a number", { "--threads", "many" }, "\"many\" is not a whole number");
        row("slots above stock", { "--slots", "20", "--stock", "10" },
            "--slots: 20 slots cannot share a stock of 10");
        row("slots above stock for slotted",
            { "--skus", "1000000", "--stock", "10", "--strategy", "slotted" },
            "--slots: 16 slots cannot share a stock of 10: slotted needs at least one unit per slot");
        row("slot rows over the limit for slotted",
            { "--skus", "1000000", "--stock", "100", "--strategy", "slotted" },
            "--slots: skus x slots makes 16,000,000 slot rows for slotted");
        row("one SKU for a two-SKU strategy", { "--skus", "1", "--strategy", "two-sku-random" },
            "--skus: two-sku-random places orders of two SKUs: at least 2 SKUs are needed (got 1)");
        row("one SKU for the deadlock demonstrations", { "--strategy", "deadlocks" },
            "--skus: two-sku-random and two-sku-sorted place orders of two SKUs");
        row("sweep from one SKU for a two-SKU strategy",
            { "sweep", "--skus", "1,4", "--strategy", "two-sku-sorted" },
            "--skus: two-sku-sorted places orders of two SKUs");
        row("hot set larger than skus", { "--skus", "2", "--skew", "hotset:90:5" }, "--skew: the hot set");
        row("reversed qty", { "--qty", "5-2" }, "--qty: must be a whole number or a range low-high");
        row("bad duration", { "--duration", "10parsecs" },
            "--duration: \"10parsecs\" is not a duration such as 10s");
        row("open loop without rate", { "--arrival", "open", "--rate", "0" },
            "--rate: open-loop arrival needs a target rate of at least 0.01 orders/s");
        row("orders without stop orders", { "--orders", "0" },
            "--orders: must be between 1 and 1,000,000,000");
        row("unknown strategy", { "--strategy", "pessimistic,bogus" }, "--strategy: unknown strategy bogus");
        row("missing experiment file", { "--experiment", "/nonexistent/x.json" },
            "--experiment: cannot read /nonexistent/x.json");
        row("bad server scheme", { "--server", "http://u:secretpw@host/db" },
            "--server: bad server URL: the scheme must be mysql://");
        row("bad database name", { "--database", "a-b" }, "--database: must be 1 to 64 letters");
        row("json into a missing folder", { "--json", "/nonexistent/r.json" },
            "--json: the folder /nonexistent does not exist");
        row("report type", { "sweep", "--report", "out.txt" },
            "--report: the file name must end in .html or .pdf");
        row("chart size", { "sweep", "--chart-size", "big" }, "--chart-size: must be WIDTHxHEIGHT");
        row("dpi without charts", { "--dpi", "144" }, "--dpi: only used with --charts DIR");
        row("chart size without charts", { "sweep", "--report", "r.html", "--chart-size", "640x400" },
            "--chart-size: only used with --charts DIR");
        row("thread list entry", { "sweep", "--threads", "1,x" },
            "--threads: \"x\" is not a positive whole number");
        row("thread count too high", { "sweep", "--threads", "1,25000" },
            "--threads: must be between 1 and 20,000");
        row("list outside sweep", { "--threads", "1,4" }, "--threads: \"1,4\" is not a whole number");
        row("no repetitions", { "--repeat", "0" }, "--repeat: must be between 1 and 100 (got 0)");
        row("too many repetitions", { "--repeat", "101" }, "--repeat: must be between 1 and 100 (got 101)");
        row("too many repetitions in a sweep", { "sweep", "--threads", "1,4", "--repeat", "500" },
            "--repeat: must be between 1 and 100 (got 500)");
        row("repetitions not a number", { "--repeat", "three" }, "--repeat: \"three\" is not a whole number");
        row("threads with a leading space", { "--threads", " 5" },
            "--threads: \" 5\" has white space around it; write the value without it");
        row("delay with a trailing space", { "--delay-ms", "1.5 " },
            "--delay-ms: \"1.5 \" has white space around it");
        row("duration with a leading space", { "--duration", " 5s" },
            "--duration: \" 5s\" has white space around it");
        row("empty strategy in a list", { "--strategy", "conditional,,naive" },
            "--strategy: \"conditional,,naive\" has an empty item; list strategies like "
            "pessimistic,conditional");
        row("trailing comma in the strategies", { "sweep", "--strategy", "conditional," },
            "--strategy: \"conditional,\" has an empty item");
        // A field that does not count under the chosen stop or arrival is refused, naming both flags.
        row("duration under the orders stop", { "--stop", "orders", "--duration", "1s" },
            "--duration: only used with --stop duration, but the stop is orders; leave out --duration or "
            "choose --stop duration");
        row("duration under the sold-out stop", { "--stop", "sold-out", "--duration", "1s" },
            "--duration: only used with --stop duration, but the stop is sold-out");
        row("orders under the default stop", { "--orders", "500" },
            "--orders: only used with --stop orders, but the stop is duration; leave out --orders or choose "
            "--stop orders");
        row("orders under the sold-out stop in a sweep",
            { "sweep", "--threads", "1,4", "--stop", "sold-out", "--orders", "500" },
            "--orders: only used with --stop orders, but the stop is sold-out");
        row("duration under the orders stop in a sweep", { "sweep", "--stop", "orders", "--duration", "1s" },
            "--duration: only used with --stop duration, but the stop is orders");
        row("time limit under the duration stop", { "--time-limit", "5m" },
            "--time-limit: only used with --stop orders or sold-out, but the stop is duration");
        row("rate under closed arrival", { "--rate", "500" },
            "--rate: only used with --arrival open, but the arrival is closed");
        row("claims on a cluster", { "--server", "cluster:3", "--workload", "claim" },
            "--workload: the claim workload runs on one server only");
        row("worker kills on a cluster", { "--server", "cluster:3", "--kill-workers-every", "200ms" },
            "--kill-workers-every: killing workers runs on one server only");
        row("a server named twice", { "--server", "postgres,embedded,postgres" },
            "--server: \"postgres\" is named twice");
        row("InnoDB's setting on one of two servers", { "--server", "embedded,postgres", "--flush-log", "2" },
            "--flush-log: an InnoDB setting, which PostgreSQL does not have; leave it at -1 there");
        row("a node that is not there", { "--server", "cluster:3", "--kill-node", "4@1s" },
            "--kill-node: node 4 is not there: the server has 3 nodes");
        row("a whole-server setting on a server by URL",
            { "--server", "mysql://lab@127.0.0.1:3306/shop", "--buffer-pool-mb", "64" },
            "--buffer-pool-mb: it changes the whole server, so the lab sets it only on the servers it starts "
            "itself; leave it at 0 on a server given by URL");
    }
    void commonMistakesAreExplained() { refused(); }

    // The slot and two-SKU rules bind only the strategies they concern: an experiment the
    // chosen strategies can run is accepted whatever the others would say of it.
    void rulesOfOtherStrategiesDoNotApply_data()
    {
        QTest::addColumn<QStringList>("arguments");
        const auto row = [](const char* name, std::initializer_list<const char*> args) {
            QStringList list;
            for (const char* a : args)
                list << QString::fromLatin1(a);
            QTest::newRow(name) << list;
        };
        row("slots above stock, conditional",
            { "run", "--skus", "1000000", "--stock", "10", "--strategy", "conditional" });
        row("slots above stock, every row strategy",
            { "run", "--stock", "10", "--strategy", "pessimistic,optimistic,conditional,queued,naive" });
        row("slots above stock, deadlocks",
            { "run", "--skus", "4", "--stock", "10", "--strategy", "deadlocks" });
        row("slot sweep above stock, pessimistic",
            { "sweep", "--slots", "1,64", "--stock", "10", "--strategy", "pessimistic" });
        row("one SKU, every strategy of all", { "run", "--skus", "1" });
        row("one SKU, slotted", { "run", "--skus", "1", "--strategy", "slotted,slotted-partitioned" });
        row("two SKUs, deadlocks", { "run", "--skus", "2", "--strategy", "deadlocks" });
        row("SKU sweep from one, all", { "sweep", "--skus", "1,100" });
        // Each stop and arrival with the fields that count under it.
        row("duration under the duration stop",
            { "run", "--stop", "duration", "--duration", "5s", "--warmup", "1s" });
        row("duration under the default stop", { "run", "--duration", "5s" });
        row("orders under the orders stop",
            { "sweep", "--stop", "orders", "--orders", "500", "--time-limit", "1m" });
        row("time limit under the sold-out stop", { "run", "--stop", "sold-out", "--time-limit", "1m" });
        row("rate under open arrival", { "run", "--arrival", "open", "--rate", "50" });
        row("spaces after commas between strategies", { "run", "--strategy", "conditional, naive" });
    }
    // A group stands for its strategies inside a list too, each strategy once.
    void groupsJoinAList()
    {
        const CommandLine cli = parse({ QStringLiteral("run"), QStringLiteral("--skus"), QStringLiteral("2"),
            QStringLiteral("--strategy"), QStringLiteral("all,deadlocks,pessimistic") });
        QVERIFY2(cli.action != CommandLine::Action::Fail, qPrintable(refusal(cli)));
        QStringList expected = StrategyRegistry::allIds(WorkloadKind::Inventory);
        expected << QStringLiteral("two-sku-random") << QStringLiteral("two-sku-sorted");
        expected.removeDuplicates();
        QCOMPARE(cli.strategies, expected);
        const CommandLine slip = parse(
            { QStringLiteral("run"), QStringLiteral("--strategy"), QStringLiteral("deadlocks,bogus") });
        QCOMPARE(slip.action, CommandLine::Action::Fail);
        QVERIFY2(refusal(slip).contains(QLatin1String("unknown strategy bogus")), qPrintable(refusal(slip)));
    }

    void rulesOfOtherStrategiesDoNotApply()
    {
        QFETCH(QStringList, arguments);
        const CommandLine cli = parse(arguments);
        QVERIFY2(cli.action != CommandLine::Action::Fail, qPrintable(refusal(cli)));
    }

    // --server names several servers, comma-separated, to run the experiment on each in turn;
    // a URL's own list of hosts stays one server (a cluster).
    void severalServersRunSideBySide()
    {
        CommandLine cli = parse({ QStringLiteral("run"), QStringLiteral("--server"),
            QStringLiteral("embedded,postgres,mysql://u@h1:3306,h2:3306/db,postgres://u@pg:5433/db") });
        QVERIFY2(cli.errors.isEmpty(), qPrintable(cli.errors.join(QLatin1Char('\n'))));
        QCOMPARE(cli.servers.size(), 4);
        QCOMPARE(cli.server, ServerChoice::embedded());
        QCOMPARE(cli.servers[1], ServerChoice::postgres());
        QCOMPARE(cli.servers[2].nodeCount(), 2);
        QVERIFY(cli.servers[3].isPostgres());
        QCOMPARE(cli.servers[3].url.port, 5433);
        cli = parse({ QStringLiteral("run") });
        QCOMPARE(cli.servers.size(), 1);
        QCOMPARE(cli.servers.first(), ServerChoice::embedded());
    }

    // --clients is --threads by another name; auto picks how the clients wait.
    void clientsIsAnotherNameForThreads()
    {
        const CommandLine cli = parse({ QStringLiteral("run"), QStringLiteral("--clients"),
            QStringLiteral("10000"), QStringLiteral("--client-io"), QStringLiteral("events") });
        QVERIFY2(cli.errors.isEmpty(), qPrintable(cli.errors.join(QLatin1Char('\n'))));
        QCOMPARE(cli.experiment.threads, 10000);
        QCOMPARE(cli.experiment.clientIo, ClientIo::Events);
        // Left to choose, 10,000 clients are fibers on one thread per core, 32 share one thread,
        // 129 need a second; up to 4 clients get a thread each.
        Experiment e = cli.experiment;
        e.clientIo = ClientIo::Auto;
        QCOMPARE(effectiveClientIo(e), ClientIo::Events);
        QCOMPARE(clientThreadCount(e, 2), 2);
        QCOMPARE(clientThreadCount(e, 16), 16);
        e.threads = 32;
        QCOMPARE(effectiveClientIo(e), ClientIo::Events);
        QCOMPARE(clientThreadCount(e, 2), 1);
        e.threads = kClientsPerEventThread + 1;
        QCOMPARE(clientThreadCount(e, 2), 2);
        QCOMPARE(clientThreadCount(e, 1), 1);
        e.threads = 4;
        QCOMPARE(effectiveClientIo(e), ClientIo::Threads);
        QCOMPARE(clientThreadCount(e, 2), 4);
        e.threads = 1;
        QCOMPARE(clientThreadCount(e, 2), 1);
    }

    // --repeat interleaves the strategies, in a run as in a sweep, and is in --help.
    void repeatPlansInterleavedRuns()
    {
        const CommandLine run = parse({ QStringLiteral("run"), QStringLiteral("--repeat"),
            QStringLiteral("3"), QStringLiteral("--strategy"), QStringLiteral("pessimistic,conditional") });
        QVERIFY2(run.action == CommandLine::Action::Run, qPrintable(refusal(run)));
        QCOMPARE(run.experiment.repeat, 3);
        QStringList order;
        for (const RunCell& cell : run.cells())
            order << QStringLiteral("%1#%2").arg(cell.strategy).arg(cell.repetition);
        QCOMPARE(order,
            (QStringList { QStringLiteral("pessimistic#1"), QStringLiteral("conditional#1"),
                QStringLiteral("pessimistic#2"), QStringLiteral("conditional#2"),
                QStringLiteral("pessimistic#3"), QStringLiteral("conditional#3") }));
        const CommandLine sweep = parse({ QStringLiteral("sweep"), QStringLiteral("--threads"),
            QStringLiteral("1,4"), QStringLiteral("--repeat"), QStringLiteral("2"),
            QStringLiteral("--strategy"), QStringLiteral("queued") });
        QVERIFY2(sweep.action == CommandLine::Action::Sweep, qPrintable(refusal(sweep)));
        QCOMPARE(sweep.cells().size(), 4);
        QCOMPARE(parse({ QStringLiteral("run") }).cells().size(),
            parse({ QStringLiteral("run"), QStringLiteral("--repeat"), QStringLiteral("1") }).cells().size());
        QVERIFY(run.helpText.contains(QLatin1String("--repeat <n>")));
    }

    // An experiment file is a full record, as --save-experiment writes it: every key, whether it
    // counts under the file's stop or not, so a file's own keys are not refused for that. A flag
    // is: it names --experiment as where the stop came from.
    void experimentFileAndFlagsAgreeOnTheStop()
    {
        const QString path = m_dir.filePath(QStringLiteral("orders.json"));
        Experiment saved;
        saved.stop = StopKind::Orders;
        saved.totalOrders = 500;
        QString error;
        QVERIFY2(ExperimentJson::saveFile(saved, path, &error), qPrintable(error));
        const CommandLine loaded = parse({ QStringLiteral("run"), QStringLiteral("--experiment"), path });
        QVERIFY2(loaded.action == CommandLine::Action::Run, qPrintable(refusal(loaded)));
        QCOMPARE(loaded.experiment, saved);
        const CommandLine flag = parse({ QStringLiteral("run"), QStringLiteral("--experiment"), path,
            QStringLiteral("--duration"), QStringLiteral("1s") });
        QCOMPARE(flag.action, CommandLine::Action::Fail);
        QVERIFY2(
            refusal(flag).contains(QLatin1String(
                "--duration: only used with --stop duration, but the stop is orders (from --experiment)")),
            qPrintable(refusal(flag)));
        const CommandLine switched
            = parse({ QStringLiteral("run"), QStringLiteral("--experiment"), path, QStringLiteral("--stop"),
                QStringLiteral("duration"), QStringLiteral("--duration"), QStringLiteral("1s") });
        QVERIFY2(switched.action == CommandLine::Action::Run, qPrintable(refusal(switched)));
        QCOMPARE(switched.experiment.durationMs, 1000);
    }
};

QTEST_GUILESS_MAIN(TestCommandLine)
#include "tst_commandline.moc"
