-- What the strategy scripts share: the lab's tables, seeded as the lab seeds them, the
-- session set-up of a lab worker, and its order stream (request ids, SKU, quantity).
--
-- The schema is a copy of strategies/labschema.cpp (the tables of the row strategies);
-- bench/compare.sh checks with SHOW CREATE TABLE that both still create the same tables.
-- The tables go in a database of their own (--mysql-db, e.g. lockbench_sysbench): the lab
-- refuses a database holding tables it did not create, so the lab's database is left alone.

local lab = {}

sysbench.cmdline.options = {
   skus = { "SKU count; each order picks one uniformly (1: one hot SKU)", 1 },
   stock = { "initial stock per SKU; choose it so that the run never sells out", 1000000 },
   qty = { "units per order", 1 },
   isolation = { "session isolation level (the lab's --isolation, in SQL words)", "REPEATABLE READ" },
}

local schema = {
   [[CREATE TABLE sku (
  sku_id BIGINT NOT NULL PRIMARY KEY,
  initial_stock BIGINT NOT NULL
) ENGINE=InnoDB]],
   [[CREATE TABLE orders (
  request_id BIGINT NOT NULL PRIMARY KEY,
  sku_id BIGINT NOT NULL,
  qty INT NOT NULL,
  created_at TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6)
) ENGINE=InnoDB]],
   [[CREATE TABLE inventory (
  sku_id BIGINT NOT NULL PRIMARY KEY,
  stock BIGINT NOT NULL,
  version BIGINT NOT NULL DEFAULT 0
) ENGINE=InnoDB]],
}

local tables = { "sku", "orders", "inventory" }

-- As the lab's LabDatabase::insertRows: multi-row INSERTs of at most 5000 rows.
local function insert_rows(con, head, count, row)
   local rows_per_statement = 5000
   for first = 1, count, rows_per_statement do
      local values = {}
      for i = first, math.min(count, first + rows_per_statement - 1) do
         values[#values + 1] = row(i)
      end
      con:query(head .. table.concat(values, ","))
   end
end

local function drop_tables(con)
   for _, name in ipairs(tables) do
      con:query("DROP TABLE IF EXISTS " .. name)
   end
end

-- sysbench prepare: fresh tables with every SKU at --stock, as before each lab strategy.
function lab.prepare()
   local con = sysbench.sql.driver():connect()
   drop_tables(con)
   for _, create in ipairs(schema) do
      con:query(create)
   end
   local skus, stock = sysbench.opt.skus, sysbench.opt.stock
   insert_rows(con, "INSERT INTO sku (sku_id, initial_stock) VALUES ", skus,
      function(i) return string.format("(%d,%d)", i, stock) end)
   insert_rows(con, "INSERT INTO inventory (sku_id, stock, version) VALUES ", skus,
      function(i) return string.format("(%d,%d,0)", i, stock) end)
   con:disconnect()
end

-- sysbench cleanup
function lab.cleanup()
   local con = sysbench.sql.driver():connect()
   drop_tables(con)
   con:disconnect()
end

-- One connection per sysbench thread (each has a Lua state of its own), set up as the lab
-- sets up a worker's session.
function lab.thread_init()
   lab.con = sysbench.sql.driver():connect()
   lab.con:query("SET SESSION TRANSACTION ISOLATION LEVEL " .. sysbench.opt.isolation)
end

function lab.thread_done()
   lab.con:disconnect()
end

-- The order a thread is placing. As in the lab's client loop, a request id is
-- (client index + 1) << 40 | sequence, and an order keeps its id, SKU and quantity across
-- the retries of a deadlock or lock wait timeout (sysbench restarts the event on those).
local pending = nil
local sequence = 0

function lab.order()
   if pending == nil then
      pending = {
         request_id = (sysbench.tid + 1) * 2 ^ 40 + sequence,
         sku_id = sysbench.rand.uniform(1, sysbench.opt.skus),
         qty = sysbench.opt.qty,
      }
   end
   return pending
end

-- The order was sold or refused: the next one gets a new id.
function lab.done()
   pending = nil
   sequence = sequence + 1
end

function lab.insert_order_sql(order)
   return string.format("INSERT INTO orders (request_id, sku_id, qty) VALUES (%d, %d, %d)",
      order.request_id, order.sku_id, order.qty)
end

-- A lock wait timeout (1205) or 1020 leaves the transaction open: roll back before the retry,
-- as the lab does. A deadlock (1213) has rolled it back already.
function lab.before_restart(err)
   if err.sql_errno ~= 1213 then
      lab.con:query("ROLLBACK")
   end
end

-- The sysbench entry points; a strategy script adds event().
prepare = lab.prepare
cleanup = lab.cleanup
thread_init = lab.thread_init
thread_done = lab.thread_done
sysbench.hooks.before_restart_event = lab.before_restart

return lab
