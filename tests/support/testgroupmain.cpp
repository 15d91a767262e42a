// main() of a group of unit tests (tests/support/testgroup.h): `group <test> [Qt Test options]`
// runs one test as its own executable would; `group [options]` runs them all, one after another.
#include "tests/support/testgroup.h"

#include <QCoreApplication>
#include <QFileInfo>
#ifdef QT_WIDGETS_LIB
#include <QApplication>
#endif

#include <cstdio>
#include <map>
#include <string>

namespace {

struct RegisteredTest {
    std::string file;
    TestGroup::Application application;
    TestGroup::Factory factory;
};

std::map<std::string, RegisteredTest>& registry()
{
    static std::map<std::string, RegisteredTest> tests; // filled before main() by static initialisers
    return tests;
}

// The application a test's own main() would have made: none, a QCoreApplication, or a
// QApplication with Qt Test's fixed 96 dpi.
std::unique_ptr<QCoreApplication> makeApplication(TestGroup::Application application, int& argc, char** argv)
{
    switch (application) {
    case TestGroup::Application::None:
        return nullptr;
    case TestGroup::Application::Core:
        return std::make_unique<QCoreApplication>(argc, argv);
    case TestGroup::Application::Widgets:
#ifdef QT_WIDGETS_LIB
        QCoreApplication::setAttribute(Qt::AA_Use96Dpi, true);
        return std::make_unique<QApplication>(argc, argv);
#else
        std::fprintf(stderr, "this group links no Qt Widgets, which %s needs\n", argv[0]);
        std::exit(2);
#endif
    }
    return nullptr;
}

int runOne(const RegisteredTest& test, int argc, char** argv)
{
    const std::unique_ptr<QCoreApplication> application = makeApplication(test.application, argc, argv);
    QTest::setMainSourcePath(test.file.c_str(), QT_TESTCASE_BUILDDIR);
    const std::unique_ptr<QObject> object = test.factory();
    return QTest::qExec(object.get(), argc, argv);
}

} // namespace

bool TestGroup::add(const char* file, Application application, Factory factory)
{
    const std::string name = QFileInfo(QString::fromLocal8Bit(file)).completeBaseName().toStdString();
    registry()[name] = RegisteredTest { file, application, std::move(factory) };
    return true;
}

int main(int argc, char** argv)
{
    if (argc > 1 && argv[1][0] != '-') {
        const auto found = registry().find(argv[1]);
        if (found == registry().end()) {
            std::fprintf(stderr, "%s: no test named %s here; it holds:\n", argv[0], argv[1]);
            for (const auto& [name, test] : registry())
                std::fprintf(stderr, "  %s\n", name.c_str());
            return 2;
        }
        argv[1] = argv[0]; // Qt Test reads the options after the program's name
        return runOne(found->second, argc - 1, argv + 1);
    }
    int failures = 0;
    for (const auto& [name, test] : registry())
        failures += runOne(test, argc, argv);
    return failures;
}
