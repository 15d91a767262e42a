// --strategy-file as a user gives it, against the test server: a file's strategy runs beside
// the lab's, audited and explained, and exits 0; a file that oversells exits 3; a file with a
// mistake, or an id the lab has, is refused before anything runs (exit 2) with where it is.
#include "app/db/databaseconnection.h"
#include "tests/support/lockbenchprocess.h"
#include "tests/support/reservethenconfirmfile.h"
#include "tests/support/serverfixture.h"
#include "tests/support/unlockedstrategyfile.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {

const char* const kReserve = R"(-- take the units only if enough are left, then record the order
\strategy reserve-then-record
\title Reserve, then record
BEGIN;
\lock
UPDATE inventory SET stock = stock - :qty WHERE sku_id = :sku AND stock >= :qty;
\if :rows = 0
  ROLLBACK;
  \out-of-stock
\endif
INSERT INTO orders (request_id, sku_id, qty) VALUES (:request_id, :sku, :qty);
COMMIT;
\sold
)";

} // namespace

class TestCliStrategyFile : public QObject {
    Q_OBJECT

    QTemporaryDir m_folder;

    QString write(const QString& name, const char* text)
    {
        const QString path = m_folder.filePath(name);
        QFile file(path);
        if (file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            file.write(text);
        return path;
    }

    static LockbenchProcess runFiles(const QStringList& flags)
    {
        const QString url
            = QStringLiteral("mysql://root@127.0.0.1:%1/lockbench_files").arg(ServerFixture::params().port);
        return LockbenchProcess::run(
            QStringList { QStringLiteral("run"), QStringLiteral("--server"), url, QStringLiteral("--skus"),
                QStringLiteral("1"), QStringLiteral("--stock"), QStringLiteral("300"),
                QStringLiteral("--threads"), QStringLiteral("8"), QStringLiteral("--rtt-ms"),
                QStringLiteral("0"), QStringLiteral("--stop"), QStringLiteral("sold-out") }
            + flags);
    }

private slots:
    void initTestCase() { LOCKBENCH_REQUIRE_SERVER(); }

    void aFilesStrategyRunsBesideTheLabsAndPasses()
    {
        const LockbenchProcess lab = runFiles({ QStringLiteral("--strategy"), QStringLiteral("pessimistic"),
            QStringLiteral("--strategy-file"), write(QStringLiteral("reserve.lbs"), kReserve) });
        QVERIFY2(lab.exitCode == 0, qPrintable(lab.all()));
        QVERIFY2(lab.out.contains(QLatin1String("reserve-then-record: sold out")), qPrintable(lab.out));
        QVERIFY2(
            lab.out.contains(QRegularExpression(QStringLiteral("\\nreserve-then-record .* 300 .* pass"))),
            qPrintable(lab.out));
        QVERIFY2(lab.out.contains(QRegularExpression(QStringLiteral("\\npessimistic .* 300 .* pass"))),
            qPrintable(lab.out));
    }

    // An experiment file names its strategies as the flags do, its files relative to itself:
    // run from another folder, the file beside it is found; a flag given as well comes first.
    void anExperimentFileNamesItsStrategyFiles()
    {
        QDir(m_folder.path()).mkpath(QStringLiteral("shop"));
        write(QStringLiteral("shop/reserve.lbs"), kReserve);
        const QString experiment = write(QStringLiteral("shop/experiment.json"),
            R"({"skus": 1, "stock": 200, "threads": 4, "stop": "sold-out", "rtt-ms": 0,
                "strategy": "conditional", "strategy-file": ["reserve.lbs"]})");
        const QString url
            = QStringLiteral("mysql://root@127.0.0.1:%1/lockbench_files").arg(ServerFixture::params().port);
        const LockbenchProcess lab = LockbenchProcess::run({ QStringLiteral("run"),
            QStringLiteral("--server"), url, QStringLiteral("--experiment"), experiment });
        QVERIFY2(lab.exitCode == 0, qPrintable(lab.all()));
        QVERIFY2(lab.out.contains(QRegularExpression(QStringLiteral("\\nconditional .* 200 .* pass"))),
            qPrintable(lab.out));
        QVERIFY2(
            lab.out.contains(QRegularExpression(QStringLiteral("\\nreserve-then-record .* 200 .* pass"))),
            qPrintable(lab.out));

        const LockbenchProcess flagFirst = LockbenchProcess::run(
            { QStringLiteral("run"), QStringLiteral("--server"), url, QStringLiteral("--experiment"),
                experiment, QStringLiteral("--strategy"), QStringLiteral("pessimistic") });
        QVERIFY2(flagFirst.exitCode == 0, qPrintable(flagFirst.all()));
        QVERIFY2(!flagFirst.out.contains(QLatin1String("\nconditional ")), qPrintable(flagFirst.out));
        QVERIFY2(flagFirst.out.contains(QRegularExpression(QStringLiteral("\\npessimistic .* 200 .* pass"))),
            qPrintable(flagFirst.out));

        const QString missing
            = write(QStringLiteral("shop/missing.json"), R"({"strategy-file": "nowhere.lbs"})");
        const LockbenchProcess refused = LockbenchProcess::run({ QStringLiteral("run"),
            QStringLiteral("--server"), url, QStringLiteral("--experiment"), missing });
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.contains(QLatin1String("nowhere.lbs")), qPrintable(refused.err));
    }

    void aFileThatOversellsExitsThree()
    {
        const LockbenchProcess lab = runFiles({ QStringLiteral("--strategy-file"),
            write(QStringLiteral("unlocked.lbs"), kUnlockedStrategyFile) });
        QVERIFY2(lab.exitCode == 3, qPrintable(lab.all()));
        QVERIFY2(lab.out.contains(QLatin1String("FAIL: oversold")), qPrintable(lab.out));
    }

    // The audit runs the file's invariant: the holds it finds are those a separate count of the
    // table finds, the run fails with exit 3 although the stock and orders agree, and the JSON
    // and the why sentence name the invariant with its rows.
    void aBrokenInvariantExitsThreeWithItsRows()
    {
        const QString json = m_folder.filePath(QStringLiteral("forgetful.json"));
        const LockbenchProcess lab = runFiles({ QStringLiteral("--strategy-file"),
            write(QStringLiteral("forgetful.lbs"), reserveThenConfirmFile(3).toUtf8().constData()),
            QStringLiteral("--json"), json });
        QVERIFY2(lab.exitCode == 3, qPrintable(lab.all()));
        QVERIFY2(lab.out.contains(QLatin1String("FAIL: an invariant of the strategy broken")),
            qPrintable(lab.out));

        DatabaseConnection check;
        QVERIFY(check.open(ServerFixture::params(QStringLiteral("lockbench_files"))));
        const std::optional<std::int64_t> holds
            = check.queryInt(QStringLiteral("SELECT COUNT(*) FROM holds"));
        const std::optional<QString> first = check.queryText(QStringLiteral(
            "SELECT CONCAT_WS(', ', request_id, sku_id, qty) FROM holds ORDER BY request_id LIMIT 1"));
        QVERIFY(holds && first);
        QVERIFY2(*holds > 0, "no request id was a multiple of 3");
        QVERIFY2(lab.out.contains(
                     QStringLiteral("The invariant no-hold-left of the strategy's file found %1 row(s)")
                         .arg(*holds)),
            qPrintable(lab.out));

        QFile file(json);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject outcome = QJsonDocument::fromJson(file.readAll())
                                        .object()[QStringLiteral("strategies")][0][QStringLiteral("summary")]
                                        .toObject();
        QCOMPARE(outcome[QStringLiteral("verdict")].toString(),
            QStringLiteral("FAIL: an invariant of the strategy broken"));
        QVERIFY(outcome[QStringLiteral("clients_agree")].toBool());
        const QJsonObject invariant = outcome[QStringLiteral("invariants")][0].toObject();
        QCOMPARE(invariant[QStringLiteral("name")].toString(), QStringLiteral("no-hold-left"));
        QCOMPARE(invariant[QStringLiteral("rows")].toInteger(), *holds);
        QCOMPARE(invariant[QStringLiteral("first_row")].toString(), *first);
    }

    void aFileWithAMistakeIsRefusedWithWhereItIs()
    {
        const QString path
            = write(QStringLiteral("bad.lbs"), "\\strategy bad\n\\title Bad\nSELECT :stok;\n\\sold\n");
        const LockbenchProcess lab = runFiles({ QStringLiteral("--strategy-file"), path });
        QCOMPARE(lab.exitCode, 2);
        QVERIFY2(
            lab.err.contains(QLatin1String("--strategy-file: bad.lbs: line 3, column 1: the variable :stok")),
            qPrintable(lab.err));
        QVERIFY(!lab.out.contains(QLatin1String("running")));
    }

    void aFileMayNotTakeAnIdTheLabHas()
    {
        const QString path
            = write(QStringLiteral("mine.lbs"), "\\strategy pessimistic\n\\title Mine\nCOMMIT;\n\\sold\n");
        const LockbenchProcess lab = runFiles({ QStringLiteral("--strategy-file"), path });
        QCOMPARE(lab.exitCode, 2);
        QVERIFY2(
            lab.err.contains(QLatin1String("the strategy id pessimistic is already one of the lab's own")),
            qPrintable(lab.err));
    }
};

QTEST_GUILESS_MAIN(TestCliStrategyFile)
#include "tst_clistrategyfile.moc"
