#pragma once

#include <QString>

// docs/strategy-files.md's worked example: a hold in a table of the file's own, turned into the
// order row in a second transaction; its invariant says no hold is left once the run is over.
// `forgetEvery` > 0 leaves the hold of every request id that is a multiple of it: the stock and
// the orders still agree, and only the invariant can tell.
inline QString reserveThenConfirmFile(int forgetEvery = 0)
{
    const QString clear = forgetEvery > 0
        ? QStringLiteral(
            "\\if :request_id % %1 <> 0\n  DELETE FROM holds WHERE request_id = :request_id;\n\\endif\n")
              .arg(forgetEvery)
        : QStringLiteral("DELETE FROM holds WHERE request_id = :request_id;\n");
    return QStringLiteral(R"(\strategy %1
\title Reserve, then confirm
\table
CREATE TABLE holds (
  request_id BIGINT NOT NULL PRIMARY KEY,
  sku_id BIGINT NOT NULL,
  qty INT NOT NULL
)
\endtable
\invariant no-hold-left
SELECT request_id, sku_id, qty FROM holds ORDER BY request_id
\endinvariant
BEGIN;
\lock
UPDATE inventory SET stock = stock - :qty WHERE sku_id = :sku AND stock >= :qty;
\if :rows = 0
  ROLLBACK;
  \out-of-stock
\endif
INSERT INTO holds (request_id, sku_id, qty) VALUES (:request_id, :sku, :qty);
COMMIT;
BEGIN;
INSERT INTO orders (request_id, sku_id, qty)
  SELECT request_id, sku_id, qty FROM holds WHERE request_id = :request_id;
)")
               .arg(forgetEvery > 0 ? QStringLiteral("forgetful-holds")
                                    : QStringLiteral("reserve-then-confirm"))
        + clear + QStringLiteral("COMMIT;\n\\sold\n");
}
