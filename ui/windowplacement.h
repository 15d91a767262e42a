#pragma once

#include <QRect>
#include <QSize>

// Where the window goes on a screen: the size it opens with when nothing was saved, and a
// saved geometry brought back inside the screen it is on now (a laptop undocked from a
// larger monitor, a projector of 1280x720), so that the status bar is never off-screen.
namespace WindowPlacement {

// Room for the charts without filling a large screen: 1500x950 at most, 92 % of the screen
// at most, never below `minimum`.
QSize initialSize(const QRect& available, QSize minimum);
// `saved` moved, then shrunk if it must be, to lie inside `available`; never below `minimum`
// unless the screen itself is smaller.
QRect fitted(const QRect& saved, const QRect& available, QSize minimum);

} // namespace WindowPlacement
