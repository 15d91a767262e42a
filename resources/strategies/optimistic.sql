-- Read without a lock, then write only if nobody wrote in between (compare-and-set on a version).
\strategy optimistic
\title Optimistic (version compare-and-set)
\explain Read the stock and its version without a lock, then UPDATE … WHERE version = the version read.
\explain Zero rows changed means another order got there first: read again and retry, after a short
\explain jittered pause, up to the retry limit. Good when conflicts are rare; on one hot SKU most
\explain attempts lose, so attempts/s far exceeds orders/s.
\safe yes
\layout rows
\field max-retries

-- The read runs on its own (autocommit): no lock is held while the client decides.
SELECT stock, version FROM inventory WHERE sku_id = :sku \gset
-- client: stock >= qty?
\if :stock < :qty
  \out-of-stock
\endif
START TRANSACTION;
\lock
UPDATE inventory SET stock = stock - :qty, version = version + 1 WHERE sku_id = :sku AND version = :version;
-- 0 rows changed: conflict, retry from the read
\if :rows = 0
  ROLLBACK;
  \conflict
\endif
\delay
INSERT INTO orders (request_id, sku_id, qty) VALUES (:request_id, :sku, :qty);
COMMIT;
\sold
