-- "Fix the transaction": a transaction that its author believed safe. It reads the stock
-- without a lock, so two orders read the same value and both write it back less one.
\strategy lesson-transaction
\title A transaction without a lock (to fix)
\explain START TRANSACTION, read the stock, check it in the client, write the stock read less the
\explain quantity, record the order, COMMIT. The transaction makes the order's writes all or
\explain nothing, but it locks nothing while the client decides: two orders that read the same
\explain stock both write it back less one, and one sale is lost from the stock.
\safe yes
\layout rows

START TRANSACTION;
SELECT stock FROM inventory WHERE sku_id = :sku \gset
\if :stock < :qty
  ROLLBACK;
  \out-of-stock
\endif
\delay
\set left :stock - :qty
\lock
UPDATE inventory SET stock = :left WHERE sku_id = :sku;
INSERT INTO orders (request_id, sku_id, qty) VALUES (:request_id, :sku, :qty);
COMMIT;
\sold
