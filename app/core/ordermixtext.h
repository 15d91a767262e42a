#pragma once

#include "app/core/experiment.h"

#include <QString>

// The order stream's mix as the experiment's fields write it: the skew ("uniform",
// "hotset:90:10", "zipf:1.1") and the quantity per order ("1", "1-5"). Parsing returns an
// error message, empty when the text was taken.
namespace OrderMixText {

QString parseSkew(Experiment& e, const QString& text);
QString printSkew(const Experiment& e);
QString parseQty(Experiment& e, const QString& text);
QString printQty(const Experiment& e);

} // namespace OrderMixText
