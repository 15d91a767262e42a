// The one check of an experiment against its server, which the window runs as the fields are
// typed and the command line and the run before they start: each field's rule from the table.
#include "app/core/experimentfields.h"
#include "app/core/serverfit.h"

#include <QTest>

class TestServerFit : public QObject {
    Q_OBJECT

    static const ServerShape kEmbedded;
    static const ServerShape kPostgres;
    static const ServerShape kByUrl;
    static const ServerShape kCluster;

    static QStringList fields(const QList<ServerFit::Problem>& problems)
    {
        QStringList names;
        for (const ServerFit::Problem& problem : problems)
            names << problem.field;
        return names;
    }

    static Experiment with(const QString& field, const QString& value)
    {
        Experiment e;
        const std::optional<FieldError> error = ExperimentFields::set(e, field, value);
        if (error)
            qWarning("%s", qPrintable(error->message));
        return e;
    }

private slots:
    // What the lab leaves as it is runs anywhere.
    void theDefaultsFitEveryServer()
    {
        for (const ServerShape& server : { kEmbedded, kPostgres, kByUrl, kCluster })
            QVERIFY(ServerFit::of(Experiment(), server).isEmpty());
    }

    void eachFieldIsRefusedWhereItsRuleSays_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QList<bool>>("fitsOn"); // embedded, postgres, by URL, cluster
        QTest::newRow("deadlock-detect") << "deadlock-detect"
                                         << "off" << QList<bool> { true, false, true, true };
        QTest::newRow("flush-log") << "flush-log"
                                   << "2" << QList<bool> { true, false, false, true };
        QTest::newRow("buffer-pool-mb") << "buffer-pool-mb"
                                        << "64" << QList<bool> { true, false, false, true };
        QTest::newRow("placement") << "placement"
                                   << "1:1:0" << QList<bool> { false, false, false, true };
        QTest::newRow("kill-node") << "kill-node"
                                   << "2@1s" << QList<bool> { false, false, false, true };
        QTest::newRow("kill-workers-every") << "kill-workers-every"
                                            << "200ms" << QList<bool> { true, true, true, false };
        QTest::newRow("claim workload") << "workload"
                                        << "claim" << QList<bool> { true, true, true, false };
        QTest::newRow("lock-wait-timeout") << "lock-wait-timeout"
                                           << "2" << QList<bool> { true, true, true, true };
    }

    void eachFieldIsRefusedWhereItsRuleSays()
    {
        QFETCH(QString, field);
        QFETCH(QString, value);
        QFETCH(QList<bool>, fitsOn);
        const Experiment e = with(field, value);
        const ServerShape servers[] = { kEmbedded, kPostgres, kByUrl, kCluster };
        for (int i = 0; i < 4; ++i) {
            const QList<ServerFit::Problem> problems = ServerFit::of(e, servers[i]);
            QVERIFY2(problems.isEmpty() == fitsOn[i],
                qPrintable(QStringLiteral("server %1: %2").arg(i).arg(ServerFit::describe(problems))));
            if (!problems.isEmpty()) {
                QCOMPARE(fields(problems), QStringList { field }); // named once, by its own field
                QVERIFY(!problems.first().text.isEmpty());
            }
        }
    }

    // A refusal says what would fit: the value the lab leaves the setting at.
    void aRefusalNamesTheValueThatFits()
    {
        const QList<ServerFit::Problem> problems
            = ServerFit::of(with(QStringLiteral("flush-log"), QStringLiteral("2")), kPostgres);
        QCOMPARE(problems.size(), 1);
        QVERIFY2(problems.first().text.contains(QLatin1String("leave it at -1")),
            qPrintable(problems.first().text));
        QCOMPARE(ServerFit::describe(problems), QStringLiteral("flush-log: ") + problems.first().text);
    }
};

const ServerShape TestServerFit::kEmbedded { 1, true, false };
const ServerShape TestServerFit::kPostgres { 1, true, true };
const ServerShape TestServerFit::kByUrl { 1, false, false };
const ServerShape TestServerFit::kCluster { 3, true, false };

QTEST_GUILESS_MAIN(TestServerFit)
#include "tst_serverfit.moc"
