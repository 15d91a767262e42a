#pragma once

// A strategy file that reads the stock, then writes what it computed, with no lock between: the
// read-modify-write race the articles start from, although the file claims to be safe. The
// audit must catch it, in the engine's run and on the command line alike.
inline constexpr const char* kUnlockedStrategyFile = R"(\strategy read-then-write
\title Read, then write, no lock
\safe yes
SELECT stock FROM inventory WHERE sku_id = :sku \gset
\if :stock < :qty
  \out-of-stock
\endif
\set left :stock - :qty
BEGIN;
UPDATE inventory SET stock = :left WHERE sku_id = :sku;
INSERT INTO orders (request_id, sku_id, qty) VALUES (:request_id, :sku, :qty);
COMMIT;
\sold
)";
