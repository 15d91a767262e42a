// The lab as a package installs it: `cmake --install` into a staging root puts the executable,
// the menu entry (valid by desktop-file-validate), its icon, the man page and the presets and
// lessons where a Debian desktop looks, and the installed executable runs from there; `cpack`
// writes a .deb that lintian accepts, carrying the same files and naming the servers and the
// Qt plugins it needs without one that enables a service.
// The installed executable finds the window's module and draws a run's charts with it.
#include "tests/support/lockbenchprocess.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Ran {
    int exitCode = -1;
    QString out;
};

Ran runTool(const QString& program, const QStringList& arguments, const QString& folder = QString())
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    if (!folder.isEmpty())
        process.setWorkingDirectory(folder);
    process.start(program, arguments);
    if (!process.waitForFinished(300000))
        return { -1, QStringLiteral("%1 did not finish").arg(program) };
    return { process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
        QString::fromUtf8(process.readAll()) };
}

// The build folder of the lockbench the tests run: BUILD/app/lockbench.
QString buildFolder()
{
    return QFileInfo(qEnvironmentVariable("LOCKBENCH_BINARY")).dir().absoluteFilePath(QStringLiteral(".."));
}

QString tool(const char* name)
{
    return QStandardPaths::findExecutable(QLatin1String(name));
}

} // namespace

class TestInstall : public QObject {
    Q_OBJECT

private slots:
    void installsIntoAStagingRootAndRunsFromThere()
    {
        LOCKBENCH_REQUIRE_BINARY();
        QTemporaryDir stage;
        const Ran install = runTool(tool("cmake"),
            { QStringLiteral("--install"), buildFolder(), QStringLiteral("--prefix"), stage.path() });
        QVERIFY2(install.exitCode == 0, qPrintable(install.out));
        const QDir root(stage.path());
        // In the multiarch library folder, which ldconfig does not read.
        const QString module = qEnvironmentVariable("LOCKBENCH_MODULE_INSTALL_DIR") + u"/lockbench-window.so";
        QVERIFY2(
            QRegularExpression(QStringLiteral("^lib/[^/]+-linux-[^/]+/lockbench/")).match(module).hasMatch(),
            qPrintable(module));
        QVERIFY2(QFileInfo::exists(root.filePath(module)), qPrintable(module));
        for (const char* file : { "bin/lockbench", "share/applications/lockbench.desktop",
                 "share/icons/hicolor/scalable/apps/lockbench.svg", "share/man/man1/lockbench.1.gz",
                 "share/doc/lockbench/copyright", "share/doc/lockbench/changelog.gz",
                 "share/lockbench/presets", "share/lockbench/lessons" })
            QVERIFY2(QFileInfo::exists(root.filePath(QLatin1String(file))), file);

        const QString desktop = root.filePath(QStringLiteral("share/applications/lockbench.desktop"));
        const Ran validated = runTool(tool("desktop-file-validate"), { desktop });
        QVERIFY2(validated.exitCode == 0 && validated.out.trimmed().isEmpty(), qPrintable(validated.out));

        const Ran man = runTool(tool("gzip"),
            { QStringLiteral("-dc"), root.filePath(QStringLiteral("share/man/man1/lockbench.1.gz")) });
        QCOMPARE(man.exitCode, 0);
        const QString page = man.out;
        QVERIFY2(page.contains(QLatin1String(".TH LOCKBENCH \"1\"")), qPrintable(page.left(300)));
        QVERIFY(page.contains(QLatin1String("\\-\\-strategy")));
        QVERIFY(!page.contains(buildFolder())); // the usage line names lockbench, not the build tree

        const QString installed = root.filePath(QStringLiteral("bin/lockbench"));
        const Ran version = runTool(installed, { QStringLiteral("--version") });
        QCOMPARE(version.exitCode, 0);
        QVERIFY2(version.out.startsWith(QLatin1String("lockbench ")), qPrintable(version.out));
        // The installed lab carries its lessons and presets: it lists the lessons by name.
        const Ran lessons = runTool(installed, { QStringLiteral("lesson") }, stage.path());
        QVERIFY2(
            lessons.exitCode == 0 && lessons.out.contains(QLatin1String("hot-row")), qPrintable(lessons.out));

        // It finds the window's module where it was installed, and draws a run's charts with it.
        const QString charts = root.filePath(QStringLiteral("charts"));
        const Ran run = runTool(installed,
            { QStringLiteral("run"), QStringLiteral("--strategy"), QStringLiteral("conditional"),
                QStringLiteral("--duration"), QStringLiteral("1s"), QStringLiteral("--charts"), charts });
        QVERIFY2(run.exitCode == 0, qPrintable(run.out));
        QVERIFY2(!QDir(charts).entryList({ QStringLiteral("*.svg") }).isEmpty(), qPrintable(run.out));
    }

    void aMissingWindowModuleIsNamedBeforeARunStarts()
    {
        // The executable without its module: a run that asks for a report refuses at once and
        // names the file, rather than run and then lose what it measured.
        LOCKBENCH_REQUIRE_BINARY();
        QTemporaryDir alone;
        const QString copy = QDir(alone.path()).filePath(QStringLiteral("lockbench"));
        QVERIFY(QFile::copy(qEnvironmentVariable("LOCKBENCH_BINARY"), copy));
        const Ran run = runTool(copy,
            { QStringLiteral("run"), QStringLiteral("--duration"), QStringLiteral("1s"),
                QStringLiteral("--report"), QDir(alone.path()).filePath(QStringLiteral("report.html")) });
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.out.contains(QLatin1String("lockbench-window.so")), qPrintable(run.out));
        QVERIFY2(!run.out.contains(QLatin1String("running")), qPrintable(run.out)); // nothing ran
        // Without a report it needs no module: the version, and a run's refusal, as ever.
        const Ran version = runTool(copy, { QStringLiteral("--version") });
        QCOMPARE(version.exitCode, 0);
    }

    // The .deb: lintian, Debian's own checker, finds nothing to say of it; it depends on what
    // the lab runs (MariaDB's server without its service, Galera, rsync, Redis's binary without
    // its service) and only suggests the packages that enable a service of their own.
    void cpackWritesADebThatLintianAccepts()
    {
        LOCKBENCH_REQUIRE_BINARY();
        QTemporaryDir out;
        const Ran packed = runTool(tool("cpack"),
            { QStringLiteral("-G"), QStringLiteral("DEB"), QStringLiteral("-B"), out.path() }, buildFolder());
        QVERIFY2(packed.exitCode == 0, qPrintable(packed.out));
        const QStringList debs = QDir(out.path()).entryList({ QStringLiteral("lockbench_*.deb") });
        QCOMPARE(debs.size(), 1);
        const QString deb = QDir(out.path()).filePath(debs.first());

        const Ran lintian
            = runTool(tool("lintian"), { QStringLiteral("--fail-on"), QStringLiteral("error,warning"), deb });
        // Its tags are lines "E: …" and "W: …" (it also says, as root, that root is not recommended).
        const bool tagged = QRegularExpression(QStringLiteral("^[EW]: "), QRegularExpression::MultilineOption)
                                .match(lintian.out)
                                .hasMatch();
        QVERIFY2(lintian.exitCode == 0 && !tagged, qPrintable(lintian.out));

        // A relation field's package names, without their versions.
        const auto field = [&](const char* name) {
            const Ran read = runTool(tool("dpkg-deb"), { QStringLiteral("-f"), deb, QLatin1String(name) });
            QStringList packages = read.out.split(QLatin1Char(','), Qt::SkipEmptyParts);
            packages.replaceInStrings(QRegularExpression(QStringLiteral("\\(.*\\)|\\s")), QString());
            return packages;
        };
        const QStringList depends = field("Depends");
        for (const char* package : { "libqt6sql6-mysql", "mariadb-server-core", "mariadb-client-core",
                 "galera-4", "rsync", "redis-tools", "libqt6charts6", "libmariadb3" })
            QVERIFY2(
                depends.contains(QLatin1String(package)), qPrintable(package + (": " + depends.join(u' '))));
        const QStringList recommends = field("Recommends");
        for (const char* withAService : { "mariadb-server", "redis-server", "postgresql-15" })
            QVERIFY2(!depends.contains(QLatin1String(withAService))
                    && !recommends.contains(QLatin1String(withAService)),
                withAService);
        const QStringList suggests = field("Suggests");
        QVERIFY2(suggests.contains(QStringLiteral("mariadb-server"))
                && suggests.contains(QStringLiteral("postgresql-15")),
            qPrintable(suggests.join(u' ')));

        const Ran contents = runTool(tool("dpkg-deb"), { QStringLiteral("-c"), deb });
        for (const char* file : { "./usr/bin/lockbench", "./usr/share/applications/lockbench.desktop",
                 "./usr/share/man/man1/lockbench.1.gz", "./usr/share/doc/lockbench/copyright" })
            QVERIFY2(contents.out.contains(QLatin1String(file)), file);
    }
};

QTEST_GUILESS_MAIN(TestInstall)
#include "tst_install.moc"
