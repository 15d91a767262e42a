#pragma once

#include <QString>

// The settings of one test process, removed when it ends. A window test reads back what it
// wrote, and a second suite on the same machine runs the same test at the same moment: with
// a settings file and a data folder of their own, neither reads the other's.
class TestSettings {
public:
    explicit TestSettings(const QString& application);
    ~TestSettings();
    TestSettings(const TestSettings&) = delete;
    TestSettings& operator=(const TestSettings&) = delete;
};
