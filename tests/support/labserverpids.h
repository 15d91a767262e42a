#pragma once

#include <QList>

// The mariadbd processes whose command line names the test data directory
// ($LOCKBENCH_DATA_DIR): how a test finds the lab's server to kill it, or checks that none
// outlived the lab.
QList<qint64> labServerPids();
