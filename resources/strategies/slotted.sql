-- The articles' slot table: a SKU's stock spread over slot rows, UNIQUE (sku_id, slot).
-- Restocks add to a random slot (the lab seeds the slots this way):
--   INSERT INTO inventory_slot (sku_id, slot, stock) VALUES (?, ?, ?)
--   ON DUPLICATE KEY UPDATE stock = stock + VALUES(stock)
-- A sale adds a negative amount to a random slot, guarded by SUM(stock) … FOR UPDATE in the same
-- statement, which locks every slot row of the SKU again.
\strategy slotted
\title Slotted rows, SUM-guarded (as in the articles)
\explain One SKU is spread over N slot rows (UNIQUE sku_id, slot), like GitHub's download counters with
\explain 100 slots: a restock adds to a random slot with INSERT … ON DUPLICATE KEY UPDATE, and totals are
\explain read with SUM. That spreads increments well. A sale, though, must not oversell, so the articles
\explain guard it with SUM(stock) … FOR UPDATE inside the same statement, and that guard locks every slot
\explain of the SKU again: decrements still queue on the SKU as a whole.
\safe yes
\layout slots
\field slots

\set slot random(0, :slots - 1)
START TRANSACTION;
\if :engine = 'postgres'
  -- PostgreSQL refuses FOR UPDATE beside an aggregate: the slots are locked in a subquery, then
  -- summed. In slot order: PostgreSQL reads them in the order their latest versions lie in the
  -- table, which each update changes, and two guards locking in two orders deadlock (each for
  -- deadlock_timeout); InnoDB reads its index in order.
  \lock
  INSERT INTO inventory_slot (sku_id, slot, stock)
  SELECT :sku, :slot, -CAST(:qty AS BIGINT)
  WHERE (SELECT SUM(stock) FROM (SELECT stock FROM inventory_slot WHERE sku_id = :sku
                                 ORDER BY slot FOR UPDATE) AS slots) >= :qty
  ON CONFLICT (sku_id, slot) DO UPDATE SET stock = inventory_slot.stock + EXCLUDED.stock;
\else
  \lock
  INSERT INTO inventory_slot (sku_id, slot, stock)
  SELECT :sku, :slot, -:qty FROM DUAL
  WHERE (SELECT SUM(stock) FROM inventory_slot WHERE sku_id = :sku FOR UPDATE) >= :qty
  ON DUPLICATE KEY UPDATE stock = stock + VALUES(stock);
\endif
-- 0 rows: the SUM guard refused, out of stock
\if :rows = 0
  ROLLBACK;
  \out-of-stock
\endif
\delay
INSERT INTO orders (request_id, sku_id, qty) VALUES (:request_id, :sku, :qty);
COMMIT;
\sold
