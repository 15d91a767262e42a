// Reading results files written by earlier versions of the lab: a field they lack reads as
// what those versions ran with, not as today's default.
#include "app/results/resultreader.h"
#include "app/results/resultwriter.h"
#include "tests/support/sampleresults.h"

#include <QJsonArray>
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

private slots:
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
