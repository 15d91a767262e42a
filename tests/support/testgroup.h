#pragma once

// Included before every test of a group of unit tests compiled as one file and linked into
// one executable: each test keeps its own QTEST_*_MAIN line, which here registers the test
// class under its file's name instead of defining main(). A unit test's own code takes a
// fraction of a second to compile; Qt Test's headers take four: one parse for a whole group
// saves minutes of every clean build. ctest still runs each test alone, in its own process
// (`units_core tst_spread`), with its own name and labels.
#include <QObject>
#include <QTest>

#include <functional>
#include <memory>

namespace TestGroup {

enum class Application { None, Core, Widgets };

using Factory = std::function<std::unique_ptr<QObject>()>;

// Registers the test of `file` (its name without folder and extension names it); returns true.
bool add(const char* file, Application application, Factory factory);

} // namespace TestGroup

#define LOCKBENCH_GROUP_REGISTER(TestObject, application)                                                    \
    static const bool lockbenchRegistered##TestObject                                                        \
        = TestGroup::add(__FILE__, application, [] { return std::unique_ptr<QObject>(new TestObject); });

#undef QTEST_MAIN
#undef QTEST_GUILESS_MAIN
#undef QTEST_APPLESS_MAIN
#define QTEST_MAIN(TestObject) LOCKBENCH_GROUP_REGISTER(TestObject, TestGroup::Application::Widgets)
#define QTEST_GUILESS_MAIN(TestObject) LOCKBENCH_GROUP_REGISTER(TestObject, TestGroup::Application::Core)
#define QTEST_APPLESS_MAIN(TestObject) LOCKBENCH_GROUP_REGISTER(TestObject, TestGroup::Application::None)
