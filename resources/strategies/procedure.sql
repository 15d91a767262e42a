-- The whole order in a stored routine the lab creates before the run: one round trip, and the
-- transaction (conditional UPDATE, INSERT, COMMIT) starts and ends inside the server, so no
-- network crossing and no client work happen while the row is locked.
\strategy procedure
\title Stored procedure (one round trip per order)
\explain The articles' "merge the SQL": the order is one CALL of a stored procedure the lab creates in
\explain its own database. Inside the server it runs conditional's transaction (UPDATE … WHERE stock >= n,
\explain INSERT the order, COMMIT), so the row lock is held only while the server executes those
\explain statements, never across a network round trip or the client's work. Pessimistic holds the hot
\explain row across three round trips and conditional across two; the procedure across none, which is
\explain why its lead grows with the round trip (--rtt-ms). The in-transaction delay does not apply:
\explain there is no client step inside its transaction.
\safe yes
\layout rows

-- Out of stock is a SIGNAL with its own text; any other error of the body is rolled back and
-- passed on as it is (RESIGNAL), so that deadlocks, lock wait timeouts and a duplicate request
-- id reach the lab with their own codes.
\routine mysql
CREATE PROCEDURE lab_sell(IN p_sku BIGINT, IN p_qty INT, IN p_request BIGINT)
MODIFIES SQL DATA
BEGIN
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK; RESIGNAL; END;
  START TRANSACTION;
  UPDATE inventory SET stock = stock - p_qty WHERE sku_id = p_sku AND stock >= p_qty;
  IF ROW_COUNT() = 0 THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'lab_sell: out of stock';
  END IF;
  INSERT INTO orders (request_id, sku_id, qty) VALUES (p_request, p_sku, p_qty);
  COMMIT;
END
\endroutine
-- On PostgreSQL a PL/pgSQL function: SELECT lab_sell(…) runs as one transaction of its own,
-- and an error inside rolls all of it back and reaches the client with its SQLSTATE.
\routine postgres
CREATE FUNCTION lab_sell(p_sku BIGINT, p_qty INT, p_request BIGINT) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE inventory SET stock = stock - p_qty WHERE sku_id = p_sku AND stock >= p_qty;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'lab_sell: out of stock';
  END IF;
  INSERT INTO orders (request_id, sku_id, qty) VALUES (p_request, p_sku, p_qty);
END
$$
\endroutine

-- sku, qty, request id: one round trip
\if :engine = 'postgres'
  \on-error 'lab_sell: out of stock' out-of-stock
  SELECT lab_sell(:sku, :qty, :request_id);
\else
  \on-error 'lab_sell: out of stock' out-of-stock
  CALL lab_sell(:sku, :qty, :request_id);
\endif
\sold
