// The user's strategy folder: a file saved from the window is <id>.sql, and a file the user put
// there under a name of their own is found by the id it declares, so that the window lets its
// user edit it and saves it back into the same file.
#include "strategies/strategyregistry.h"
#include "strategies/userstrategyfolder.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

namespace {

QString fileOf(const QString& id)
{
    return QStringLiteral(
        "\\strategy %1\n\\title %1\nBEGIN;\n\\lock\nUPDATE inventory SET stock = stock - :qty "
        "WHERE sku_id = :sku AND stock >= :qty;\n\\if :rows = 0\n  ROLLBACK;\n  \\out-of-stock\n"
        "\\endif\nINSERT INTO orders (request_id, sku_id, qty) VALUES (:request_id, :sku, :qty);\n"
        "COMMIT;\n\\sold\n")
        .arg(id);
}

void write(const QString& path, const QString& text)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(text.toUtf8());
}

} // namespace

class TestUserStrategyFolder : public QObject {
    Q_OBJECT
private slots:
    void aFileUnderANameOfItsOwnIsTheUsersToEdit()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        write(dir.filePath(QStringLiteral("my first try.sql")), fileOf(QStringLiteral("folder-named")));
        const UserStrategyFolder folder(dir.path());
        QStringList problems;
        QCOMPARE(folder.loadAll(&problems), QStringList { QStringLiteral("folder-named") });
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        QVERIFY(folder.holds(QStringLiteral("folder-named")));
        QCOMPARE(
            folder.pathOf(QStringLiteral("folder-named")), dir.filePath(QStringLiteral("my first try.sql")));
        // Saved again, it stays that one file.
        QString error;
        QCOMPARE(folder.save(fileOf(QStringLiteral("folder-named")) + QStringLiteral("-- edited\n"), &error),
            QStringLiteral("folder-named"));
        QCOMPARE(QDir(dir.path()).entryList({ QStringLiteral("*.sql") }).size(), 1);
        // A strategy saved from the window is <id>.sql; the lab's own is none of the folder's.
        QCOMPARE(folder.save(fileOf(QStringLiteral("saved-here")), &error), QStringLiteral("saved-here"));
        QCOMPARE(folder.pathOf(QStringLiteral("saved-here")), dir.filePath(QStringLiteral("saved-here.sql")));
        QVERIFY(!folder.holds(QStringLiteral("pessimistic")));
    }
};

QTEST_GUILESS_MAIN(TestUserStrategyFolder)
#include "tst_userstrategyfolder.moc"
