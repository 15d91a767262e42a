#include "app/server/childprocess.h"

#include <QElapsedTimer>
#include <QFile>
#include <QThread>

#include <sys/prctl.h>

namespace {

// How long a program may take to exec, and to go once SIGKILLed.
constexpr int kExecMs = 5000;
constexpr int kKilledMs = 5000;
constexpr int kLeftoverPollMs = 100;
// Only the end of a setup program's output says why it failed.
constexpr qsizetype kOutputTailChars = 2000;

bool alive(qint64 pid)
{
    return pid > 1 && ::kill(static_cast<pid_t>(pid), 0) == 0;
}

} // namespace

ChildProcess::~ChildProcess()
{
    stop({});
}

void ChildProcess::prepare(QProcess& process, const Launch& launch)
{
    process.setProgram(launch.program);
    process.setArguments(launch.arguments);
    if (launch.environment)
        process.setProcessEnvironment(*launch.environment);
    process.setChildProcessModifier([inChild = launch.inChild, deathSignal = launch.deathSignal] {
        if (inChild)
            inChild();
        // The program must not outlive the lab, however the lab ends.
        ::prctl(PR_SET_PDEATHSIG, deathSignal);
    });
}

bool ChildProcess::start(const Launch& launch, QString* error)
{
    stop({});
    m_process = std::make_unique<QProcess>();
    prepare(*m_process, launch);
    if (launch.outputFile.isEmpty()) {
        m_process->setStandardOutputFile(QProcess::nullDevice());
        m_process->setStandardErrorFile(QProcess::nullDevice());
    } else {
        m_process->setStandardOutputFile(launch.outputFile, QIODevice::Append);
        m_process->setStandardErrorFile(launch.outputFile, QIODevice::Append);
    }
    m_process->start();
    if (!m_process->waitForStarted(kExecMs)) {
        *error = tr("cannot start %1: %2").arg(launch.program, m_process->errorString());
        m_process.reset();
        return false;
    }
    return true;
}

ChildProcess::Ready ChildProcess::waitUntil(const std::function<bool()>& answers, int limitMs, int pollMs)
{
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < limitMs) {
        if (!isRunning())
            return Ready::Exited;
        if (answers())
            return Ready::Answered;
        if (m_process->waitForFinished(pollMs))
            return Ready::Exited;
    }
    return Ready::TimedOut;
}

bool ChildProcess::isRunning() const
{
    // Without an event loop QProcess learns of an exit only when asked.
    return m_process && m_process->state() == QProcess::Running && !m_process->waitForFinished(0);
}

qint64 ChildProcess::pid() const
{
    return isRunning() ? m_process->processId() : 0;
}

int ChildProcess::exitCode() const
{
    return m_process ? m_process->exitCode() : 0;
}

void ChildProcess::stop(std::initializer_list<Step> steps)
{
    if (!m_process)
        return;
    const auto pid = static_cast<pid_t>(m_process->processId());
    bool gone = !isRunning();
    for (const Step& step : steps) {
        if (gone)
            break;
        ::kill(pid, step.signal);
        ::kill(pid, SIGCONT); // a paused program keeps the signal pending until it runs again
        gone = m_process->waitForFinished(step.waitMs) || m_process->state() == QProcess::NotRunning;
    }
    if (!gone) {
        m_process->kill();
        m_process->waitForFinished(kKilledMs);
    }
    m_process.reset();
}

bool ChildProcess::runToEnd(const Launch& launch, int limitMs, QString* output)
{
    QProcess process;
    prepare(process, launch);
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start();
    const bool started = process.waitForStarted(kExecMs);
    const bool finished = started && process.waitForFinished(limitMs);
    const bool ok = finished && process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
    const QString tail = QString::fromLocal8Bit(process.readAll()).trimmed().right(kOutputTailChars);
    if (!started)
        *output = tr("cannot start %1: %2").arg(launch.program, process.errorString());
    else if (!finished)
        *output = tr("%1 did not finish within %2 s: %3").arg(launch.program).arg(limitMs / 1000).arg(tail);
    else if (!ok)
        *output = tr("%1 failed (exit code %2): %3").arg(launch.program).arg(process.exitCode()).arg(tail);
    else
        *output = tail;
    if (started && !finished) {
        process.kill();
        process.waitForFinished(kKilledMs);
    }
    return ok;
}

void ChildProcess::stopLeftover(qint64 pid, int signal, int waitMs)
{
    if (!alive(pid))
        return;
    ::kill(static_cast<pid_t>(pid), signal);
    ::kill(static_cast<pid_t>(pid), SIGCONT);
    for (int waited = 0; waited < waitMs && alive(pid); waited += kLeftoverPollMs)
        QThread::msleep(kLeftoverPollMs);
    if (alive(pid))
        ::kill(static_cast<pid_t>(pid), SIGKILL);
}
