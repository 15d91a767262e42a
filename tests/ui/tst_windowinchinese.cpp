// The window in Chinese after a run: every label, button, tab, menu, tool tip, table header
// and cell, text panel and chart title carries no English word beyond the names that stay
// (strategy ids, SQL, units). A string shown without tr() or without its translation is
// named here with the widget that shows it.
#include "app/core/translation.h"
#include "app/server/servercontroller.h"
#include "app/session/labsession.h"
#include "strategies/strategyregistry.h"
#include "tests/support/englishleftovers.h"
#include "tests/support/hangwatchdog.h"
#include "tests/support/testsettings.h"
#include "ui/charts/chartspanel.h"
#include "ui/mainwindow.h"
#include "ui/panels/experimentpanel.h"
#include "ui/panels/lessonpanel.h"
#include "ui/panels/resultspanel.h"
#include "ui/panels/strategypanel.h"

#include <QAbstractAxis>
#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSeries>
#include <QAction>
#include <QChartView>
#include <QComboBox>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTest>
#include <QTextEdit>
#include <optional>

class TestWindowInChinese : public QObject {
    Q_OBJECT
    std::optional<TestSettings> m_settings; // first, so that it goes last

    HangWatchdog m_watchdog;
    QStringList m_found;

    void check(const QString& where, const QString& text)
    {
        if (text.isEmpty())
            return;
        // A field's help names the values typed into it ("uniform", "sold-out") as they are typed.
        const QSet<QString> typed = EnglishLeftovers::typedValues();
        const QStringList words = Qt::mightBeRichText(text) ? EnglishLeftovers::inHtml(text, typed)
                                                            : EnglishLeftovers::in(text, typed);
        for (const QString& word : words)
            m_found << where + QStringLiteral(": ") + word;
    }

    static QString nameOf(const QObject* object)
    {
        return QString::fromLatin1(object->metaObject()->className()) + QLatin1Char(' ')
            + object->objectName();
    }

    void checkModel(const QString& where, const QAbstractItemModel* model)
    {
        if (!model)
            return;
        for (int column = 0; column < model->columnCount(); ++column) {
            check(where + QStringLiteral(" header"), model->headerData(column, Qt::Horizontal).toString());
            check(where + QStringLiteral(" header tip"),
                model->headerData(column, Qt::Horizontal, Qt::ToolTipRole).toString());
        }
        for (int row = 0; row < model->rowCount(); ++row) {
            for (int column = 0; column < model->columnCount(); ++column) {
                const QModelIndex index = model->index(row, column);
                check(where + QStringLiteral(" cell"), model->data(index).toString());
                check(where + QStringLiteral(" cell tip"), model->data(index, Qt::ToolTipRole).toString());
            }
        }
    }

    void checkActions(const QString& where, const QList<QAction*>& actions)
    {
        for (const QAction* action : actions) {
            check(where, action->text().remove(QLatin1Char('&')));
            check(where + QStringLiteral(" tip"),
                action->toolTip() == action->text() ? QString() : action->toolTip());
            check(where + QStringLiteral(" status tip"), action->statusTip());
            if (action->menu())
                checkActions(where + QStringLiteral(" > ") + action->text(), action->menu()->actions());
        }
    }

    void checkWindow(MainWindow& window)
    {
        check(QStringLiteral("window title"), window.windowTitle());
        check(QStringLiteral("status bar"), window.statusBar()->currentMessage());
        checkActions(QStringLiteral("menu"), window.menuBar()->actions());
        for (QWidget* widget : window.findChildren<QWidget*>()) {
            const QString where = nameOf(widget);
            check(where + QStringLiteral(" tool tip"), widget->toolTip());
            check(where + QStringLiteral(" accessible name"), widget->accessibleName());
            if (const auto* label = qobject_cast<QLabel*>(widget))
                check(where, label->text());
            else if (const auto* button = qobject_cast<QAbstractButton*>(widget))
                check(where, button->text().remove(QLatin1Char('&')));
            else if (const auto* box = qobject_cast<QGroupBox*>(widget))
                check(where, box->title());
            else if (const auto* line = qobject_cast<QLineEdit*>(widget))
                check(where + QStringLiteral(" placeholder"), line->placeholderText());
            else if (const auto* text = qobject_cast<QTextEdit*>(widget))
                check(where, text->toPlainText());
            else if (const auto* plain = qobject_cast<QPlainTextEdit*>(widget))
                check(where, plain->toPlainText());
            if (const auto* combo = qobject_cast<QComboBox*>(widget)) {
                for (int i = 0; i < combo->count(); ++i)
                    check(where + QStringLiteral(" item"), combo->itemText(i));
            }
            if (const auto* tabs = qobject_cast<QTabWidget*>(widget)) {
                for (int i = 0; i < tabs->count(); ++i) {
                    check(where + QStringLiteral(" tab"), tabs->tabText(i).remove(QLatin1Char('&')));
                    check(where + QStringLiteral(" tab tip"), tabs->tabToolTip(i));
                }
            }
            if (const auto* view = qobject_cast<QAbstractItemView*>(widget))
                checkModel(where, view->model());
            if (const auto* chartView = qobject_cast<QChartView*>(widget)) {
                QChart* chart = chartView->chart();
                check(where + QStringLiteral(" title"), chart->title());
                for (const QAbstractAxis* axis : chart->axes())
                    check(where + QStringLiteral(" axis"), axis->titleText());
                for (const QAbstractSeries* series : chart->series())
                    check(where + QStringLiteral(" series"), series->name());
            }
        }
    }

private slots:
    void initTestCase()
    {
        m_settings.emplace(QStringLiteral("lockbench-chinese"));
        QVERIFY(Translation::install(QStringLiteral("zh_CN")));
    }

    void everyTextIsChinese()
    {
        MainWindow window;
        window.resize(1280, 720);
        window.show();
        QTRY_VERIFY_WITH_TIMEOUT(window.ownServer().state == ServerController::State::Ready, 60000);
        // A run whose strategies between them retry, deadlock and oversell, so that the
        // results, deadlocks and explanations have something to say.
        window.experimentPanel()->setFieldText(QStringLiteral("skus"), QStringLiteral("2"));
        window.experimentPanel()->setFieldText(QStringLiteral("stop"), QStringLiteral("duration"));
        window.experimentPanel()->setFieldText(QStringLiteral("duration"), QStringLiteral("2s"));
        // Every strategy of the workload and the two-SKU orders: each has its own sentences.
        const QStringList strategies = StrategyRegistry::allIds(WorkloadKind::Inventory)
            + QStringList { QStringLiteral("two-sku-random"), QStringLiteral("two-sku-sorted") };
        window.strategyPanel()->setSelectedIds(strategies);
        window.runAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(
            !window.session()->isRunning() && window.resultsPanel()->rows().size() == strategies.size(),
            300000);
        checkWindow(window);

        // A lesson's step beside its chart.
        QVERIFY(window.lessonPanel()->openLesson(QStringLiteral("hot-row")));
        window.lessonPanel()->next();
        checkWindow(window);

        m_found.removeDuplicates();
        for (const QString& found : std::as_const(m_found))
            qInfo("%s", qPrintable(found));
        QVERIFY2(m_found.isEmpty(),
            qPrintable(QStringLiteral("%1 English texts, listed above").arg(m_found.size())));
    }
};

QTEST_MAIN(TestWindowInChinese)
#include "tst_windowinchinese.moc"
