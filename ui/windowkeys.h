#pragma once

#include <QKeySequence>
#include <QList>
#include <QString>

class QAbstractButton;
class QAction;

// Every key the window binds, in one table: each action and button takes its keys from here.
// A key given to two of them would do neither (Qt finds it ambiguous), and tst_windowkeys
// fails on it.
namespace WindowKeys {

enum class Command {
    Run,
    Stop,
    RunSweep,
    ExportResults,
    OpenResults,
    Quit,
    ExperimentPanel,
    PresenterMode,
    LessonBack,
    LessonNext,
};

struct Binding {
    Command command;
    QList<QKeySequence> keys;
};

// The table, in the order of the menus.
const QList<Binding>& all();
QList<QKeySequence> of(Command command);
// The first key as a tooltip names it ("F5", "Ctrl+Page Up"), in the window's language.
QString named(Command command);
void bind(QAction* action, Command command);
void bind(QAbstractButton* button, Command command);

} // namespace WindowKeys
