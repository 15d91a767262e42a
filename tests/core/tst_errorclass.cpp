#include "app/core/errorclass.h"

#include <QSet>
#include <QTest>

#include <limits>

// Readable QCOMPARE failures: print the stable key rather than an enum number.
char* toString(ErrorClass errorClass)
{
    return QTest::toString(errorClassKey(errorClass));
}

class TestErrorClass : public QObject {
    Q_OBJECT

private slots:
    void classify_data();
    void classify();
    void commitErrors();
    void retryable_data();
    void retryable();
    void keysAndLabels_data();
    void keysAndLabels();
    void keysAreUnique();
};

void TestErrorClass::classify_data()
{
    QTest::addColumn<uint>("code");
    QTest::addColumn<ErrorClass>("expected");

    QTest::newRow("1213 deadlock") << 1213u << ErrorClass::Deadlock;
    QTest::newRow("1205 lock wait timeout") << 1205u << ErrorClass::LockWaitTimeout;
    QTest::newRow("1317 statement cancelled (57014)") << 1317u << ErrorClass::LockWaitTimeout;
    QTest::newRow("1969 max_statement_time") << 1969u << ErrorClass::LockWaitTimeout;
    QTest::newRow("3024 max_execution_time") << 3024u << ErrorClass::LockWaitTimeout;
    QTest::newRow("1020 record changed") << 1020u << ErrorClass::RecordChanged;
    QTest::newRow("3572 nowait") << 3572u << ErrorClass::LockNowait;
    QTest::newRow("1062 duplicate key") << 1062u << ErrorClass::DuplicateKey;
    QTest::newRow("2006 server gone away") << 2006u << ErrorClass::ConnectionLost;
    QTest::newRow("2013 lost during query") << 2013u << ErrorClass::ConnectionLost;
    QTest::newRow("1927 connection killed") << 1927u << ErrorClass::ConnectionLost;
    QTest::newRow("1053 server shutdown") << 1053u << ErrorClass::ConnectionLost;
    QTest::newRow("1047 node outside the primary component") << 1047u << ErrorClass::ConnectionLost;
    QTest::newRow("4031 MySQL 8: disconnected for inactivity") << 4031u << ErrorClass::ConnectionLost;
    QTest::newRow("1045 access denied") << 1045u << ErrorClass::Other;
    QTest::newRow("1064 syntax error") << 1064u << ErrorClass::Other;
    QTest::newRow("1146 no such table") << 1146u << ErrorClass::Other;
    QTest::newRow("0 no error") << 0u << ErrorClass::Other;
    QTest::newRow("largest code") << std::numeric_limits<uint>::max() << ErrorClass::Other;
}

void TestErrorClass::classify()
{
    QFETCH(uint, code);
    QFETCH(ErrorClass, expected);
    QCOMPARE(classifyError(code), expected);
}

// At COMMIT a 1213 or a 1180 is a cluster's certification abort, retried like a deadlock but
// counted apart; any client-side error there leaves the commit's fate unknown, to be looked up
// as after a lost connection; any server error keeps its class.
void TestErrorClass::commitErrors()
{
    QCOMPARE(classifyCommitError(2026), ErrorClass::ConnectionLost); // a broken TLS read
    QCOMPARE(classifyCommitError(2027), ErrorClass::ConnectionLost); // a malformed packet
    QCOMPARE(classifyError(2026), ErrorClass::Other);
    QCOMPARE(classifyCommitError(1062), ErrorClass::DuplicateKey);
    QCOMPARE(classifyCommitError(1213), ErrorClass::CommitAbort);
    QCOMPARE(classifyCommitError(1180), ErrorClass::CommitAbort);
    QCOMPARE(classifyCommitError(2013), ErrorClass::ConnectionLost);
    QCOMPARE(classifyCommitError(1205), ErrorClass::LockWaitTimeout);
    QCOMPARE(classifyError(1180), ErrorClass::Other);
    QVERIFY(isRetryable(ErrorClass::CommitAbort));
}

void TestErrorClass::retryable_data()
{
    QTest::addColumn<uint>("code");
    QTest::addColumn<bool>("retryable");

    QTest::newRow("deadlock") << 1213u << true;
    QTest::newRow("lock wait timeout") << 1205u << true;
    QTest::newRow("record changed") << 1020u << true;
    QTest::newRow("nowait") << 3572u << true;
    QTest::newRow("connection lost") << 2013u << true;
    // A duplicate request id means the order already committed: retrying would sell twice.
    QTest::newRow("duplicate key") << 1062u << false;
    QTest::newRow("access denied") << 1045u << false;
    QTest::newRow("no error") << 0u << false;
}

void TestErrorClass::retryable()
{
    QFETCH(uint, code);
    QFETCH(bool, retryable);
    QCOMPARE(isRetryable(classifyError(code)), retryable);
}

void TestErrorClass::keysAndLabels_data()
{
    QTest::addColumn<ErrorClass>("errorClass");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("labelPart");

    // Keys are written to JSON and CSV results, so they are pinned here.
    QTest::newRow("deadlock") << ErrorClass::Deadlock << QStringLiteral("deadlock") << QStringLiteral("1213");
    QTest::newRow("lock wait timeout")
        << ErrorClass::LockWaitTimeout << QStringLiteral("lock_wait_timeout") << QStringLiteral("1205");
    QTest::newRow("record changed") << ErrorClass::RecordChanged << QStringLiteral("record_changed")
                                    << QStringLiteral("1020");
    QTest::newRow("nowait") << ErrorClass::LockNowait << QStringLiteral("lock_nowait")
                            << QStringLiteral("3572");
    QTest::newRow("connection lost") << ErrorClass::ConnectionLost << QStringLiteral("connection_lost")
                                     << QStringLiteral("connection");
    QTest::newRow("duplicate key") << ErrorClass::DuplicateKey << QStringLiteral("duplicate_key")
                                   << QStringLiteral("1062");
    QTest::newRow("commit abort") << ErrorClass::CommitAbort << QStringLiteral("commit_abort")
                                  << QStringLiteral("COMMIT");
    QTest::newRow("other") << ErrorClass::Other << QStringLiteral("other") << QStringLiteral("other");
}

void TestErrorClass::keysAndLabels()
{
    QFETCH(ErrorClass, errorClass);
    QFETCH(QString, key);
    QFETCH(QString, labelPart);
    QCOMPARE(errorClassKey(errorClass), key);
    QVERIFY2(errorClassLabel(errorClass).contains(labelPart), qPrintable(errorClassLabel(errorClass)));
}

void TestErrorClass::keysAreUnique()
{
    // ErrorCounts is indexed by the enum, so the count must cover every class.
    QCOMPARE(static_cast<std::size_t>(ErrorClass::Other) + 1, kErrorClassCount);
    QSet<QString> keys;
    QSet<QString> labels;
    for (std::size_t i = 0; i < kErrorClassCount; ++i) {
        const auto errorClass = static_cast<ErrorClass>(i);
        const QString key = errorClassKey(errorClass);
        QVERIFY(!key.isEmpty());
        QCOMPARE(key, key.toLower());
        QVERIFY2(!key.contains(QLatin1Char(' ')) && !key.contains(QLatin1Char(',')), qPrintable(key));
        QVERIFY2(!keys.contains(key), qPrintable(key));
        keys.insert(key);
        const QString label = errorClassLabel(errorClass);
        QVERIFY(!label.isEmpty());
        QVERIFY2(!labels.contains(label), qPrintable(label));
        labels.insert(label);
    }
    QCOMPARE(keys.size(), qsizetype(kErrorClassCount));
}

QTEST_GUILESS_MAIN(TestErrorClass)
#include "tst_errorclass.moc"
