// The command line in Chinese, as a class in China runs it (LANG=zh_CN.UTF-8): the live
// lines, the end-of-run lines, the table, the help, a refusal and the report carry no English
// word beyond the names that stay (strategy ids, SQL, units, paths). A string added without
// tr() or without its translation shows up here by name.
#include "app/lesson/lessonlibrary.h"
#include "tests/support/englishleftovers.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/lockbenchprocess.h"

#include <QSignalSpy>
#include <QTest>

class TestCliChinese : public QObject {
    Q_OBJECT

    HangWatchdog m_watchdog;
    QTemporaryDir m_runtime;

    static QString leftovers(const QStringList& words) { return words.mid(0, 60).join(QLatin1Char('\n')); }

private slots:
    void initTestCase()
    {
        qputenv("LANG", "zh_CN.UTF-8");
        qputenv("LC_ALL", "zh_CN.UTF-8");
        qunsetenv("LANGUAGE");
        // Qt's own warning about a missing runtime folder is not the lab's to translate.
        QVERIFY(m_runtime.isValid());
        qputenv("XDG_RUNTIME_DIR", m_runtime.path().toLocal8Bit());
    }

    void aRunSpeaksChinese()
    {
        QTemporaryDir dir;
        const QString report = dir.filePath(QStringLiteral("report.html"));
        // Strategies that between them print retries, deadlocks, an oversell and a batch queue.
        const LockbenchProcess o = LockbenchProcess::run(
            { QStringLiteral("run"), QStringLiteral("--strategy"),
                QStringLiteral("pessimistic,optimistic,queued,slotted,naive,two-sku-random"),
                QStringLiteral("--skus"), QStringLiteral("2"), QStringLiteral("--duration"),
                QStringLiteral("2s"), QStringLiteral("--report"), report },
            300000);
        QVERIFY2(o.exitCode == 0, qPrintable(o.all().right(3000)));
        QVERIFY2(o.out.contains(QStringLiteral("通过")), qPrintable(o.out.right(2000)));
        QVERIFY2(o.out.contains(QStringLiteral("死锁")), qPrintable(o.out.right(2000)));
        const QStringList console = EnglishLeftovers::in(o.all());
        QVERIFY2(console.isEmpty(), qPrintable(leftovers(console)));

        QFile html(report);
        QVERIFY(html.open(QIODevice::ReadOnly));
        const QStringList inReport = EnglishLeftovers::inHtml(QString::fromUtf8(html.readAll()));
        QVERIFY2(inReport.isEmpty(), qPrintable(leftovers(inReport)));
    }

    void helpAndRefusalsSpeakChinese()
    {
        const LockbenchProcess help = LockbenchProcess::run({ QStringLiteral("--help") });
        QCOMPARE(help.exitCode, 0);
        const QStringList inHelp = EnglishLeftovers::in(help.out, EnglishLeftovers::typedValues());
        QVERIFY2(inHelp.isEmpty(), qPrintable(leftovers(inHelp)));

        const LockbenchProcess refused = LockbenchProcess::run(
            { QStringLiteral("run"), QStringLiteral("--threads"), QStringLiteral("0") });
        QCOMPARE(refused.exitCode, 2);
        QVERIFY(refused.err.contains(QLatin1String("--threads")));
        const QStringList inRefusal = EnglishLeftovers::in(refused.err);
        QVERIFY2(inRefusal.isEmpty(), qPrintable(leftovers(inRefusal)));

        const LockbenchProcess lessons = LockbenchProcess::run({ QStringLiteral("lesson") });
        QCOMPARE(lessons.exitCode, 0);
        QVERIFY(lessons.out.contains(QStringLiteral("热点行为何串行化")));
        QSet<QString> ids; // typed after `lockbench lesson`, as they are
        for (const Lesson& lesson : LessonLibrary::load())
            ids << lesson.id;
        const QStringList inList = EnglishLeftovers::in(lessons.out, ids);
        QVERIFY2(inList.isEmpty(), qPrintable(leftovers(inList)));
    }
};

QTEST_MAIN(TestCliChinese) // the report is read through QTextDocument, which needs a GUI application
#include "tst_clichinese.moc"
