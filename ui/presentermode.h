#pragma once

#include <QFont>
#include <QObject>
#include <QPalette>
#include <QString>

class ChartsPanel;
class QAction;
class QTabWidget;
class QWidget;

// For class, on a projector: the whole window in large type on a high-contrast palette, every
// chart with text of 20 px and more and thick lines, and during a lesson the step's chart
// alone in its tab beside the step's text. Its key (WindowKeys) or View → Presenter mode, and back.
class PresenterMode : public QObject {
    Q_OBJECT
public:
    // `setup` holds the lesson page among the panels on the left; `details` is the results,
    // lock inspector and deadlocks under the charts.
    PresenterMode(ChartsPanel* charts, QTabWidget* setup, QWidget* lessonPage, QWidget* details,
        QObject* parent = nullptr);

    QAction* action() const { return m_action; }
    bool isOn() const { return m_on; }
    void setOn(bool on);
    // The chart the lesson's step asks for: in presenter mode it alone is shown, beside the
    // step's text (the lock inspector and the deadlocks take the charts' place).
    void setLessonChart(const QString& chart);

    // The body text's size in presenter mode, in pixels.
    static constexpr int kTextPixels = 20;

private:
    static QPalette highContrast();
    // Shows what presenter mode shows, for the state it is in.
    void arrange();

    ChartsPanel* m_charts;
    QTabWidget* m_setup;
    QWidget* m_lessonPage;
    QWidget* m_details;
    QString m_lessonChart;
    QAction* m_action;
    bool m_on = false;
    QFont m_usualFont;
    QPalette m_usualPalette;
};
