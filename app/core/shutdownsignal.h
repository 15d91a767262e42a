#pragma once

#include <QObject>

class QSocketNotifier;

// Turns SIGINT and SIGTERM into a Qt signal on the thread that created this object, so that
// Ctrl-C stops the run and the embedded server cleanly instead of killing the process.
class ShutdownSignal : public QObject {
    Q_OBJECT
public:
    explicit ShutdownSignal(QObject* parent = nullptr);
    ~ShutdownSignal() override;

signals:
    void requested(int count); // 1 for the first Ctrl-C, 2 for the second, ...

private:
    QSocketNotifier* m_notifier = nullptr;
    int m_count = 0;
};
