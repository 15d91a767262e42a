-- Teaching baseline: read, check in the client, write the computed value back, with no lock.
\strategy naive
\title Naive read-then-write (unsafe)
\explain UNSAFE on purpose. Reads the stock, checks it in the client and writes the computed value back,
\explain each statement on its own with no lock in between. Two orders that read the same stock both
\explain write stock - 1: one decrement is lost, yet both orders are recorded. Under contention the shop
\explain sells more than it had; the oversell audit shows by how much.
\safe no
\layout rows

-- Every statement autocommits: nothing holds the row between the read and the write.
SELECT stock FROM inventory WHERE sku_id = :sku \gset
-- client: stock >= qty? new = stock - qty
\if :stock < :qty
  \out-of-stock
\endif
\delay
\set left :stock - :qty
\lock
UPDATE inventory SET stock = :left WHERE sku_id = :sku;
INSERT INTO orders (request_id, sku_id, qty) VALUES (:request_id, :sku, :qty);
\sold
