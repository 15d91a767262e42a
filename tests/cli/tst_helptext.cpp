// The --help layout by terminal columns: Chinese lines stay within the terminal, English
// words and flag values are never cut, and punctuation keeps to what it belongs to.
#include "app/cli/helptext.h"
#include "app/cli/terminalwidth.h"

#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

class TestHelpText : public QObject {
    Q_OBJECT
private slots:
    void wrapKeepsWordsAndPunctuation_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("columns");
        QTest::newRow("english") << QStringLiteral(
            "Strategies to run, comma-separated, all or deadlocks (default: all).")
                                 << 42;
        QTest::newRow("chinese with values")
            << QStringLiteral("事务隔离级别：read-uncommitted、read-committed、repeatable-read 或 "
                              "serializable。（默认：repeatable-read）")
            << 42;
        QTest::newRow("brackets") << QStringLiteral(
            "slotted 系列策略中每个 SKU 的槽位行数（1..1024）。（默认：16）")
                                  << 42;
        QTest::newRow("narrow column")
            << QStringLiteral("每个事务在持有锁期间所做的客户端工作（例如调用另一个服务）。（默认：0）")
            << 12;
    }
    void wrapKeepsWordsAndPunctuation()
    {
        QFETCH(QString, text);
        QFETCH(int, columns);
        const QStringList lines = HelpText::wrap(text, columns);
        QVERIFY(lines.size() > 1);
        // Nothing lost: the lines put back together are the text (spaces at breaks aside).
        QCOMPARE(lines.join(QString()).remove(QLatin1Char(' ')), QString(text).remove(QLatin1Char(' ')));
        static const QRegularExpression latinWord(QStringLiteral("[A-Za-z0-9][A-Za-z0-9.:%-]*"));
        QStringList wordsOfText;
        for (auto it = latinWord.globalMatch(text); it.hasNext();)
            wordsOfText << it.next().captured();
        QStringList wordsOfLines;
        for (const QString& line : lines) {
            QVERIFY2(TerminalWidth::of(line) <= columns, qPrintable(line));
            QVERIFY2(!QStringLiteral("，。、；：）").contains(line.front()), qPrintable(line));
            QVERIFY2(!QStringLiteral("（").contains(line.back()), qPrintable(line));
            for (auto it = latinWord.globalMatch(line); it.hasNext();)
                wordsOfLines << it.next().captured();
        }
        QCOMPARE(wordsOfLines, wordsOfText); // no word cut in two
    }

    void optionsLineUpInTheirColumn()
    {
        const QCommandLineOption threads(QStringLiteral("threads"),
            QStringLiteral("客户端线程数，每个线程一个连接（1..1024）。（默认：32）"), QStringLiteral("n"));
        const QString help = HelpText::format(QStringLiteral("lockbench"), QStringLiteral("lockbench"),
            { threads }, { QStringLiteral("command"), QStringLiteral("run"), QStringLiteral("[run]") });
        QVERIFY(help.startsWith(QLatin1String("Usage: lockbench [options] [run]\n")));
        const QStringList lines = help.split(QLatin1Char('\n'));
        const qsizetype at = lines.indexOf(QRegularExpression(QStringLiteral("  --threads <n> +客户端.*")));
        QVERIFY(at > 0);
        QCOMPARE(lines[at].indexOf(QStringLiteral("客户端")), 37);
        QVERIFY(lines[at + 1].startsWith(QString(37, QLatin1Char(' ')) + QStringLiteral("（1..1024）")));
    }
};

QTEST_APPLESS_MAIN(TestHelpText)
#include "tst_helptext.moc"
