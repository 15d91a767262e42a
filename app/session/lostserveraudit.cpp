#include "app/session/lostserveraudit.h"

#include "app/server/embeddedserver.h"
#include "app/audit/recoveryaudit.h"
#include "strategies/strategyregistry.h"

#include <QFileInfo>

namespace LostServerAudit {

int run(std::unique_ptr<EmbeddedServer>& embedded, const QList<StrategyResult>& results,
    const std::function<void(const QString&)>& say)
{
    const auto lost = std::find_if(results.begin(), results.end(),
        [](const StrategyResult& result) { return result.serverLost && result.acknowledged; });
    if (!embedded || lost == results.end())
        return 0;
    say(QStringLiteral("restarting the embedded server to audit what it kept"));
    // A new server object: the dead one's lock file and socket directory go with the old.
    const QString dataRoot = QFileInfo(embedded->dataDirectory()).path();
    embedded = std::make_unique<EmbeddedServer>(dataRoot);
    QString error;
    if (!embedded->start(&error)) {
        say(QStringLiteral("the embedded server did not start again: %1").arg(error));
        return 1;
    }
    const std::unique_ptr<Strategy> strategy = StrategyRegistry::create(lost->strategy);
    const RecoveryReport report = RecoveryAudit::check(embedded->connectionParams(lost->experiment.database),
        strategy ? strategy->layout() : StockLayout::Rows, *lost->acknowledged);
    say(QStringLiteral("after the restart: %1").arg(report.summary()));
    if (!report.valid)
        return 1;
    return report.clean() ? 0 : 3;
}

} // namespace LostServerAudit
