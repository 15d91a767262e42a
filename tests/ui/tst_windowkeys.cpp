// The window's keys: the table gives no key twice, no two of the window's actions and buttons
// share one (Qt would run neither), and F5 turns presenter mode on and off, as docs/window.md
// tells a teacher.
#include "ui/mainwindow.h"
#include "ui/panels/strategypanel.h"
#include "ui/presentermode.h"
#include "ui/windowkeys.h"

#include <QAbstractButton>
#include <QAction>
#include <QHash>
#include <QTest>

class TestWindowKeys : public QObject {
    Q_OBJECT

private slots:
    void theTableGivesNoKeyTwice()
    {
        QHash<QKeySequence, int> commands;
        for (const WindowKeys::Binding& binding : WindowKeys::all()) {
            QVERIFY(!binding.keys.isEmpty());
            for (const QKeySequence& key : binding.keys) {
                QVERIFY2(!commands.contains(key), qPrintable(key.toString()));
                commands.insert(key, static_cast<int>(binding.command));
            }
        }
    }

    void noTwoOfTheWindowsActionsShareAKey()
    {
        MainWindow window;
        QHash<QKeySequence, QString> owners;
        int keys = 0;
        const auto own = [&](const QKeySequence& key, const QString& owner) {
            if (key.isEmpty())
                return;
            ++keys;
            QVERIFY2(!owners.contains(key),
                qPrintable(QStringLiteral("%1 is bound to \"%2\" and to \"%3\"")
                               .arg(key.toString(), owners.value(key), owner)));
            owners.insert(key, owner);
        };
        for (const QAction* action : window.findChildren<QAction*>()) {
            for (const QKeySequence& key : action->shortcuts())
                own(key, action->text());
        }
        for (const QAbstractButton* button : window.findChildren<QAbstractButton*>())
            own(button->shortcut(), button->text());
        // Every key of the table is bound somewhere in the window.
        int inTable = 0;
        for (const WindowKeys::Binding& binding : WindowKeys::all())
            inTable += static_cast<int>(binding.keys.size());
        QCOMPARE(keys, inTable);
    }

    void f5TurnsPresenterModeOnAndOff()
    {
        MainWindow window;
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        // With Run enabled, as a class sees the window: a disabled action takes no key.
        window.strategyPanel()->setSelectedIds({ QStringLiteral("pessimistic") });
        QTRY_VERIFY2(window.runAction()->isEnabled(), qPrintable(window.runAction()->toolTip()));
        QVERIFY(!window.presenterMode()->isOn());
        QTest::keyClick(&window, Qt::Key_F5);
        QTRY_VERIFY(window.presenterMode()->isOn());
        QTest::keyClick(&window, Qt::Key_F5);
        QTRY_VERIFY(!window.presenterMode()->isOn());
    }
};

QTEST_MAIN(TestWindowKeys)
#include "tst_windowkeys.moc"
