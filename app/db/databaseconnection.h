#pragma once

#include "app/core/databaseerror.h"
#include "app/core/timelinelane.h"
#include "app/db/connectionparams.h"

#include <QCoreApplication>
#include <QString>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>

class PgSession;
struct st_mysql;
struct st_mysql_res;

// Where a connection's statements spent their time, summed since it was created: waiting out
// the simulated network before each send (the round trip asked for, and how much later than
// that the thread woke on a busy machine), and from the send to the reply (the server's work,
// its waits for locks, and the way back).
struct StatementTime {
    std::int64_t networkNs = 0;
    std::int64_t lateWakeNs = 0;
    std::int64_t serverNs = 0;
    std::int64_t statements = 0;
};

// One client connection over the libmysqlclient C API, owned by exactly one thread (or fiber);
// to PostgreSQL (params.engine), the same calls go through libpq (PgSession).
// The destructor rolls back and closes, so no code path leaves a transaction open.
class DatabaseConnection {
    Q_DECLARE_TR_FUNCTIONS(DatabaseConnection)

public:
    DatabaseConnection(); // out of line: the PostgreSQL session is a type only the .cpp sees
    ~DatabaseConnection();
    DatabaseConnection(const DatabaseConnection&) = delete;
    DatabaseConnection& operator=(const DatabaseConnection&) = delete;

    // Initialises the client library (and with it OpenSSL) on the calling thread. mysql_init()
    // would do it on whichever thread connects first, which is not thread-safe, and a worker
    // thread that did it takes OpenSSL's start-up state with it when it ends. The fronts call
    // this on their main thread before any other thread connects; later calls do nothing.
    static void initialiseLibrary();

    bool open(const ConnectionParams& params, bool useDatabase = true);
    // For the connections opened after this call; defaults: 5 s to connect, 120 s per read.
    void setTimeouts(unsigned int connectS, unsigned int ioS);
    // A round trip with no statement; false (with lastError) when the server does not answer.
    bool ping();
    void close();
    bool isOpen() const { return m_handle != nullptr || m_pg != nullptr; }
    // Whether an idle connection is still there, without a round trip (which would reset its
    // idle time on the server): a killed or closed one has an error or an end of file waiting.
    bool idleAndAlive() const;

    bool execute(const QString& sql);
    bool begin() { return execute(QStringLiteral("START TRANSACTION")); }
    bool commit();
    bool rollback();
    // First column of the first row as an integer; nullopt on error or no row.
    std::optional<std::int64_t> queryInt(const QString& sql);
    // The first column of the first row as text; nullopt on an error or a NULL.
    std::optional<QString> queryText(const QString& sql);
    // One of the server's global status variables (e.g. WSREP_CLUSTER_SIZE); nullopt when the
    // server has none of that name or cannot be asked.
    std::optional<QString> globalStatus(const QString& name);
    // Rows the last execute() changed (its first statement's count, for a CALL).
    std::uint64_t affectedRows() const;
    unsigned long threadId() const;
    QString serverVersion() const;

    // A simulated network between client and server: every statement sent after this call
    // (query, prepared execute, commit, rollback) first waits this long, one round trip's
    // gap as the server sees it. Locks taken by an earlier statement stay held meanwhile,
    // which is how a real network stretches lock hold times. Zero (the default) sends at once.
    // Call it on the thread that owns the connection: it also narrows that thread's timer slack.
    void setRoundTrip(std::chrono::nanoseconds roundTrip);
    // Waits the round trip and notes the moment the statement leaves for the server.
    void crossNetwork();
    // The owner's timeline, where each network crossing is drawn; null draws none.
    void setTimeline(TimelineLane* lane) { m_timeline = lane; }
    // Steady-clock nanoseconds at which the last statement left for the server.
    std::int64_t sentAtNs() const { return m_sentAtNs; }
    const StatementTime& statementTime() const { return m_time; }

    // Adds the time from the last send to its reply, when it goes out of scope: placed after
    // crossNetwork() in every call that waits for the server.
    class ReplyTimer {
    public:
        explicit ReplyTimer(DatabaseConnection& connection)
            : m_connection(connection)
        {
        }
        ~ReplyTimer();
        ReplyTimer(const ReplyTimer&) = delete;
        ReplyTimer& operator=(const ReplyTimer&) = delete;

    private:
        DatabaseConnection& m_connection;
    };

    // Shuts the connection's socket down from any thread, so that a statement blocked on a
    // server that does not answer returns at once with a lost connection. The owner thread
    // still closes the connection; this only ends its wait.
    void abortFromAnyThread() const;

    const DatabaseError& lastError() const { return m_error; }
    st_mysql* handle() const { return m_handle; } // null on PostgreSQL
    PgSession* postgres() const { return m_pg.get(); } // null on MySQL
    // A name for the next statement prepared on this PostgreSQL session.
    QByteArray nextStatementName() { return "lockbench_" + QByteArray::number(++m_statementsNamed); }
    // Opened on a fiber: its calls that wait for the server use Connector/C's non-blocking API.
    bool isNonBlocking() const { return m_nonBlocking; }
    // On a fiber, after a statement was sent without reading its reply: waits for the reply,
    // at most the read timeout (see NonBlockingCall::waitForReply).
    void waitForReply();

private:
    void captureError();
    // The calls that wait for the server, blocking or through the non-blocking API.
    int realQuery(const QByteArray& sql);
    st_mysql_res* storeResult();
    int nextResult();
    int endTransaction(bool commit);
    bool openPostgres(const ConnectionParams& params, bool useDatabase);
    bool finishOnPostgres(bool commit);
    std::optional<QString> queryTextOnPostgres(const QString& sql);
    bool finishTransaction(bool commit); // COMMIT or ROLLBACK across the network

    st_mysql* m_handle = nullptr;
    std::unique_ptr<PgSession> m_pg;
    int m_statementsNamed = 0;
    DatabaseError m_error;
    // The largest statement sent whole before waiting for its reply: far below any socket's
    // buffer, so that the send never waits (the fill's long INSERTs go the non-blocking way).
    static constexpr qsizetype kSentAtOnceBytes = 16 * 1024;
    unsigned int m_connectTimeoutS = 5;
    unsigned int m_ioTimeoutS = 120; // a hung server must not hang a worker forever
    std::chrono::nanoseconds m_roundTrip { 0 };
    TimelineLane* m_timeline = nullptr;
    std::atomic<int> m_socket { -1 }; // for abortFromAnyThread(), which must not read m_handle
    std::int64_t m_sentAtNs = 0;
    StatementTime m_time;
    std::uint64_t m_affectedRows = 0;
    bool m_nonBlocking = false;
};
