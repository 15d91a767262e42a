// Console columns with Chinese text: a Chinese character fills two terminal columns, so the
// table's headers and cells are padded by what a terminal shows, not by character count.
#include "app/cli/terminalwidth.h"

#include <QSignalSpy>
#include <QTest>

class TestTerminalWidth : public QObject {
    Q_OBJECT
private slots:
    void widthCountsChineseAsTwoColumns_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("columns");
        QTest::newRow("ascii") << QStringLiteral("orders/s") << 8;
        QTest::newRow("chinese") << QStringLiteral("单/秒") << 5;
        QTest::newRow("full-width punctuation") << QStringLiteral("超卖（不安全）") << 14;
        QTest::newRow("micro sign is narrow") << QStringLiteral("µs") << 2;
        QTest::newRow("empty") << QString() << 0;
    }
    void widthCountsChineseAsTwoColumns()
    {
        QFETCH(QString, text);
        QFETCH(int, columns);
        QCOMPARE(TerminalWidth::of(text), columns);
    }

    void paddingLinesUpMixedText()
    {
        const QString header = TerminalWidth::rightJustified(QStringLiteral("已售"), 8);
        const QString figure = TerminalWidth::rightJustified(QStringLiteral("908"), 8);
        QCOMPARE(TerminalWidth::of(header), 8);
        QCOMPARE(TerminalWidth::of(figure), 8);
        QCOMPARE(header, QStringLiteral("    已售"));
        QCOMPARE(TerminalWidth::leftJustified(QStringLiteral("通过"), 6), QStringLiteral("通过  "));
        // Text wider than the column is kept whole, never cut.
        QCOMPARE(
            TerminalWidth::leftJustified(QStringLiteral("pessimistic"), 4), QStringLiteral("pessimistic"));
    }
};

QTEST_APPLESS_MAIN(TestTerminalWidth)
#include "tst_terminalwidth.moc"
