#include "ui/windowplacement.h"

#include <algorithm>

namespace WindowPlacement {

QSize initialSize(const QRect& available, QSize minimum)
{
    const QSize most(
        std::min(1500, available.width() * 92 / 100), std::min(950, available.height() * 92 / 100));
    return most.expandedTo(minimum).boundedTo(available.size());
}

QRect fitted(const QRect& saved, const QRect& available, QSize minimum)
{
    QRect rect = saved;
    rect.setSize(rect.size().boundedTo(available.size()).expandedTo(minimum.boundedTo(available.size())));
    if (rect.right() > available.right())
        rect.moveRight(available.right());
    if (rect.bottom() > available.bottom())
        rect.moveBottom(available.bottom());
    if (rect.left() < available.left())
        rect.moveLeft(available.left());
    if (rect.top() < available.top())
        rect.moveTop(available.top());
    return rect;
}

} // namespace WindowPlacement
