// The Chinese translation: lupdate run over today's sources, lessons and presets finds no string the .ts file
// lacks or leaves unfinished (so a new tr() string without its translation fails here), every translation
// keeps its source's placeholders and accelerator, and the build ships it.
#include "app/core/translation.h"

#include <QCoreApplication>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

namespace {

struct Message {
    QString context, source, translation;
    bool unfinished = false;
};

QList<Message> readTs(const QString& path, QString* error)
{
    QList<Message> messages;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return messages;
    }
    QXmlStreamReader xml(&file);
    QString context;
    Message message;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("name"))
            context = xml.readElementText();
        else if (xml.name() == QLatin1String("message"))
            message = Message { context, {}, {}, false };
        else if (xml.name() == QLatin1String("source"))
            message.source = xml.readElementText();
        else if (xml.name() == QLatin1String("translation")) {
            message.unfinished = xml.attributes().value(QLatin1String("type")) == QLatin1String("unfinished");
            // A numerus message keeps its forms in <numerusform> children: their text counts.
            QString text;
            while (!(xml.isEndElement() && xml.name() == QLatin1String("translation")) && !xml.atEnd()) {
                xml.readNext();
                if (xml.isCharacters())
                    text += xml.text();
            }
            message.translation = text;
            messages.append(message);
        }
    }
    if (xml.hasError())
        *error = xml.errorString();
    return messages;
}

QSet<QString> placeholders(const QString& text)
{
    QSet<QString> found;
    // %1 to %99 (arg() reads two digits: %10 is not %1 and a 0), and %n.
    static const QRegularExpression pattern(QStringLiteral("%L?(?:[0-9]{1,2}|n)"));
    for (const QRegularExpressionMatch& match : pattern.globalMatch(text))
        found.insert(match.captured().remove(QLatin1Char('L')));
    return found;
}

QString shipped()
{
    return QStringLiteral(LOCKBENCH_SOURCE_DIR "/resources/translations/lockbench_zh_CN.ts");
}

} // namespace

class TestTranslations : public QObject {
    Q_OBJECT

private slots:
    void everyStringOfTheSourcesIsTranslated()
    {
        // lupdate over the sources as they are now, into a copy: a string added or changed
        // since the .ts was last updated comes out unfinished.
        QTemporaryDir dir;
        const QString copy = dir.filePath(QStringLiteral("lockbench_zh_CN.ts"));
        QVERIFY(QFile::copy(shipped(), copy));
        QProcess lupdate;
        lupdate.setWorkingDirectory(QStringLiteral(LOCKBENCH_SOURCE_DIR));
        lupdate.start(QStringLiteral(LOCKBENCH_LUPDATE),
            { QStringLiteral("app"), QStringLiteral("strategies"), QStringLiteral("ui"),
                QStringLiteral(LOCKBENCH_TEXTS_SOURCE), // the lessons' and presets' texts
                QStringLiteral("-no-obsolete"), QStringLiteral("-locations"), QStringLiteral("none"),
                QStringLiteral("-silent"), QStringLiteral("-ts"), copy });
        QVERIFY2(lupdate.waitForFinished(120000), "lupdate did not finish");
        QCOMPARE(lupdate.exitCode(), 0);
        QString error;
        const QList<Message> messages = readTs(copy, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(messages.size() > 300);
        QStringList unfinished;
        for (const Message& m : messages) {
            if (m.unfinished || m.translation.trimmed().isEmpty())
                unfinished << QStringLiteral("%1: %2").arg(m.context, m.source.left(80));
        }
        QVERIFY2(unfinished.isEmpty(),
            qPrintable(QStringLiteral(
                "%1 strings have no Chinese yet (run the update_translations target, then translate "
                "resources/translations/lockbench_zh_CN.ts):\n%2")
                           .arg(unfinished.size())
                           .arg(unfinished.mid(0, 20).join(QLatin1Char('\n')))));
    }

    void translationsKeepPlaceholdersAndAccelerators()
    {
        QString error;
        const QList<Message> messages = readTs(shipped(), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        for (const Message& m : messages) {
            if (m.unfinished)
                continue;
            QVERIFY2(placeholders(m.source) == placeholders(m.translation),
                qPrintable(m.source + QStringLiteral(" → ") + m.translation));
            static const QRegularExpression accelerator(QStringLiteral("&[A-Za-z]"));
            if (accelerator.match(m.source).hasMatch())
                QVERIFY2(accelerator.match(m.translation).hasMatch(),
                    qPrintable(m.source + QStringLiteral(" → ") + m.translation));
        }
    }

    void theBuildShipsChineseAndChoosesItFromTheLocale()
    {
        QVERIFY(Translation::available().contains(QStringLiteral("zh_CN")));
        QCOMPARE(Translation::bestFor(QLocale(QLocale::Chinese, QLocale::China)), QStringLiteral("zh_CN"));
        QCOMPARE(
            Translation::bestFor(QLocale(QLocale::Chinese, QLocale::Singapore)), QStringLiteral("zh_CN"));
        QCOMPARE(Translation::bestFor(QLocale(QLocale::Chinese, QLocale::Taiwan)), QStringLiteral("en"));
        QCOMPARE(Translation::bestFor(QLocale(QLocale::German, QLocale::Germany)), QStringLiteral("en"));
        QVERIFY(!Translation::install(QStringLiteral("xx_XX")));

        const QString english = QStringLiteral("Orders per second");
        QVERIFY(Translation::install(QStringLiteral("zh_CN")));
        QCOMPARE(Translation::current(), QStringLiteral("zh_CN"));
        const QString chinese = QCoreApplication::translate("TimeMetric", "Orders per second");
        QVERIFY2(chinese != english && chinese.contains(QRegularExpression(QStringLiteral("\\p{Han}"))),
            qPrintable(chinese));
        QCOMPARE(QLocale().language(), QLocale::Chinese); // numbers are written the Chinese way too
        QVERIFY(Translation::install(QStringLiteral("en")));
        QCOMPARE(QCoreApplication::translate("TimeMetric", "Orders per second"), english);
    }
};

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
