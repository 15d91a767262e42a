#pragma once

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>

#include <array>
#include <cstdint>

// What the lab's own observing asked of the server during a run: for each view, how many times
// it looked and how long the server took to answer, as the control connection timed it (an
// upper bound of the server's own time: the answer's trip back is in it).
class ObservingCost {
    Q_DECLARE_TR_FUNCTIONS(ObservingCost)
public:
    enum class View { Sampler, Audit, Inspector, Deadlocks };
    static constexpr int kViews = 4;

    void add(View view, std::int64_t ns)
    {
        Load& load = m_loads[static_cast<std::size_t>(view)];
        ++load.looks;
        load.ns += ns;
    }
    long long looks(View view) const { return m_loads[static_cast<std::size_t>(view)].looks; }
    double ms(View view) const
    {
        return static_cast<double>(m_loads[static_cast<std::size_t>(view)].ns) / 1e6;
    }
    // The share of `runS` the server spent answering the lab, every view together.
    double shareOf(double runS) const;
    // "Observing asked 12.3 queries/s of the server, answered in 2.1 ms/s (0.2 % of the run): …"
    QString sentence(double runS) const;
    QJsonObject toJson(double runS) const;
    static ObservingCost fromJson(const QJsonObject& object);
    static QString viewKey(View view); // "sampler", "audit", "inspector", "deadlocks"
    static constexpr int bit(View view) { return 1 << static_cast<int>(view); }
    // Views as Experiment::observedViews keeps them: "all", "none" or "inspector,audit".
    static QString viewsText(int views);
    // Sets `views` from such a text; an error message when a name is unknown.
    static QString parseViews(const QString& text, int& views);

private:
    struct Load {
        long long looks = 0;
        std::int64_t ns = 0;
    };
    std::array<Load, kViews> m_loads {};
};
