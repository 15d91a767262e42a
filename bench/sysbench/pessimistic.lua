-- sysbench 1.0 script: the lab's pessimistic strategy (strategies/pessimisticstrategy.cpp),
-- the same statements per order, sent as text queries.
--   sysbench pessimistic.lua --mysql-db=lockbench_sysbench [--skus=N --stock=N] prepare|run|cleanup
package.path = (debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "?.lua;" .. package.path
local lab = require("lab") -- the tables, the session, the order stream, prepare and cleanup

function event()
   local con, order = lab.con, lab.order()
   con:query("START TRANSACTION")
   local stock = con:query_row(string.format(
      "SELECT stock FROM inventory WHERE sku_id = %d FOR UPDATE", order.sku_id))
   if stock == nil or tonumber(stock) < order.qty then -- out of stock
      con:query("ROLLBACK")
   else
      con:query(string.format("UPDATE inventory SET stock = stock - %d WHERE sku_id = %d",
         order.qty, order.sku_id))
      con:query(lab.insert_order_sql(order))
      con:query("COMMIT")
   end
   lab.done()
end
