#pragma once

#include <QList>
#include <QObject>
#include <QPointer>
#include <QThread>

#include <functional>
#include <memory>

// The one way the window and the session run one-off work (an audit, a server check) off
// the GUI thread: `work` runs on a thread of its own, and `done` receives its result on the
// thread this object lives in. Destroying the object waits for the jobs still running, which
// hold connections of their own, and their results are dropped. Long-lived threads (the
// clients, the embedded server's owner, the keyring) are not jobs and keep their own.
class BackgroundJobs : public QObject {
    Q_OBJECT
public:
    explicit BackgroundJobs(QObject* parent = nullptr);
    ~BackgroundJobs() override;

    template <typename Result> void run(std::function<Result()> work, std::function<void(const Result&)> done)
    {
        auto result = std::make_shared<Result>();
        QThread* thread = QThread::create([work = std::move(work), result] { *result = work(); });
        connect(thread, &QThread::finished, this, [this, thread, result, done = std::move(done)] {
            m_threads.removeOne(thread);
            thread->deleteLater();
            done(*result);
        });
        m_threads.append(thread);
        thread->start();
    }

    int running() const { return static_cast<int>(m_threads.size()); }

private:
    QList<QThread*> m_threads;
};
