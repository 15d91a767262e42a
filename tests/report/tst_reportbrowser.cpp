// The HTML report as a reader's browser shows it: Debian's chromium, headless, opens the
// report inside a page of the test's own, which counts the charts the browser drew (an inline
// SVG laid out at a real size); a screenshot is saved for a person to look at.
#include "app/report/reportwriter.h"
#include "tests/support/sampleresults.h"

#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

namespace {

// Loaded beside the report: once the report has loaded in the frame, the page writes how many
// charts it holds, how many the browser drew, and the ids of any it did not.
const char kProbe[] = R"(<!DOCTYPE html><html><body>
<iframe id="report" src="report.html" style="width:1200px;height:800px"></iframe><pre id="result">not loaded</pre>
<script>
document.getElementById('report').addEventListener('load', () => {
  const charts = document.getElementById('report').contentDocument.querySelectorAll('div.chart');
  let drawn = 0; const missing = [];
  charts.forEach(chart => {
    const svg = chart.querySelector('svg');
    const box = svg ? svg.getBBox() : { width: 0, height: 0 };
    if (box.width > 100 && box.height > 100) drawn++; else missing.push(chart.id);
  });
  document.getElementById('result').textContent = 'charts=' + charts.length + ' drawn=' + drawn + ' missing=' + missing.join(',');
});
</script></body></html>)";

QString chromium()
{
    for (const char* name : { "chromium", "chromium-browser" }) {
        const QString path = QStandardPaths::findExecutable(QLatin1String(name));
        if (!path.isEmpty())
            return path;
    }
    return {};
}

QStringList headless()
{
    // As root (a CI container) chromium needs --no-sandbox; --virtual-time-budget lets the
    // page's script run before the DOM is dumped.
    return { QStringLiteral("--headless"), QStringLiteral("--no-sandbox"), QStringLiteral("--disable-gpu"),
        QStringLiteral("--allow-file-access-from-files"), QStringLiteral("--virtual-time-budget=10000") };
}

} // namespace

class TestReportBrowser : public QObject {
    Q_OBJECT

private slots:
    void everyChartLoadsInChromium()
    {
        const QString browser = chromium();
        QVERIFY2(!browser.isEmpty(), "chromium is missing: scripts/setup.sh installs it");
        QList<SourcedResult> rows = SampleResults::sweep();
        StrategyResult other = SampleResults::make(QStringLiteral("pessimistic"), 8, 640.0);
        other.experiment.delayMs = 5.0; // a second experiment, with charts of its own
        rows.append({ QStringLiteral("#2"), other });
        QTemporaryDir dir;
        QString error;
        QVERIFY2(ReportWriter::write(dir.filePath(QStringLiteral("report.html")),
                     { SampleResults::runInfo(), rows, std::nullopt }, &error),
            qPrintable(error));
        QFile probe(dir.filePath(QStringLiteral("probe.html")));
        QVERIFY(probe.open(QIODevice::WriteOnly));
        probe.write(kProbe);
        probe.close();

        QProcess process;
        process.start(browser,
            headless() << QStringLiteral("--dump-dom") << QUrl::fromLocalFile(probe.fileName()).toString());
        QVERIFY(process.waitForFinished(120000));
        const QString dom = QString::fromUtf8(process.readAllStandardOutput());
        const QRegularExpressionMatch result
            = QRegularExpression(QStringLiteral("charts=(\\d+) drawn=(\\d+) missing=([^<]*)")).match(dom);
        QVERIFY2(result.hasMatch(),
            qPrintable(QStringLiteral("no result from the page: %1")
                           .arg(QString::fromUtf8(process.readAllStandardError()).left(2000))));
        const qsizetype expected = ReportWriter::charts(rows).size();
        QVERIFY(expected > 20); // both experiments' time charts, oversell and bars
        QCOMPARE(result.captured(1).toLongLong(), expected);
        QVERIFY2(result.captured(2).toLongLong() == expected,
            qPrintable(QStringLiteral("not drawn: ") + result.captured(3)));

        const QDir screenshots(qEnvironmentVariable("LOCKBENCH_SCREENSHOT_DIR", dir.path()));
        QVERIFY(QDir().mkpath(screenshots.path()));
        const QString picture = screenshots.filePath(QStringLiteral("report-in-chromium.png"));
        QFile::remove(picture);
        QProcess shot;
        shot.start(browser,
            headless() << QStringLiteral("--window-size=1280,2400")
                       << QStringLiteral("--screenshot=") + picture
                       << QUrl::fromLocalFile(dir.filePath(QStringLiteral("report.html"))).toString());
        QVERIFY(shot.waitForFinished(120000));
        const QImage image(picture);
        QCOMPARE(image.size(), QSize(1280, 2400));
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 9)
            for (int x = 0; x < image.width(); x += 9)
                colours.insert(image.pixel(x, y));
        QVERIFY2(colours.size() > 20, "the screenshot is blank");
    }
};

QTEST_MAIN(TestReportBrowser)
#include "tst_reportbrowser.moc"
