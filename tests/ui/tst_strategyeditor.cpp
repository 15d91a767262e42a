// A user's own strategy in the window: written in the editor (a mistake named with its line and
// column as it is typed), saved into the data folder and listed beside the lab's at the next
// start, checked on the lab's own server (one order rolled back, its effects counted), and run
// with the lab's charts, audit and verdict.
#include "app/db/qtsqlconnection.h"
#include "app/server/servercontroller.h"
#include "app/session/labsession.h"
#include "strategies/strategyregistry.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/testsettings.h"
#include "ui/editor/strategyeditor.h"
#include "ui/mainwindow.h"
#include "ui/panels/experimentpanel.h"
#include "ui/panels/resultsmodel.h"
#include "ui/panels/resultspanel.h"
#include "ui/panels/strategypanel.h"

#include <QAction>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>

#include <memory>
#include <optional>

namespace {

QString replaced(QString text, const QString& from, const QString& to)
{
    const qsizetype at = text.indexOf(from);
    return at < 0 ? QString() : text.replace(at, from.size(), to);
}

} // namespace

class TestStrategyEditor : public QObject {
    Q_OBJECT
    std::optional<TestSettings> m_settings; // first, so that it goes last

    HangWatchdog m_watchdog;
    std::unique_ptr<MainWindow> m_window;

    StrategyPanel* panel() const { return m_window->strategyPanel(); }
    QStringList listed() const
    {
        QStringList ids;
        const auto* list = panel()->findChild<QListWidget*>();
        for (int row = 0; row < list->count(); ++row)
            ids << list->item(row)->data(Qt::UserRole).toString();
        return ids;
    }

    // Check on server, and the session's answer.
    std::pair<bool, QString> check(StrategyEditor* editor)
    {
        QSignalSpy answered(m_window->session(), &LabSession::strategyChecked);
        emit editor->checkRequested(editor->text());
        if (!answered.wait(60000))
            return { false, QStringLiteral("no answer in 60 s") };
        qInfo("%s", qPrintable(answered.first().at(1).toString()));
        return { answered.first().at(0).toBool(), answered.first().at(1).toString() };
    }

private slots:
    void initTestCase()
    {
        m_settings.emplace(QStringLiteral("lockbench-tests"));
        m_window = std::make_unique<MainWindow>();
        m_window->show();
        QTRY_VERIFY_WITH_TIMEOUT(m_window->ownServer().state != ServerController::State::Starting, 60000);
        QCOMPARE(m_window->ownServer().state, ServerController::State::Ready);
    }

    void cleanupTestCase() { m_window.reset(); }

    void aMistakeIsNamedWithItsLineAndColumnAsItIsTyped()
    {
        StrategyEditor* editor = panel()->editNew();
        QVERIFY(editor);
        QVERIFY2(editor->parses(), qPrintable(editor->status()));
        const QString good = editor->text();
        editor->setText(replaced(good, QStringLiteral("\\endif\n"), QString()));
        QVERIFY(!editor->parses());
        QVERIFY2(editor->status().contains(QLatin1String("\\if")), qPrintable(editor->status()));
        QVERIFY2(editor->status().contains(QLatin1String("line ")), qPrintable(editor->status()));
        editor->setText(replaced(good, QStringLiteral("\\delay"), QStringLiteral("\\dealy")));
        QVERIFY(!editor->parses());
        QVERIFY2(editor->status().contains(QLatin1String("column 1")), qPrintable(editor->status()));
        QVERIFY2(editor->status().contains(QLatin1String("dealy")), qPrintable(editor->status()));
        editor->setText(good);
        QVERIFY2(editor->parses(), qPrintable(editor->status()));
        editor->close();
    }

    // Duplicated from the lab's own, under an id of its own; saved, it is listed and ticked,
    // and a window opened afterwards lists it again from the data folder.
    void aSavedStrategyIsListedAndReadAgainAtTheNextStart()
    {
        StrategyEditor* editor = panel()->editCopyOf(QStringLiteral("conditional"));
        QVERIFY(editor);
        QVERIFY2(
            editor->text().contains(QLatin1String("\\strategy my-conditional")), qPrintable(editor->text()));
        QSignalSpy saved(editor, &StrategyEditor::saved);
        const auto buttons = editor->findChildren<QPushButton*>();
        for (QPushButton* button : buttons)
            if (button->text() == StrategyEditor::tr("Save"))
                button->click();
        QCOMPARE(saved.count(), 1);
        const UserStrategyFolder folder;
        QVERIFY(QFile::exists(folder.pathOf(QStringLiteral("my-conditional"))));
        QVERIFY(listed().contains(QStringLiteral("my-conditional")));
        QVERIFY(panel()->selectedIds().contains(QStringLiteral("my-conditional")));
        editor->close();

        // Run from the window as the lab's own are: audited, every unit sold once.
        ExperimentPanel* experiment = m_window->experimentPanel();
        experiment->setFieldText(QStringLiteral("stop"), QStringLiteral("sold-out"));
        experiment->setFieldText(QStringLiteral("stock"), QStringLiteral("100"));
        experiment->setFieldText(QStringLiteral("threads"), QStringLiteral("4"));
        panel()->setSelectedIds({ QStringLiteral("my-conditional") });
        QVERIFY2(m_window->runAction()->isEnabled(), qPrintable(m_window->runAction()->toolTip()));
        const qsizetype rowsBefore = m_window->resultsPanel()->results().size();
        m_window->runAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(
            !m_window->session()->isRunning() && m_window->resultsPanel()->results().size() == rowsBefore + 1,
            120000);
        const StrategyResult mine = m_window->resultsPanel()->results().last();
        QCOMPARE(mine.strategy, QStringLiteral("my-conditional"));
        QVERIFY2(mine.error.isEmpty(), qPrintable(mine.error));
        QVERIFY(mine.audited());
        QCOMPARE(mine.sold, 100LL);
        QVERIFY(!mine.anomaly());

        StrategyPanel again(folder);
        const auto* list = again.findChild<QListWidget*>();
        QStringList ids;
        for (int row = 0; row < list->count(); ++row)
            ids << list->item(row)->data(Qt::UserRole).toString();
        QVERIFY(ids.contains(QStringLiteral("my-conditional")));
    }

    // One order of a file tried on the server: what it took and wrote, and nothing kept.
    void checkOnServerSaysWhatOneOrderDidAndKeepsNothing()
    {
        StrategyEditor* editor = panel()->editCopyOf(QStringLiteral("pessimistic"));
        QVERIFY(editor);
        const auto [ok, report] = check(editor);
        QVERIFY2(ok, qPrintable(report));
        QVERIFY2(report.contains(QLatin1String("Stock taken: 1 ")), qPrintable(report));
        QVERIFY2(report.contains(QLatin1String("Order rows written: 1 ")), qPrintable(report));
        QtSqlConnection counter; // an independent count of the orders table
        QString error;
        QVERIFY2(
            counter.open(m_window->session()->connectionParams(QStringLiteral("lockbench")), true, &error),
            qPrintable(error));
        QSqlQuery count(QStringLiteral("SELECT COUNT(*) FROM orders"), counter.database());
        QVERIFY(count.next());
        QCOMPARE(count.value(0).toInt(), 0); // rolled back

        // A file that sells without writing its order row is told so.
        editor->setText(replaced(editor->text(),
            QStringLiteral(
                "INSERT INTO orders (request_id, sku_id, qty) VALUES (:request_id, :sku, :qty);\n"),
            QString()));
        QVERIFY2(editor->parses(), qPrintable(editor->status()));
        const auto [rowless, rowlessReport] = check(editor);
        QVERIFY(!rowless);
        QVERIFY2(rowlessReport.contains(QLatin1String("Order rows written: 0 ")), qPrintable(rowlessReport));

        // A statement the server refuses names the file's line.
        editor->setText(replaced(editor->text(), QStringLiteral("SET stock = stock - :qty"),
            QStringLiteral("SET stok = stock - :qty")));
        QVERIFY2(editor->parses(), qPrintable(editor->status()));
        const auto [refused, refusedReport] = check(editor);
        QVERIFY(!refused);
        QVERIFY2(
            refusedReport.contains(QLatin1String("line ")) && refusedReport.contains(QLatin1String("stok")),
            qPrintable(refusedReport));
        editor->close();
    }
};

QTEST_MAIN(TestStrategyEditor)
#include "tst_strategyeditor.moc"
