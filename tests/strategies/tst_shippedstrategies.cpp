// The lab's own strategy files (resources/strategies): each parses, is registered under its
// file's name, and speaks Chinese as the rest of the lab does.
#include "app/core/translation.h"
#include "strategies/filestrategy.h"
#include "strategies/strategyregistry.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTest>

class TestShippedStrategies : public QObject {
    Q_OBJECT

    static QStringList shippedFiles()
    {
        return QDir(QStringLiteral(":/strategies")).entryList({ QStringLiteral("*.sql") }, QDir::Files);
    }

private slots:
    void cleanupTestCase() { Translation::install(QStringLiteral("en")); }

    void eachFileIsARegisteredStrategy_data()
    {
        QTest::addColumn<QString>("file");
        const QStringList files = shippedFiles();
        QVERIFY(files.size() >= 5);
        for (const QString& file : files)
            QTest::newRow(qPrintable(file)) << file;
    }
    void eachFileIsARegisteredStrategy()
    {
        QFETCH(QString, file);
        QString error;
        const std::unique_ptr<FileStrategy> strategy
            = FileStrategy::load(QStringLiteral(":/strategies/") + file, &error);
        QVERIFY2(strategy, qPrintable(error));
        QCOMPARE(strategy->id(), QFileInfo(file).completeBaseName());
        QVERIFY(StrategyRegistry::ids().contains(strategy->id()));
        QVERIFY(StrategyRegistry::create(strategy->id())
                    ->orderSql()
                    .join(QLatin1Char('\n'))
                    .contains(QLatin1String("INSERT INTO orders")));
    }

    // What the lab's figures and sentences ask of a strategy, read from its file.
    void traitsComeFromTheFile()
    {
        using StrategyRegistry::traitsOf;
        QVERIFY(traitsOf(QStringLiteral("optimistic")).retriesConflicts);
        QVERIFY(traitsOf(QStringLiteral("slotted-partitioned")).locksOneSlot);
        QVERIFY(!traitsOf(QStringLiteral("slotted")).locksOneSlot);
        QCOMPARE(traitsOf(QStringLiteral("slotted")).layout, StockLayout::Slots);
        QVERIFY(traitsOf(QStringLiteral("procedure")).locksInsideStatement);
        const StrategyTraits pessimistic = traitsOf(QStringLiteral("pessimistic"));
        QVERIFY(
            !pessimistic.retriesConflicts && !pessimistic.locksOneSlot && !pessimistic.locksInsideStatement);
        QVERIFY(
            !traitsOf(QStringLiteral("naive")).locksInsideStatement); // no routine: no statement holds it all
        QVERIFY(traitsOf(QStringLiteral("slotted-routed")).locksOneSlot); // a class's own
        QCOMPARE(traitsOf(QStringLiteral("redis-split")).layout, StockLayout::Redis);
    }

    // The title and explanation come out of the file in English, and through the translation
    // in Chinese: the generated list of translatable texts carries them to the .ts file.
    void eachFileSpeaksChinese_data() { eachFileIsARegisteredStrategy_data(); }
    void eachFileSpeaksChinese()
    {
        QFETCH(QString, file);
        const QString id = QFileInfo(file).completeBaseName();
        QVERIFY(Translation::install(QStringLiteral("en")));
        const QString title = StrategyRegistry::create(id)->title();
        const QString explanation = StrategyRegistry::create(id)->explanation();
        QVERIFY(Translation::install(QStringLiteral("zh_CN")));
        const QString chineseTitle = StrategyRegistry::create(id)->title();
        const QString chineseExplanation = StrategyRegistry::create(id)->explanation();
        QVERIFY2(chineseTitle != title, qPrintable(title));
        QVERIFY2(chineseExplanation != explanation, qPrintable(explanation));
        QVERIFY(chineseExplanation.contains(QRegularExpression(QStringLiteral("[\\x{4e00}-\\x{9fff}]"))));
    }
};

QTEST_GUILESS_MAIN(TestShippedStrategies)
#include "tst_shippedstrategies.moc"
