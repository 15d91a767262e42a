-- The SKU's stock divided among slot rows: a sale takes from one random slot, and moves to
-- another when that one runs dry.
\strategy slotted-partitioned
\title Slotted rows, stock partitioned over slots
\explain The SKU's stock is divided among N slot rows, like splitting one Redis key into sub-keys. A sale
\explain takes from one random slot with UPDATE … WHERE slot = ? AND stock >= n, so concurrent sales of the
\explain same SKU mostly lock different rows. When a slot runs dry the sale moves to a slot that still
\explain holds enough (SKIP LOCKED first, then waiting). The cost: near the end, stock left in small slots
\explain can refuse an order the total could still fill, and stock must be redistributed now and then.
\safe yes
\layout slots
\field slots

\set slot random(0, :slots - 1)
START TRANSACTION;
\lock slot
UPDATE inventory_slot SET stock = stock - :qty WHERE sku_id = :sku AND slot = :slot AND stock >= :qty;
\if :rows = 0
  -- This slot ran dry: let it go before looking elsewhere. Scanning for another slot while
  -- holding a random one would lock slots out of order and deadlock.
  ROLLBACK;
  START TRANSACTION;
  -- First a slot nobody holds (SKIP LOCKED never waits).
  \lock
  SELECT slot AS free_slot FROM inventory_slot WHERE sku_id = :sku AND stock >= :qty
   ORDER BY slot LIMIT 1 FOR UPDATE SKIP LOCKED \aset
  \if :rows = 0
    -- Every candidate is busy: start clean and wait in ascending slot order, so that waits
    -- cannot form a cycle.
    ROLLBACK;
    START TRANSACTION;
    \lock
    SELECT slot AS free_slot FROM inventory_slot WHERE sku_id = :sku AND stock >= :qty
     ORDER BY slot LIMIT 1 FOR UPDATE \aset
    \if :rows = 0
      ROLLBACK;
      \out-of-stock
    \endif
  \endif
  UPDATE inventory_slot SET stock = stock - :qty WHERE sku_id = :sku AND slot = :free_slot AND stock >= :qty;
  \if :rows = 0
    \failed a slot changed under its lock
  \endif
\endif
\delay
INSERT INTO orders (request_id, sku_id, qty) VALUES (:request_id, :sku, :qty);
COMMIT;
\sold
