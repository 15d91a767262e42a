#pragma once

#include <QFont>
#include <QTabBar>

class TabSpacing;

// A row of tabs that keeps every title whole: when the titles do not fit the width it is given,
// it narrows the space around them, then their type (down to 7 points), before it scrolls. The
// chart tabs are eight titles; at the window's smallest size they otherwise scroll with one cut.
class FittingTabBar : public QTabBar {
    Q_OBJECT
public:
    explicit FittingTabBar(QWidget* parent = nullptr);
    ~FittingTabBar() override;

    // Fits the visible tabs' titles into `width`, from the roomiest setting down.
    void fit(int width);
    bool fits(int width) const { return sizeHint().width() <= width; }

private:
    TabSpacing* m_spacing; // owned by the bar
    QFont m_font; // the type the titles start from
};
