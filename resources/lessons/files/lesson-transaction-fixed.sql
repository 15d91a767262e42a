-- "Fix the transaction", fixed: the read takes the row's lock (FOR UPDATE), so the next order
-- waits for this one's COMMIT and reads what it wrote.
\strategy lesson-transaction-fixed
\title The same transaction, reading with FOR UPDATE
\explain The one change: SELECT … FOR UPDATE. The row is locked from the read to COMMIT, so no
\explain other order reads the stock in between, and the value written back is always the last one.
\safe yes
\layout rows

START TRANSACTION;
\lock
SELECT stock FROM inventory WHERE sku_id = :sku FOR UPDATE \gset
\if :stock < :qty
  ROLLBACK;
  \out-of-stock
\endif
\delay
\set left :stock - :qty
UPDATE inventory SET stock = :left WHERE sku_id = :sku;
INSERT INTO orders (request_id, sku_id, qty) VALUES (:request_id, :sku, :qty);
COMMIT;
\sold
