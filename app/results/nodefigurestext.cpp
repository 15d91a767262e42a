#include "app/results/nodefigurestext.h"

#include <QCoreApplication>
#include <QLocale>

namespace NodeFiguresText {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("NodeFiguresText", text);
}

QString number(long long value)
{
    return QLocale().toString(value);
}

} // namespace

QString nodeLine(const NodeFigures& n)
{
    QString line
        = tr("node %1 (%2), %3 clients, %4").arg(n.node).arg(n.endpoint).arg(n.clients).arg(n.stateAtEnd);
    if (n.statsValid)
        line += tr(": %1 certification failures, %2 brute-force aborts, flow control paused %3 s, longest "
                   "receive queue %4")
                    .arg(number(n.certFailures), number(n.bfAborts),
                        QLocale().toString(n.flowControlPausedS, 'f', 2), number(n.maxRecvQueue));
    if (n.applierStallsEnded > 0)
        line += tr("; its applier waited up to %1 s behind a client's lock, and the lab closed that client's "
                   "connection %2 time(s)")
                    .arg(QLocale().toString(n.longestApplierStallS, 'f', 1))
                    .arg(n.applierStallsEnded);
    else if (n.longestApplierStallS >= 1.0)
        line += tr("; write sets waited up to %1 s while it committed none")
                    .arg(QLocale().toString(n.longestApplierStallS, 'f', 1));
    if (n.left && n.leftAtS >= 0.0)
        return line
            + tr("; taken down by the lab at %1 s, not audited").arg(QLocale().toString(n.leftAtS, 'f', 1));
    if (n.left)
        return line + tr("; not reachable during the run, not audited");
    if (!n.auditError.isEmpty())
        return line + tr("; audit could not run: %1").arg(n.auditError);
    if (!n.audit.valid)
        return line;
    if (!n.disagreement.isEmpty())
        return line + tr("; audit DISAGREES: %1").arg(n.disagreement);
    return line
        + tr("; audit agrees (%1 units left, %2 order rows, oversold %3)")
              .arg(number(n.audit.remaining), number(n.audit.orderRows), number(n.audit.oversold));
}

} // namespace NodeFiguresText
