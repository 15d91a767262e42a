-- Lock the SKU's row, check the stock in the client, take it, record the order.
\strategy pessimistic
\title Pessimistic (SELECT … FOR UPDATE)
\explain Each order locks the SKU's row with SELECT … FOR UPDATE, checks the stock in the client,
\explain updates it and commits. InnoDB grants the row's exclusive lock to one transaction at a time,
\explain so on a hot SKU every order waits for all those ahead of it, and the lock is held across
\explain every network round trip until COMMIT: the in-transaction delay adds directly to each wait.
\safe yes
\baseline yes
\layout rows

START TRANSACTION;
\lock
SELECT stock FROM inventory WHERE sku_id = :sku FOR UPDATE \gset
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
