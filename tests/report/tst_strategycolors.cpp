// Every strategy's colour and line on the charts: the lab's own and a user's files alike, no two
// of one workload alike, red only for the unsafe ones.
#include "app/report/strategycolors.h"
#include "strategies/strategyregistry.h"

#include <QSet>
#include <QTemporaryDir>
#include <QTest>

namespace {

QString fileText(int n, bool safe)
{
    return QStringLiteral("\\strategy mine-%1\n\\title Mine %1\n\\safe %2\nBEGIN;\n"
                          "UPDATE inventory SET stock = stock - :qty WHERE sku_id = :sku;\n"
                          "INSERT INTO orders (request_id, sku_id, qty) VALUES (:request_id, :sku, :qty);\n"
                          "COMMIT;\n\\sold\n")
        .arg(n)
        .arg(safe ? QStringLiteral("yes") : QStringLiteral("no"));
}

} // namespace

class TestStrategyColors : public QObject {
    Q_OBJECT

    static void verifyNoPairRepeats()
    {
        QSet<QString> seen;
        for (const QString& id : StrategyRegistry::ids()) {
            const std::unique_ptr<Strategy> strategy = StrategyRegistry::create(id);
            const QColor colour = StrategyColors::of(id);
            QVERIFY2(colour != QColor(Qt::gray), qPrintable(id));
            QCOMPARE(colour.hue() == StrategyColors::unsafe().hue(), !strategy->isSafe()); // red
            const QString pair = QStringLiteral("%1 %2 %3")
                                     .arg(static_cast<int>(strategy->workload()))
                                     .arg(colour.name())
                                     .arg(static_cast<int>(StrategyColors::lineStyleOf(id)));
            QVERIFY2(!seen.contains(pair), qPrintable(id + QStringLiteral(" repeats ") + pair));
            seen.insert(pair);
        }
    }

private slots:
    void theLabsOwnStrategiesEachHaveTheirs()
    {
        verifyNoPairRepeats();
        QCOMPARE(StrategyColors::of(QStringLiteral("naive")), StrategyColors::unsafe());
        QCOMPARE(StrategyColors::lineStyleOf(QStringLiteral("pessimistic")), Qt::SolidLine);
        QCOMPARE(StrategyColors::of(QStringLiteral("no-such-strategy")), QColor(Qt::gray));
    }

    // Thirty files beyond the lab's own, some unsafe: the palette goes on with other lines, and
    // the lab's own keep what they had.
    void filesAddedLaterGetTheirsToo()
    {
        const QColor pessimistic = StrategyColors::of(QStringLiteral("pessimistic"));
        QTemporaryDir dir;
        for (int n = 0; n < 30; ++n) {
            const QString path = dir.filePath(QStringLiteral("mine-%1.sql").arg(n));
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(fileText(n, n % 5 != 4).toUtf8());
            file.close();
            QString error;
            QCOMPARE(StrategyRegistry::addFile(path, &error), QStringLiteral("mine-%1").arg(n));
        }
        verifyNoPairRepeats();
        QCOMPARE(StrategyColors::of(QStringLiteral("pessimistic")), pessimistic);
        QCOMPARE(StrategyColors::of(QStringLiteral("mine-4")), StrategyColors::unsafe());
        QVERIFY(StrategyColors::lineStyleOf(QStringLiteral("mine-4")) != Qt::SolidLine); // naive has that
    }
};

QTEST_GUILESS_MAIN(TestStrategyColors)
#include "tst_strategycolors.moc"
