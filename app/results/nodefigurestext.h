#pragma once

#include "app/core/nodefigures.h"

#include <QString>

// A cluster's node in words, for the console, the window and reports: its clients, the aborts
// Galera counted there, flow control and its own audit.
namespace NodeFiguresText {

// "node 2 (localhost:41849), 11 clients, synced: 1,204 certification failures, 3,310
// brute-force aborts, flow control 0.2 s; audit agrees (8,184 left, 1,816 orders)".
QString nodeLine(const NodeFigures& node);

} // namespace NodeFiguresText
