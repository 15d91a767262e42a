#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

// The strategy files a user writes in the window, kept in the lab's data folder (one
// <id>.sql each, or any *.sql the user put there) and read again at the next start, beside the
// lab's own strategies.
class UserStrategyFolder {
    Q_DECLARE_TR_FUNCTIONS(UserStrategyFolder)

public:
    explicit UserStrategyFolder(QString folder = defaultFolder());
    // LOCKBENCH_STRATEGY_DIR when set, else "strategies" in the lab's data folder.
    static QString defaultFolder();
    const QString& folder() const { return m_folder; }

    // Adds each file of the folder to the registry: the ids added; a file that does not parse,
    // or whose id is taken, is left out with its reason in `problems`.
    QStringList loadAll(QStringList* problems) const;
    // Checks `text`, writes it as <id>.sql and adds (or replaces) its strategy: the id, or empty
    // with `error` and nothing written.
    QString save(const QString& text, QString* error) const;
    // The file of strategy `id`: <id>.sql, or the folder's file that declares it.
    QString pathOf(const QString& id) const;
    // Whether `id` is one of this folder's files, which the window lets its user edit.
    bool holds(const QString& id) const;

private:
    QString m_folder;
};
