-- Two SKUs per order, both rows locked lowest sku_id first: no wait-for cycle can form.
\strategy two-sku-sorted
\title Two SKUs per order, locked in sorted order
\explain Each order buys two SKUs and locks both rows, always the lower sku_id first. Two orders that want
\explain the same pair queue on the first row; neither can hold a row the other already waits for, so no
\explain wait-for cycle and no deadlock can form. Same work as the random-order strategy, without the
\explain 1213 errors and retries.
\safe yes
\layout rows
\lines 2

\set low least(:sku, :sku2)
\set high greatest(:sku, :sku2)
START TRANSACTION;
-- the lower sku_id
\lock
SELECT stock FROM inventory WHERE sku_id = :low FOR UPDATE \gset low_
-- client: in-transaction delay while holding the first row
\delay
-- the higher sku_id
\lock
SELECT stock FROM inventory WHERE sku_id = :high FOR UPDATE \gset high_
-- client: both have stock >= qty?
\if :low_stock < :qty OR :high_stock < :qty
  ROLLBACK;
  \out-of-stock
\endif
UPDATE inventory SET stock = stock - :qty WHERE sku_id IN (:low, :high);
INSERT INTO orders (request_id, sku_id, qty) VALUES (:request_id, :sku, :qty), (:request_id2, :sku2, :qty);
COMMIT;
\sold
