#pragma once

#include "app/core/lesson.h"

#include <QObject>

class ComparisonPanel;
class LabSession;
class QWidget;

// The window's file dialogs for a session: results saved and opened again (overlaid on the
// scaling charts with the file's name), and exports of the data, every chart and the
// report. The session does the work; this asks where.
class SessionFiles : public QObject {
    Q_OBJECT
public:
    SessionFiles(QWidget* window, LabSession* session, ComparisonPanel* comparison);

    void exportResults();
    void exportReport();
    // The hand-out of a lesson: its steps' text and questions with the rows they ran.
    void exportHandout(const Lesson& lesson);
    void exportCharts();
    void exportScalingChart();
    void openResults();
    bool openResultsFile(const QString& path, QString* error);
    // The scaling charts: this session's results and those of the opened files.
    void refreshComparison();

signals:
    void message(const QString& text);

private:
    void warn(const QString& error);

    QWidget* m_window;
    LabSession* m_session;
    ComparisonPanel* m_comparison;
};
