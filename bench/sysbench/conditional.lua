-- sysbench 1.0 script: the lab's conditional strategy (strategies/conditionalstrategy.cpp),
-- the same statements per order, sent as text queries.
--   sysbench conditional.lua --mysql-db=lockbench_sysbench [--skus=N --stock=N] prepare|run|cleanup
package.path = (debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "?.lua;" .. package.path
local lab = require("lab") -- the tables, the session, the order stream, prepare and cleanup

function event()
   local con, order = lab.con, lab.order()
   con:query("START TRANSACTION")
   -- sysbench 1.0 hands a script no affected-row count for a text query, so the refusal of an
   -- order (0 rows changed: out of stock, then ROLLBACK in the lab) cannot be seen here. The
   -- stock must outlast the run; bench/compare.sh checks afterwards that every order sold.
   con:query(string.format("UPDATE inventory SET stock = stock - %d WHERE sku_id = %d AND stock >= %d",
      order.qty, order.sku_id, order.qty))
   con:query(lab.insert_order_sql(order))
   con:query("COMMIT")
   lab.done()
end
