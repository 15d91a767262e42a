#pragma once

#include <QCoreApplication>
#include <QString>

#include <span>
#include <type_traits>

// How a file writes a figure the lab did not measure, and what a file without it reads as.
enum class Unmeasured {
    Never, // always measured; a file without it reads 0
    Null, // held as -1 when not measured: null in the file, -1 when read back null or absent
    UnlessAudited, // from the closing audit: null when the audit could not run, 0 when read back
    MinusOne, // written as it is held, -1 when not measured; a file without it reads -1
};

namespace FigureMember {
// One address per member, or member of a member, which the row reading it carries: code that
// needs a figure's row finds it by the member (resultFigureOf<&StrategyResult::p99Ms>()) instead
// of spelling its key a second time.
template <auto... Members> inline constexpr char tag = 0;
} // namespace FigureMember

// One figure of a record (a result, a sample, a cluster node) as every file and table names it:
// the writers, the readers and the tables iterate a table of these, so that a figure is named in
// one row.
template <typename Record> struct Figure {
    const char* key; // its name in the JSON files and the CSV columns
    Unmeasured unmeasured;
    double (*get)(const Record&);
    void (*set)(Record&, double); // null for a figure derived from others: written, not read back
    // How a table shows it; a figure no table shows has no label. Both are marked for translation
    // in the context "Figure".
    const char* label = nullptr; // its name without the unit: "p99", "orders", "sold out"
    const char* unit = nullptr; // "ms", "/s", "s"; null for a count
    int decimals = 0;
    const void* member = nullptr; // FigureMember::tag of the member it reads

    // The same figure with its label: figure<&R::p99Ms>("p99_ms").shown("p99", "ms", 2).
    constexpr Figure shown(const char* name, const char* unitName = nullptr, int places = 0) const
    {
        Figure labelled = *this;
        labelled.label = name;
        labelled.unit = unitName;
        labelled.decimals = places;
        return labelled;
    }

    // "p99 ms", "orders/s", "sold": a column's heading, in the language of the window.
    QString heading() const
    {
        const QString name = QCoreApplication::translate("Figure", label);
        if (!unit)
            return name;
        const QString unitText = QCoreApplication::translate("Figure", unit);
        // A rate's unit joins its name ("orders/s"), any other stands apart ("p99 ms").
        if (unitText.startsWith(QLatin1Char('/')))
            return name + unitText;
        return name + QLatin1Char(' ') + unitText;
    }
    QString number(double value) const { return QString::number(value, 'f', decimals); }
    // A row computed by a function that stands for a member all the same (a result's "threads",
    // its experiment's), so that it is found by that member.
    template <auto... Members> constexpr Figure reading() const
    {
        Figure tagged = *this;
        tagged.member = &FigureMember::tag<Members...>;
        return tagged;
    }
};

namespace FigureMember {

template <typename Pointer> struct Traits;
template <typename Value, typename Record> struct Traits<Value Record::*> {
    using Owner = Record;
};
template <auto Member> using OwnerOf = typename Traits<decltype(Member)>::Owner;

template <auto Member> double get(const OwnerOf<Member>& record)
{
    return static_cast<double>(record.*Member);
}

template <auto Member> void set(OwnerOf<Member>& record, double value)
{
    using Held = std::remove_cvref_t<decltype(record.*Member)>;
    record.*Member = static_cast<Held>(value);
}

} // namespace FigureMember

// A row of a figure table for a data member: figure<&StrategyResult::ordersPerS>("orders_per_s").
template <auto Member>
constexpr Figure<FigureMember::OwnerOf<Member>> figure(
    const char* key, Unmeasured unmeasured = Unmeasured::Never)
{
    return { key, unmeasured, &FigureMember::get<Member>, &FigureMember::set<Member>, nullptr, nullptr, 0,
        &FigureMember::tag<Member> };
}

namespace FigureMember {

template <auto Outer, auto Inner> double getNested(const OwnerOf<Outer>& record)
{
    return static_cast<double>((record.*Outer).*Inner);
}

template <auto Outer, auto Inner> void setNested(OwnerOf<Outer>& record, double value)
{
    using Held = std::remove_cvref_t<decltype((record.*Outer).*Inner)>;
    (record.*Outer).*Inner = static_cast<Held>(value);
}

} // namespace FigureMember

// A row for a member of a member: figure<&MetricsSample::audit, &AuditResult::sold>("audit_sold").
template <auto Outer, auto Inner>
constexpr Figure<FigureMember::OwnerOf<Outer>> figure(
    const char* key, Unmeasured unmeasured = Unmeasured::Never)
{
    return { key, unmeasured, &FigureMember::getNested<Outer, Inner>, &FigureMember::setNested<Outer, Inner>,
        nullptr, nullptr, 0, &FigureMember::tag<Outer, Inner> };
}

// The row of `table` that reads this member (or member of a member); null when none does.
template <auto... Members, typename Record>
const Figure<Record>* figureOf(std::span<const Figure<Record>> table)
{
    for (const Figure<Record>& row : table) {
        if (row.member == &FigureMember::tag<Members...>)
            return &row;
    }
    return nullptr;
}
