// Where the window opens and comes back: within the screen it is on now.
#include "ui/windowplacement.h"

#include <QSignalSpy>
#include <QTest>

class TestWindowPlacement : public QObject {
    Q_OBJECT

private slots:
    void opensAtASizeForTheScreen()
    {
        const QSize minimum(808, 705);
        QCOMPARE(WindowPlacement::initialSize(QRect(0, 0, 1920, 1040), minimum), QSize(1500, 950));
        QCOMPARE(WindowPlacement::initialSize(QRect(0, 0, 1280, 692), minimum),
            QSize(1177, 692)); // a projector, less its panel
        QCOMPARE(WindowPlacement::initialSize(QRect(0, 0, 1600, 1000), minimum), QSize(1472, 920));
    }

    void aSavedGeometryComesBackInsideTheScreen()
    {
        const QSize minimum(808, 705);
        const QRect projector(0, 0, 1280, 720);
        // Saved on a 1920x1200 monitor, at its bottom right.
        QCOMPARE(
            WindowPlacement::fitted(QRect(700, 300, 1200, 880), projector, minimum), QRect(80, 0, 1200, 720));
        // Already inside: left alone.
        QCOMPARE(WindowPlacement::fitted(QRect(10, 20, 1000, 690), QRect(0, 0, 1600, 1000), minimum),
            QRect(10, 20, 1000, 705));
        // On a second screen to the right, now gone.
        QCOMPARE(WindowPlacement::fitted(QRect(2000, 100, 1000, 800), QRect(0, 0, 1600, 1000), minimum),
            QRect(600, 100, 1000, 800));
        // A screen smaller than the minimum: the screen wins.
        QCOMPARE(WindowPlacement::fitted(QRect(0, 0, 1000, 800), QRect(0, 0, 800, 600), minimum),
            QRect(0, 0, 800, 600));
    }
};

QTEST_MAIN(TestWindowPlacement)
#include "tst_windowplacement.moc"
