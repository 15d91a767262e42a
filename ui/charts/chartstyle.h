#pragma once

class QChart;
class QLineSeries;
class QPen;

// How big a live chart draws its text and lines: the window's usual size, or large enough to
// read on a projector from the back of a room (presenter mode: text of 20 px and more, lines
// twice as thick). Applied to a chart and every series in it; series added later take it from
// the chart (MetricChart asks lineWidth()).
struct ChartStyle {
    bool presenting = false;

    double lineWidth() const { return presenting ? 4.5 : 2.0; }
    int titlePixels() const { return presenting ? 26 : 0; } // 0: the theme's own
    int labelPixels() const { return presenting ? 20 : 0; }
    int markerSize() const { return presenting ? 15 : 9; }

    // Fonts of the title, the axes and the legend, the width of every line (as a multiple of
    // the width it was given for the usual style) and the size of every marker.
    void apply(QChart* chart) const;
    // Gives a line the pen it has in the usual style, drawn at this style's width.
    void setPen(QLineSeries* line, const QPen& usual) const;
};
