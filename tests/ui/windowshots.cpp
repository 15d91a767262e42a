#include "tests/ui/windowshots.h"

#include "app/core/runtimeline.h"
#include "app/server/servercontroller.h"
#include "ui/charts/chartspanel.h"
#include "ui/charts/timelinepanel.h"
#include "ui/charts/timelineview.h"
#include "ui/mainwindow.h"

#include <QChartView>
#include <QComboBox>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QImage>
#include <QMessageBox>
#include <QSet>
#include <QSignalSpy>
#include <QTest>

namespace WindowShots {

// The charts repaint on a timer: the first repaint draws every sample come until then, and by
// the second every event posted before the first (resizes, layouts, fonts, a tab shown) has
// been handled. The layouts the second one asked for (axes grown with new points) are handled
// last.
bool waitUntilDrawn(const MainWindow& window)
{
    QSignalSpy drawn(window.chartsPanel(), &ChartsPanel::drawn);
    if (!drawn.wait(10000) || (drawn.count() < 2 && !drawn.wait(10000))) {
        qWarning("the charts did not repaint");
        return false;
    }
    QCoreApplication::sendPostedEvents();
    return true;
}

bool resizeAndWait(MainWindow& window, const QSize size)
{
    window.resize(size);
    const auto taken = [&] { return size.expandedTo(window.minimumSize()).boundedTo(window.maximumSize()); };
    if (!QTest::qWaitFor([&] { return window.size() == taken(); })) {
        qWarning("the window is %dx%d, not %dx%d", window.width(), window.height(), taken().width(),
            taken().height());
        return false;
    }
    return waitUntilDrawn(window);
}

// A run the window refused shows a warning box; fail with its text rather than wait.
QString refusal(const MainWindow& window)
{
    for (const QMessageBox* box : window.findChildren<QMessageBox*>()) {
        if (box->isVisible())
            return box->text();
    }
    return QString();
}

// The texts a visible chart of the current tab drew cut short ("comm…"): titles, axis
// titles, labels and legend entries are QGraphicsTextItems that Qt Charts elides when they
// do not fit. Every chart of the tab: the time series and the comparison's bars alike.
QStringList elidedTexts(const ChartsPanel* charts)
{
    QStringList elided;
    for (const QChartView* chart : charts->currentWidget()->findChildren<QChartView*>()) {
        if (!chart->isVisible())
            continue;
        for (const QGraphicsItem* item : chart->scene()->items()) {
            const auto* text = dynamic_cast<const QGraphicsTextItem*>(item);
            // Qt Charts cuts with "...", not with the ellipsis character.
            if (text && text->isVisible()
                && (text->toPlainText().contains(QChar(0x2026))
                    || text->toPlainText().endsWith(QLatin1String("..."))))
                elided << chart->chart()->title() + QStringLiteral(": ") + text->toPlainText();
        }
    }
    return elided;
}

// The window at 1280x720, shown, with its embedded server ready.
void openOnAProjector(MainWindow& window)
{
    window.resize(1280, 720);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY_WITH_TIMEOUT(window.ownServer().state == ServerController::State::Ready, 60000);
}

// The hot-row timeline of one strategy of the latest run at each size, with how long one
// repaint of every lane took (a figure to read, not a limit: the suite asserts no times).
void saveTimeline(MainWindow& window, const QDir& folder, const QString& strategy, const QList<QSize>& sizes)
{
    QVERIFY(window.chartsPanel()->showChart(QStringLiteral("timeline")));
    TimelinePanel* panel = window.chartsPanel()->timeline();
    QTRY_VERIFY2(panel->runChoice()->findText(strategy) >= 0, qPrintable(strategy)); // the comparison's turn
    panel->runChoice()->setCurrentIndex(panel->runChoice()->findText(strategy));
    QVERIFY(panel->view()->timeline() && !panel->view()->timeline()->lanes().empty());
    for (const QSize size : sizes) {
        QVERIFY(resizeAndWait(window, size));
        QElapsedTimer clock;
        clock.start();
        panel->view()->repaint();
        qInfo("%s timeline at %dx%d: %zu lanes, %zu spans, %d lanes shown, repainted in %lld ms",
            qPrintable(strategy), size.width(), size.height(), panel->view()->timeline()->lanes().size(),
            panel->view()->timeline()->spanCount(), panel->view()->lanesShown(), clock.elapsed());
        QVERIFY(window.grab().save(folder.filePath(QStringLiteral("mainwindow-timeline-%1-%2x%3.png")
                                                       .arg(strategy)
                                                       .arg(size.width())
                                                       .arg(size.height()))));
    }
}

// Each chart tab at the window's size, checked to be drawn; the texts it cut short.
QStringList saveEveryChartTab(MainWindow& window, const QDir& folder)
{
    ChartsPanel* charts = window.chartsPanel();
    QStringList cut;
    for (int tab = 0; tab < charts->count(); ++tab) {
        if (!charts->isTabVisible(tab))
            continue; // nothing drew it in this run
        charts->setCurrentIndex(tab);
        const QString name
            = QStringLiteral("mainwindow-%1x%2-%3.png")
                  .arg(window.width())
                  .arg(window.height())
                  .arg(charts->tabText(tab).toLower().replace(QLatin1Char(' '), QLatin1Char('-')));
        if (!waitUntilDrawn(window)) {
            cut << name + QStringLiteral(": not drawn");
            continue;
        }
        const QImage image = window.grab().toImage();
        if (!image.save(folder.filePath(name)))
            cut << name + QStringLiteral(": not saved");
        // Not a blank frame: a drawn window has many distinct colours.
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 7)
            for (int x = 0; x < image.width(); x += 7)
                colours.insert(image.pixel(x, y));
        if (colours.size() <= 20)
            cut << name + QStringLiteral(": blank");
        for (const QString& text : elidedTexts(charts))
            cut << name + QStringLiteral(": ") + text;
    }
    return cut;
}

} // namespace WindowShots
