#pragma once

#include <QCoreApplication>
#include <QProcess>
#include <QString>
#include <QStringList>

#include <csignal>
#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>

// A program the lab starts and owns (mariadbd, postgres, redis-server, and the setup programs
// that make their data folders): started so that it dies with the lab, polled until it
// answers, and stopped with the signals its program shuts down on, each given its time,
// SIGKILL last. The lab's three private servers start, watch and stop their process here.
class ChildProcess {
    Q_DECLARE_TR_FUNCTIONS(ChildProcess)

public:
    struct Launch {
        QString program;
        QStringList arguments;
        QString outputFile; // stdout and stderr are appended here; empty: discarded
        std::optional<QProcessEnvironment> environment;
        // Run in the child before the program (a change of user, a session of its own): the
        // signal it gets when the lab dies is set after it, as a change of user clears it.
        std::function<void()> inChild;
        int deathSignal = SIGTERM;
    };
    // One step of a shutdown: a signal, and how long the program then has to exit.
    struct Step {
        int signal;
        int waitMs;
    };
    enum class Ready { Answered, Exited, TimedOut };

    ChildProcess() = default;
    ~ChildProcess(); // a program still running is killed
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    bool start(const Launch& launch, QString* error);
    // Asks `answers` every `pollMs` until it says yes, the program exits or `limitMs` passes.
    Ready waitUntil(const std::function<bool()>& answers, int limitMs, int pollMs = 50);
    bool isRunning() const;
    bool started() const { return m_process != nullptr; }
    bool died() const { return m_process && !isRunning(); } // started, and gone without being stopped
    qint64 pid() const;
    int exitCode() const;
    // Sends each step's signal (with SIGCONT, so that a paused program sees it) until the program
    // exits, then SIGKILL; forgets the program.
    void stop(std::initializer_list<Step> steps);

    // A setup program run to its end within `limitMs`; false when it could not start, failed or
    // ran out of time (then killed), with its output's tail or the reason in `output`.
    static bool runToEnd(const Launch& launch, int limitMs, QString* output);
    // A server that a killed lab left running, known by its pid file: `signal`, then up to
    // `waitMs` for it to go, then SIGKILL. The caller has made sure `pid` is that server.
    static void stopLeftover(qint64 pid, int signal, int waitMs);

private:
    static void prepare(QProcess& process, const Launch& launch);

    std::unique_ptr<QProcess> m_process;
};
