#pragma once

#include <QDir>
#include <QList>
#include <QSize>
#include <QString>
#include <QStringList>

class ChartsPanel;
class MainWindow;

// What the screenshot tests do to the window again and again: open it on a projector, save
// every chart tab and find any text a chart cut short, save the hot-row timeline, and read a
// warning the window showed instead of running; and wait, instead of for a time, until the
// window is laid out and drawn (the other window tests wait so too).
namespace WindowShots {

// Until the window has laid out what it was last asked to show (a size, a tab, presenter
// mode's type, a panel folded away) and its charts have drawn it; false when the charts do not
// repaint.
[[nodiscard]] bool waitUntilDrawn(const MainWindow& window);
// The window resized to `size` (or to its minimum size, where that is larger), laid out and
// drawn at it; false when the window does not take that size (the size it took is logged) or
// is not drawn.
[[nodiscard]] bool resizeAndWait(MainWindow& window, QSize size);
// A run the window refused shows a warning box: its text, empty when there is none.
QString refusal(const MainWindow& window);
// The texts the visible charts of the current tab drew cut short ("comm…").
QStringList elidedTexts(const ChartsPanel* charts);
// The window at 1280x720, shown, with its embedded server ready.
void openOnAProjector(MainWindow& window);
// Each chart tab at the window's size, checked to be drawn; the texts it cut short.
QStringList saveEveryChartTab(MainWindow& window, const QDir& folder);
// The hot-row timeline of one strategy of the latest run at each size.
void saveTimeline(MainWindow& window, const QDir& folder, const QString& strategy, const QList<QSize>& sizes);

} // namespace WindowShots
