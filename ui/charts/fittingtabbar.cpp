#include "ui/charts/fittingtabbar.h"

#include <QProxyStyle>

#include <array>

// The room the style leaves on each side of a tab's title, narrowed when the titles do not fit.
class TabSpacing : public QProxyStyle {
public:
    int space = -1; // the style's own while negative

    int pixelMetric(PixelMetric metric, const QStyleOption* option, const QWidget* widget) const override
    {
        if (metric == PM_TabBarTabHSpace && space >= 0)
            return space;
        return QProxyStyle::pixelMetric(metric, option, widget);
    }
};

FittingTabBar::FittingTabBar(QWidget* parent)
    : QTabBar(parent)
    , m_spacing(new TabSpacing)
    , m_font(font())
{
    m_spacing->setParent(this);
    setStyle(m_spacing);
    setElideMode(Qt::ElideNone); // a title is shown whole or the row scrolls, never cut short
}

FittingTabBar::~FittingTabBar() = default;

void FittingTabBar::fit(int width)
{
    m_spacing->space = -1;
    const int ownSpace = m_spacing->pixelMetric(QStyle::PM_TabBarTabHSpace, nullptr, this);
    // Each step a little tighter: first the space around the titles, then their type.
    const std::array<std::pair<int, qreal>, 8> steps { { { ownSpace, 0.0 }, { 16, 0.0 }, { 12, 0.0 },
        { 8, 0.0 }, { 8, 0.5 }, { 8, 1.0 }, { 8, 1.5 }, { 8, 2.0 } } };
    for (const auto& [space, smaller] : steps) {
        m_spacing->space = std::min(space, ownSpace);
        QFont font = m_font;
        font.setPointSizeF(std::max(7.0, m_font.pointSizeF() - smaller));
        setFont(font);
        setIconSize(iconSize()); // lays the tabs out again with the new space
        if (fits(width))
            return;
    }
}
