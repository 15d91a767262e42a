#include "ui/presentermode.h"

#include "ui/charts/chartspanel.h"
#include "ui/windowkeys.h"

#include <QAction>
#include <QApplication>
#include <QTabBar>
#include <QTabWidget>

PresenterMode::PresenterMode(
    ChartsPanel* charts, QTabWidget* setup, QWidget* lessonPage, QWidget* details, QObject* parent)
    : QObject(parent)
    , m_charts(charts)
    , m_setup(setup)
    , m_lessonPage(lessonPage)
    , m_details(details)
    , m_action(new QAction(tr("&Presenter mode"), this))
{
    m_action->setCheckable(true);
    WindowKeys::bind(m_action, WindowKeys::Command::PresenterMode);
    m_action->setToolTip(tr("Large type, thick chart lines and strong contrast for a projector; a lesson's "
                            "chart alone beside its text (%1)")
                             .arg(WindowKeys::named(WindowKeys::Command::PresenterMode)));
    connect(m_action, &QAction::toggled, this, &PresenterMode::setOn);
    connect(m_setup, &QTabWidget::currentChanged, this, &PresenterMode::arrange);
}

void PresenterMode::setLessonChart(const QString& chart)
{
    m_lessonChart = chart;
    arrange();
}

void PresenterMode::arrange()
{
    m_charts->setPresenting(m_on);
    const bool lesson = m_on && m_setup->currentWidget() == m_lessonPage && !m_lessonChart.isEmpty();
    m_charts->setFocusChart(lesson ? m_lessonChart : QString());
    // The lesson's page alone on the left: the other tabs' names would not fit in large type.
    m_setup->tabBar()->setVisible(!lesson);
    const bool panelChart
        = m_lessonChart == QLatin1String("lock-inspector") || m_lessonChart == QLatin1String("deadlocks");
    m_charts->setVisible(!lesson || !panelChart);
    m_details->setVisible(!lesson || panelChart);
}

void PresenterMode::setOn(bool on)
{
    if (on == m_on)
        return;
    m_on = on;
    m_action->setChecked(on);
    if (on) {
        m_usualFont = QApplication::font();
        m_usualPalette = QApplication::palette();
        QFont large = m_usualFont;
        large.setPixelSize(kTextPixels);
        QApplication::setFont(large);
        QApplication::setPalette(highContrast());
    } else {
        QApplication::setFont(m_usualFont);
        QApplication::setPalette(m_usualPalette);
    }
    arrange();
}

QPalette PresenterMode::highContrast()
{
    // Black on white, as a projector in a lit room shows best; selection in a dark blue that
    // white text stands out on.
    QPalette palette(Qt::black, Qt::white);
    palette.setColor(QPalette::Window, Qt::white);
    palette.setColor(QPalette::WindowText, Qt::black);
    palette.setColor(QPalette::Base, Qt::white);
    palette.setColor(QPalette::AlternateBase, QColor(235, 235, 235));
    palette.setColor(QPalette::Text, Qt::black);
    palette.setColor(QPalette::Button, QColor(225, 225, 225));
    palette.setColor(QPalette::ButtonText, Qt::black);
    palette.setColor(QPalette::Highlight, QColor(0, 45, 140));
    palette.setColor(QPalette::HighlightedText, Qt::white);
    palette.setColor(QPalette::ToolTipBase, Qt::white);
    palette.setColor(QPalette::ToolTipText, Qt::black);
    palette.setColor(QPalette::PlaceholderText, QColor(70, 70, 70));
    palette.setColor(QPalette::Disabled, QPalette::Text, QColor(90, 90, 90));
    palette.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(90, 90, 90));
    palette.setColor(QPalette::Disabled, QPalette::WindowText, QColor(90, 90, 90));
    return palette;
}
