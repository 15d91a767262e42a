// libFuzzer target: the text of an experiment file (lockbench run --experiment, the window's
// Load…). No input may crash; an experiment that parses must check, save and load back as the
// same experiment, and each of its fields must print as text that sets the same value.
#include "app/core/experimentfields.h"
#include "app/core/experimentjson.h"
#include "tests/fuzz/fuzzcheck.h"

#include <QJsonDocument>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QByteArray text
        = QByteArray::fromRawData(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    QList<FieldError> errors;
    const std::optional<Experiment> parsed
        = ExperimentJson::fromJsonText(text, QStringLiteral("input"), errors);
    FUZZ_REQUIRE(parsed.has_value() == errors.isEmpty());
    for (const FieldError& error : errors)
        FUZZ_REQUIRE(
            !error.field.isEmpty() && !error.message.trimmed().isEmpty(), "%s", qPrintable(error.field));
    if (!parsed)
        return 0;

    // Any values that parse, however large, are checked without overflow (UBSan watches),
    // under every rule a strategy can bring.
    const StrategyNeeds everyRule { { QStringLiteral("slotted") }, { QStringLiteral("two-sku-random") },
        { QStringLiteral("pessimistic") }, { QStringLiteral("claim-update") }, {} };
    for (const FieldError& error : validateExperiment(*parsed, everyRule))
        FUZZ_REQUIRE(!error.field.isEmpty() && !error.message.isEmpty());

    const QByteArray saved = QJsonDocument(ExperimentJson::toJson(*parsed)).toJson();
    QList<FieldError> reloadErrors;
    const std::optional<Experiment> reloaded
        = ExperimentJson::fromJsonText(saved, QStringLiteral("saved"), reloadErrors);
    FUZZ_REQUIRE(reloaded.has_value(), "%s", saved.constData());
    FUZZ_REQUIRE(*reloaded == *parsed, "%s", saved.constData());

    for (const ExperimentField& field : ExperimentFields::all()) {
        Experiment copy = *parsed;
        const QString printed = field.print(*parsed);
        const std::optional<FieldError> error = ExperimentFields::set(copy, field.name, printed);
        FUZZ_REQUIRE(
            !error, "%s=%s: %s", qPrintable(field.name), qPrintable(printed), qPrintable(error->message));
        FUZZ_REQUIRE(copy == *parsed, "%s=%s", qPrintable(field.name), qPrintable(printed));
    }
    return 0;
}
