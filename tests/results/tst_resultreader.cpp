// Reading results files written by earlier versions of the lab: a field they lack reads as
// what those versions ran with, not as today's default.
#include "app/results/resultreader.h"
#include "app/results/resultwriter.h"
#include "tests/support/sampleresults.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>

namespace {

// A results file for one made-up pessimistic run with a 1.5 ms network round trip.
QJsonObject writtenFile()
{
    StrategyResult r = SampleResults::make(QStringLiteral("pessimistic"), 8, 900.0);
    r.experiment.rttMs = 1.5;
    ResultWriter::RunInfo info = SampleResults::runInfo();
    info.experiment.rttMs = 1.5;
    return ResultWriter::toJson(info, { r });
}

QJsonObject withoutRoundTrip(QJsonObject experiment)
{
    experiment.remove(QStringLiteral("rtt-ms"));
    return experiment;
}

} // namespace

class TestResultReader : public QObject {
    Q_OBJECT

    // Where `written` lacks what `earlier` has, or holds it otherwise: "strategies/0/summary/p99_ms".
    static QStringList differences(const QJsonValue& earlier, const QJsonValue& written, const QString& path)
    {
        if (earlier.isObject() && written.isObject()) {
            QStringList found;
            const QJsonObject before = earlier.toObject();
            const QJsonObject after = written.toObject();
            for (auto it = before.begin(); it != before.end(); ++it) {
                if (!after.contains(it.key()))
                    found << path + it.key() + QStringLiteral(" (gone)");
                else
                    found << differences(
                        it.value(), after.value(it.key()), path + it.key() + QLatin1Char('/'));
            }
            return found;
        }
        if (earlier.isArray() && written.isArray()) {
            const QJsonArray before = earlier.toArray();
            const QJsonArray after = written.toArray();
            if (before.size() != after.size())
                return { path + QStringLiteral("(%1 items, now %2)").arg(before.size()).arg(after.size()) };
            QStringList found;
            for (qsizetype i = 0; i < before.size(); ++i)
                found << differences(before.at(i), after.at(i), path + QString::number(i) + QLatin1Char('/'));
            return found;
        }
        if (earlier == written)
            return {};
        return { path
            + QStringLiteral(": %1, now %2")
                  .arg(
                      QString::fromUtf8(QJsonDocument(QJsonArray { earlier }).toJson(QJsonDocument::Compact)),
                      QString::fromUtf8(
                          QJsonDocument(QJsonArray { written }).toJson(QJsonDocument::Compact))) };
    }

private slots:
    // Files the lab wrote (tests/results/written: a run of every inventory strategy on MariaDB with
    // --predict, PostgreSQL's, a two-node cluster's and the claim workload's, their series cut to
    // three samples) read back and written again hold everything they held, unchanged: only
    // the version and the explanation's sentence, which follow the lab, may differ.
    void filesTheLabWroteReadBack_data()
    {
        QTest::addColumn<QString>("path");
        const QDir folder(QFINDTESTDATA("written"));
        const QStringList files = folder.entryList({ QStringLiteral("*.json") });
        QVERIFY(files.size() >= 4);
        for (const QString& name : files)
            QTest::newRow(qPrintable(name)) << folder.filePath(name);
    }

    void filesTheLabWroteReadBack()
    {
        QFETCH(QString, path);
        QFile input(path);
        QVERIFY(input.open(QIODevice::ReadOnly));
        QJsonObject earlier = QJsonDocument::fromJson(input.readAll()).object();
        QString error;
        const std::optional<ResultReader::RunFile> file = ResultReader::load(path, &error);
        QVERIFY2(file, qPrintable(error));
        QVERIFY(!file->results.isEmpty());
        QJsonObject written = ResultWriter::toJson(file->info, file->results);
        for (QJsonObject* root : { &earlier, &written }) {
            root->remove(QStringLiteral("lockbench"));
            QJsonArray strategies = root->value(QStringLiteral("strategies")).toArray();
            for (QJsonValueRef entry : strategies) {
                QJsonObject strategy = entry.toObject();
                QJsonObject summary = strategy.value(QStringLiteral("summary")).toObject();
                QJsonObject explanation = summary.value(QStringLiteral("explanation")).toObject();
                explanation.remove(QStringLiteral("text"));
                summary.insert(QStringLiteral("explanation"), explanation);
                strategy.insert(QStringLiteral("summary"), summary);
                entry = strategy;
            }
            root->insert(QStringLiteral("strategies"), strategies);
        }
        const QStringList found = differences(earlier, written, QString());
        QVERIFY2(found.isEmpty(), qPrintable(found.mid(0, 20).join(QLatin1Char('\n'))));
    }

    void roundTripIsReadBack()
    {
        QString error;
        const std::optional<ResultReader::RunFile> file = ResultReader::fromJson(writtenFile(), &error);
        QVERIFY2(file, qPrintable(error));
        QCOMPARE(file->info.experiment.rttMs, 1.5);
        QCOMPARE(file->results.size(), 1);
        QCOMPARE(file->results.first().experiment.rttMs, 1.5);
    }

    void fileFromBeforeTheNetworkRanOverLoopback()
    {
        QJsonObject root = writtenFile();
        root.insert(QStringLiteral("experiment"),
            withoutRoundTrip(root.value(QStringLiteral("experiment")).toObject()));
        QJsonArray strategies = root.value(QStringLiteral("strategies")).toArray();
        QJsonObject entry = strategies.at(0).toObject();
        entry.insert(QStringLiteral("experiment"),
            withoutRoundTrip(entry.value(QStringLiteral("experiment")).toObject()));
        strategies.replace(0, entry);
        root.insert(QStringLiteral("strategies"), strategies);

        QString error;
        const std::optional<ResultReader::RunFile> file = ResultReader::fromJson(root, &error);
        QVERIFY2(file, qPrintable(error));
        QCOMPARE(file->info.experiment.rttMs, 0.0);
        QCOMPARE(file->results.first().experiment.rttMs, 0.0);
    }
};

QTEST_GUILESS_MAIN(TestResultReader)
#include "tst_resultreader.moc"
