-- The stock is checked by the UPDATE itself, under the row lock it takes anyway.
\strategy conditional
\title Conditional UPDATE … WHERE stock >= n
\explain Read, check and write are merged into one statement: UPDATE … SET stock = stock - n WHERE
\explain stock >= n. The server checks the stock under the row lock it takes anyway, so nothing can
\explain oversell, and there is no read-then-write round trip while the lock is held. The order row
\explain still goes in the same transaction, so the lock lasts until COMMIT.
\safe yes
\layout rows

START TRANSACTION;
\lock
UPDATE inventory SET stock = stock - :qty WHERE sku_id = :sku AND stock >= :qty;
-- 0 rows changed: out of stock
\if :rows = 0
  ROLLBACK;
  \out-of-stock
\endif
\delay
INSERT INTO orders (request_id, sku_id, qty) VALUES (:request_id, :sku, :qty);
COMMIT;
\sold
