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

// Loaded beside the report in a frame WIDTHpx wide: whether every table fits the page or
// scrolls in a box that does, and whether every verdict cell is in view and its text whole.
const char kTableProbe[] = R"(<!DOCTYPE html><html><body style="margin:0">
<iframe id="report" src="report.html" style="width:WIDTHpx;height:900px;border:0"></iframe><pre id="result">not loaded</pre>
<script>
document.getElementById('report').addEventListener('load', () => {
  const doc = document.getElementById('report').contentDocument;
  const page = doc.documentElement.clientWidth;
  const tables = doc.querySelectorAll('table'); let fit = 0; const wide = [];
  tables.forEach((table, i) => {
    const box = table.parentElement;
    const scrolls = ['auto', 'scroll'].includes(getComputedStyle(box).overflowX);
    const right = (scrolls ? box : table).getBoundingClientRect().right;
    if (right <= page + 0.5) fit++; else wide.push(i);
  });
  const verdicts = doc.querySelectorAll('td.verdict'); let seen = 0; const texts = [];
  verdicts.forEach(cell => {
    const rect = cell.getBoundingClientRect();
    if (rect.left >= 0 && rect.right <= page + 0.5 && cell.scrollWidth <= cell.clientWidth) seen++;
    texts.push(cell.textContent);
  });
  document.getElementById('result').textContent = 'page=' + page + ' tables=' + tables.length + ' fit=' + fit
    + ' wide=' + wide.join(',') + ' verdicts=' + verdicts.length + ' seen=' + seen + ' texts=' + texts.join('|') + ' end';
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

// Writes a probe page beside the report, opens it in the browser and returns the DOM the
// page's script left, with the browser's errors after it when it wrote nothing.
QString probeDom(const QString& browser, const QString& path, const QByteArray& page)
{
    QFile probe(path);
    if (!probe.open(QIODevice::WriteOnly) || probe.write(page) != page.size())
        return QStringLiteral("cannot write %1").arg(path);
    probe.close();
    QProcess process;
    process.start(
        browser, headless() << QStringLiteral("--dump-dom") << QUrl::fromLocalFile(path).toString());
    if (!process.waitForFinished(120000))
        return QStringLiteral("chromium did not finish");
    return QString::fromUtf8(process.readAllStandardOutput())
        + QString::fromUtf8(process.readAllStandardError()).left(2000);
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
        const QString dom = probeDom(browser, dir.filePath(QStringLiteral("probe.html")), kProbe);
        const QRegularExpressionMatch result
            = QRegularExpression(QStringLiteral("charts=(\\d+) drawn=(\\d+) missing=([^<]*)")).match(dom);
        QVERIFY2(result.hasMatch(),
            qPrintable(QStringLiteral("no result from the page: %1").arg(dom.right(2000))));
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

    // Six strategies, naive's long verdict among them, at a laptop's and a small projector's
    // width: no table runs past the page, and every verdict is in view and whole.
    void everyTableFitsThePage_data()
    {
        QTest::addColumn<int>("width");
        QTest::newRow("1280 px") << 1280;
        QTest::newRow("1024 px") << 1024;
    }
    void everyTableFitsThePage()
    {
        QFETCH(int, width);
        const QString browser = chromium();
        QVERIFY2(!browser.isEmpty(), "chromium is missing: scripts/setup.sh installs it");
        QList<SourcedResult> rows;
        for (const char* strategy :
            { "pessimistic", "optimistic", "conditional", "slotted", "queued", "naive" })
            rows.append({ QString(), SampleResults::make(QLatin1String(strategy), 32, 400.0) });
        rows.last().result.oversold = 0; // lost updates without oversell: the longest verdict
        rows.last().result.lostUpdates = 500;
        QTemporaryDir dir;
        QString error;
        QVERIFY2(ReportWriter::write(dir.filePath(QStringLiteral("report.html")),
                     { SampleResults::runInfo(), rows, std::nullopt }, &error),
            qPrintable(error));
        const QString dom = probeDom(browser, dir.filePath(QStringLiteral("tables.html")),
            QByteArray(kTableProbe).replace("WIDTH", QByteArray::number(width)));
        const QRegularExpressionMatch result
            = QRegularExpression(QStringLiteral("page=(\\d+) tables=(\\d+) fit=(\\d+) wide=([^ ]*) "
                                                "verdicts=(\\d+) seen=(\\d+) texts=(.*) end"))
                  .match(dom);
        QVERIFY2(
            result.hasMatch(), qPrintable(QStringLiteral("no result from the page: %1").arg(dom.right(500))));
        qInfo("%s", qPrintable(result.captured(0)));
        QVERIFY(result.captured(1).toInt() <= width);
        QVERIFY(result.captured(2).toInt() >= 3); // experiment, results, server settings
        QVERIFY2(result.captured(3) == result.captured(2),
            qPrintable(QStringLiteral("tables past the page: ") + result.captured(4)));
        QCOMPARE(result.captured(5).toInt(), 6);
        QCOMPARE(result.captured(6).toInt(), 6);
        QVERIFY2(
            result.captured(7).contains(rows.last().result.verdictLabel()), qPrintable(result.captured(7)));

        const QDir screenshots(qEnvironmentVariable("LOCKBENCH_SCREENSHOT_DIR", dir.path()));
        QVERIFY(QDir().mkpath(screenshots.path()));
        QProcess shot;
        shot.start(browser,
            headless() << QStringLiteral("--window-size=%1,1400").arg(width)
                       << QStringLiteral("--screenshot=")
                    + screenshots.filePath(QStringLiteral("report-six-strategies-%1.png").arg(width))
                       << QUrl::fromLocalFile(dir.filePath(QStringLiteral("report.html"))).toString());
        QVERIFY(shot.waitForFinished(120000));
    }
};

QTEST_MAIN(TestReportBrowser)
#include "tst_reportbrowser.moc"
