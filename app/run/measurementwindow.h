#pragma once

#include "app/core/histogramsnapshot.h"
#include "app/core/measuredfigures.h"
#include "app/core/metricssample.h"
#include "app/core/strategyresult.h"
#include "app/server/serverprobe.h"

#include <QList>

#include <optional>

// The marks a run's rates are measured between: the end of the warm-up, the moment every SKU
// was seen sold out, and the CPU used at the clients' start. From them, the rates, latencies,
// lock figures and explaining figures of a result cover the selling window only.
class MeasurementWindow {
public:
    // CPU time used so far by the lab and by the embedded server, at one instant of the run.
    struct CpuMark {
        double atS = 0.0;
        std::optional<double> client;
        std::optional<double> server;
    };

    // `processTree`: the server is a process with a child per connection (PostgreSQL).
    MeasurementWindow(qint64 embeddedPid, bool processTree);

    CpuMark cpuNow(double atS) const;
    void start() { m_cpuStart = cpuNow(0.0); }
    bool warmedUp() const { return m_warm.taken; }
    void markWarm(
        const MetricsSample& sample, const HistogramSnapshot& latency, const ServerLockStats& server);
    bool sellOutSeen() const { return m_sellOut.has_value(); }
    void markSellOut(const MetricsSample& sample, const ServerLockStats& server);

    // How the run ended, as the window's figures need it: the totals at the stop line, and the
    // last sale when every SKU sold out before it.
    struct Stop {
        const MetricsSample& atStop;
        const HistogramSnapshot& latency;
        const ServerLockStats& server;
        CpuMark cpu;
        double durationS = 0.0;
        double soldOutS = -1.0; // -1: not sold out
        const QList<MetricsSample>& series;
    };
    // Orders/s, attempts/s, latencies and lock figures, and the lock hold, the queue wait and
    // the CPU, from the warm-up to the sell-out or the stop line.
    MeasuredFigures measure(const Stop& stop) const;

private:
    // Figures at the end of the warm-up, subtracted from the final ones.
    struct Baseline {
        bool taken = false;
        double elapsedS = 0.0;
        HistogramSnapshot latency;
        ServerLockStats server;
        MetricsSample counts;
    };
    // Figures at the moment the run saw every SKU sold out; the rates end there.
    struct SellOut {
        double seenS = 0.0;
        ServerLockStats server;
        MetricsSample counts;
        CpuMark cpu;
    };

    double clientLockWaitS(const QList<MetricsSample>& series, double untilS) const;
    void measureRates(const Stop& stop, bool toSellOut, MeasuredFigures& m) const;
    void measureExplainingFigures(const Stop& stop, bool toSellOut, MeasuredFigures& m) const;

    qint64 m_embeddedPid;
    bool m_processTree;
    Baseline m_warm;
    std::optional<SellOut> m_sellOut;
    CpuMark m_cpuStart;
};
