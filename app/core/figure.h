#pragma once

#include <type_traits>

// How a file writes a figure the lab did not measure, and what a file without it reads as.
enum class Unmeasured {
    Never, // always measured; a file without it reads 0
    Null, // held as -1 when not measured: null in the file, -1 when read back null or absent
    UnlessAudited, // from the closing audit: null when the audit could not run, 0 when read back
    MinusOne, // written as it is held, -1 when not measured; a file without it reads -1
};

// One figure of a record (a result, a sample, a cluster node) as every file names it: the
// writers and readers iterate a table of these, so that a figure is named in one row.
template <typename Record> struct Figure {
    const char* key; // its name in the JSON files and the CSV columns
    Unmeasured unmeasured;
    double (*get)(const Record&);
    void (*set)(Record&, double); // null for a figure derived from others: written, not read back
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
    return { key, unmeasured, &FigureMember::get<Member>, &FigureMember::set<Member> };
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
    return { key, unmeasured, &FigureMember::getNested<Outer, Inner>,
        &FigureMember::setNested<Outer, Inner> };
}
