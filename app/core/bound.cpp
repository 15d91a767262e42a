#include "app/core/bound.h"

#include <QCoreApplication>

#include <array>

namespace {

struct BoundText {
    Bound bound;
    const char* key;
    const char* name; // marked for translation in the context "Bound"
};

constexpr std::array<BoundText, 9> kBounds { {
    { Bound::None, "none", QT_TRANSLATE_NOOP("Bound", "nothing measured") },
    { Bound::RowLock, "row-lock", QT_TRANSLATE_NOOP("Bound", "the busiest row lock") },
    { Bound::ServerRowLock, "server-row-lock", QT_TRANSLATE_NOOP("Bound", "the row lock inside the server") },
    { Bound::Writer, "writer", QT_TRANSLATE_NOOP("Bound", "the busiest writer") },
    { Bound::Cpu, "cpu", QT_TRANSLATE_NOOP("Bound", "the CPU") },
    { Bound::Arrival, "arrival", QT_TRANSLATE_NOOP("Bound", "the arrival rate") },
    { Bound::Clients, "clients", QT_TRANSLATE_NOOP("Bound", "the clients") },
    { Bound::Certification, "certification", QT_TRANSLATE_NOOP("Bound", "the cluster's certification") },
    { Bound::Other, "other", QT_TRANSLATE_NOOP("Bound", "no shared resource") },
} };

constexpr bool boundsInOrder()
{
    for (std::size_t i = 0; i < kBounds.size(); ++i) {
        if (static_cast<std::size_t>(kBounds[i].bound) != i)
            return false;
    }
    return true;
}
static_assert(boundsInOrder(), "kBounds lists every bound in the order of the enumeration");

const BoundText& textOf(Bound bound)
{
    return kBounds[static_cast<std::size_t>(bound)];
}

} // namespace

QString boundKey(Bound bound)
{
    return QLatin1String(textOf(bound).key);
}

std::optional<Bound> boundFromKey(const QString& key)
{
    for (const BoundText& text : kBounds) {
        if (key == QLatin1String(text.key))
            return text.bound;
    }
    return std::nullopt;
}

QString boundName(Bound bound)
{
    return QCoreApplication::translate("Bound", textOf(bound).name);
}
