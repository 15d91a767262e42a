#pragma once

#include "app/core/locksnapshot.h"

#include <QWidget>

#include <array>
#include <deque>

// How long the current waiters have waited, over the last pictures of the lock inspector: one
// stacked bar per picture, its parts the waiters that have waited under 1 s, 1–5 s, 5–20 s and
// longer. A queue that only grows older is a row no one gets to; one that stays young is busy
// but moving.
class WaitAgeStrip : public QWidget {
    Q_OBJECT
public:
    explicit WaitAgeStrip(QWidget* parent = nullptr);

    void addSnapshot(const LockSnapshot& snapshot);
    void clear();
    int pictures() const { return static_cast<int>(m_pictures.size()); }
    static QColor bucketColor(int bucket);
    static QString bucketName(int bucket);
    QSize sizeHint() const override { return { 320, 72 }; }
    QSize minimumSizeHint() const override { return { 160, 72 }; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    static constexpr std::size_t kPictures = 240; // a minute at four pictures a second
    struct Picture {
        double elapsedS = 0.0;
        std::array<int, LockSnapshot::kWaitAgeBuckets> counts {};
        bool read = true; // false: too many waiters to read, or the inspector could not look
    };
    std::deque<Picture> m_pictures;
    QString m_strategy;
};
