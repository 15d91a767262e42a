#include "app/session/backgroundjobs.h"

BackgroundJobs::BackgroundJobs(QObject* parent)
    : QObject(parent)
{
}

BackgroundJobs::~BackgroundJobs()
{
    for (QThread* thread : std::as_const(m_threads)) {
        disconnect(thread, nullptr, this, nullptr); // the receiver of `done` is going away
        thread->wait();
        delete thread;
    }
}
