-- As pessimistic, but a locked row refuses the order at once instead of queueing it.
\strategy pessimistic-nowait
\title Pessimistic, fail fast (FOR UPDATE NOWAIT)
\explain As pessimistic, but the lock is taken with FOR UPDATE NOWAIT: when another transaction holds
\explain the SKU's row, the statement fails at once (3572 on MySQL 8, 1205 on MariaDB) instead of
\explain queueing, the client rolls back, backs off a few milliseconds and tries again. No transaction
\explain waits in the server, so no waiter list grows and no deadlock can form on the row; the price is
\explain retries, which the Errors tab counts as 3572, and orders that give up after 200 of them (or
\explain max-retries, when that is more) on a very hot row. The row still passes one order at a
\explain time: NOWAIT moves the queue, it does not remove it.
\safe yes
\layout rows
\field max-retries

START TRANSACTION;
-- row locked (3572, or 1205 on MariaDB): ROLLBACK, back off, start again
\lock
SELECT stock FROM inventory WHERE sku_id = :sku FOR UPDATE NOWAIT \gset
-- client: stock >= qty?
\if :stock < :qty
  ROLLBACK;
  \out-of-stock
\endif
\delay
UPDATE inventory SET stock = stock - :qty WHERE sku_id = :sku;
INSERT INTO orders (request_id, sku_id, qty) VALUES (:request_id, :sku, :qty);
COMMIT;
\sold
