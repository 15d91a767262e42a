#include "ui/windowkeys.h"

#include <QAbstractButton>
#include <QAction>

namespace WindowKeys {

const QList<Binding>& all()
{
    // F5 is presenter mode, as in the slide programs a teacher knows; Run has Ctrl+R. Open and
    // Quit are written out: a platform's standard keys may have none (Quit on Windows).
    static const QList<Binding> table {
        { Command::Run, { QKeySequence(Qt::CTRL | Qt::Key_R) } },
        { Command::Stop, { QKeySequence(Qt::Key_Escape), QKeySequence(Qt::CTRL | Qt::Key_Period) } },
        { Command::RunSweep, { QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R) } },
        { Command::ExportResults, { QKeySequence(Qt::CTRL | Qt::Key_E) } },
        { Command::OpenResults, { QKeySequence(Qt::CTRL | Qt::Key_O) } },
        { Command::Quit, { QKeySequence(Qt::CTRL | Qt::Key_Q) } },
        { Command::ExperimentPanel, { QKeySequence(Qt::Key_F9) } },
        { Command::PresenterMode, { QKeySequence(Qt::Key_F5) } },
        { Command::LessonBack, { QKeySequence(Qt::CTRL | Qt::Key_PageUp) } },
        { Command::LessonNext, { QKeySequence(Qt::CTRL | Qt::Key_PageDown) } },
    };
    return table;
}

QList<QKeySequence> of(Command command)
{
    for (const Binding& binding : all()) {
        if (binding.command == command)
            return binding.keys;
    }
    return {};
}

QString named(Command command)
{
    const QList<QKeySequence> keys = of(command);
    return keys.isEmpty() ? QString() : keys.first().toString(QKeySequence::NativeText);
}

void bind(QAction* action, Command command)
{
    action->setShortcuts(of(command));
}

void bind(QAbstractButton* button, Command command)
{
    const QList<QKeySequence> keys = of(command);
    button->setShortcut(keys.value(0));
}

} // namespace WindowKeys
