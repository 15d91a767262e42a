// The bound's one vocabulary: every bound has its own key, read back as itself, and its own name.
#include "app/core/bound.h"

#include <QSet>
#include <QTest>

class TestBound : public QObject {
    Q_OBJECT

private slots:
    void everyBoundHasItsOwnKeyAndName()
    {
        QSet<QString> keys;
        QSet<QString> names;
        for (int i = 0; i <= static_cast<int>(Bound::Other); ++i) {
            const auto bound = static_cast<Bound>(i);
            const QString key = boundKey(bound);
            QVERIFY2(!keys.contains(key), qPrintable(key));
            keys.insert(key);
            QCOMPARE(boundFromKey(key), std::optional<Bound>(bound));
            QVERIFY2(!names.contains(boundName(bound)), qPrintable(boundName(bound)));
            names.insert(boundName(bound));
        }
        // The names files have held since predictions and explanations were first written.
        for (const char* written : { "row-lock", "server-row-lock", "writer", "cpu", "arrival", "clients",
                 "certification", "other", "none" })
            QVERIFY2(keys.contains(QLatin1String(written)), written);
        QCOMPARE(boundFromKey(QStringLiteral("disk")), std::nullopt);
    }
};

QTEST_GUILESS_MAIN(TestBound)
#include "tst_bound.moc"
