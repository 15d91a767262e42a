-- A teaching strategy for deadlocks: each order buys two SKUs and locks both rows, in the order
-- it picked them. Two orders can each hold the row the other waits for: a deadlock.
\strategy two-sku-random
\title Two SKUs per order, locked in random order (deadlocks)
\explain Each order buys two SKUs and locks both rows with SELECT … FOR UPDATE, in whatever order it picked
\explain them. Order A locks SKU 1 and asks for SKU 2 while order B holds SKU 2 and asks for SKU 1: a cycle.
\explain InnoDB detects it (with innodb_deadlock_detect on), rolls one back with error 1213, and the client
\explain retries. With detection off, both wait until innodb_lock_wait_timeout (1205) instead.
\safe yes
\layout rows
\lines 2

START TRANSACTION;
-- the first SKU picked
\lock
SELECT stock FROM inventory WHERE sku_id = :sku FOR UPDATE \gset first_
-- client: in-transaction delay while holding the first row
\delay
-- the second SKU picked
\lock
SELECT stock FROM inventory WHERE sku_id = :sku2 FOR UPDATE \gset second_
-- client: both have stock >= qty?
\if :first_stock < :qty OR :second_stock < :qty
  ROLLBACK;
  \out-of-stock
\endif
UPDATE inventory SET stock = stock - :qty WHERE sku_id IN (:sku, :sku2);
INSERT INTO orders (request_id, sku_id, qty) VALUES (:request_id, :sku, :qty), (:request_id2, :sku2, :qty);
COMMIT;
\sold
