<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ApplierStallBreaker</name>
    <message>
        <source>node %1&apos;s applier had waited %2 s on a lock of connection %3, which the brute-force abort missed: the lab closed that connection</source>
        <translation>节点 %1 的应用线程已在连接 %3 持有的锁上等待 %2 秒，强制中止（brute-force abort）没有中止它：实验室关闭了该连接</translation>
    </message>
</context>
<context>
    <name>Auditor</name>
    <message>
        <source>audit failed: no reader for the stock kept outside MariaDB</source>
        <translation>审计失败：无法读取存放在 MariaDB 之外的库存</translation>
    </message>
    <message>
        <source>audit failed: %1</source>
        <translation>审计失败：%1</translation>
    </message>
    <message>
        <source>the stock is kept in Redis</source>
        <translation>库存保存在 Redis 中</translation>
    </message>
    <message>
        <source>audit failed: the connection to the server is closed</source>
        <translation>审计失败：与服务器的连接已关闭</translation>
    </message>
    <message>
        <source>audit failed: the invariant %1: %2</source>
        <translation>审计失败：不变式 %1：%2</translation>
    </message>
</context>
<context>
    <name>Bound</name>
    <message>
        <source>nothing measured</source>
        <translation>未测到任何数据</translation>
    </message>
    <message>
        <source>the busiest row lock</source>
        <translation>最忙的行锁</translation>
    </message>
    <message>
        <source>the row lock inside the server</source>
        <translation>服务器内部的行锁</translation>
    </message>
    <message>
        <source>the busiest writer</source>
        <translation>最忙的写入者</translation>
    </message>
    <message>
        <source>the CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>the arrival rate</source>
        <translation>到达速率</translation>
    </message>
    <message>
        <source>the clients</source>
        <translation>客户端</translation>
    </message>
    <message>
        <source>the cluster&apos;s certification</source>
        <translation>集群的认证</translation>
    </message>
    <message>
        <source>no shared resource</source>
        <translation>没有共享资源</translation>
    </message>
</context>
<context>
    <name>BoundSentence</name>
    <message>
        <source>every sale took %1 turns on the row (an attempt that lost held it until its ROLLBACK), each holding it %2 ms</source>
        <translation>每笔成交平均轮到该行 %1 次（失败的尝试一直持有它直到 ROLLBACK），每次持有 %2 ms</translation>
    </message>
    <message>
        <source>each commit held its row lock %1 ms for %2 orders</source>
        <translation>每次提交为 %2 个订单持有行锁 %1 ms</translation>
    </message>
    <message>
        <source>each order held its row lock %1 ms, from the locking statement to the commit</source>
        <translation>每个订单从加锁语句到提交持有行锁 %1 ms</translation>
    </message>
    <message>
        <source>, and the lock took %1 ms more to reach the next waiter</source>
        <translation>，锁再用 %1 ms 才交到下一个等待者手中</translation>
    </message>
    <message>
        <source>, and hardly any holder waited for another</source>
        <translation>，几乎没有持有者等待另一个</translation>
    </message>
    <message>
        <source> (with %1 % of orders on the busiest row, %2 orders/s in all)</source>
        <translation>（最忙的行承担 %1% 的订单，合计 %2 单/秒）</translation>
    </message>
    <message>
        <source>Row-lock serialisation: %1%2, so one row passes at most %3 orders/s%4; the run reached %5 % of that.</source>
        <translation>行锁串行化：%1%2，因此单行最多只能通过 %3 单/秒%4；本次运行达到其 %5%。</translation>
    </message>
    <message>
        <source>The row lock inside the server is the bound: %1 % of orders waited for it, %2 ms each by the server&apos;s own count, so the row was never free for long and passed %3 orders/s (the run reached %4 % of a row that is always busy). The lock is taken and released inside one statement, where the client cannot time it.</source>
        <translation>瓶颈是服务器内部的行锁：%1% 的订单等过它，按服务器自己的计数每次 %2 ms，因此该行几乎从不空闲，每秒通过 %3 单（达到一直繁忙的行的 %4%）。锁在一条语句内部获取和释放，客户端无法计时。</translation>
    </message>
    <message>
        <source>The queue&apos;s writer is the bound: the busiest writer takes %1 % of the orders and spent %2 ms per batch of %3 orders (its round trips, statements and commit), so it passes at most %4 orders/s; the run reached %5 % of that.</source>
        <translation>瓶颈是队列的写入者：最忙的写入者承担 %1% 的订单，每批 %3 个订单耗时 %2 ms（往返、语句和提交），因此最多通过 %4 单/秒；本次运行达到其 %5%。</translation>
    </message>
    <message>
        <source>%1 ms of the lab&apos;s CPU</source>
        <translation>本工具 CPU %1 ms</translation>
    </message>
    <message>
        <source> and %1 ms of the server&apos;s</source>
        <translation> 及服务器 CPU %1 ms</translation>
    </message>
    <message>
        <source>The machine&apos;s CPU is the bound: %1 % of %2 cores were busy, %3 per order, which allow %4 orders/s; the run reached %5 % of that.</source>
        <translation>瓶颈是机器的 CPU：%2 个核心的 %1% 处于忙碌，每个订单 %3，最多允许 %4 单/秒；本次运行达到其 %5%。</translation>
    </message>
    <message>
        <source> No shared resource was saturated: %1 was at %2 % of its ceiling of %3 orders/s.</source>
        <translation> 没有共享资源饱和：%1 只达到其上限 %3 单/秒的 %2%。</translation>
    </message>
    <message>
        <source>The arrival rate is the bound: orders arrived at %1 a second and the run completed %2 % of that rate.</source>
        <translation>瓶颈是到达速率：订单以每秒 %1 个到达，本次运行完成了该速率的 %2%。</translation>
    </message>
    <message>
        <source>The clients are the bound: %1 clients, each waiting %2 ms for its order before it sends the next, allow %3 orders/s; the run reached %4 % of that.</source>
        <translation>瓶颈是客户端：%1 个客户端，每个等待自己的订单 %2 ms 后才发送下一个，最多允许 %3 单/秒；本次运行达到其 %4%。</translation>
    </message>
    <message>
        <source> The model falls short: no ceiling it measures was reached beyond %1 %, so %2 % of the time went to something the lab does not measure.</source>
        <translation> 模型不足以解释：测得的上限没有一个超过 %1%，因此 %2% 的时间花在了本工具没有测量的地方。</translation>
    </message>
    <message>
        <source>%1 ms waiting in the lab (its queue or an open-loop backlog)</source>
        <translation>%1 ms 在本工具中等待（队列或开环积压）</translation>
    </message>
    <message>
        <source>%1 ms crossing the network (%2 round trips)</source>
        <translation>%1 ms 穿越网络（%2 次往返）</translation>
    </message>
    <message>
        <source>%1 ms waiting for a row lock</source>
        <translation>%1 ms 等待行锁</translation>
    </message>
    <message>
        <source>%1 ms executing</source>
        <translation>%1 ms 执行</translation>
    </message>
    <message>
        <source>%1 ms committing</source>
        <translation>%1 ms 提交</translation>
    </message>
    <message>
        <source>%1 ms in Redis</source>
        <translation>%1 ms 在 Redis 中</translation>
    </message>
    <message>
        <source>%1 ms backing off before a retry</source>
        <translation>%1 ms 重试前退避</translation>
    </message>
    <message>
        <source>%1 ms of work inside the transaction</source>
        <translation>%1 ms 事务内的工作</translation>
    </message>
    <message>
        <source>%1 ms that no clock saw (the lab&apos;s own CPU, threads waiting to run)</source>
        <translation>%1 ms 未被任何计时覆盖（本工具自身的 CPU、等待运行的线程）</translation>
    </message>
    <message>
        <source>Where an order&apos;s %1 ms went: %2.</source>
        <translation>一个订单的 %1 ms 花在了：%2。</translation>
    </message>
    <message>
        <source> The server fell behind: %1 orders were due and not yet sent when the run stopped; their latency would count from when they were due, and they are in no figure.</source>
        <translation> 服务器跟不上：运行停止时有 %1 个订单已到期但尚未发出；它们的延迟本应从到期时算起，不计入任何数字。</translation>
    </message>
    <message>
        <source>The row lock inside the server is the bound: the lab found a transaction waiting for it in %1 % of its %2 looks at the server (PostgreSQL counts no lock waits), so the row was never free for long and passed %3 orders/s (the run reached %4 % of a row that is always busy). The lock is taken and released inside one statement, where the client cannot time it.</source>
        <translation>瓶颈是服务器内部的行锁：实验室在对服务器的 %2 次查看中，有 %1 % 发现有事务在等它（PostgreSQL 不统计锁等待），所以这一行几乎从不空闲，每秒通过 %3 个订单（本次运行达到了一直繁忙的行的 %4 %）。这把锁在一条语句内部获取和释放，客户端无法为它计时。</translation>
    </message>
    <message>
        <source>The clients are the bound: %1 clients, each waiting %2 ms for its order before it sends the next and selling %3 order lines per order on average, allow %4 order lines/s; the run reached %5 % of that.</source>
        <translation>瓶颈是客户端：%1 个客户端，每个等待自己的订单 %2 ms 后才发送下一个，平均每单卖出 %3 个订单行，最多允许 %4 行/秒；本次运行达到其 %5%。</translation>
    </message>
    <message>
        <source>Where a batch&apos;s %1 ms went: %2.</source>
        <translation>一批任务的 %1 ms 花在了：%2。</translation>
    </message>
    <message>
        <source>%1 ms waking late from the network&apos;s sleeps (a busy machine)</source>
        <translation>%1 ms 从网络模拟的等待中迟醒（机器繁忙）</translation>
    </message>
</context>
<context>
    <name>ChartDrawing</name>
    <message>
        <source>cannot create %1</source>
        <translation>无法创建 %1</translation>
    </message>
</context>
<context>
    <name>ChartExporter</name>
    <message>
        <source>a chart must be between 50 and 20000 pixels wide and high</source>
        <translation>图表的宽度和高度必须在 50 到 20000 像素之间</translation>
    </message>
    <message>
        <source>DPI must be between 36 and 1200</source>
        <translation>DPI 必须在 36 到 1200 之间</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>%1: choose a .png, .svg or .pdf file name</source>
        <translation>%1：请选择 .png、.svg 或 .pdf 文件名</translation>
    </message>
</context>
<context>
    <name>ChartFactory</name>
    <message>
        <source>%5 [run #%1, skus=%2 slots=%3 delay=%4ms]</source>
        <extracomment>A chart line&apos;s name (%5, the strategy) and the run and settings that tell it from its other lines</extracomment>
        <translation>%5 [运行 #%1，SKU=%2 槽位=%3 延迟=%4ms]</translation>
    </message>
</context>
<context>
    <name>ChartsPanel</name>
    <message>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>Lock waits</source>
        <translation>锁等待</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Redis</source>
        <translation>Redis</translation>
    </message>
    <message>
        <source>errors/s</source>
        <translation>错误/秒</translation>
    </message>
    <message>
        <source>Other errors: solid 1020 (write conflict), dashed 3572 (NOWAIT), dotted lost connections.</source>
        <translation>其他错误：实线为 1020（写冲突），虚线为 3572（NOWAIT），点线为连接丢失。</translation>
    </message>
    <message>
        <source>Drawn by the strategies that keep stock in Redis (redis-split), from Redis&apos;s INFO and the clients&apos; own clocks. Redis counts a script&apos;s own GET and DECRBY as commands.</source>
        <translation>由把库存放在 Redis 中的策略（redis-split）绘制，数据来自 Redis 的 INFO 和客户端自身的计时。Redis 会把脚本内部的 GET 和 DECRBY 也计为命令。</translation>
    </message>
    <message>
        <source>Oversell</source>
        <translation>超卖</translation>
    </message>
    <message>
        <source>Scaling</source>
        <translation>扩展性</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Replication</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Drawn by runs on a multi-primary cluster: a row lock holds only on its own node, so writes from other nodes meet at COMMIT and all but one are aborted. Lower charts, from each node&apos;s wsrep status: node 1 solid, node 2 dashed, node 3 dotted.</source>
        <translation>由多主集群上的运行绘制：行锁只在它自己的节点上有效，所以来自其他节点的写入在 COMMIT 时相遇，只留一个，其余全部中止。下方两图来自每个节点的 wsrep 状态：节点 1 实线，节点 2 虚线，节点 3 点线。</translation>
    </message>
    <message>
        <source>Each node of a cluster, from its wsrep status (node 1 solid, node 2 dashed, node 3 dotted): the commits of its own clients, the time flow control paused replication, and the write sets waiting to be applied or sent.</source>
        <translation>集群的每个节点，来自它的 wsrep 状态（节点 1 实线，节点 2 虚线，节点 3 点线）：它自己客户端的提交、流控暂停复制的时间，以及等待应用或发送的写集。</translation>
    </message>
    <message>
        <source>Time per order</source>
        <translation>订单耗时</translation>
    </message>
    <message>
        <source>Hot-row timeline</source>
        <translation>热点行时间线</translation>
    </message>
    <message>
        <source>One chart per strategy</source>
        <translation>每个策略一张图</translation>
    </message>
    <message>
        <source>Orders per second over time as one small chart per strategy, every one on the same axes, instead of every line on one chart</source>
        <translation>把每秒订单数随时间的变化画成每个策略一张小图，所有小图共用相同的坐标轴，而不是把所有曲线叠在一张图上</translation>
    </message>
</context>
<context>
    <name>ChildProcess</name>
    <message>
        <source>cannot start %1: %2</source>
        <translation>无法启动 %1：%2</translation>
    </message>
    <message>
        <source>%1 did not finish within %2 s: %3</source>
        <translation>%1 未在 %2 秒内结束：%3</translation>
    </message>
    <message>
        <source>%1 failed (exit code %2): %3</source>
        <translation>%1 失败（退出码 %2）：%3</translation>
    </message>
</context>
<context>
    <name>ClaimExplanation</name>
    <message>
        <source>Batches ran side by side: each kept its %1 tasks locked %2 ms, which one batch at a time would cap at %3 tasks/s; the run reached %4 tasks/s, %5 times that.</source>
        <translation>各批次并行执行：每批将其 %1 个任务锁定 %2 ms，若一次只能执行一批，上限为 %3 任务/秒；本次运行达到 %4 任务/秒，是该上限的 %5 倍。</translation>
    </message>
    <message>
        <source>Batches took turns: each kept its %1 tasks locked %2 ms, work and round trips included, and the next worker waited for the same rows; one batch at a time allows %3 tasks/s, and the run reached %4 % of that.</source>
        <translation>各批次轮流执行：每批将其 %1 个任务锁定 %2 ms（含工作和往返时间），下一个工作线程则等待同样的行；一次一批的上限为 %3 任务/秒，本次运行达到其 %4%。</translation>
    </message>
    <message>
        <source>Each batch kept its %1 tasks locked %2 ms; one batch at a time would allow %3 tasks/s, and the run reached %4 % of that: the time went elsewhere.</source>
        <translation>每批将其 %1 个任务锁定 %2 ms；一次一批的上限为 %3 任务/秒，而本次运行只达到其 %4%：时间花在了别处。</translation>
    </message>
    <message>
        <source>Claims waited %1 ms for row locks per task completed.</source>
        <translation>每完成一个任务，认领平均要等待行锁 %1 ms。</translation>
    </message>
    <message>
        <source> Under %1 a claim&apos;s scan also locks the gaps between the rows it reads, so claims queue behind each other; at READ COMMITTED only the claimed rows are locked.</source>
        <translation> 在 %1 下，认领的扫描还会锁住所读各行之间的间隙（间隙锁），因此认领之间会相互排队；在 READ COMMITTED 下只锁定被认领的行。</translation>
    </message>
    <message>
        <source>The lab killed %1 workers&apos; connections: their transactions rolled back, and their tasks were pending again at once.</source>
        <translation>本工具终止了 %1 个工作线程的连接：它们的事务已回滚，其任务立即恢复为待处理。</translation>
    </message>
    <message>
        <source>The lab killed %1 workers&apos; connections: the sweeper gave back %2 claims older than %3 s, and %4 tasks were still stranded with a dead worker at the end.</source>
        <translation>本工具终止了 %1 个工作线程的连接：清扫线程收回了 %2 个超过 %3 s 的认领，结束时仍有 %4 个任务滞留在已终止的工作线程上。</translation>
    </message>
    <message>
        <source>%1 tasks were claimed while another live worker still held them: a batch&apos;s work outlasted the claim timeout, and the sweeper handed its tasks to a second worker.</source>
        <translation>有 %1 个任务在另一个存活的工作线程仍持有时被再次认领：某个批次的工作时间超过了认领超时，清扫线程把它的任务交给了第二个工作线程。</translation>
    </message>
    <message>
        <source>No task was claimed by two live workers at once.</source>
        <translation>没有任务同时被两个存活的工作线程认领。</translation>
    </message>
    <message>
        <source>Every task was done at %1 s.</source>
        <translation>所有任务在 %1 s 时全部完成。</translation>
    </message>
    <message>
        <source>Claims queued for row locks: %1 ms of each batch&apos;s %2 ms went waiting for rows another claim held, so %3 workers completed at most %4 tasks/s; the run reached %5.</source>
        <translation>认领在行锁上排队：每批 %2 ms 中有 %1 ms 在等待另一个认领持有的行，因此 %3 个工作者最多每秒完成 %4 个任务；本次运行达到 %5。</translation>
    </message>
    <message>
        <source>The workers were bound by their own time: %1 ms of each batch&apos;s %2 ms was work and round trips, so %3 workers complete at most %4 tasks/s, and more workers would complete more; the run reached %5.</source>
        <translation>工作者受限于自身的时间：每批 %2 ms 中有 %1 ms 是工作与往返，因此 %3 个工作者最多每秒完成 %4 个任务，更多工作者会完成更多；本次运行达到 %5。</translation>
    </message>
    <message>
        <source>Each batch of %1 tasks took %2 ms, most of it in the server&apos;s statements, so %3 workers complete at most %4 tasks/s; the run reached %5.</source>
        <translation>每批 %1 个任务用时 %2 ms，大部分花在服务器执行语句上，因此 %3 个工作者最多每秒完成 %4 个任务；本次运行达到 %5。</translation>
    </message>
</context>
<context>
    <name>ClaimSweeper</name>
    <message>
        <source>claim sweeper: cannot connect</source>
        <translation>认领清扫线程：无法连接</translation>
    </message>
    <message>
        <source>claim sweeper</source>
        <translation>认领清扫线程</translation>
    </message>
</context>
<context>
    <name>ClaimWorkload</name>
    <message>
        <source>cannot count the tasks left claimed: %1</source>
        <translation>无法统计仍处于认领状态的任务：%1</translation>
    </message>
</context>
<context>
    <name>ClientConnection</name>
    <message>
        <source>not connected: the run is not starting</source>
        <translation>未连接：本次运行不会开始</translation>
    </message>
    <message>
        <source>cannot connect to %1: %2</source>
        <translation>无法连接到 %1：%2</translation>
    </message>
    <message>
        <source>cannot set isolation level: %1</source>
        <translation>无法设置隔离级别：%1</translation>
    </message>
    <message>
        <source>cannot set innodb_lock_wait_timeout: %1</source>
        <translation>无法设置 innodb_lock_wait_timeout：%1</translation>
    </message>
</context>
<context>
    <name>ClientDrain</name>
    <message>
        <source>stopping now: on a cluster the orders under way are waited for, not cancelled</source>
        <translation>立即停止：在集群上仍会等待进行中的订单完成，不会取消它们</translation>
    </message>
    <message numerus="yes">
        <source>stopping now: cancelling the orders still waiting, %n under way</source>
        <translation>
            <numerusform>立即停止：正在取消仍在等待的订单，还有 %n 个进行中</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>stopping: %n orders still under way; stopping again cancels them</source>
        <translation>
            <numerusform>正在停止：还有 %n 个订单进行中；再次停止将取消它们</numerusform>
        </translation>
    </message>
    <message>
        <source>finding the statements to end</source>
        <translation>查找要终止的语句</translation>
    </message>
    <message>
        <source>ending a statement on Stop now</source>
        <translation>立即停止时终止语句</translation>
    </message>
</context>
<context>
    <name>ClientPool</name>
    <message>
        <source>client %1: %2</source>
        <translation>客户端 %1：%2</translation>
    </message>
</context>
<context>
    <name>ClosingAudit</name>
    <message>
        <source>cannot learn whether the clients&apos; sessions have ended: %1</source>
        <translation>无法得知客户端在服务器上的会话是否已结束：%1</translation>
    </message>
    <message>
        <source>the clients&apos; sessions on the server did not end</source>
        <translation>客户端在服务器上的会话没有结束</translation>
    </message>
    <message>
        <source>cannot learn whether the clients&apos; sessions have ended: the connection to the server is closed</source>
        <translation>无法得知客户端的会话是否已结束：与服务器的连接已关闭</translation>
    </message>
</context>
<context>
    <name>ClusterExplanation</name>
    <message>
        <source>Every client wrote through one node of the %1: its row lock queued them as a single server&apos;s does, and certification had nothing to refuse (%2 aborts at COMMIT).</source>
        <translation>所有客户端都经由 %1 个节点中的一个写入：该节点的行锁像单台服务器一样让它们排队，认证无可拒绝（COMMIT 时中止 %2 次）。</translation>
    </message>
    <message>
        <source>Clients wrote through %1 nodes, yet conflicts were rare: %2 aborts per sold order.</source>
        <translation>客户端经由 %1 个节点写入，但冲突很少：每个售出订单中止 %2 次。</translation>
    </message>
    <message>
        <source>Multi-primary conflicts: a row lock holds only on the node that took it, so clients on %1 nodes wrote the hot row at once and certification settled it at COMMIT, rolling back all but one. %2 commits were refused and %3 statements were rolled back by another node&apos;s write: %4 aborts per sold order, and %5 % of the attempts were retries.</source>
        <translation>多主冲突：行锁只在加锁的节点上有效，所以 %1 个节点上的客户端同时写热点行，由认证在 COMMIT 时裁决，只留一个、其余全部回滚。%2 次提交被拒绝，%3 条语句因其他节点的写入而回滚：每个售出订单中止 %4 次，%5 % 的尝试是重试。</translation>
    </message>
</context>
<context>
    <name>ClusterWatch</name>
    <message>
        <source>node %1 is down already</source>
        <translation>节点 %1 已经停机</translation>
    </message>
    <message>
        <source>could not take node %1 down: %2</source>
        <translation>无法让节点 %1 停机：%2</translation>
    </message>
    <message>
        <source>killed node %1 (SIGKILL) at %2 s</source>
        <translation>在 %2 s 杀死了节点 %1（SIGKILL）</translation>
    </message>
    <message>
        <source>shut node %1 down at %2 s</source>
        <translation>在 %2 s 关闭了节点 %1</translation>
    </message>
    <message>
        <source>port %1</source>
        <translation>端口 %1</translation>
    </message>
    <message>
        <source>node %1 has not applied the run&apos;s tables: %2</source>
        <translation>节点 %1 尚未应用本次运行的表：%2</translation>
    </message>
    <message>
        <source>node %1 was not synced again within %2 s (%3)</source>
        <translation>节点 %1 在 %2 秒内没有重新同步（%3）</translation>
    </message>
</context>
<context>
    <name>CommandLine</name>
    <message>
        <source>needs a file name</source>
        <translation>需要文件名</translation>
    </message>
    <message>
        <source>%1 is a folder, not a file</source>
        <translation>%1 是文件夹，不是文件</translation>
    </message>
    <message>
        <source>the folder %1 does not exist</source>
        <translation>文件夹 %1 不存在</translation>
    </message>
    <message>
        <source>%1 is not writable</source>
        <translation>%1 不可写</translation>
    </message>
    <message>
        <source>needs a folder name</source>
        <translation>需要文件夹名</translation>
    </message>
    <message>
        <source>%1 is a file, not a folder</source>
        <translation>%1 是文件，不是文件夹</translation>
    </message>
    <message>
        <source>--%1: needs a value, but the next argument is the flag %2</source>
        <translation>--%1：需要一个值，但下一个参数是选项 %2</translation>
    </message>
    <message>
        <source>%1 or %2</source>
        <comment>values of a flag: the first ones comma-separated, then the last</comment>
        <translation>%1 或 %2</translation>
    </message>
    <message>
        <source>--%1: only used with --%2 %3, but the %2 is %4 (from --experiment); leave out --%1 or choose --%2 %3</source>
        <translation>--%1：仅在 --%2 %3 时使用，但 %2 为 %4（来自 --experiment）；请去掉 --%1 或选择 --%2 %3</translation>
    </message>
    <message>
        <source>--%1: only used with --%2 %3, but the %2 is %4; leave out --%1 or choose --%2 %3</source>
        <translation>--%1：仅在 --%2 %3 时使用，但 %2 为 %4；请去掉 --%1 或选择 --%2 %3</translation>
    </message>
    <message>
        <source>unknown lesson %1; the lessons are %2</source>
        <translation>未知课程 %1；可用的课程有 %2</translation>
    </message>
    <message>
        <source>--%1: a lesson sets its own experiments and strategies; leave out --%1</source>
        <translation>--%1：课程会自行设定实验和策略；请去掉 --%1</translation>
    </message>
    <message>
        <source>Show this help.</source>
        <translation>显示此帮助。</translation>
    </message>
    <message>
        <source>Show the version.</source>
        <translation>显示版本。</translation>
    </message>
    <message>
        <source>Strategies to run, comma-separated, all or deadlocks (default: all).</source>
        <translation>要运行的策略，以逗号分隔，也可以是 all 或 deadlocks（默认：all）。</translation>
    </message>
    <message>
        <source>Load the experiment from a JSON file; flags given as well override it.</source>
        <translation>从 JSON 文件加载实验；同时给出的选项会覆盖其中的设置。</translation>
    </message>
    <message>
        <source>Write the experiment, as given, to a JSON file.</source>
        <translation>将给定的实验原样写入 JSON 文件。</translation>
    </message>
    <message>
        <source>Write summary and time series as JSON.</source>
        <translation>将摘要和时间序列写为 JSON。</translation>
    </message>
    <message>
        <source>Write the time series as CSV, and the summary beside it as &lt;name&gt;-summary.csv.</source>
        <translation>将时间序列写为 CSV，并在其旁边把摘要写为 &lt;name&gt;-summary.csv。</translation>
    </message>
    <message>
        <source>Log every lock-inspector sample (who holds and who waits for row locks, several a second) to a file, one JSON object per line.</source>
        <translation>将锁监视器的每次采样（谁持有行锁、谁在等待行锁，每秒数次）记录到文件，每行一个 JSON 对象。</translation>
    </message>
    <message>
        <source>No live line per second.</source>
        <translation>不输出每秒一行的实时状态。</translation>
    </message>
    <message>
        <source>Write a self-contained report (experiment, server, settings, table with verdicts, every chart): .html with the charts as SVG, or .pdf.</source>
        <translation>写出一份自包含的报告（实验、服务器、设置、含结论的表格、所有图表）：.html 中图表为 SVG，或 .pdf。</translation>
    </message>
    <message>
        <source>Write every chart into this folder as PNG, SVG and PDF.</source>
        <translation>将所有图表以 PNG、SVG 和 PDF 格式写入此文件夹。</translation>
    </message>
    <message>
        <source>Chart size in pixels for --charts (default: 1200x700).</source>
        <translation>--charts 的图表尺寸，以像素为单位（默认：1200x700）。</translation>
    </message>
    <message>
        <source>The Redis of redis-split: redis://[:password@]host[:port] or unix:///path/redis.sock (default: the lab starts its own private redis-server).</source>
        <translation>redis-split 使用的 Redis：redis://[:password@]host[:port] 或 unix:///path/redis.sock（默认：本工具自行启动专用的 redis-server）。</translation>
    </message>
    <message>
        <source>PNG resolution for --charts (default: 144).</source>
        <translation>--charts 的 PNG 分辨率（默认：144）。</translation>
    </message>
    <message>
        <source>%1 (default: %2)</source>
        <comment>a flag&apos;s help, then its default value</comment>
        <translation>%1（默认：%2）</translation>
    </message>
    <message>
        <source>run (default), sweep, or lesson NAME: run a lesson&apos;s steps and write its hand-out (--report, or NAME-handout.html and .pdf); lesson alone lists the lessons</source>
        <translation>run（默认）、sweep 或 lesson NAME：运行一节课的各个步骤并写出讲义（--report，或 NAME-handout.html 和 .pdf）；只写 lesson 则列出所有课程</translation>
    </message>
    <message>
        <source>unknown command %1; the commands are run, sweep and lesson</source>
        <translation>未知命令 %1；可用的命令有 run、sweep 和 lesson</translation>
    </message>
    <message>
        <source>a sweep varies the slots or the SKU count besides the clients, not both</source>
        <translation>扫描除客户端数外只能再改变槽位数或 SKU 数其中之一，不能两者同时改变</translation>
    </message>
    <message>
        <source>--report: the file name must end in .html or .pdf (got %1)</source>
        <translation>--report：文件名必须以 .html 或 .pdf 结尾（实际为 %1）</translation>
    </message>
    <message>
        <source>--chart-size: must be WIDTHxHEIGHT in pixels, 50 to 20000 each, e.g. 1200x700</source>
        <translation>--chart-size：必须为 WIDTHxHEIGHT（以像素为单位，各为 50 到 20000），例如 1200x700</translation>
    </message>
    <message>
        <source>--dpi: must be a whole number from 36 to 1200</source>
        <translation>--dpi：必须是 36 到 1200 之间的整数</translation>
    </message>
    <message>
        <source>--%1: only used with --charts DIR; add it, or leave this out</source>
        <translation>--%1：仅与 --charts DIR 一起使用；请加上 --charts，或去掉此选项</translation>
    </message>
    <message>
        <source>command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>lockbench: runs an inventory workload against a MySQL-protocol server with
different locking strategies and reports throughput, latency, lock waits and an
oversell audit.

Commands:
  run      run the experiment headlessly (the default when no command is given)
  sweep    run every strategy at every client count of --clients 1,4,16,64
           (and, optionally, every value of --slots 1,8,64 or --skus
           1,100,10000), each cell on fresh data

Strategies: %1; all (every one but the two-SKU deadlock demonstrations) or deadlocks (those two), alone or in a list: all,deadlocks runs every one.
Exit status: 0 done, 1 the run failed, 2 bad input, 3 a safe strategy oversold
or lost an order.</source>
        <translation>lockbench：对 MySQL 协议的服务器运行库存负载，采用不同的加锁策略，并报告吞吐量、延迟、锁等待和超卖审计结果。

命令：
  run      以无界面方式运行实验（未给出命令时的默认命令）
  sweep    在 --clients 1,4,16,64 的每个客户端数下运行每个策略（还可选择遍历
           --slots 1,8,64 或 --skus 1,100,10000 的每个取值），每个组合都使用全新数据

策略：%1；all（除两个双 SKU 死锁演示外的所有策略）或 deadlocks（即这两个），可单独使用，也可放进列表：all,deadlocks 运行全部策略。
退出状态：0 完成，1 运行失败，2 输入有误，3 某个安全策略发生超卖或丢失订单。</translation>
    </message>
    <message>
        <source>Before the run, time each strategy with one client for a moment and print the orders/s the lab predicts for the experiment; the results show predicted against measured.</source>
        <translation>运行前，用一个客户端对每个策略计时片刻，并打印本工具为该实验预测的每秒订单数；结果中给出预测值与实测值的对比。</translation>
    </message>
    <message>
        <source>embedded (the lab&apos;s private MariaDB, default), cluster:N (the lab&apos;s private Galera cluster of N nodes, 2 to 9), postgres (the lab&apos;s private PostgreSQL), mysql://user:password@host:port/database (several hosts, host1:port,host2:port, are a cluster&apos;s nodes) or postgres://user:password@host:5432/database. The password may come from LOCKBENCH_PASSWORD instead.</source>
        <translation>embedded（实验室私有的 MariaDB，默认）、cluster:N（实验室私有的 N 节点 Galera 集群，2 到 9 个节点）、postgres（实验室私有的 PostgreSQL）、mysql://user:password@host:port/database（多个主机 host1:port,host2:port 即集群的各节点）或 postgres://user:password@host:5432/database。密码也可以改由 LOCKBENCH_PASSWORD 提供。</translation>
    </message>
    <message>
        <source>Run the strategy a strategy file describes (your own transaction, in pgbench&apos;s script syntax); repeat it for several. Beside --strategy, or alone to run only the files&apos; strategies.</source>
        <translation>运行策略文件所描述的策略（您自己的事务，用 pgbench 脚本的语法写成）；可重复给出多个。可与 --strategy 同用，单独使用时只运行这些文件的策略。</translation>
    </message>
    <message>
        <source>a list of strategies in one text, as for --strategy</source>
        <translation>一段文本里的策略列表，写法同 --strategy</translation>
    </message>
    <message>
        <source>a file&apos;s path, or a list of them</source>
        <translation>一个文件路径，或路径列表</translation>
    </message>
</context>
<context>
    <name>CommitLookup</name>
    <message>
        <source>cannot prepare the reconciliation query: %1</source>
        <translation>无法预处理对账查询：%1</translation>
    </message>
    <message>
        <source>cannot learn whether request %1 committed</source>
        <translation>无法得知请求 %1 是否已提交</translation>
    </message>
    <message>
        <source>backend %1 is still running</source>
        <translation>后端进程 %1 仍在运行</translation>
    </message>
    <message>
        <source>cannot learn whether the order of a lost connection committed</source>
        <translation>无法得知断开的连接上的订单是否已提交</translation>
    </message>
</context>
<context>
    <name>ComparisonPanel</name>
    <message>
        <source>Every experiment</source>
        <translation>所有实验</translation>
    </message>
    <message>
        <source>Draw the rows of every experiment of the session and of opened files, each line named by its run.</source>
        <translation>绘制本次会话及已打开文件中所有实验的结果行，每条曲线以其所属的运行命名。</translation>
    </message>
    <message>
        <source>No results yet: run a sweep (Sweep tab) or open results files.</source>
        <translation>暂无结果：请运行扫描（“扫描”选项卡）或打开结果文件。</translation>
    </message>
    <message>
        <source>Every experiment (%1): a strategy&apos;s lines from other runs are named by the run.</source>
        <translation>所有实验（%1）：策略来自其他运行的曲线以所属运行命名。</translation>
    </message>
    <message>
        <source>This experiment: %1.</source>
        <translation>本实验：%1。</translation>
    </message>
    <message>
        <source>1 other experiment hidden.</source>
        <translation>已隐藏 1 个其他实验。</translation>
    </message>
    <message>
        <source>%1 other experiments hidden.</source>
        <translation>已隐藏 %1 个其他实验。</translation>
    </message>
    <message>
        <source>Run a sweep (Sweep tab) to draw orders/s, p99 and lock waits against clients.</source>
        <translation>运行一次扫描（“扫描”页）即可画出 orders/s、p99 和锁等待随客户端数的变化。</translation>
    </message>
</context>
<context>
    <name>ComparisonSentence</name>
    <message>
        <source>on one table of %1 tasks</source>
        <translation>在一张有 %1 个任务的表上</translation>
    </message>
    <message>
        <source>on one hot SKU</source>
        <translation>在单个热点 SKU 上</translation>
    </message>
    <message>
        <source>on %1 SKUs</source>
        <translation>在 %1 个 SKU 上</translation>
    </message>
    <message>
        <source>tasks/s</source>
        <translation>任务/秒</translation>
    </message>
    <message>
        <source>orders/s</source>
        <translation>单/秒</translation>
    </message>
    <message>
        <source>(%1 against %2 %3)</source>
        <translation>（%1 对 %2 %3）</translation>
    </message>
    <message>
        <source>%1 and %2 ran at about the same rate %3 %4.</source>
        <translation>%3，%1 与 %2 的速率大致相同%4。</translation>
    </message>
    <message>
        <source>%1 completed tasks %2× as fast as %3 %4 %5.</source>
        <translation>%4，%1 完成任务的速度是 %3 的 %2 倍%5。</translation>
    </message>
    <message>
        <source>%1 sold %2× as fast as %3 %4 %5.</source>
        <translation>%4，%1 的销售速度是 %3 的 %2 倍%5。</translation>
    </message>
</context>
<context>
    <name>ConnectionParams</name>
    <message>
        <source>it does not parse as a URL</source>
        <translation>无法解析为 URL</translation>
    </message>
    <message>
        <source>no user name</source>
        <translation>缺少用户名</translation>
    </message>
    <message>
        <source>no host</source>
        <translation>缺少主机</translation>
    </message>
    <message>
        <source>port 0 is not a server port</source>
        <translation>端口 0 不是有效的服务器端口</translation>
    </message>
    <message>
        <source>the database name must be letters, digits or underscores</source>
        <translation>数据库名只能包含字母、数字或下划线</translation>
    </message>
    <message>
        <source>an empty host in the list of hosts</source>
        <translation>主机列表中有空主机</translation>
    </message>
    <message>
        <source>a list of hosts cannot use a socket</source>
        <translation>主机列表不能使用套接字</translation>
    </message>
    <message>
        <source>a PostgreSQL URL names one server</source>
        <translation>PostgreSQL 的 URL 只能指定一台服务器</translation>
    </message>
    <message>
        <source>the scheme must be mysql://, mariadb:// or postgres://</source>
        <translation>协议必须是 mysql://、mariadb:// 或 postgres://</translation>
    </message>
    <message>
        <source>bad server URL: %1 (expected mysql://user:password@host:port/database or postgres://user:password@host:5432/database)</source>
        <translation>服务器 URL 有误：%1（应为 mysql://user:password@host:port/database 或 postgres://user:password@host:5432/database）</translation>
    </message>
</context>
<context>
    <name>ConsoleReporter</name>
    <message>
        <source>  deadlock at %1 s (%2):</source>
        <translation>  死锁于 %1 s（%2）：</translation>
    </message>
    <message>
        <source>    (%1) trx %2, thread %3%4: %5</source>
        <translation>    （%1）事务 %2，线程 %3%4：%5</translation>
    </message>
    <message>
        <source>, rolled back</source>
        <translation>，已回滚</translation>
    </message>
    <message>
        <source>%1: ERROR: %2</source>
        <translation>%1：错误：%2</translation>
    </message>
    <message>
        <source>%1: %2 after %3 s: the clients counted %4 orders sold; not audited (%5) — %6</source>
        <translation>%1：%2，用时 %3 s：客户端统计售出 %4 单；未审计（%5）— %6</translation>
    </message>
    <message>
        <source>%1: %2 after %3 s: completed %4 tasks, %5 not done, completed twice %6, lost %7, double claims %8, released %9, stranded %10, workers killed %11 — %12</source>
        <translation>%1：%2，用时 %3 s：完成 %4 个任务，%5 个未完成，重复完成 %6，丢失 %7，重复认领 %8，已收回 %9，滞留 %10，被终止的工作线程 %11 — %12</translation>
    </message>
    <message>
        <source>%1: %2 after %3 s: sold %4, remaining %5, oversold %6, lost updates %7 — %8</source>
        <translation>%1：%2，用时 %3 s：已售 %4，剩余 %5，超卖 %6，丢失更新 %7 — %8</translation>
    </message>
    <message>
        <source>ran under %1</source>
        <translation>运行条件：%1</translation>
    </message>
    <message>
        <source>why: %1</source>
        <translation>原因：%1</translation>
    </message>
    <message>
        <source>lock inspector: %1</source>
        <translation>锁监视器：%1</translation>
    </message>
    <message numerus="yes">
        <source>clients on %n event thread(s)</source>
        <translation>
            <numerusform>客户端运行在 %n 个事件线程上</numerusform>
        </translation>
    </message>
    <message>
        <source>a thread per client</source>
        <translation>每个客户端一个线程</translation>
    </message>
    <message numerus="yes">
        <source>%n of the orders sold finished after the stop line, already under way when the time was up: audited, not counted in orders/s.</source>
        <translation>
            <numerusform>售出的订单中有 %n 个在停止线之后才完成：时间到时它们已在进行中；已计入审计，不计入 orders/s。</numerusform>
        </translation>
    </message>
    <message>
        <source>a %1 ms round trip per statement</source>
        <translation>每条语句 %1 ms 往返</translation>
    </message>
    <message>
        <source>no round trip added to the server&apos;s own</source>
        <translation>未在服务器本身之外添加往返</translation>
    </message>
    <message>
        <source>predicted %1 orders/s (bound: %2); measured %3, %4 % of the prediction</source>
        <translation>预测 %1 单/秒（瓶颈：%2）；实测 %3，为预测的 %4%</translation>
    </message>
    <message>
        <source>%1 (written after the cycle)</source>
        <translation>%1（服务器写报告时它已执行到此句，不是环中等待的语句）</translation>
    </message>
    <message>
        <source>done %1  idle %2</source>
        <translation>完成 %1  空闲 %2</translation>
    </message>
    <message>
        <source>sold %1  out-of-stock %2</source>
        <translation>已售 %1  缺货 %2</translation>
    </message>
    <message>
        <source>backlog %1 orders due, not yet sent</source>
        <translation>积压 %1 个已到期未发出的订单</translation>
    </message>
    <message>
        <source>deadlocks %1</source>
        <translation>死锁 %1</translation>
    </message>
    <message>
        <source>completed twice %1</source>
        <translation>重复完成 %1</translation>
    </message>
    <message>
        <source>oversold %1</source>
        <translation>超卖 %1</translation>
    </message>
    <message>
        <source>double claims %1  released %2</source>
        <translation>重复认领 %1  已收回 %2</translation>
    </message>
</context>
<context>
    <name>DatabaseConnection</name>
    <message>
        <source>out of memory creating a connection</source>
        <translation>创建连接时内存不足</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>未连接</translation>
    </message>
    <message>
        <source>unknown client error</source>
        <translation>未知的客户端错误</translation>
    </message>
    <message>
        <source>COMMIT rolled back a transaction that had failed earlier</source>
        <translation>COMMIT 回滚了一个此前已经出错的事务</translation>
    </message>
</context>
<context>
    <name>DatabaseError</name>
    <message>
        <source>error %1: %2</source>
        <translation>错误 %1：%2</translation>
    </message>
    <message>
        <source>SQLSTATE %1: %2</source>
        <translation>SQLSTATE %1：%2</translation>
    </message>
</context>
<context>
    <name>DeadlockAccount</name>
    <message>
        <source>Every deadlock accounted for: %1 captured with their statements, %1 counted by the server, %1 errors 1213 in the clients.</source>
        <translation>每个死锁都有着落：捕获 %1 个（含其语句），服务器计数 %1 个，客户端收到 %1 个 1213 错误。</translation>
    </message>
    <message>
        <source>Deadlocks: %1 captured with their statements, %2 counted by the server, %3 errors 1213 in the clients</source>
        <translation>死锁：捕获 %1 个（含其语句），服务器计数 %2 个，客户端收到 %3 个 1213 错误</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>the server&apos;s count could not be read</source>
        <translation>无法读取服务器的计数</translation>
    </message>
    <message>
        <source>%1 came between two reads of SHOW ENGINE INNODB STATUS, which keeps only the latest</source>
        <translation>有 %1 个发生在两次读取 SHOW ENGINE INNODB STATUS 之间，而它只保留最近一个</translation>
    </message>
    <message>
        <source>%1 are missing from the error log</source>
        <translation>错误日志中缺少 %1 个</translation>
    </message>
    <message>
        <source>%1 more captured than counted</source>
        <translation>捕获的比计数的多 %1 个</translation>
    </message>
    <message>
        <source>%1 of the errors 1213 were the cluster&apos;s aborts of a transaction a replicated write needed (%2 brute-force aborts), not deadlocks</source>
        <translation>其中 %1 个 1213 错误是集群为复制写入而中止的事务（%2 次强制中止），并非死锁</translation>
    </message>
    <message>
        <source>%1 of the errors 1213 came from no deadlock the server counted</source>
        <translation>其中 %1 个 1213 错误不对应服务器计数的任何死锁</translation>
    </message>
    <message>
        <source>%1 victims were not the clients&apos; transactions (the lab&apos;s own connections, or an order whose error came after the run)</source>
        <translation>有 %1 个牺牲者不是客户端的事务（本工具自己的连接，或错误在运行结束后才到达的订单）</translation>
    </message>
</context>
<context>
    <name>DeadlockParser</name>
    <message>
        <source>on the row</source>
        <translation>该行上</translation>
    </message>
    <message>
        <source>on the gap before the row</source>
        <translation>该行之前间隙上</translation>
    </message>
    <message>
        <source>to insert before the row</source>
        <translation>用于在该行之前插入</translation>
    </message>
    <message>
        <source>on the row and the gap before it</source>
        <translation>该行及其之前间隙上</translation>
    </message>
    <message>
        <source>SKU %1, slot %2</source>
        <translation>SKU %1，槽位 %2</translation>
    </message>
    <message>
        <source>order %1</source>
        <translation>订单 %1</translation>
    </message>
    <message>
        <source>the end of the index</source>
        <translation>索引末尾</translation>
    </message>
    <message>
        <source>: %1 lock %2</source>
        <translation>：%2的 %1 锁</translation>
    </message>
</context>
<context>
    <name>DeadlockReader</name>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
</context>
<context>
    <name>DeadlocksPanel</name>
    <message>
        <source>No deadlock yet.</source>
        <translation>尚无死锁。</translation>
    </message>
    <message>
        <source>deadlock / transaction</source>
        <translation>死锁 / 事务</translation>
    </message>
    <message>
        <source>statement</source>
        <translation>语句</translation>
    </message>
    <message>
        <source>waiting for</source>
        <translation>等待的锁</translation>
    </message>
    <message>
        <source>#%1 at %2 s, %3 (%4)</source>
        <translation>#%1 于 %2 s，%3（%4）</translation>
    </message>
    <message>
        <source>(%1) trx %2, connection %3%4</source>
        <translation>（%1）事务 %2，连接 %3%4</translation>
    </message>
    <message>
        <source> — rolled back</source>
        <translation> — 已回滚</translation>
    </message>
    <message numerus="yes">
        <source>%n deadlock(s) captured this session, every one as the server reported it.</source>
        <translation>
            <numerusform>本次会话共捕获 %n 个死锁，均按服务器报告的原样记录。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (written after the cycle)</source>
        <translation>%1（服务器写报告时它已执行到此句，不是环中等待的语句）</translation>
    </message>
</context>
<context>
    <name>EmbeddedCluster</name>
    <message>
        <source>there is no user &quot;nobody&quot; for the cluster&apos;s state transfer</source>
        <translation>没有供集群状态传输使用的用户“nobody”</translation>
    </message>
    <message>
        <source>cannot hand %1 to the state transfer&apos;s user: %2</source>
        <translation>无法把 %1 交给状态传输所用的用户：%2</translation>
    </message>
    <message>
        <source>no Galera provider found (libgalera_smm.so); install the galera-4 package</source>
        <translation>找不到 Galera 提供程序（libgalera_smm.so）；请安装 galera-4 软件包</translation>
    </message>
    <message>
        <source>starting cluster node %1 of %2</source>
        <translation>正在启动集群节点 %1（共 %2 个）</translation>
    </message>
    <message>
        <source>cluster node %1: %2</source>
        <translation>集群节点 %1：%2</translation>
    </message>
    <message>
        <source>the node stopped while joining the cluster; see %1</source>
        <translation>该节点在加入集群时停止了；请查看 %1</translation>
    </message>
    <message>
        <source>not synced with the cluster after %1 s (%2); see %3</source>
        <translation>%1 s 后仍未与集群同步（%2）；请查看 %3</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>joining</source>
        <translation>正在加入</translation>
    </message>
    <message>
        <source>donor</source>
        <translation>捐赠者</translation>
    </message>
    <message>
        <source>synced</source>
        <translation>已同步</translation>
    </message>
    <message>
        <source>gone</source>
        <translation>已消失</translation>
    </message>
    <message>
        <source>no free loopback ports for %1 cluster nodes</source>
        <translation>找不到供 %1 个集群节点使用的空闲回环端口</translation>
    </message>
    <message>
        <source>node %1 is not part of a started cluster</source>
        <translation>节点 %1 不属于已启动的集群</translation>
    </message>
    <message>
        <source>node %1 is still running</source>
        <translation>节点 %1 仍在运行</translation>
    </message>
    <message>
        <source>node %1 still counts node %2 in the cluster</source>
        <translation>节点 %1 仍把节点 %2 算在集群内</translation>
    </message>
    <message>
        <source>no rsync found, which the cluster&apos;s state transfer runs; install the rsync package</source>
        <translation>未找到 rsync，集群的状态传递需要运行它；请安装 rsync 软件包</translation>
    </message>
    <message>
        <source>no wsrep_sst_rsync found, which the cluster&apos;s nodes take their state with; install the mariadb-server package (it also enables a mariadb service, which the lab does not use: systemctl disable --now mariadb turns it off)</source>
        <translation>未找到 wsrep_sst_rsync，集群节点靠它传递状态；请安装 mariadb-server 软件包（它还会启用一个本实验室不使用的 mariadb 服务：用 systemctl disable --now mariadb 可将其关闭）</translation>
    </message>
    <message>
        <source>cluster node %1 ended while taking its state; starting it again</source>
        <translation>集群节点 %1 在接收状态时退出；正在重新启动它</translation>
    </message>
    <message>
        <source>%1
Started again, it ended as well: %2</source>
        <translation>%1
重新启动后，它同样退出了：%2</translation>
    </message>
</context>
<context>
    <name>EmbeddedPostgres</name>
    <message>
        <source>starting PostgreSQL on port %1</source>
        <translation>正在端口 %1 上启动 PostgreSQL</translation>
    </message>
    <message>
        <source>PostgreSQL %1 ready in %2 s</source>
        <translation>PostgreSQL %1 已就绪，用时 %2 秒</translation>
    </message>
    <message>
        <source>cannot create the data directory %1</source>
        <translation>无法创建数据目录 %1</translation>
    </message>
    <message>
        <source>PostgreSQL refuses to run as root, and there is no account &quot;postgres&quot; or &quot;nobody&quot; to run it as</source>
        <translation>PostgreSQL 拒绝以 root 身份运行，而系统中没有可用来运行它的 &quot;postgres&quot; 或 &quot;nobody&quot; 账户</translation>
    </message>
    <message>
        <source>another lockbench (pid %1) is using the embedded PostgreSQL in %2; close it first</source>
        <translation>另一个 lockbench（进程 %1）正在使用 %2 中的内置 PostgreSQL；请先关闭它</translation>
    </message>
    <message>
        <source>cannot hand %1 to the account %2: %3</source>
        <translation>无法把 %1 交给账户 %2：%3</translation>
    </message>
    <message>
        <source>initialising the embedded PostgreSQL in %1</source>
        <translation>正在 %1 中初始化内置 PostgreSQL</translation>
    </message>
    <message>
        <source>cannot move %1 to %2</source>
        <translation>无法把 %1 移动到 %2</translation>
    </message>
    <message>
        <source>cannot create a private socket directory in %1</source>
        <translation>无法在 %1 中创建私有套接字目录</translation>
    </message>
    <message>
        <source>no free loopback port for the embedded PostgreSQL</source>
        <translation>没有可供内置 PostgreSQL 使用的空闲回环端口</translation>
    </message>
    <message>
        <source>the embedded PostgreSQL exited during start-up (code %1): %2</source>
        <translation>内置 PostgreSQL 在启动过程中退出（退出码 %1）：%2</translation>
    </message>
    <message>
        <source>the embedded PostgreSQL did not answer within %1 s: %2</source>
        <translation>内置 PostgreSQL 在 %1 秒内没有响应：%2</translation>
    </message>
    <message>
        <source>cannot create the database %1 in the embedded PostgreSQL: %2</source>
        <translation>无法在内置 PostgreSQL 中创建数据库 %1：%2</translation>
    </message>
    <message>
        <source>initialising the embedded PostgreSQL failed: %1</source>
        <translation>初始化内置 PostgreSQL 失败：%1</translation>
    </message>
    <message>
        <source>no PostgreSQL server found (initdb and postgres, version %1 or later); install the postgresql-15 package (it also enables a postgresql service, which the lab does not use: systemctl disable --now postgresql turns it off)</source>
        <translation>未找到 PostgreSQL 服务器（需要 %1 或更新版本的 initdb 和 postgres）；请安装 postgresql-15 软件包（它还会启用一个本实验室不使用的 postgresql 服务：用 systemctl disable --now postgresql 可将其关闭）</translation>
    </message>
</context>
<context>
    <name>EmbeddedRedis</name>
    <message>
        <source>cannot create a private directory for Redis in %1</source>
        <translation>无法在 %1 中为 Redis 创建专用目录</translation>
    </message>
    <message>
        <source>the embedded Redis exited during start-up (code %1): %2</source>
        <translation>内置 Redis 在启动过程中退出（代码 %1）：%2</translation>
    </message>
    <message>
        <source>the embedded Redis did not answer within %1 s: %2</source>
        <translation>内置 Redis 在 %1 s 内没有响应：%2</translation>
    </message>
    <message>
        <source>no Redis server found (redis-server); install the redis-tools package, or give one with --redis URL</source>
        <translation>未找到 Redis 服务器（redis-server）；请安装 redis-tools 软件包，或用 --redis URL 指定一个</translation>
    </message>
    <message>
        <source>cannot link %1 into %2</source>
        <translation>无法把 %1 链接到 %2 中</translation>
    </message>
</context>
<context>
    <name>EmbeddedServer</name>
    <message>
        <source>cannot create the data directory %1</source>
        <translation>无法创建数据目录 %1</translation>
    </message>
    <message>
        <source>another lockbench (pid %1) is using the embedded server in %2; close it first</source>
        <translation>另一个 lockbench（进程号 %1）正在使用 %2 中的内置服务器；请先关闭它</translation>
    </message>
    <message>
        <source>cannot create a private socket directory in %1</source>
        <translation>无法在 %1 中创建专用的套接字目录</translation>
    </message>
    <message>
        <source>no free loopback port for the embedded server</source>
        <translation>没有可供内置服务器使用的空闲回环端口</translation>
    </message>
    <message>
        <source>starting %1 on port %2</source>
        <translation>正在端口 %2 上启动 %1</translation>
    </message>
    <message>
        <source>MariaDB %1 ready in %2 s</source>
        <translation>MariaDB %1 已就绪，用时 %2 s</translation>
    </message>
    <message>
        <source>initialising a new data directory in %1</source>
        <translation>正在 %1 中初始化新的数据目录</translation>
    </message>
    <message>
        <source>cannot create %1</source>
        <translation>无法创建 %1</translation>
    </message>
    <message>
        <source>cannot finish the data directory in %1</source>
        <translation>无法完成 %1 中数据目录的初始化</translation>
    </message>
    <message>
        <source>the embedded server exited during start-up (code %1). Its log says:
%2</source>
        <translation>内置服务器在启动过程中退出（代码 %1）。其日志显示：
%2</translation>
    </message>
    <message>
        <source>the embedded server did not accept connections within %1 s. Its log says:
%2</source>
        <translation>内置服务器在 %1 s 内未接受连接。其日志显示：
%2</translation>
    </message>
    <message>
        <source>(no error log at %1)</source>
        <translation>（%1 处没有错误日志）</translation>
    </message>
    <message>
        <source>initialising the data directory failed: %1</source>
        <translation>初始化数据目录失败：%1</translation>
    </message>
    <message>
        <source>no MariaDB server found (mariadbd or mysqld); install the mariadb-server-core package</source>
        <translation>未找到 MariaDB 服务器（mariadbd 或 mysqld）；请安装 mariadb-server-core 软件包</translation>
    </message>
</context>
<context>
    <name>EngineComparison</name>
    <message>
        <source>%1: %2 orders/s on %3, %4 on %5 (%6×).</source>
        <translation>%1：在 %3 上每秒 %2 单，在 %5 上 %4 单（%6×）。</translation>
    </message>
    <message>
        <source>Retries per order: %1 on %2, %3 on %4.</source>
        <translation>每单重试次数：%2 上 %1 次，%4 上 %3 次。</translation>
    </message>
    <message>
        <source>Deadlocks: %1 on %2, %3 on %4.</source>
        <translation>死锁：%2 上 %1 次，%4 上 %3 次。</translation>
    </message>
    <message>
        <source>On %1 each deadlock waited deadlock_timeout (%2) before its detector looked; InnoDB looks as the wait begins.</source>
        <translation>在 %1 上，每次死锁都要等满 deadlock_timeout（%2）检测器才去查看；InnoDB 在等待开始时就检查。</translation>
    </message>
</context>
<context>
    <name>ErrorClass</name>
    <message>
        <source>1213 deadlock</source>
        <translation>1213 死锁</translation>
    </message>
    <message>
        <source>1205 lock wait timeout</source>
        <translation>1205 锁等待超时</translation>
    </message>
    <message>
        <source>1020 record changed</source>
        <translation>1020 记录已更改</translation>
    </message>
    <message>
        <source>3572 lock nowait</source>
        <translation>3572 NOWAIT 加锁失败</translation>
    </message>
    <message>
        <source>lost connection</source>
        <translation>连接丢失</translation>
    </message>
    <message>
        <source>1062 duplicate request id</source>
        <translation>1062 请求编号重复</translation>
    </message>
    <message>
        <source>other error</source>
        <translation>其他错误</translation>
    </message>
    <message>
        <source>the server stopped accepting writes (it is read-only now); the run stopped, and only orders the server committed are counted (%1)</source>
        <translation>服务器已停止接受写入（现在处于只读状态）；运行已停止，只统计服务器已提交的订单（%1）</translation>
    </message>
    <message>
        <source>the lab&apos;s database or one of its tables disappeared during the run (%1)</source>
        <translation>运行期间，本工具的数据库或其中某张表消失了（%1）</translation>
    </message>
    <message>
        <source>the server refused the lab&apos;s statements; check the account&apos;s privileges (%1)</source>
        <translation>服务器拒绝了本工具的语句；请检查账户的权限（%1）</translation>
    </message>
    <message>
        <source>aborted at COMMIT (certification)</source>
        <translation>COMMIT 时中止（认证）</translation>
    </message>
</context>
<context>
    <name>Experiment</name>
    <message>
        <source>must be between %1 and %2 (got %3)</source>
        <translation>必须在 %1 到 %2 之间（实际为 %3）</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <comment>a list of strategy ids: the first ones comma-separated, then the last</comment>
        <translation>%1 和 %2</translation>
    </message>
    <message>
        <source>%1 slots cannot share a stock of %2: %3 needs at least one unit per slot</source>
        <translation>%1 个槽位无法分摊 %2 的库存：%3 要求每个槽位至少有一件</translation>
    </message>
    <message>
        <source>%1 slots cannot share a stock of %2: %3 need at least one unit per slot</source>
        <translation>%1 个槽位无法分摊 %2 的库存：%3 要求每个槽位至少有一件</translation>
    </message>
    <message>
        <source>skus x slots makes %1 slot rows for %2; at most %3 are supported</source>
        <translation>SKU 数 × 槽位数会为 %2 生成 %1 个槽位行；最多支持 %3 个</translation>
    </message>
    <message>
        <source>%1 sells stock: choose the inventory workload for it, or claim strategies (claim-for-update, claim-update, claim-skip-locked) for the claim workload</source>
        <translation>%1 售卖库存：请为它选择 inventory 负载，或为 claim 负载选择认领策略（claim-for-update、claim-update、claim-skip-locked）</translation>
    </message>
    <message>
        <source>%1 sell stock: choose the inventory workload for them, or claim strategies (claim-for-update, claim-update, claim-skip-locked) for the claim workload</source>
        <translation>%1 售卖库存：请为它们选择 inventory 负载，或为 claim 负载选择认领策略（claim-for-update、claim-update、claim-skip-locked）</translation>
    </message>
    <message>
        <source>%1 claims tasks: choose the claim workload (--workload claim) for it</source>
        <translation>%1 认领任务：请为它选择 claim 负载（--workload claim）</translation>
    </message>
    <message>
        <source>%1 claim tasks: choose the claim workload (--workload claim) for them</source>
        <translation>%1 认领任务：请为它们选择 claim 负载（--workload claim）</translation>
    </message>
    <message>
        <source>%1 places orders of two SKUs: at least 2 SKUs are needed (got 1)</source>
        <translation>%1 下的订单包含两个 SKU：至少需要 2 个 SKU（实际为 1）</translation>
    </message>
    <message>
        <source>%1 place orders of two SKUs: at least 2 SKUs are needed (got 1)</source>
        <translation>%1 下的订单包含两个 SKU：至少需要 2 个 SKU（实际为 1）</translation>
    </message>
    <message>
        <source>must be a whole number or a range low-high with 1 &lt;= low &lt;= high &lt;= 1,000,000</source>
        <translation>必须是整数，或“下限-上限”形式的范围，且 1 &lt;= 下限 &lt;= 上限 &lt;= 1,000,000</translation>
    </message>
    <message>
        <source>the smallest order (%1) is larger than the stock of a SKU (%2): nothing could sell</source>
        <translation>最小订单量（%1）大于单个 SKU 的库存（%2）：什么也卖不出去</translation>
    </message>
    <message>
        <source>the hot share must be above 0 and at most 100 percent</source>
        <translation>热点份额必须大于 0% 且不超过 100%</translation>
    </message>
    <message>
        <source>the hot set must hold between 1 and %1 SKUs (the SKU count)</source>
        <translation>热点集合必须包含 1 到 %1 个 SKU（即 SKU 总数）</translation>
    </message>
    <message>
        <source>the Zipf parameter s must be above 0 and at most 10</source>
        <translation>Zipf 参数 s 必须大于 0 且不超过 10</translation>
    </message>
    <message>
        <source>the warm-up must be shorter than the duration</source>
        <translation>预热时间必须短于运行时长</translation>
    </message>
    <message>
        <source>must be between 0 and 10,000 ms</source>
        <translation>必须在 0 到 10,000 ms 之间</translation>
    </message>
    <message>
        <source>must be between 0 and 1,000 ms</source>
        <translation>必须在 0 到 1,000 ms 之间</translation>
    </message>
    <message>
        <source>must be 1 to 64 letters, digits or underscores (got %1)</source>
        <translation>必须为 1 到 64 个字母、数字或下划线（实际为 %1）</translation>
    </message>
    <message>
        <source>open-loop arrival needs a target rate of at least 0.01 orders/s (one order every 100 s) and at most 10,000,000 orders/s</source>
        <translation>开环到达需要至少 0.01 单/秒（每 100 秒一单）、至多 10,000,000 单/秒的目标速率</translation>
    </message>
</context>
<context>
    <name>ExperimentFields</name>
    <message>
        <source>%1 has white space around it; write the value without it</source>
        <translation>%1 两端带有空白；请写出不带空白的值</translation>
    </message>
    <message>
        <source>%1 is not a whole number</source>
        <translation>%1 不是整数</translation>
    </message>
    <message>
        <source>needs a value</source>
        <translation>需要一个值</translation>
    </message>
    <message>
        <source>%1 is far out of range</source>
        <translation>%1 远远超出范围</translation>
    </message>
    <message>
        <source>%1 is not a number</source>
        <translation>%1 不是数字</translation>
    </message>
    <message>
        <source>hot set is hotset:PERCENT:SKUS, e.g. hotset:90:10 (got %1)</source>
        <translation>热点集合的格式为 hotset:PERCENT:SKUS，例如 hotset:90:10（实际为 %1）</translation>
    </message>
    <message>
        <source>Zipf is zipf:S, e.g. zipf:1.1 (got %1)</source>
        <translation>Zipf 的格式为 zipf:S，例如 zipf:1.1（实际为 %1）</translation>
    </message>
    <message>
        <source>must be uniform, hotset:PERCENT:SKUS or zipf:S (got %1)</source>
        <translation>必须是 uniform、hotset:PERCENT:SKUS 或 zipf:S（实际为 %1）</translation>
    </message>
    <message>
        <source>must be a whole number or a range like 1-5 (got %1)</source>
        <translation>必须是整数或 1-5 这样的范围（实际为 %1）</translation>
    </message>
    <message>
        <source>must be one of %1 (got %2)</source>
        <translation>必须是 %1 之一（实际为 %2）</translation>
    </message>
    <message>
        <source>%1 is not a duration such as 10s, 500ms or 2m</source>
        <translation>%1 不是有效的时长，例如 10s、500ms 或 2m</translation>
    </message>
    <message>
        <source>inventory (clients buy stock from SKUs) or claim (workers claim batches of tasks from one table and complete them).</source>
        <translation>inventory（客户端从各 SKU 购买库存）或 claim（工作线程从同一张表中成批认领任务并完成）。</translation>
    </message>
    <message>
        <source>Number of SKUs (1..1,000,000).</source>
        <translation>SKU 数量（1..1,000,000）。</translation>
    </message>
    <message>
        <source>Initial stock of every SKU.</source>
        <translation>每个 SKU 的初始库存。</translation>
    </message>
    <message>
        <source>Slot rows per SKU for the slotted strategies (1..1024).</source>
        <translation>slotted 系列策略中每个 SKU 的槽位行数（1..1024）。</translation>
    </message>
    <message>
        <source>Access skew: uniform, hotset:PERCENT:SKUS (PERCENT of orders on the first SKUS) or zipf:S.</source>
        <translation>访问倾斜：uniform、hotset:PERCENT:SKUS（PERCENT% 的订单落在前 SKUS 个 SKU 上）或 zipf:S。</translation>
    </message>
    <message>
        <source>Quantity per order, fixed or a uniform range.</source>
        <translation>每单数量，固定值或均匀分布的范围。</translation>
    </message>
    <message>
        <source>Stop condition: duration, orders or sold-out.</source>
        <translation>停止条件：duration、orders 或 sold-out。</translation>
    </message>
    <message>
        <source>Run length for --stop duration, e.g. 10s, 500ms, 2m.</source>
        <translation>--stop duration 时的运行时长，例如 10s、500ms、2m。</translation>
    </message>
    <message>
        <source>Total orders for --stop orders.</source>
        <translation>--stop orders 时的订单总数。</translation>
    </message>
    <message>
        <source>Longest a strategy may run under --stop orders or sold-out.</source>
        <translation>在 --stop orders 或 sold-out 下，每个策略最长可运行的时间。</translation>
    </message>
    <message>
        <source>Warm-up at the start of each strategy, left out of rates, latencies and lock figures.</source>
        <translation>每个策略开始时的预热阶段，不计入速率、延迟和锁统计数据。</translation>
    </message>
    <message>
        <source>How long a run waits for a server that stopped answering (paused, restarting) before it calls it lost.</source>
        <translation>服务器停止响应（暂停、重启中）时，运行在判定与服务器失去连接之前等待的时长。</translation>
    </message>
    <message>
        <source>Client work inside each transaction while it holds its locks (a call to another service, say).</source>
        <translation>每个事务在持有锁期间所做的客户端工作（例如调用另一个服务）。</translation>
    </message>
    <message>
        <source>Network round trip between shopper and server, crossed by every statement; locks stay held across it.</source>
        <translation>顾客与服务器之间的网络往返，每条语句都要经过一次；锁在往返期间一直被持有。</translation>
    </message>
    <message>
        <source>closed (each client waits for its order) or open (orders arrive at --rate; latency counts from the intended start).</source>
        <translation>closed（每个客户端等待自己的订单完成）或 open（订单按 --rate 到达；延迟从预定开始时刻起算）。</translation>
    </message>
    <message>
        <source>Target arrival rate for --arrival open.</source>
        <translation>--arrival open 时的目标到达速率。</translation>
    </message>
    <message>
        <source>Random seed; the same seed replays the same order stream.</source>
        <translation>随机种子；相同的种子会重放相同的订单流。</translation>
    </message>
    <message>
        <source>Queued strategy: at most this many orders of one SKU committed per transaction (1..1000; default 16, 1 for no batching). Claim workload: tasks a worker claims at once (1..100).</source>
        <translation>queued 策略：每个事务最多提交同一 SKU 的订单数（1..1000；默认 16，1 表示不批量）。认领负载：工作线程一次认领的任务数（1..100）。</translation>
    </message>
    <message>
        <source>Claim workload: pending tasks in the table when the run starts (1..10,000,000).</source>
        <translation>认领负载：运行开始时表中的待处理任务数（1..10,000,000）。</translation>
    </message>
    <message>
        <source>Claim workload: a claim older than this is given back by claim-update&apos;s sweeper (a worker that died keeps none).</source>
        <translation>认领负载：超过此时长的认领会被 claim-update 的清扫线程收回（已终止的工作线程不会保留任何认领）。</translation>
    </message>
    <message>
        <source>Kill one client&apos;s connection this often (KILL CONNECTION), as a worker dying mid-batch; 0 for never.</source>
        <translation>每隔这么长时间终止一个客户端的连接（KILL CONNECTION），模拟工作线程在处理一批任务的中途崩溃；0 表示从不。</translation>
    </message>
    <message>
        <source>Queued strategy: writer connections draining the per-SKU queues (1..256).</source>
        <translation>queued 策略：处理各 SKU 队列的写入连接数（1..256）。</translation>
    </message>
    <message>
        <source>Optimistic strategy: version conflicts before an order gives up; pessimistic-nowait: refusals, when more than 200.</source>
        <translation>optimistic 策略：订单放弃之前允许的版本冲突次数；pessimistic-nowait：被拒绝的次数（大于 200 时生效）。</translation>
    </message>
    <message>
        <source>Metrics sampling interval (50..10000).</source>
        <translation>指标采样间隔（50..10000）。</translation>
    </message>
    <message>
        <source>Runs of each strategy (1..100), interleaved with the others, each on fresh data; figures are reported as the median with its spread.</source>
        <translation>每个策略的运行次数（1..100），与其他策略交替进行，每次都使用全新数据；数据以中位数及其离散范围报告。</translation>
    </message>
    <message>
        <source>innodb_deadlock_detect during the run; server leaves it as it is.</source>
        <translation>运行期间的 innodb_deadlock_detect；server 表示保持服务器原有设置。</translation>
    </message>
    <message>
        <source>innodb_lock_wait_timeout of every worker, in seconds; 0 keeps the server&apos;s.</source>
        <translation>每个工作线程的 innodb_lock_wait_timeout，以秒为单位；0 表示沿用服务器的设置。</translation>
    </message>
    <message>
        <source>innodb_flush_log_at_trx_commit during the run (embedded server only); -1 keeps the server&apos;s.</source>
        <translation>运行期间的 innodb_flush_log_at_trx_commit（仅限内置服务器）；-1 表示沿用服务器的设置。</translation>
    </message>
    <message>
        <source>innodb_buffer_pool_size during the run (embedded server only, resized online); 0 keeps the server&apos;s.</source>
        <translation>运行期间的 innodb_buffer_pool_size（仅限内置服务器，在线调整大小）；0 表示沿用服务器的设置。</translation>
    </message>
    <message>
        <source>Database the lab owns on the server.</source>
        <translation>本工具在服务器上专用的数据库。</translation>
    </message>
    <message>
        <source>is not an experiment field</source>
        <translation>不是实验字段</translation>
    </message>
    <message>
        <source>must be a number or a string</source>
        <translation>必须是数字或字符串</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>needs a file name</source>
        <translation>需要文件名</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 at offset %2</source>
        <translation>%1，位于偏移量 %2</translation>
    </message>
    <message>
        <source>the top level must be an object</source>
        <translation>顶层必须是一个对象</translation>
    </message>
    <message>
        <source>%1 is not an experiment file: %2</source>
        <translation>%1 不是实验文件：%2</translation>
    </message>
    <message>
        <source>On a cluster, how the clients are spread over its nodes: round-robin, or a weight per node such as 1:1:0 (1:0:0 puts every client on node 1).</source>
        <translation>在集群上，客户端如何分布到各节点：round-robin（轮询），或每个节点一个权重，如 1:1:0（1:0:0 把所有客户端放在节点 1）。</translation>
    </message>
    <message>
        <source>must be none or NODE@TIME, e.g. 2@5s (got %1)</source>
        <translation>必须是 none 或 节点@时间，如 2@5s（收到 %1）</translation>
    </message>
    <message>
        <source>the node must be 2 to 9: node 1 carries the lab&apos;s own connection (got %1)</source>
        <translation>节点必须是 2 到 9：节点 1 承载实验室自己的连接（收到 %1）</translation>
    </message>
    <message>
        <source>the time must be 100ms to 1h (got %1)</source>
        <translation>时间必须在 100ms 到 1h 之间（收到 %1）</translation>
    </message>
    <message>
        <source>On a cluster, take node N down this far into each strategy&apos;s run, e.g. 2@5s: the lab&apos;s own nodes are killed (SIGKILL), a server&apos;s by SHUTDOWN; none for never. Node 1 carries the lab&apos;s own connection and stays.</source>
        <translation>在集群上，于每个策略运行到这个时刻时让节点 N 停机，如 2@5s：实验室自己的节点被杀死（SIGKILL），外部服务器用 SHUTDOWN；none 表示从不。节点 1 承载实验室自己的连接，保持运行。</translation>
    </message>
    <message>
        <source>Clients, one connection each (1..20,000; 1..1,024 with --client-io threads).</source>
        <translation>客户端数，每个一条连接（1..20,000；--client-io threads 时为 1..1,024）。</translation>
    </message>
    <message>
        <source>How clients wait for the server: threads (an OS thread each), events (a few threads drive every connection through non-blocking calls and epoll) or auto (threads up to 4 clients).</source>
        <translation>客户端如何等待服务器：threads（每个客户端一个操作系统线程）、events（少数几个线程通过非阻塞调用和 epoll 驱动所有连接）或 auto（4 个客户端以内用线程）。</translation>
    </message>
    <message>
        <source>What the lab watches live on the server: all, none, or a comma list of sampler (its lock counters each sample), audit (the live oversell audit), inspector (the lock inspector) and deadlocks (the deadlock reader). The counts at the stop line, the closing audit and the deadlocks found after the stop are taken whatever it says.</source>
        <translation>实验室在运行中实时观察服务器的哪些视图：all（全部）、none（不观察），或用逗号分隔的 sampler（每次采样读取锁计数）、audit（实时超卖审计）、inspector（锁检查器）和 deadlocks（死锁读取器）。无论如何设置，停止线处的计数、收尾审计和停止后找到的死锁都会照常获取。</translation>
    </message>
    <message>
        <source>Transaction isolation: server (the engine&apos;s own default: repeatable-read on InnoDB, read-committed on PostgreSQL), read-uncommitted, read-committed, repeatable-read or serializable.</source>
        <translation>事务隔离级别：server（引擎自己的默认值：InnoDB 为 repeatable-read，PostgreSQL 为 read-committed）、read-uncommitted、read-committed、repeatable-read 或 serializable。</translation>
    </message>
</context>
<context>
    <name>ExperimentPanel</name>
    <message>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>加载…</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>保存…</translation>
    </message>
    <message>
        <source>Load an experiment from a JSON file</source>
        <translation>从 JSON 文件加载实验</translation>
    </message>
    <message>
        <source>Save this experiment as a JSON file (also usable with lockbench run --experiment)</source>
        <translation>将本实验保存为 JSON 文件（也可用于 lockbench run --experiment）</translation>
    </message>
    <message>
        <source>Changed from “%1”. %2</source>
        <translation>基于“%1”修改。%2</translation>
    </message>
    <message>
        <source>Load experiment</source>
        <translation>加载实验</translation>
    </message>
    <message>
        <source>Experiments (*.json)</source>
        <translation>实验文件 (*.json)</translation>
    </message>
    <message>
        <source>Cannot load the experiment</source>
        <translation>无法加载实验</translation>
    </message>
    <message>
        <source>Save experiment</source>
        <translation>保存实验</translation>
    </message>
    <message>
        <source>Cannot save the experiment</source>
        <translation>无法保存实验</translation>
    </message>
</context>
<context>
    <name>ExperimentRunner</name>
    <message>
        <source>a run is already going; stop it first</source>
        <translation>已有运行正在进行；请先停止它</translation>
    </message>
    <message>
        <source>no strategy chosen</source>
        <translation>未选择策略</translation>
    </message>
    <message>
        <source>unknown strategy %1</source>
        <translation>未知策略 %1</translation>
    </message>
    <message>
        <source>lost the server: the remaining strategies are not run</source>
        <translation>与服务器失去连接：其余策略不再运行</translation>
    </message>
</context>
<context>
    <name>ExplanationView</name>
    <message>
        <source>Why %1: %2</source>
        <translation>%1 的原因分析：%2</translation>
    </message>
    <message>
        <source>%1: no explanation, the run did not finish with sales.</source>
        <translation>%1：无法解释，本次运行结束时没有成交的订单。</translation>
    </message>
    <message>
        <source>%1: none of the lab&apos;s explanations fits this run&apos;s figures.</source>
        <translation>%1：本工具的各种解释都不符合本次运行的数据。</translation>
    </message>
    <message>
        <source>Select a result to see why it reached its rate.</source>
        <translation>选择一条结果，查看它为何达到这一速率。</translation>
    </message>
</context>
<context>
    <name>ExportableChartView</name>
    <message>
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation>%1 文件 (*.%2)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>Export chart as %1…</source>
        <translation>将图表导出为 %1…</translation>
    </message>
</context>
<context>
    <name>FieldLabels</name>
    <message>
        <source>Workload</source>
        <translation>负载</translation>
    </message>
    <message>
        <source>Claim: tasks</source>
        <translation>认领：任务数</translation>
    </message>
    <message>
        <source>Claim: timeout</source>
        <translation>认领：超时</translation>
    </message>
    <message>
        <source>Kill a worker every</source>
        <translation>终止工作线程间隔</translation>
    </message>
    <message>
        <source>SKUs</source>
        <translation>SKU 数</translation>
    </message>
    <message>
        <source>Stock per SKU</source>
        <translation>每个 SKU 的库存</translation>
    </message>
    <message>
        <source>Slots per SKU</source>
        <translation>每个 SKU 的槽位数</translation>
    </message>
    <message>
        <source>Skew</source>
        <translation>倾斜</translation>
    </message>
    <message>
        <source>Quantity</source>
        <translation>每单数量</translation>
    </message>
    <message>
        <source>Stop at</source>
        <translation>停止条件</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>Orders</source>
        <translation>订单数</translation>
    </message>
    <message>
        <source>Time limit</source>
        <translation>时间上限</translation>
    </message>
    <message>
        <source>Warm-up</source>
        <translation>预热</translation>
    </message>
    <message>
        <source>Wait for a silent server</source>
        <translation>等待服务器空闲</translation>
    </message>
    <message>
        <source>Delay in transaction, ms</source>
        <translation>事务内延迟（ms）</translation>
    </message>
    <message>
        <source>Network round trip, ms</source>
        <translation>网络往返（ms）</translation>
    </message>
    <message>
        <source>Isolation</source>
        <translation>隔离级别</translation>
    </message>
    <message>
        <source>Arrival</source>
        <translation>到达方式</translation>
    </message>
    <message>
        <source>Rate, orders/s</source>
        <translation>速率（单/秒）</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>Batch (queued, claim)</source>
        <translation>批量（queued、claim）</translation>
    </message>
    <message>
        <source>Queued: writers</source>
        <translation>queued：写入线程数</translation>
    </message>
    <message>
        <source>Optimistic: max retries</source>
        <translation>optimistic：最大重试次数</translation>
    </message>
    <message>
        <source>Sample every, ms</source>
        <translation>采样间隔（ms）</translation>
    </message>
    <message>
        <source>Runs of each strategy</source>
        <translation>每个策略的运行次数</translation>
    </message>
    <message>
        <source>Server: deadlock detection</source>
        <translation>服务器：死锁检测</translation>
    </message>
    <message>
        <source>Server: lock wait timeout, s</source>
        <translation>服务器：锁等待超时（s）</translation>
    </message>
    <message>
        <source>Server: flush log at commit</source>
        <translation>服务器：提交时刷日志</translation>
    </message>
    <message>
        <source>Server: buffer pool, MiB</source>
        <translation>服务器：缓冲池（MiB）</translation>
    </message>
    <message>
        <source>Database</source>
        <translation>数据库</translation>
    </message>
    <message>
        <source>inventory (buy stock)</source>
        <comment>workload</comment>
        <translation>inventory（购买库存）</translation>
    </message>
    <message>
        <source>claim (work through tasks)</source>
        <comment>workload</comment>
        <translation>claim（处理任务）</translation>
    </message>
    <message>
        <source>duration</source>
        <comment>stop</comment>
        <translation>时长</translation>
    </message>
    <message>
        <source>a number of orders</source>
        <comment>stop</comment>
        <translation>指定订单数</translation>
    </message>
    <message>
        <source>sold out</source>
        <comment>stop</comment>
        <translation>售罄</translation>
    </message>
    <message>
        <source>READ UNCOMMITTED</source>
        <comment>isolation</comment>
        <translation>READ UNCOMMITTED</translation>
    </message>
    <message>
        <source>READ COMMITTED</source>
        <comment>isolation</comment>
        <translation>READ COMMITTED</translation>
    </message>
    <message>
        <source>REPEATABLE READ</source>
        <comment>isolation</comment>
        <translation>REPEATABLE READ</translation>
    </message>
    <message>
        <source>SERIALIZABLE</source>
        <comment>isolation</comment>
        <translation>SERIALIZABLE</translation>
    </message>
    <message>
        <source>closed loop (each client waits for its reply)</source>
        <comment>arrival</comment>
        <translation>闭环（每个客户端等待自己的回复）</translation>
    </message>
    <message>
        <source>open loop (orders arrive at a rate)</source>
        <comment>arrival</comment>
        <translation>开环（订单按固定速率到达）</translation>
    </message>
    <message>
        <source>as the server has it</source>
        <comment>deadlock-detect</comment>
        <translation>沿用服务器设置</translation>
    </message>
    <message>
        <source>on</source>
        <comment>deadlock-detect</comment>
        <translation>开启</translation>
    </message>
    <message>
        <source>off</source>
        <comment>deadlock-detect</comment>
        <translation>关闭</translation>
    </message>
    <message>
        <source>as the server has it</source>
        <comment>flush-log</comment>
        <translation>沿用服务器设置</translation>
    </message>
    <message>
        <source>0: write and flush about once a second</source>
        <comment>flush-log</comment>
        <translation>0：约每秒写入并刷盘一次</translation>
    </message>
    <message>
        <source>1: flush at every commit</source>
        <comment>flush-log</comment>
        <translation>1：每次提交都刷盘</translation>
    </message>
    <message>
        <source>2: write at commit, flush once a second</source>
        <comment>flush-log</comment>
        <translation>2：提交时写入，每秒刷盘一次</translation>
    </message>
    <message>
        <source>%1ms</source>
        <comment>duration</comment>
        <extracomment>A duration in an experiment&apos;s settings, e.g. 10s</extracomment>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1s</source>
        <comment>duration</comment>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1m</source>
        <comment>duration</comment>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>%1h</source>
        <comment>duration</comment>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>uniform</source>
        <comment>skew</comment>
        <translation>均匀</translation>
    </message>
    <message>
        <source>hotset:%1:%2</source>
        <comment>skew</comment>
        <extracomment>The hot-set skew: PERCENT of the orders go to the first SKUS SKUs</extracomment>
        <translation>热点集：%1% 的订单落在前 %2 个 SKU</translation>
    </message>
    <message>
        <source>zipf:%1</source>
        <comment>skew</comment>
        <extracomment>The Zipf skew with its parameter s</extracomment>
        <translation>Zipf 分布（参数 %1）</translation>
    </message>
    <message>
        <source>Cluster: clients per node</source>
        <translation>集群：每个节点的客户端</translation>
    </message>
    <message>
        <source>round robin</source>
        <comment>placement</comment>
        <translation>轮询</translation>
    </message>
    <message>
        <source>Cluster: take a node down</source>
        <translation>集群：让一个节点停机</translation>
    </message>
    <message>
        <source>never</source>
        <comment>kill-node</comment>
        <translation>从不</translation>
    </message>
    <message>
        <source>Client I/O</source>
        <translation>客户端 I/O</translation>
    </message>
    <message>
        <source>a thread per client</source>
        <comment>client-io</comment>
        <translation>每个客户端一个线程</translation>
    </message>
    <message>
        <source>auto (events beyond 4)</source>
        <comment>client-io</comment>
        <translation>自动（超过 4 个用事件）</translation>
    </message>
    <message>
        <source>events (epoll)</source>
        <comment>client-io</comment>
        <translation>事件（epoll）</translation>
    </message>
    <message>
        <source>Clients</source>
        <translation>客户端数</translation>
    </message>
    <message>
        <source>Watch live</source>
        <translation>实时观察</translation>
    </message>
    <message>
        <source>every view</source>
        <comment>observe</comment>
        <translation>全部视图</translation>
    </message>
    <message>
        <source>nothing</source>
        <comment>observe</comment>
        <translation>不观察</translation>
    </message>
    <message>
        <source>the sampler</source>
        <comment>observe</comment>
        <translation>采样器</translation>
    </message>
    <message>
        <source>the live audit</source>
        <comment>observe</comment>
        <translation>实时审计</translation>
    </message>
    <message>
        <source>the lock inspector</source>
        <comment>observe</comment>
        <translation>锁检查器</translation>
    </message>
    <message>
        <source>the deadlock reader</source>
        <comment>observe</comment>
        <translation>死锁读取器</translation>
    </message>
    <message>
        <source>, </source>
        <comment>observe</comment>
        <extracomment>Between the views the lab watches live, e.g. &quot;the sampler, the lock inspector&quot;</extracomment>
        <translation>、</translation>
    </message>
    <message>
        <source>as the server has it</source>
        <comment>isolation</comment>
        <translation>沿用服务器设置</translation>
    </message>
</context>
<context>
    <name>FieldRelevance</name>
    <message>
        <source>“%1”</source>
        <translation>“%1”</translation>
    </message>
    <message>
        <source>%1 or %2</source>
        <comment>values of a setting: the first ones comma-separated, then the last</comment>
        <translation>%1或%2</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>Plays no part here: used only when “%1” is %2.</source>
        <translation>此处不起作用：仅当“%1”为%2时使用。</translation>
    </message>
    <message>
        <source>Plays no part here: used only on a cluster, and the server chosen is a single one.</source>
        <translation>此处不起作用：仅用于集群，而所选服务器是单台服务器。</translation>
    </message>
    <message>
        <source>Plays no part here: used only on a single server, since each node of a cluster numbers its connections on its own.</source>
        <translation>此处不起作用：仅用于单台服务器，因为集群的每个节点各自为其连接编号。</translation>
    </message>
    <message>
        <source>Plays no part here: it changes the whole server, so the lab sets it only on the servers it starts itself, not on a server given by URL.</source>
        <translation>此处不起作用：它会改变整台服务器，所以本工具只在自己启动的服务器上设置它，不在通过 URL 指定的服务器上设置。</translation>
    </message>
    <message>
        <source>Plays no part here: used only by the strategies %1, none of which is ticked.</source>
        <translation>此处不起作用：只有策略 %1 使用它，而它们都没有被勾选。</translation>
    </message>
    <message>
        <source>Plays no part here: an InnoDB setting, which PostgreSQL does not have.</source>
        <translation>此处不起作用：这是 InnoDB 的设置，PostgreSQL 没有。</translation>
    </message>
</context>
<context>
    <name>Figure</name>
    <message>
        <source>sold out</source>
        <translation>售罄</translation>
    </message>
    <message>
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <source>clients</source>
        <translation>客户端</translation>
    </message>
    <message>
        <source>sold</source>
        <translation>已售</translation>
    </message>
    <message>
        <source>oversold</source>
        <translation>超卖</translation>
    </message>
    <message>
        <source>killed</source>
        <translation>被终止</translation>
    </message>
    <message>
        <source>stranded</source>
        <translation>滞留</translation>
    </message>
    <message>
        <source>orders</source>
        <translation>单</translation>
    </message>
    <message>
        <source>/s</source>
        <translation>/秒</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>p95</source>
        <translation>p95</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>lock waits</source>
        <translation>锁等待</translation>
    </message>
    <message>
        <source>deadlocks</source>
        <translation>死锁</translation>
    </message>
    <message>
        <source>timeouts</source>
        <translation>超时</translation>
    </message>
    <message>
        <source>predicted</source>
        <translation>预测</translation>
    </message>
</context>
<context>
    <name>FileLimit</name>
    <message>
        <source>%1 clients need about %2 open files, one socket each, but this process may open at most %3 (its hard limit, ulimit -Hn); raise it (ulimit -n %2 in the shell that starts the lab, as root or after raising the hard limit in /etc/security/limits.conf), or run fewer clients</source>
        <translation>%1 个客户端每个需要一个套接字，共需约 %2 个打开文件，但本进程最多只能打开 %3 个（它的硬限制，ulimit -Hn）；请提高它（在启动实验室的 shell 中执行 ulimit -n %2，需要 root 权限或先在 /etc/security/limits.conf 中提高硬限制），或减少客户端数</translation>
    </message>
</context>
<context>
    <name>FileStrategy</name>
    <message>
        <source>cannot read the strategy file %1: %2</source>
        <translation>无法读取策略文件 %1：%2</translation>
    </message>
    <message>
        <source>the strategy file %1 is larger than %2 KiB</source>
        <translation>策略文件 %1 大于 %2 KiB</translation>
    </message>
    <message>
        <source>%1 sells two SKUs per order: the experiment needs at least 2 SKUs</source>
        <translation>%1 每单销售两个 SKU：实验至少需要 2 个 SKU</translation>
    </message>
</context>
<context>
    <name>FillProgress</name>
    <message>
        <source>filling tables: %1 of %2 rows</source>
        <translation>正在填充表：%1 / %2 行</translation>
    </message>
    <message>
        <source>filling tables: %1 of %2 rows in %3 s (%4 rows/s)</source>
        <translation>正在填充表：%1 / %2 行，用时 %3 s（%4 行/秒）</translation>
    </message>
    <message>
        <source>filling tables: %1 of %2 rows (%3 rows/s, about %4 s left)</source>
        <translation>正在填充表：%1 / %2 行（%3 行/秒，约剩 %4 s）</translation>
    </message>
</context>
<context>
    <name>GuessBox</name>
    <message>
        <source>Show the lab&apos;s prediction</source>
        <translation>显示本工具的预测</translation>
    </message>
    <message>
        <source>The class&apos;s guess, orders/s:</source>
        <translation>全班的猜测（单/秒）：</translation>
    </message>
    <message>
        <source>The lab predicts each strategy&apos;s rate from a moment of one client alone; it stays hidden until the class has guessed</source>
        <translation>本工具根据单个客户端单独运行片刻的计时预测每个策略的速率；在全班猜测之前一直隐藏</translation>
    </message>
    <message>
        <source>Prediction shown above, beside the class&apos;s guess.</source>
        <translation>预测显示在上方，与全班的猜测并列。</translation>
    </message>
    <message>
        <source>Run the step: the lab first times one client alone, then predicts. Meanwhile, ask the class for its guess.</source>
        <translation>运行这一步：本工具先为单个客户端计时，然后预测。同时请全班猜一猜。</translation>
    </message>
    <message>
        <source>The lab has its prediction. Type the class&apos;s guess to show it.</source>
        <translation>本工具已得出预测。输入全班的猜测后即可显示。</translation>
    </message>
    <message>
        <source>Ready: show the prediction when the class has settled on its guess.</source>
        <translation>已就绪：全班确定猜测后即可显示预测。</translation>
    </message>
    <message>
        <source>Guess and prediction:</source>
        <translation>猜测与预测：</translation>
    </message>
    <message>
        <source>the class guessed %1 orders/s.</source>
        <translation>全班猜测 %1 单/秒。</translation>
    </message>
    <message>
        <source>%1: nothing to predict from (%2).</source>
        <translation>%1：无从预测（%2）。</translation>
    </message>
    <message>
        <source>%1 with %2 clients: predicted %3 orders/s (bound: %4).</source>
        <translation>%1，%2 个客户端：预测 %3 单/秒（瓶颈：%4）。</translation>
    </message>
    <message>
        <source>Measured %1 orders/s: %2 % of the prediction.</source>
        <translation>实测 %1 单/秒：为预测的 %2%。</translation>
    </message>
</context>
<context>
    <name>Handout</name>
    <message>
        <source>Step %1: %2</source>
        <translation>第 %1 步：%2</translation>
    </message>
    <message>
        <source>What to notice:</source>
        <translation>请注意：</translation>
    </message>
    <message>
        <source>Question:</source>
        <translation>问题：</translation>
    </message>
    <message>
        <source>This step was not run.</source>
        <translation>这一步没有运行。</translation>
    </message>
    <message>
        <source>step %1: %2</source>
        <translation>第 %1 步：%2</translation>
    </message>
    <message>
        <source>the lab&apos;s default: %1</source>
        <translation>本工具默认：%1</translation>
    </message>
    <message>
        <source>Settings:</source>
        <translation>设置：</translation>
    </message>
    <message>
        <source>the lab&apos;s defaults (every setting in the appendix)</source>
        <translation>本工具的默认设置（全部设置见附录）</translation>
    </message>
    <message>
        <source>Appendix: every setting of each step</source>
        <translation>附录：每一步的全部设置</translation>
    </message>
</context>
<context>
    <name>HeadlessRun</name>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>lockbench: quitting</source>
        <translation>lockbench：正在退出</translation>
    </message>
    <message>
        <source>step %1/%2: %3 (%4)</source>
        <translation>步骤 %1/%2：%3（%4）</translation>
    </message>
    <message>
        <source> run %1/%2</source>
        <translation> 第 %1/%2 次运行</translation>
    </message>
    <message>
        <source>cell %1/%2: %3 %4</source>
        <translation>组合 %1/%2：%3 %4</translation>
    </message>
    <message>
        <source>restarting the embedded server to audit what it kept</source>
        <translation>正在重启内置服务器，以审计它保留下来的数据</translation>
    </message>
    <message>
        <source>after the restart: %1</source>
        <translation>重启后：%1</translation>
    </message>
    <message>
        <source>hand-out: %1</source>
        <translation>讲义：%1</translation>
    </message>
    <message>
        <source>report: %1</source>
        <translation>报告：%1</translation>
    </message>
    <message>
        <source>charts: %1</source>
        <translation>图表：%1</translation>
    </message>
    <message>
        <source>server: %1</source>
        <translation>服务器：%1</translation>
    </message>
    <message>
        <source>predicted: %1 — nothing to predict from (%2)</source>
        <translation>预测：%1 — 没有可用于预测的数据（%2）</translation>
    </message>
    <message>
        <source>predicted: %1 with %2 clients, %3 orders/s (bound: %4)</source>
        <translation>预测：%1，%2 个客户端，%3 单/秒（瓶颈：%4）</translation>
    </message>
    <message>
        <source>lockbench: stopping after the current orders (Ctrl-C again to cancel them)</source>
        <translation>lockbench：当前订单完成后停止（再按一次 Ctrl-C 取消这些订单）</translation>
    </message>
    <message>
        <source>lockbench: stopping now: cancelling the orders under way (Ctrl-C again to quit at once)</source>
        <translation>lockbench：立即停止：正在取消进行中的订单（再按一次 Ctrl-C 立即退出）</translation>
    </message>
    <message>
        <source>server %1 of %2 (%3): %4</source>
        <translation>第 %1 台服务器（共 %2 台，%3）：%4</translation>
    </message>
</context>
<context>
    <name>HelpText</name>
    <message>
        <source>Usage: %1 [options] %2</source>
        <translation>用法：%1 [选项] %2</translation>
    </message>
    <message>
        <source>Options:</source>
        <translation>选项：</translation>
    </message>
    <message>
        <source>Arguments:</source>
        <translation>参数：</translation>
    </message>
</context>
<context>
    <name>KeyringWorker</name>
    <message>
        <source>there is no D-Bus session bus</source>
        <translation>没有 D-Bus 会话总线</translation>
    </message>
    <message>
        <source>libsecret is not installed</source>
        <translation>未安装 libsecret</translation>
    </message>
    <message>
        <source>the D-Bus session bus does not answer (%1)</source>
        <translation>D-Bus 会话总线无响应（%1）</translation>
    </message>
    <message>
        <source>the system keyring (Secret Service)</source>
        <translation>系统密钥环（Secret Service）</translation>
    </message>
    <message>
        <source>no keyring (Secret Service) runs on the D-Bus session bus</source>
        <translation>D-Bus 会话总线上没有运行密钥环（Secret Service）</translation>
    </message>
</context>
<context>
    <name>LabDatabase</name>
    <message>
        <source>the database name must be 1 to 64 letters, digits or underscores (got %1)</source>
        <translation>数据库名必须为 1 到 64 个字母、数字或下划线（实际为 %1）</translation>
    </message>
    <message>
        <source>cannot look up database %1: %2</source>
        <translation>无法查询数据库 %1：%2</translation>
    </message>
    <message>
        <source>cannot create database %1 (does the account have the CREATE privilege?): %2</source>
        <translation>无法创建数据库 %1（该账户是否具有 CREATE 权限？）：%2</translation>
    </message>
    <message>
        <source>the server allows %1 connections (max_connections) but this experiment needs %2; lower the client count or raise max_connections</source>
        <translation>服务器允许 %1 个连接（max_connections），但本实验需要 %2 个；请减少客户端数或调高 max_connections</translation>
    </message>
    <message>
        <source>the server allows %1 connections (max_connections), other clients hold %2 of them, and this experiment needs %3; lower the client count, wait for them to finish, or raise max_connections</source>
        <translation>服务器允许 %1 个连接（max_connections），其他客户端占用了其中 %2 个，而本实验需要 %3 个；请减少客户端数、等待它们结束，或调高 max_connections</translation>
    </message>
    <message>
        <source>the server is not answering</source>
        <translation>服务器没有响应</translation>
    </message>
    <message>
        <source>cannot check for InnoDB: %1</source>
        <translation>无法检查 InnoDB：%1</translation>
    </message>
    <message>
        <source>the server has no InnoDB engine (support: %1); the lab studies InnoDB row locks</source>
        <translation>服务器没有 InnoDB 引擎（支持情况：%1）；本工具研究的是 InnoDB 行锁</translation>
    </message>
    <message>
        <source>absent</source>
        <translation>不存在</translation>
    </message>
    <message>
        <source>cannot list the tables of %1: %2</source>
        <translation>无法列出 %1 中的表：%2</translation>
    </message>
    <message>
        <source>cannot read lockbench_meta: %1</source>
        <translation>无法读取 lockbench_meta：%1</translation>
    </message>
    <message>
        <source>database %1 holds tables lockbench did not create (%2); the lab will not touch them. Choose another database (mysql://…/otherdb) or remove those tables.</source>
        <translation>数据库 %1 中有不是由 lockbench 创建的表（%2）；本工具不会动它们。请选择另一个数据库（mysql://…/otherdb）或删除这些表。</translation>
    </message>
    <message>
        <source>cannot look for the routine %1: %2</source>
        <translation>无法查找例程 %1：%2</translation>
    </message>
    <message>
        <source>database %1 holds a routine %2 that lockbench did not create; the lab will not touch it. Choose another database (mysql://…/otherdb) or drop it.</source>
        <translation>数据库 %1 中有一个不是由 lockbench 创建的例程 %2；本工具不会动它。请选择另一个数据库（mysql://…/otherdb）或删除它。</translation>
    </message>
    <message>
        <source>cannot create the stored procedure %1 (the account needs CREATE ROUTINE on %2): %3</source>
        <translation>无法创建存储过程 %1（该账户需要 %2 上的 CREATE ROUTINE 权限）：%3</translation>
    </message>
    <message>
        <source>stopped while filling the tables, after %1 of %2 rows</source>
        <translation>填充表时已停止，已完成 %1 / %2 行</translation>
    </message>
    <message>
        <source>the strategy&apos;s table %1 has the name of one of the lab&apos;s own tables (%2); give it another</source>
        <translation>策略的表 %1 与实验室自己的表（%2）同名；请另取一个名字</translation>
    </message>
    <message>
        <source>cannot create the strategy&apos;s table %1: %2</source>
        <translation>无法创建策略的表 %1：%2</translation>
    </message>
    <message>
        <source>the invariant %1 cannot run on this server: %2</source>
        <translation>不变式 %1 无法在此服务器上运行：%2</translation>
    </message>
</context>
<context>
    <name>LabLease</name>
    <message>
        <source>cannot connect to %1 to reserve database %2: %3</source>
        <translation>无法连接到 %1 以预留数据库 %2：%3</translation>
    </message>
    <message>
        <source>cannot reserve database %1 on %2: %3</source>
        <translation>无法在 %2 上预留数据库 %1：%3</translation>
    </message>
    <message>
        <source>GET_LOCK returned NULL</source>
        <translation>GET_LOCK 返回了 NULL</translation>
    </message>
    <message>
        <source>database %1 on %2 is in use by another lab: its lease (%3) is held by %4. Two labs on one database would drop each other&apos;s tables: wait for that run to end, or choose another database</source>
        <translation>%2 上的数据库 %1 正被另一个 lockbench 实例使用：其租约（%3）由 %4 持有。两个实例共用一个数据库会互相删除对方的表：请等待那次运行结束，或选择另一个数据库</translation>
    </message>
    <message>
        <source>database %1 on %2 is in use by another lab that keeps taking and giving back its lease; try again</source>
        <translation>%2 上的数据库 %1 正被另一个 lockbench 实例使用，它在不断获取又归还租约；请重试</translation>
    </message>
    <message>
        <source>the lab lost its lease on database %1 with its connection, and another lab took it: %2</source>
        <translation>本工具随连接一起失去了数据库 %1 的租约，且另一个实例已取得该租约：%2</translation>
    </message>
    <message>
        <source>connection %1 (who and where is shown only to an account with the PROCESS privilege)</source>
        <translation>连接 %1（只有具有 PROCESS 权限的账户才能看到是谁、来自何处）</translation>
    </message>
    <message>
        <source>connection %1 (user %2 from %3, since %4, %5 s ago)</source>
        <translation>连接 %1（用户 %2，来自 %3，自 %4 起，%5 s 前）</translation>
    </message>
    <message>
        <source>connection %1 (user %2 from %3)</source>
        <translation>连接 %1（用户 %2，来自 %3）</translation>
    </message>
</context>
<context>
    <name>LabServer</name>
    <message>
        <source>the server failed its Test (%1); press Test again once it is fixed</source>
        <translation>服务器未通过测试（%1）；修复后请再次点击“测试”</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>the lab&apos;s %1 did not start: %2</source>
        <translation>实验室的 %1 未能启动：%2</translation>
    </message>
    <message>
        <source>the lab&apos;s %1 failed to start: %2</source>
        <translation>实验室的 %1 启动失败：%2</translation>
    </message>
    <message>
        <source>the lab&apos;s %1 is still starting</source>
        <translation>实验室的 %1 仍在启动</translation>
    </message>
</context>
<context>
    <name>LabSession</name>
    <message>
        <source>the server is being restarted and audited; run again once that is done</source>
        <translation>服务器正在重启并进行审计；完成后请重新运行</translation>
    </message>
    <message>
        <source>no run lost its server</source>
        <translation>没有哪次运行与服务器失去连接</translation>
    </message>
    <message>
        <source>the lab restarts only its embedded server; once yours is back, run again</source>
        <translation>本工具只会重启其内置服务器；您的服务器恢复后，请重新运行</translation>
    </message>
    <message>
        <source>the server did not start again: %1</source>
        <translation>服务器未能重新启动：%1</translation>
    </message>
    <message>
        <source>auditing what the server kept</source>
        <translation>正在审计服务器保留下来的数据</translation>
    </message>
    <message>
        <source>a run is already going; stop it first</source>
        <translation>已有运行正在进行；请先停止它</translation>
    </message>
    <message>
        <source>calibrating: each strategy with one client for %1 s</source>
        <translation>校准：每个策略用一个客户端运行 %1 秒</translation>
    </message>
    <message>
        <source>the calibration did not finish</source>
        <translation>校准没有完成</translation>
    </message>
    <message>
        <source>calibrating: each strategy with one client for %1 s, then with %2 clients for %3 s</source>
        <translation>校准：每个策略先用一个客户端运行 %1 秒，再用 %2 个客户端运行 %3 秒</translation>
    </message>
    <message>
        <source>; %1 with %2 clients, to time its row at load</source>
        <translation>；%1 用 %2 个客户端，测量它的行在负载下的周期</translation>
    </message>
    <message>
        <source>a strategy file is being checked on the server; run again in a moment</source>
        <translation>正在服务器上检查一个策略文件；请稍后再运行</translation>
    </message>
    <message>
        <source>Not now: a run, a recovery or another check is under way.</source>
        <translation>现在不行：有运行、恢复或另一次检查正在进行。</translation>
    </message>
    <message>
        <source>reports and charts are drawn by the window&apos;s module, which is not loaded</source>
        <translation>报告和图表由窗口模块绘制，而该模块未加载</translation>
    </message>
    <message>
        <source>nothing to run</source>
        <translation>没有可运行的内容</translation>
    </message>
    <message>
        <source>the run lost %1, which is not the server chosen now</source>
        <translation>这次运行失去的是 %1，而不是当前选择的服务器</translation>
    </message>
</context>
<context>
    <name>LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>lockbench speaks %1 from its next start. Restart it now? A run in progress would be stopped.</source>
        <translation>lockbench 下次启动时将使用%1。现在重新启动吗？正在进行的运行将被停止。</translation>
    </message>
</context>
<context>
    <name>LegendStrip</name>
    <message>
        <source>deadlock</source>
        <translation>死锁</translation>
    </message>
    <message>
        <source>sold out</source>
        <translation>售罄</translation>
    </message>
    <message>
        <source>Run a strategy to draw its lines here.</source>
        <translation>运行一个策略，它的曲线会绘制在这里。</translation>
    </message>
</context>
<context>
    <name>Lesson</name>
    <message>
        <source>Why a hot row serialises</source>
        <translation>热点行为何串行化</translation>
    </message>
    <message>
        <source>Every order for one SKU needs the same row lock, and InnoDB grants it to one transaction at a time until that transaction commits. However many clients there are, the row passes one order at a time, and the longer each holds the lock, the fewer orders a second get through.</source>
        <translation>同一个 SKU 的每个订单都需要同一把行锁，而 InnoDB 每次只把它授予一个事务，直到该事务提交。无论有多少客户端，这一行每次只能通过一个订单；每个订单持锁越久，每秒能通过的订单就越少。</translation>
    </message>
    <message>
        <source>One row, one lock at a time</source>
        <translation>一行，一次一把锁</translation>
    </message>
    <message>
        <source>Thirty-two shoppers buy from one SKU. Each order locks the stock row with SELECT … FOR UPDATE, checks it, updates it and commits. While one transaction holds the lock, the other thirty-one wait in line on that row.</source>
        <translation>三十二名顾客购买同一个 SKU。每个订单用 SELECT … FOR UPDATE 锁住库存行，检查库存，更新后提交。一个事务持有锁时，其余三十一个事务都在这一行上排队等待。</translation>
    </message>
    <message>
        <source>The lock inspector shows one transaction holding the row&apos;s X lock and a queue of waiters behind it, every sample, for the whole run.</source>
        <translation>锁监视器显示：在整个运行期间的每次采样中，都有一个事务持有该行的 X 锁，后面排着一队等待者。</translation>
    </message>
    <message>
        <source>Thirty-two clients are connected. How many of them can be changing the stock row at any moment?</source>
        <translation>三十二个客户端都已连接。在任一时刻，其中有几个能够修改库存行？</translation>
    </message>
    <message>
        <source>Hold the lock longer</source>
        <translation>延长持锁时间</translation>
    </message>
    <message>
        <source>Now each transaction does 5 ms of work while it holds the lock, as a payment check or a slow network would. The row is still granted to one transaction at a time, so each order now costs the whole queue at least 5 ms.</source>
        <translation>现在每个事务在持锁期间要做 5 ms 的工作，就像支付校验或慢速网络造成的那样。该行仍然每次只授予一个事务，因此现在每个订单都会让整个队列至少多等 5 ms。</translation>
    </message>
    <message>
        <source>Orders per second fall to under 200: one order per hold time. The explanation under the results names the ceiling, 1000 ms divided by the hold time.</source>
        <translation>每秒订单数降到 200 以下：每段持锁时间只能通过一个订单。结果下方的原因分析给出了这个上限：1000 ms 除以持锁时间。</translation>
    </message>
    <message>
        <source>If the work inside the transaction took 20 ms, what would the best possible rate be, whatever the number of clients?</source>
        <translation>如果事务内的工作耗时 20 ms，那么无论客户端有多少，可能达到的最高速率是多少？</translation>
    </message>
    <message>
        <source>More clients do not help</source>
        <translation>加客户端无济于事</translation>
    </message>
    <message>
        <source>The same 5 ms of work, with twice as many shoppers. More clients only make the queue on the row longer.</source>
        <translation>同样是 5 ms 的工作，但顾客数量翻了一倍。更多的客户端只会让该行上的队列更长。</translation>
    </message>
    <message>
        <source>Orders per second stay where they were, while the number of transactions waiting for the lock doubles, and so does the latency.</source>
        <translation>每秒订单数保持不变，而等待锁的事务数翻了一倍，延迟也随之翻倍。</translation>
    </message>
    <message>
        <source>Where does the time of a slow order go: into the work, or into the wait for the lock?</source>
        <translation>一个慢订单的时间花在了哪里：是花在工作上，还是花在等待锁上？</translation>
    </message>
    <message>
        <source>Optimistic is not free</source>
        <translation>乐观锁也有代价</translation>
    </message>
    <message>
        <source>Optimistic concurrency takes no lock while it reads: it writes only if the version it read is still current, and starts again when another order got there first. With few conflicts that is cheap; on a hot row almost every attempt loses, and the retries are the cost.</source>
        <translation>乐观并发控制在读取时不加锁：只有当它读到的版本仍是最新版本时才写入；如果另一个订单抢先一步，就从头再来。冲突很少时，这样做代价很低；但在热点行上，几乎每次尝试都会落败，重试就是代价。</translation>
    </message>
    <message>
        <source>Few conflicts: many SKUs</source>
        <translation>冲突很少：大量 SKU</translation>
    </message>
    <message>
        <source>A thousand SKUs, sixteen shoppers spread evenly over them. Two orders rarely touch the same row at the same time, so the version check almost always succeeds.</source>
        <translation>一千个 SKU，十六名顾客的订单均匀分布在这些 SKU 上。两个订单很少同时访问同一行，因此版本检查几乎总能通过。</translation>
    </message>
    <message>
        <source>Retries per second stay near zero, and optimistic keeps up with pessimistic.</source>
        <translation>每秒重试次数接近于零，optimistic 的表现与 pessimistic 不相上下。</translation>
    </message>
    <message>
        <source>Why does optimistic need no lock to sell correctly when conflicts are rare?</source>
        <translation>冲突很少时，为什么 optimistic 不加锁也能正确售卖？</translation>
    </message>
    <message>
        <source>One hot row: a retry storm</source>
        <translation>单一热点行：重试风暴</translation>
    </message>
    <message>
        <source>Now everybody buys the same SKU. Each attempt reads the version, crosses the network and tries to write; by then another order has usually changed the row, so the update matches nothing and the order starts again.</source>
        <translation>现在所有人都购买同一个 SKU。每次尝试先读取版本，经过一次网络往返后再尝试写入；而此时通常已有另一个订单修改了该行，于是更新匹配不到任何行，订单只好从头再来。</translation>
    </message>
    <message>
        <source>Attempts per second are far above orders per second: most attempts are thrown away. The explanation gives the retries per sold order.</source>
        <translation>每秒尝试次数远高于每秒订单数：大部分尝试都被白白丢弃。原因分析给出了每个售出订单的重试次数。</translation>
    </message>
    <message>
        <source>On a hot row, which costs more: waiting for a lock, or doing the work again after losing the race?</source>
        <translation>在热点行上，哪种代价更高：等待锁，还是在竞争失败后重做一遍？</translation>
    </message>
    <message>
        <source>Spread the row</source>
        <translation>拆分热点行</translation>
    </message>
    <message>
        <source>If one row is the bottleneck, split it: keep a SKU&apos;s stock in several slot rows, so that orders lock different rows. How the slots are guarded decides whether the split helps.</source>
        <translation>如果一行成了瓶颈，就把它拆开：把一个 SKU 的库存放在多个槽位行中，让订单锁住不同的行。槽位如何防止超卖，决定了拆分是否有用。</translation>
    </message>
    <message>
        <source>Slots with a SUM guard</source>
        <translation>带 SUM 校验的槽位</translation>
    </message>
    <message>
        <source>slotted keeps sixteen slot rows per SKU and writes to a random one with INSERT … ON DUPLICATE KEY UPDATE. To be sure the SKU is not oversold, it checks SUM(stock) of all slots under FOR UPDATE in the same statement, and that locks every slot row of the SKU again.</source>
        <translation>slotted 为每个 SKU 保留十六个槽位行，用 INSERT … ON DUPLICATE KEY UPDATE 随机写入其中一行。为确保该 SKU 不会超卖，它在同一条语句中以 FOR UPDATE 检查所有槽位的 SUM(stock)，而这又会把该 SKU 的每个槽位行都锁一遍。</translation>
    </message>
    <message>
        <source>slotted is no faster than pessimistic: the guard takes the locks of all sixteen slots, so orders still pass one at a time.</source>
        <translation>slotted 并不比 pessimistic 快：校验会拿下全部十六个槽位的锁，所以订单仍然只能一个一个地通过。</translation>
    </message>
    <message>
        <source>Why does splitting a row into sixteen not help when every order reads all sixteen under a lock?</source>
        <translation>如果每个订单都要在加锁的情况下读取全部十六行，为什么把一行拆成十六行也无济于事？</translation>
    </message>
    <message>
        <source>Slots that each hold their own stock</source>
        <translation>各槽位独立持有库存</translation>
    </message>
    <message>
        <source>slotted-partitioned gives each slot its own share of the stock. An order takes from one slot with a conditional UPDATE and moves to another slot when that one has run dry, so sixteen orders can hold sixteen different locks at once.</source>
        <translation>slotted-partitioned 让每个槽位持有自己那一份库存。订单用条件 UPDATE 从一个槽位扣减，该槽位耗尽时就换到另一个槽位，因此十六个订单可以同时持有十六把不同的锁。</translation>
    </message>
    <message>
        <source>slotted-partitioned sells several times as fast, with far fewer row-lock waits: the orders no longer meet on one row.</source>
        <translation>slotted-partitioned 的售卖速度快了好几倍，行锁等待也少得多：订单不再挤在同一行上。</translation>
    </message>
    <message>
        <source>When the slots run low, an order can find its slot empty while the SKU still has stock elsewhere. What must the lab do so that no buyer is refused in that case?</source>
        <translation>槽位库存不足时，订单可能发现自己的槽位已空，而该 SKU 在其他槽位仍有库存。本工具必须怎么做，才能在这种情况下不拒绝任何买家？</translation>
    </message>
    <message>
        <source>Queue and batch</source>
        <translation>排队与批量</translation>
    </message>
    <message>
        <source>Instead of letting every client fight for the row lock, put the orders of a SKU in a queue inside the application and let one writer apply them. With batching, the writer applies many orders in one transaction, so the row&apos;s lock is taken once for the whole batch.</source>
        <translation>与其让每个客户端争抢行锁，不如在应用程序内把同一个 SKU 的订单放进队列，由一个写入线程执行。采用批量处理时，写入线程在一个事务中执行许多订单，这样整批订单只需获取一次该行的锁。</translation>
    </message>
    <message>
        <source>A queue without batching</source>
        <translation>只排队，不批量</translation>
    </message>
    <message>
        <source>queued puts each order in a per-SKU queue; one writer takes one order at a time and commits it. No two transactions ever wait for each other on the row: the waiting happens in the queue, in memory.</source>
        <translation>queued 把每个订单放进按 SKU 划分的队列；一个写入线程每次取出一个订单并提交。任何两个事务都不会在该行上相互等待：等待发生在内存中的队列里。</translation>
    </message>
    <message>
        <source>queued has almost no row-lock waits, while pessimistic has one for nearly every order; with one order per transaction the rates stay close.</source>
        <translation>queued 几乎没有行锁等待，而 pessimistic 几乎每个订单都有一次；每个事务只处理一个订单时，两者的速率相差不大。</translation>
    </message>
    <message>
        <source>If the waiting still happens, only in the application&apos;s queue, what have we gained?</source>
        <translation>如果等待依然存在，只是转移到了应用程序的队列里，那我们得到了什么？</translation>
    </message>
    <message>
        <source>Batching: one transaction for many orders</source>
        <translation>批量：一个事务处理多个订单</translation>
    </message>
    <message>
        <source>The same queue, but the writer takes up to 32 waiting orders and applies them in one transaction: one lock, one commit, one round trip for all of them.</source>
        <translation>还是同一个队列，但写入线程一次最多取出 32 个等待中的订单，在一个事务中执行：这些订单总共只需一次加锁、一次提交、一次往返。</translation>
    </message>
    <message>
        <source>queued now sells many times as fast as pessimistic on the same hot SKU. The results say by how much.</source>
        <translation>在同一个热点 SKU 上，queued 现在的售卖速度是 pessimistic 的许多倍。具体快多少，请看结果。</translation>
    </message>
    <message>
        <source>What does a batch cost an order that arrives just after the writer started a batch?</source>
        <translation>如果一个订单恰好在写入线程开始处理一批之后才到达，批量处理会让它付出什么代价？</translation>
    </message>
    <message>
        <source>Deadlocks and their detection</source>
        <translation>死锁及其检测</translation>
    </message>
    <message>
        <source>Orders that lock two SKUs in random order can each wait for the other: a deadlock. InnoDB detects it and rolls one transaction back with error 1213; without detection, the waiters stay stuck until the lock wait timeout. Locking in one fixed order makes the cycle impossible.</source>
        <translation>以随机顺序锁住两个 SKU 的订单可能互相等待对方：这就是死锁。InnoDB 会检测到死锁，并以错误 1213 回滚其中一个事务；如果不检测，等待者会一直卡住，直到锁等待超时。按固定顺序加锁，就不可能形成环路。</translation>
    </message>
    <message>
        <source>Two SKUs in random order</source>
        <translation>随机顺序锁两个 SKU</translation>
    </message>
    <message>
        <source>Each order buys two SKUs out of four. two-sku-random locks them in the order the shopper picked; two-sku-sorted always locks the lower SKU first. Watch the deadlocks.</source>
        <translation>每个订单从四个 SKU 中购买两个。two-sku-random 按顾客挑选的顺序加锁；two-sku-sorted 总是先锁编号较小的 SKU。请注意观察死锁。</translation>
    </message>
    <message>
        <source>two-sku-random deadlocks again and again, and the Deadlocks panel shows each cycle: who held which row and waited for which. two-sku-sorted has none.</source>
        <translation>two-sku-random 一次又一次地发生死锁，“死锁”面板显示了每个环路：谁持有哪一行、又在等待哪一行。two-sku-sorted 一次也没有。</translation>
    </message>
    <message>
        <source>Why can two transactions that lock rows in the same order never wait for each other in a circle?</source>
        <translation>为什么按相同顺序锁行的两个事务永远不会形成循环等待？</translation>
    </message>
    <message>
        <source>Detection off</source>
        <translation>关闭死锁检测</translation>
    </message>
    <message>
        <source>The same orders with innodb_deadlock_detect off and a one-second lock wait timeout. Nobody looks for the cycles any more: the waiters give up only when their timeout expires.</source>
        <translation>同样的订单，但关闭 innodb_deadlock_detect，并把锁等待超时设为一秒。再也没有谁去查找环路：等待者只有在超时到期时才会放弃。</translation>
    </message>
    <message>
        <source>two-sku-random now shows 1205 lock wait timeouts instead of deadlocks, and its orders per second drop: every cycle holds its rows for a whole second.</source>
        <translation>two-sku-random 现在出现的是 1205 锁等待超时而不是死锁，每秒订单数也随之下降：每个环路都会把它的行占住整整一秒。</translation>
    </message>
    <message>
        <source>The articles turned detection off to save CPU on a hot row. What does it cost when real deadlocks happen?</source>
        <translation>一些文章为了在热点行上节省 CPU 而关闭了死锁检测。真正发生死锁时，这样做的代价是什么？</translation>
    </message>
    <message>
        <source>Claim work without blocking</source>
        <translation>无阻塞地认领任务</translation>
    </message>
    <message>
        <source>Many workers take tasks from one table. If every worker locks the first pending rows, they all queue on the same rows; claiming with one UPDATE, or skipping locked rows, lets them work side by side.</source>
        <translation>许多工作线程从同一张表中领取任务。如果每个工作线程都锁住最前面的待处理行，它们就会全都在相同的行上排队；用一条 UPDATE 认领，或者跳过已锁定的行，就能让它们并行工作。</translation>
    </message>
    <message>
        <source>Three ways to claim a batch</source>
        <translation>认领一批任务的三种方式</translation>
    </message>
    <message>
        <source>Five thousand tasks, thirty-two workers, sixteen tasks a claim and 20 ms of work each. claim-for-update locks the first pending rows and works while holding them; claim-update marks its rows with one UPDATE and works with no lock held; claim-skip-locked reads past rows that others hold. A worker is killed every 300 ms.</source>
        <translation>五千个任务，三十二个工作线程，每次认领十六个任务，每批工作耗时 20 ms。claim-for-update 锁住最前面的待处理行，并在持锁期间执行任务；claim-update 用一条 UPDATE 标记自己认领的行，执行时不持有任何锁；claim-skip-locked 读取时跳过其他工作线程持有的行。每 300 ms 会终止一个工作线程。</translation>
    </message>
    <message>
        <source>claim-for-update completes tasks one batch at a time; the other two finish many times sooner. Every verdict passes: no task was done twice, none was lost, and claim-update&apos;s sweeper gave back what the killed workers held.</source>
        <translation>claim-for-update 一次只能完成一批任务；另外两种策略完成所需的时间要短许多倍。所有结论都通过：没有任务被执行两次，也没有任务丢失，claim-update 的清扫线程收回了被终止的工作线程所持有的任务。</translation>
    </message>
    <message>
        <source>A worker dies while it holds a claim. What frees its tasks with claim-for-update, and what with claim-update?</source>
        <translation>一个工作线程在持有认领时终止了。使用 claim-for-update 时，是什么释放了它的任务？使用 claim-update 时又是什么？</translation>
    </message>
    <message>
        <source>Stock in front of the database</source>
        <translation>在数据库前扣减库存</translation>
    </message>
    <message>
        <source>For the hottest items the articles keep the stock in Redis, split over sub-keys, take it with one atomic script and only then write the order to the database. No row lock is held anywhere, but there are now two systems and two steps, and the two must be reconciled.</source>
        <translation>对于最热门的商品，一些文章把库存放在 Redis 中并拆分到多个子键上，用一个原子脚本扣减，然后才把订单写入数据库。整个过程不持有任何行锁，但现在有了两个系统、两个步骤，两者之间必须对账。</translation>
    </message>
    <message>
        <source>Redis sub-keys against row locks</source>
        <translation>Redis 子键对比行锁</translation>
    </message>
    <message>
        <source>One hot SKU of 20,000 units. pessimistic and conditional sell from the stock row; redis-split takes each order&apos;s unit from one of sixteen Redis sub-keys with a Lua script, then writes the order row to MariaDB.</source>
        <translation>一个热点 SKU，库存 20,000 件。pessimistic 和 conditional 从库存行中售卖；redis-split 用 Lua 脚本从十六个 Redis 子键之一中为每个订单扣减一件，再把订单行写入 MariaDB。</translation>
    </message>
    <message>
        <source>redis-split sells out many times sooner. Its explanation says where a take&apos;s time goes: microseconds inside Redis, the rest on the round trip.</source>
        <translation>redis-split 售罄所需的时间要短许多倍。它的原因分析说明了一次扣减的时间花在哪里：在 Redis 内部只需几微秒，其余都花在往返上。</translation>
    </message>
    <message>
        <source>Redis runs one script at a time. Why is that not a hot row of its own?</source>
        <translation>Redis 一次只执行一个脚本。为什么它本身不会成为一个新的热点行？</translation>
    </message>
    <message>
        <source>What a crash between the two steps costs</source>
        <translation>两步之间崩溃的代价</translation>
    </message>
    <message>
        <source>Now the lab kills client connections every 30 ms. A take whose reply is lost, or an order whose write fails after Redis gave the stock, can leave units taken from Redis with no order row. The audit adds Redis&apos;s remaining stock to MariaDB&apos;s orders and compares the sum with the initial stock.</source>
        <translation>现在本工具每 30 ms 终止一次客户端连接。扣减的回复丢失，或者 Redis 已扣减库存后订单写入失败，都可能导致库存已从 Redis 扣除却没有对应的订单行。审计会把 Redis 的剩余库存与 MariaDB 中的订单相加，并将总和与初始库存比较。</translation>
    </message>
    <message>
        <source>The verdict may turn red with units stranded in Redis: nothing was oversold, but stock the shop had is neither in Redis nor in an order. The reconciliation reports the exact count.</source>
        <translation>结论可能因滞留在 Redis 中的库存而变红：没有发生超卖，但商店原有的库存既不在 Redis 中，也不在任何订单里。对账会报告确切的件数。</translation>
    </message>
    <message>
        <source>How would you give stranded units back to the shelf without ever selling one twice?</source>
        <translation>怎样才能把滞留的库存放回货架，同时又保证任何一件都不会被卖两次？</translation>
    </message>
    <message>
        <source>InnoDB and PostgreSQL on one hot row</source>
        <translation>同一个热点行上的 InnoDB 与 PostgreSQL</translation>
    </message>
    <message>
        <source>The same orders on the same hot row, on MariaDB&apos;s InnoDB and on PostgreSQL. Both grant a row lock to one transaction at a time, but they differ in what a waiter finds when its turn comes, and in when they look for deadlocks.</source>
        <translation>同样的订单、同一个热点行，分别跑在 MariaDB 的 InnoDB 和 PostgreSQL 上。两者都一次只把行锁交给一个事务，但等待者轮到时看到的数据不同，检查死锁的时机也不同。</translation>
    </message>
    <message>
        <source>InnoDB: one holder, a queue of waiters</source>
        <translation>InnoDB：一个持有者，一队等待者</translation>
    </message>
    <message>
        <source>Sixteen shoppers buy from one SKU on the lab&apos;s MariaDB. pessimistic locks the stock row with SELECT … FOR UPDATE; conditional decrements it in one UPDATE that checks the stock.</source>
        <translation>十六位顾客在实验室的 MariaDB 上抢购同一个 SKU。pessimistic 用 SELECT … FOR UPDATE 锁住库存行；conditional 用一条检查库存的 UPDATE 直接扣减。</translation>
    </message>
    <message>
        <source>One transaction holds the row, the others wait behind it; when the holder commits, the next waiter reads the new stock and goes on. No order is retried.</source>
        <translation>一个事务持有该行，其余的在后面排队；持有者提交后，下一个等待者读到新的库存并继续。没有订单需要重试。</translation>
    </message>
    <message>
        <source>When a waiter finally gets the row, has the stock it will read changed since its transaction began?</source>
        <translation>等待者终于拿到这一行时，它要读的库存与它的事务开始时相比变了吗？</translation>
    </message>
    <message>
        <source>PostgreSQL at REPEATABLE READ: the waiters fail</source>
        <translation>PostgreSQL 的 REPEATABLE READ：等待者失败</translation>
    </message>
    <message>
        <source>The same orders on the lab&apos;s PostgreSQL, at the same isolation, REPEATABLE READ. PostgreSQL also queues the waiters behind one holder, but a transaction that sees a row changed after its snapshot was taken may not update it.</source>
        <translation>同样的订单跑在实验室的 PostgreSQL 上，隔离级别同为 REPEATABLE READ。PostgreSQL 同样让等待者排在一个持有者之后，但一个事务若发现某行在它的快照之后被改过，就不能再更新它。</translation>
    </message>
    <message>
        <source>Retries climb to several per order: each waiter that gets the row after a commit fails with SQLSTATE 40001, could not serialize access due to concurrent update, and the order starts again.</source>
        <translation>重试升到每单好几次：每个在别人提交后拿到该行的等待者都以 SQLSTATE 40001（could not serialize access due to concurrent update）失败，订单从头再来。</translation>
    </message>
    <message>
        <source>InnoDB&apos;s REPEATABLE READ let the waiter go on with the newest stock. Which behaviour protects the stock, and which one costs more round trips?</source>
        <translation>InnoDB 的 REPEATABLE READ 让等待者带着最新库存继续。哪种行为保护了库存，哪种要多花往返？</translation>
    </message>
    <message>
        <source>PostgreSQL at READ COMMITTED</source>
        <translation>PostgreSQL 的 READ COMMITTED</translation>
    </message>
    <message>
        <source>PostgreSQL&apos;s own default is READ COMMITTED. There, a waiter that gets the row re-reads the newest version of it and goes on, as InnoDB&apos;s locking reads do.</source>
        <translation>PostgreSQL 自己的默认级别是 READ COMMITTED。在这一级别下，拿到行的等待者会重新读取该行的最新版本并继续，就像 InnoDB 的加锁读那样。</translation>
    </message>
    <message>
        <source>The retries are gone and the rates come closer to InnoDB&apos;s: the row still passes one order at a time, bounded by how long each holds the lock.</source>
        <translation>重试消失了，吞吐也更接近 InnoDB：这一行仍然一次只过一单，上限取决于每单持锁多久。</translation>
    </message>
    <message>
        <source>If both engines serialise the row the same way here, what is left to tell their rates apart?</source>
        <translation>既然这里两种引擎以同样的方式串行化这一行，它们的吞吐还差在哪里？</translation>
    </message>
    <message>
        <source>Deadlocks: InnoDB looks at once</source>
        <translation>死锁：InnoDB 立即检查</translation>
    </message>
    <message>
        <source>Each order buys two SKUs, locked in the order the shopper picked. On InnoDB, every lock wait is checked for a cycle as it begins.</source>
        <translation>每单购买两个 SKU，按顾客挑选的顺序加锁。在 InnoDB 上，每次锁等待一开始就会检查是否成环。</translation>
    </message>
    <message>
        <source>Hundreds of deadlocks, each found as its wait began: the victim&apos;s transaction is rolled back and its order tried again at once, and orders keep selling.</source>
        <translation>数百次死锁，每次都在等待开始时被发现：牺牲者的事务被回滚，订单立即重试，销售继续进行。</translation>
    </message>
    <message>
        <source>How long does a deadlocked order wait before one transaction of the cycle is rolled back?</source>
        <translation>陷入死锁的订单要等多久，环中的一个事务才被回滚？</translation>
    </message>
    <message>
        <source>Deadlocks: PostgreSQL waits a second first</source>
        <translation>死锁：PostgreSQL 先等一秒</translation>
    </message>
    <message>
        <source>The same orders on PostgreSQL. It runs its deadlock detector only once a waiter has waited deadlock_timeout, one second by default, since most waits end by themselves.</source>
        <translation>同样的订单跑在 PostgreSQL 上。它只在等待者等满 deadlock_timeout（默认一秒）后才运行死锁检测，因为大多数等待会自行结束。</translation>
    </message>
    <message>
        <source>Far fewer deadlocks, none in the first second, and orders per second near zero: every cycle holds its rows for a whole second before the detector breaks it. The Deadlocks panel shows each cycle&apos;s statements from the server log.</source>
        <translation>死锁少得多，第一秒内一个也没有，每秒订单数接近零：每个环都要把行占住整整一秒，检测器才来打破它。死锁面板展示了服务器日志中每个环的语句。</translation>
    </message>
    <message>
        <source>A shorter deadlock_timeout finds cycles sooner. What does the server pay for looking at every wait that soon?</source>
        <translation>更短的 deadlock_timeout 能更早发现环。让服务器这么早就检查每次等待，代价是什么？</translation>
    </message>
    <message>
        <source>Fix the transaction</source>
        <translation>修好这个事务</translation>
    </message>
    <message>
        <source>A transaction makes an order&apos;s writes all or nothing; it does not stop two orders from reading the same stock. The class runs a transaction that reads without a lock, watches the audit find the lost sales, fixes the file in the lab&apos;s editor, and compares the fix with the lab&apos;s own strategies.</source>
        <translation>事务让一笔订单的写入要么全部生效、要么全部不生效；它并不能阻止两笔订单读到同一个库存值。全班先运行一个不加锁就读取的事务，看审计如何找出丢失的销售，然后在实验室的编辑器里修好这个文件，再把修好的版本与实验室自带的策略比较。</translation>
    </message>
    <message>
        <source>A transaction that loses sales</source>
        <translation>一个会丢失销售的事务</translation>
    </message>
    <message>
        <source>This strategy file wraps each order in START TRANSACTION … COMMIT, reads the stock, checks it and writes back the stock it read less one. Its author believed the transaction made it safe. Sixteen shoppers buy from one SKU for four seconds.</source>
        <translation>这个策略文件把每笔订单包在 START TRANSACTION … COMMIT 里：读库存、检查，再把读到的库存减一写回。作者以为有了事务就安全了。十六位顾客在四秒内抢购同一个 SKU。</translation>
    </message>
    <message>
        <source>The audit fails for the file: more orders are recorded than units left the stock, so sales were lost from the stock (FAIL: lost updates), while pessimistic sells each unit once.</source>
        <translation>这个文件的审计失败：记录下的订单比库存实际减少的件数多，销售从库存里丢失了（FAIL: lost updates）；而悲观锁每件商品只卖一次。</translation>
    </message>
    <message>
        <source>Between the SELECT and the UPDATE, what stops a second order from reading the same stock?</source>
        <translation>在 SELECT 和 UPDATE 之间，有什么能阻止第二笔订单读到同一个库存值？</translation>
    </message>
    <message>
        <source>Fix it in the editor</source>
        <translation>在编辑器里修好它</translation>
    </message>
    <message>
        <source>On the Strategies tab, select the file and press Duplicate as my strategy. Add FOR UPDATE to its SELECT and put \lock on the line above it, press Check on server, then Save, tick your strategy and run. This step runs the lab&apos;s copy of that fix beside the file.</source>
        <translation>在“策略”页选中这个文件，按“复制为我的策略”。给它的 SELECT 加上 FOR UPDATE，并在上一行写 \lock，按“在服务器上检查”，然后保存，勾选你的策略并运行。这一步会把实验室准备好的修正版与原文件并排运行。</translation>
    </message>
    <message>
        <source>With FOR UPDATE the audit passes: every unit sold once, as many order rows as units taken.</source>
        <translation>加上 FOR UPDATE 后审计通过：每件商品只卖一次，订单行数与扣减的件数相同。</translation>
    </message>
    <message>
        <source>The fix changed one line. Which resource does each order now wait for, and for how long?</source>
        <translation>修正只改了一行。现在每笔订单在等待什么资源？要等多久？</translation>
    </message>
    <message>
        <source>Safe, but how fast?</source>
        <translation>安全了，但有多快？</translation>
    </message>
    <message>
        <source>The fixed file holds the row&apos;s lock across every network round trip of the order. The lab&apos;s conditional strategy takes the stock with one UPDATE … WHERE stock &gt;= qty and holds the lock for one statement.</source>
        <translation>修好的文件在订单的每一次网络往返期间都持有行锁。实验室的条件更新策略用一条 UPDATE … WHERE stock &gt;= qty 扣减库存，只在一条语句期间持有锁。</translation>
    </message>
    <message>
        <source>How could the file keep its safety and hold the lock for less time?</source>
        <translation>怎样才能让这个文件保持安全，同时缩短持锁时间？</translation>
    </message>
    <message>
        <source>Compare how long each held the row&apos;s lock: the explanation under each run gives it. The fixed file, like pessimistic, holds it across the order&apos;s round trips; conditional holds it for one statement, and one row passes more orders a second.</source>
        <translation>比较每种做法持有行锁的时间：每次运行下方的解释给出了这个数字。修好的文件和悲观锁一样，在订单的多次往返期间持锁；条件更新只在一条语句期间持锁，因此一行每秒能通过更多订单。</translation>
    </message>
</context>
<context>
    <name>LessonLibrary</name>
    <message>
        <source>%1 has no &quot;%2&quot;</source>
        <translation>%1 缺少“%2”</translation>
    </message>
    <message>
        <source>%1 asks for chart &quot;%2&quot;, which the lab does not draw</source>
        <translation>%1 要求显示图表“%2”，但本工具不绘制该图表</translation>
    </message>
    <message>
        <source>%1 names no strategy</source>
        <translation>%1 未指定任何策略</translation>
    </message>
    <message>
        <source>lesson %1 has no title</source>
        <translation>课程 %1 没有标题</translation>
    </message>
    <message>
        <source>lesson %1 has no steps</source>
        <translation>课程 %1 没有步骤</translation>
    </message>
    <message>
        <source>lesson %1, step %2</source>
        <translation>课程 %1，第 %2 步</translation>
    </message>
    <message>
        <source>lesson %1 is no JSON object: %2</source>
        <translation>课程 %1 不是 JSON 对象：%2</translation>
    </message>
    <message>
        <source>%1 asks for server &quot;%2&quot;; a step runs on &quot;embedded&quot; or &quot;postgres&quot;</source>
        <translation>%1 要求服务器“%2”；一个步骤只能运行在“embedded”或“postgres”上</translation>
    </message>
</context>
<context>
    <name>LessonPanel</name>
    <message>
        <source>the Oversell tab</source>
        <translation>“超卖”选项卡</translation>
    </message>
    <message>
        <source>the Scaling tab</source>
        <translation>“扩展性”选项卡</translation>
    </message>
    <message>
        <source>the Lock inspector</source>
        <translation>锁监视器</translation>
    </message>
    <message>
        <source>the Deadlocks panel</source>
        <translation>“死锁”面板</translation>
    </message>
    <message>
        <source>◀ Back</source>
        <translation>◀ 上一步</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>下一步 ▶</translation>
    </message>
    <message>
        <source>Run this step</source>
        <translation>运行这一步</translation>
    </message>
    <message>
        <source>Hand-out…</source>
        <translation>讲义…</translation>
    </message>
    <message>
        <source>Choose a lesson…</source>
        <translation>选择一节课…</translation>
    </message>
    <message>
        <source>Run this step&apos;s strategies on its experiment</source>
        <translation>在这一步的实验上运行它的策略</translation>
    </message>
    <message>
        <source>Export the lesson&apos;s text and questions with the rows its steps ran, as PDF or HTML</source>
        <translation>把本课的讲解和问题连同各步骤运行得到的结果行导出为 PDF 或 HTML</translation>
    </message>
    <message>
        <source>&lt;p&gt;A lesson is a sequence of steps: each loads an experiment and its strategies and opens the chart to look at, with a few sentences to read out and a question for the class.&lt;/p&gt;</source>
        <translation>&lt;p&gt;一节课由若干步骤组成：每一步加载一个实验及其策略，打开要观察的图表，并附有几句讲解和一个课堂提问。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Step %1 of %2: %3</source>
        <translation>第 %1 步（共 %2 步）：%3</translation>
    </message>
    <message>
        <source>Look at %1:</source>
        <translation>观察%1：</translation>
    </message>
    <message>
        <source>Question:</source>
        <translation>问题：</translation>
    </message>
    <message>
        <source>What this run found:</source>
        <translation>本次运行的发现：</translation>
    </message>
    <message>
        <source>the Hot-row timeline tab</source>
        <translation>“热点行时间线”标签页</translation>
    </message>
    <message>
        <source>The previous step (%1)</source>
        <translation>上一步（%1）</translation>
    </message>
    <message>
        <source>The next step (%1)</source>
        <translation>下一步（%1）</translation>
    </message>
</context>
<context>
    <name>LockInspector</name>
    <message>
        <source>The lock inspector needs the PROCESS privilege to read INNODB_TRX and the lock tables; this account does not have it (GRANT PROCESS ON *.* TO the lab&apos;s user). The run itself is not affected.</source>
        <translation>锁监视器需要 PROCESS 权限才能读取 INNODB_TRX 和各锁信息表；当前账户没有该权限（请执行 GRANT PROCESS ON *.* TO 本工具所用的账户）。运行本身不受影响。</translation>
    </message>
    <message>
        <source>cannot read the lock tables: %1</source>
        <translation>无法读取锁信息表：%1</translation>
    </message>
</context>
<context>
    <name>LockInspectorPanel</name>
    <message>
        <source>trx</source>
        <translation>事务</translation>
    </message>
    <message>
        <source>connection</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>state</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>waiting s</source>
        <translation>等待 s</translation>
    </message>
    <message>
        <source>lock</source>
        <translation>锁</translation>
    </message>
    <message>
        <source>table</source>
        <translation>表</translation>
    </message>
    <message>
        <source>row</source>
        <translation>行</translation>
    </message>
    <message>
        <source>blocked by</source>
        <translation>阻塞者</translation>
    </message>
    <message>
        <source>statement</source>
        <translation>语句</translation>
    </message>
    <message>
        <source>every sample</source>
        <translation>每次采样</translation>
    </message>
    <message>
        <source>every 2 s</source>
        <translation>每 2 s</translation>
    </message>
    <message>
        <source>every 5 s</source>
        <translation>每 5 s</translation>
    </message>
    <message>
        <source>Run a strategy to see who holds and who waits for row locks.</source>
        <translation>运行一个策略，查看谁持有行锁、谁在等待行锁。</translation>
    </message>
    <message>
        <source>Freeze</source>
        <translation>冻结</translation>
    </message>
    <message>
        <source>How often the picture changes: slower, a class can follow a queue forming on the hot row</source>
        <translation>画面的刷新频率：放慢后，课堂上可以看清热点行上队列的形成过程</translation>
    </message>
    <message>
        <source>Keep this picture while the run goes on, to follow the queue by eye</source>
        <translation>运行继续进行时保持当前画面，便于用肉眼跟踪队列</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>Frozen: resume</source>
        <translation>已冻结：继续</translation>
    </message>
    <message>
        <source>%1 at %2 s: %3 transactions open, %4 waiting for a row lock; longest queue %5.</source>
        <translation>%1 于 %2 s：%3 个事务进行中，%4 个正在等待行锁；最长队列为 %5。</translation>
    </message>
    <message>
        <source>◀</source>
        <translation>◀</translation>
    </message>
    <message>
        <source>▶</source>
        <translation>▶</translation>
    </message>
    <message>
        <source>Frozen: the picture one sample earlier</source>
        <translation>冻结时：前一次采样的画面</translation>
    </message>
    <message>
        <source>Frozen: the picture one sample later</source>
        <translation>冻结时：后一次采样的画面</translation>
    </message>
    <message>
        <source>(picture %1 of the %2 recorded)</source>
        <translation>（已记录 %2 幅画面中的第 %1 幅）</translation>
    </message>
    <message>
        <source>%1 at %2 s: %3 transactions waiting for a row lock. Beyond %4 waiters the lab does not read the lock tables: the server copies them while holding InnoDB&apos;s lock system, and every commit would wait for the copy.</source>
        <translation>%1，第 %2 秒：%3 个事务在等待行锁。等待者超过 %4 个时，实验室不再读取锁表：服务器复制锁表时持有 InnoDB 的锁系统，每次提交都得等复制结束。</translation>
    </message>
    <message>
        <source>trx %1 (connection %2, %3)</source>
        <translation>事务 %1（连接 %2，%3）</translation>
    </message>
    <message>
        <source>in a cycle of waits</source>
        <translation>处于等待环中</translation>
    </message>
    <message>
        <source>trx %1</source>
        <translation>事务 %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 with %n waiting behind it</source>
        <translation>
            <numerusform>%1，其后有 %n 个在等待</numerusform>
        </translation>
    </message>
    <message>
        <source>Root blockers: %1</source>
        <translation>根阻塞者：%1</translation>
    </message>
    <message numerus="yes">
        <source>; %n more</source>
        <translation>
            <numerusform>；另有 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>The lock inspector is off in this experiment (Watch live): it does not look at the server&apos;s locks during the run.</source>
        <translation>本实验关闭了锁检查器（实时观察）：运行期间它不查看服务器的锁。</translation>
    </message>
    <message>
        <source>This look took the server %1 ms, so the next one waits %2 s: looking takes at most 2 % of the run.</source>
        <translation>这次查看占用服务器 %1 毫秒，因此下一次要等 %2 秒：查看最多占运行时间的 2%。</translation>
    </message>
</context>
<context>
    <name>Main</name>
    <message>
        <source>lockbench: no display, so running the default experiment headless (every strategy for 5 s). See lockbench --help.</source>
        <translation>lockbench：没有显示器，因此以无界面方式运行默认实验（每个策略运行 5 s）。参见 lockbench --help。</translation>
    </message>
    <message>
        <source>Run lockbench --help for the flags.</source>
        <translation>运行 lockbench --help 查看命令行选项。</translation>
    </message>
    <message>
        <source>(1 step)</source>
        <translation>（1 步）</translation>
    </message>
    <message>
        <source>(%1 steps)</source>
        <translation>（%1 步）</translation>
    </message>
    <message>
        <source>Run one with: lockbench lesson NAME</source>
        <translation>运行某节课：lockbench lesson NAME</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>lockbench — hot-row lock contention lab</source>
        <translation>lockbench — 热点行锁竞争实验室</translation>
    </message>
    <message>
        <source>Experiment</source>
        <translation>实验</translation>
    </message>
    <message>
        <source>Strategies</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation>扫描</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Lock inspector</source>
        <translation>锁监视器</translation>
    </message>
    <message>
        <source>Deadlocks</source>
        <translation>死锁</translation>
    </message>
    <message>
        <source>Running %1</source>
        <translation>正在运行 %1</translation>
    </message>
    <message>
        <source>Cannot run</source>
        <translation>无法运行</translation>
    </message>
    <message>
        <source>The run did not start, and nothing on the server was changed.

%1</source>
        <translation>运行未开始，服务器上没有任何改动。

%1</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>Not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>停止(&amp;S)</translation>
    </message>
    <message>
        <source>Run s&amp;weep</source>
        <translation>运行扫描(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;Export results (JSON, CSV)…</source>
        <translation>导出结果（JSON、CSV）(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Open results…</source>
        <translation>打开结果(&amp;O)…</translation>
    </message>
    <message>
        <source>Export &amp;report (HTML, PDF)…</source>
        <translation>导出报告（HTML、PDF）(&amp;R)…</translation>
    </message>
    <message>
        <source>Export all &amp;charts (PNG, SVG, PDF)…</source>
        <translation>导出全部图表（PNG、SVG、PDF）(&amp;C)…</translation>
    </message>
    <message>
        <source>Export the &amp;scaling chart…</source>
        <translation>导出扩展性图表(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Experiment panel</source>
        <translation>实验面板(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>a run is going</source>
        <translation>已有运行正在进行</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>choose at least one strategy</source>
        <translation>请至少选择一个策略</translation>
    </message>
    <message>
        <source>Run is disabled: %1</source>
        <translation>无法运行：%1</translation>
    </message>
    <message>
        <source>Sweep is disabled: %1</source>
        <translation>无法扫描：%1</translation>
    </message>
    <message>
        <source>Ready to run</source>
        <translation>准备就绪</translation>
    </message>
    <message>
        <source>Cannot sweep</source>
        <translation>无法扫描</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>Stopped: %1</source>
        <translation>已停止：%1</translation>
    </message>
    <message>
        <source>Finished: %1</source>
        <translation>已完成：%1</translation>
    </message>
    <message>
        <source>Stopping now: cancelling the orders under way…</source>
        <translation>立即停止：正在取消进行中的订单…</translation>
    </message>
    <message>
        <source>Stop &amp;now</source>
        <translation>立即停止(&amp;N)</translation>
    </message>
    <message>
        <source>Cancel the orders still under way: rolled back and counted as cancelled</source>
        <translation>取消仍在进行中的订单：回滚，并计为已取消</translation>
    </message>
    <message>
        <source>Stopping after the orders under way… (Stop again to cancel them)</source>
        <translation>等待进行中的订单完成后停止…（再按一次停止可取消它们）</translation>
    </message>
    <message>
        <source>Next server not run</source>
        <translation>下一台服务器未运行</translation>
    </message>
    <message>
        <source>The run stopped before its next server; what the servers before it measured is kept in the results.

%1</source>
        <translation>运行在下一台服务器之前停止；之前各服务器测得的结果保留在结果中。

%1</translation>
    </message>
    <message>
        <source>the server is being restarted and audited</source>
        <translation>服务器正在重启并审计</translation>
    </message>
    <message>
        <source>Show or hide the experiment, strategies, sweep and server panel (%1)</source>
        <translation>显示或隐藏实验、策略、扫描和服务器面板（%1）</translation>
    </message>
    <message>
        <source>Run the selected strategies (%1)</source>
        <translation>运行所选策略（%1）</translation>
    </message>
    <message>
        <source>Run every strategy at every client count (%1)</source>
        <translation>在每个客户端数下运行每个策略（%1）</translation>
    </message>
    <message>
        <source>Running on %1</source>
        <translation>正在 %1 上运行</translation>
    </message>
</context>
<context>
    <name>MetricChart</name>
    <message>
        <source>deadlock</source>
        <translation>死锁</translation>
    </message>
    <message>
        <source>from %1 s to %2 s</source>
        <translation>从 %1 s 到 %2 s</translation>
    </message>
    <message>
        <source>1 deadlock %1</source>
        <translation>1 个死锁（%1）</translation>
    </message>
    <message>
        <source>%1 deadlocks %2</source>
        <translation>%1 个死锁（%2）</translation>
    </message>
    <message>
        <source>sold out</source>
        <translation>售罄</translation>
    </message>
    <message>
        <source>%1
t = %2 s
%3 %4</source>
        <translation>%1
t = %2 s
%3 %4</translation>
    </message>
    <message>
        <source>Drag across to zoom, wheel to zoom, arrow keys to pan</source>
        <translation>拖选区域或滚动滚轮可缩放，方向键可平移</translation>
    </message>
    <message>
        <source>Show the whole run</source>
        <translation>显示整个运行过程</translation>
    </message>
    <message>
        <source>elapsed s</source>
        <translation>经过时间 s</translation>
    </message>
</context>
<context>
    <name>NodeAgreement</name>
    <message>
        <source>units of stock</source>
        <translation>件库存</translation>
    </message>
    <message>
        <source>units sold</source>
        <translation>件已售</translation>
    </message>
    <message>
        <source>order rows</source>
        <translation>行订单</translation>
    </message>
    <message>
        <source>units oversold</source>
        <translation>件超卖</translation>
    </message>
    <message>
        <source>lost updates</source>
        <translation>次丢失更新</translation>
    </message>
    <message>
        <source>units taken with no order row</source>
        <translation>件被扣减却无订单行</translation>
    </message>
    <message>
        <source>SKUs below zero</source>
        <translation>个 SKU 库存为负</translation>
    </message>
    <message>
        <source>%1 %2 (the run&apos;s audit: %3)</source>
        <translation>%1 %2（本次运行的审计：%3）</translation>
    </message>
    <message>
        <source>node %1&apos;s own audit differs from the run&apos;s: %2</source>
        <translation>节点 %1 自己的审计与本次运行的审计不同：%2</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
</context>
<context>
    <name>NodeFiguresText</name>
    <message>
        <source>node %1 (%2), %3 clients, %4</source>
        <translation>节点 %1（%2），%3 个客户端，%4</translation>
    </message>
    <message>
        <source>: %1 certification failures, %2 brute-force aborts, flow control paused %3 s, longest receive queue %4</source>
        <translation>：认证失败 %1 次，强制中止 %2 次，流控暂停 %3 s，最长接收队列 %4</translation>
    </message>
    <message>
        <source>; audit could not run: %1</source>
        <translation>；审计无法运行：%1</translation>
    </message>
    <message>
        <source>; audit DISAGREES: %1</source>
        <translation>；审计不一致：%1</translation>
    </message>
    <message>
        <source>; audit agrees (%1 units left, %2 order rows, oversold %3)</source>
        <translation>；审计一致（剩余 %1 件，订单行 %2 条，超卖 %3）</translation>
    </message>
    <message>
        <source>; taken down by the lab at %1 s, not audited</source>
        <translation>；在 %1 s 被实验室停机，未审计</translation>
    </message>
    <message>
        <source>; not reachable during the run, not audited</source>
        <translation>；运行期间无法连接，未审计</translation>
    </message>
    <message>
        <source>; its applier waited up to %1 s behind a client&apos;s lock, and the lab closed that client&apos;s connection %2 time(s)</source>
        <translation>；其应用线程在某个客户端的锁后最长等待 %1 秒，实验室关闭该客户端连接 %2 次</translation>
    </message>
    <message>
        <source>; write sets waited up to %1 s while it committed none</source>
        <translation>；写集最长排队 %1 秒，其间该节点没有提交任何事务</translation>
    </message>
</context>
<context>
    <name>ObservingCost</name>
    <message>
        <source>the sampler</source>
        <translation>采样器</translation>
    </message>
    <message>
        <source>the live audit</source>
        <translation>实时审计</translation>
    </message>
    <message>
        <source>the lock inspector</source>
        <translation>锁检查器</translation>
    </message>
    <message>
        <source>the deadlock reader</source>
        <translation>死锁读取器</translation>
    </message>
    <message>
        <source>%1 %2 a second, %3 ms each</source>
        <translation>%1 每秒 %2 次，每次 %3 ms</translation>
    </message>
    <message>
        <source>Observing looked %1 times a second and the server answered in %2 % of the run: %3.</source>
        <translation>观测每秒查询 %1 次，服务器应答占运行时间的 %2%：%3。</translation>
    </message>
    <message>
        <source>must be all, none or a comma list of sampler, audit, inspector and deadlocks (got %1)</source>
        <translation>必须是 all、none，或用逗号分隔的 sampler、audit、inspector 和 deadlocks（收到 %1）</translation>
    </message>
</context>
<context>
    <name>OrderLookup</name>
    <message>
        <source>cannot look up the orders without reply: %1</source>
        <translation>无法查询未收到回复的订单：%1</translation>
    </message>
    <message>
        <source>the connection to the server is closed</source>
        <translation>与服务器的连接已关闭</translation>
    </message>
</context>
<context>
    <name>OversellView</name>
    <message>
        <source>Oversell check: units sold against the stock there was</source>
        <translation>超卖检查：已售件数与原有库存对比</translation>
    </message>
    <message>
        <source>units</source>
        <translation>件</translation>
    </message>
    <message>
        <source>Grey dashed: the stock there was; red: units oversold.</source>
        <translation>灰色虚线：原有库存；红色：超卖件数。</translation>
    </message>
    <message>
        <source>stock</source>
        <translation>库存</translation>
    </message>
    <message>
        <source>Each strategy&apos;s oversell verdict appears here as it runs.</source>
        <translation>各策略运行时，其超卖结论会显示在这里。</translation>
    </message>
    <message>
        <source> oversold</source>
        <translation> 超卖</translation>
    </message>
    <message>
        <source>✗ %1: oversold %2</source>
        <translation>✗ %1：超卖 %2</translation>
    </message>
    <message>
        <source>● %1: 0 oversold so far</source>
        <translation>● %1：目前超卖 0</translation>
    </message>
    <message>
        <source>! %1: error</source>
        <translation>! %1：错误</translation>
    </message>
    <message>
        <source>✓ %1: pass</source>
        <translation>✓ %1：通过</translation>
    </message>
    <message>
        <source>✗ %1: %2 lost updates</source>
        <translation>✗ %1：丢失更新 %2</translation>
    </message>
    <message>
        <source>✗ %1: %2</source>
        <translation>✗ %1：%2</translation>
    </message>
</context>
<context>
    <name>OwnServerKind</name>
    <message>
        <source>starting the lab&apos;s PostgreSQL…</source>
        <translation>正在启动实验室的 PostgreSQL…</translation>
    </message>
    <message>
        <source>starting a Galera cluster of %1 MariaDB nodes…</source>
        <translation>正在启动 %1 节点的 MariaDB Galera 集群…</translation>
    </message>
    <message>
        <source>starting the embedded MariaDB…</source>
        <translation>正在启动内置 MariaDB…</translation>
    </message>
    <message>
        <source>the lab&apos;s PostgreSQL went away</source>
        <translation>实验室的 PostgreSQL 已消失</translation>
    </message>
    <message>
        <source>the embedded cluster went away</source>
        <translation>内置集群已消失</translation>
    </message>
    <message>
        <source>the embedded MariaDB went away</source>
        <translation>内置 MariaDB 已退出</translation>
    </message>
    <message>
        <source>the lab&apos;s PostgreSQL in %1, %2</source>
        <translation>实验室的 PostgreSQL，位于 %1，%2</translation>
    </message>
    <message>
        <source>the lab&apos;s Galera cluster of %1 MariaDB nodes in %2, %3</source>
        <translation>实验室的 %1 节点 MariaDB Galera 集群，位于 %2，%3</translation>
    </message>
    <message>
        <source>the lab&apos;s embedded MariaDB in %1, %2</source>
        <translation>本工具内置的 MariaDB，位于 %1，%2</translation>
    </message>
    <message>
        <source>Ready: PostgreSQL %1</source>
        <translation>就绪：PostgreSQL %1</translation>
    </message>
    <message>
        <source>Ready: a Galera cluster of %1 nodes, MariaDB %2</source>
        <translation>就绪：%1 节点 Galera 集群，MariaDB %2</translation>
    </message>
    <message>
        <source>Ready: MariaDB %1</source>
        <translation>就绪：MariaDB %1</translation>
    </message>
</context>
<context>
    <name>PasswordField</name>
    <message>
        <source>Remember in the system keyring</source>
        <translation>保存到系统密钥环</translation>
    </message>
    <message>
        <source>asked for each session unless kept in the keyring</source>
        <translation>除非保存在密钥环中，否则每次会话都会询问</translation>
    </message>
    <message>
        <source>Password for %1 read from the system keyring.</source>
        <translation>已从系统密钥环读取 %1 的密码。</translation>
    </message>
    <message>
        <source>The system keyring holds no password for %1 yet; it is saved there once a Test or a run with it works.</source>
        <translation>系统密钥环中还没有 %1 的密码；用它“测试”或运行成功后即会保存到那里。</translation>
    </message>
    <message>
        <source>Password for %1 saved in the system keyring.</source>
        <translation>%1 的密码已保存到系统密钥环。</translation>
    </message>
    <message>
        <source>Password for %1 removed from the system keyring.</source>
        <translation>%1 的密码已从系统密钥环中删除。</translation>
    </message>
    <message>
        <source>The system keyring failed for %1 (%2): the password is asked for each session and never saved.</source>
        <translation>系统密钥环处理 %1 时出错（%2）：每次会话都会询问密码，且不会保存。</translation>
    </message>
    <message>
        <source>Keep the password in %1, never in the lab&apos;s settings</source>
        <translation>密码保存在%1中，绝不写入本工具的设置</translation>
    </message>
    <message>
        <source>Unavailable: %1</source>
        <translation>不可用：%1</translation>
    </message>
    <message>
        <source>Passwords can be kept in %1: tick Remember.</source>
        <translation>密码可以保存在%1中：请勾选“保存到系统密钥环”。</translation>
    </message>
    <message>
        <source>No system keyring (%1): the password is asked for each session and never saved.</source>
        <translation>没有系统密钥环（%1）：每次会话都会询问密码，且不会保存。</translation>
    </message>
    <message>
        <source>The password for %1 is saved in the system keyring once a Test or a run with it works.</source>
        <translation>用它“测试”或运行成功后，%1 的密码会保存到系统密钥环。</translation>
    </message>
    <message>
        <source>Reading the password for %1 from the system keyring…</source>
        <translation>正在从系统密钥环读取 %1 的密码…</translation>
    </message>
</context>
<context>
    <name>PasswordStore</name>
    <message>
        <source>looking for a system keyring…</source>
        <translation>正在查找系统密钥环…</translation>
    </message>
</context>
<context>
    <name>PgConnection</name>
    <message>
        <source>out of memory</source>
        <translation>内存不足</translation>
    </message>
    <message>
        <source>cannot connect to PostgreSQL: %1</source>
        <translation>无法连接到 PostgreSQL：%1</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>未连接</translation>
    </message>
</context>
<context>
    <name>PgSession</name>
    <message>
        <source>out of memory creating a connection</source>
        <translation>创建连接时内存不足</translation>
    </message>
    <message>
        <source>no answer from PostgreSQL within %1 s</source>
        <translation>PostgreSQL 在 %1 秒内没有应答</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>未连接</translation>
    </message>
    <message>
        <source>no reply from PostgreSQL within %1 s</source>
        <translation>PostgreSQL 在 %1 秒内没有回复</translation>
    </message>
</context>
<context>
    <name>Placement</name>
    <message>
        <source>must be round-robin or one weight per node, such as 1:1:0 (got %1)</source>
        <translation>必须是 round-robin，或每个节点一个权重，例如 1:1:0（得到的是 %1）</translation>
    </message>
    <message>
        <source>at least one node must have clients (got %1)</source>
        <translation>至少要有一个节点分到客户端（得到的是 %1）</translation>
    </message>
    <message>
        <source>%1 names %2 nodes, but the cluster has %3</source>
        <translation>%1 指定了 %2 个节点，但集群有 %3 个</translation>
    </message>
</context>
<context>
    <name>PredictionGate</name>
    <message>
        <source>&amp;Predict before running</source>
        <translation>运行前先预测(&amp;P)</translation>
    </message>
    <message>
        <source>Run each strategy alone with one client for a moment first, and predict its orders/s for the experiment before it runs</source>
        <translation>先让每个策略用一个客户端单独运行片刻，并在实验运行前预测它的单/秒</translation>
    </message>
    <message>
        <source>The lab has its prediction: ask the class for its guess</source>
        <translation>本工具已得出预测：请全班先猜一猜</translation>
    </message>
    <message>
        <source>%1 %2 orders/s (%3)</source>
        <translation>%1 %2 单/秒（%3）</translation>
    </message>
    <message>
        <source>Predicted: %1</source>
        <translation>预测：%1</translation>
    </message>
</context>
<context>
    <name>PreparedStatement</name>
    <message>
        <source>not connected</source>
        <translation>未连接</translation>
    </message>
    <message>
        <source>out of memory preparing a statement</source>
        <translation>预处理语句时内存不足</translation>
    </message>
    <message>
        <source>statement is not prepared (connection lost?)</source>
        <translation>语句未经预处理（连接是否已断开？）</translation>
    </message>
    <message>
        <source>unknown client error</source>
        <translation>未知的客户端错误</translation>
    </message>
</context>
<context>
    <name>PresenterMode</name>
    <message>
        <source>&amp;Presenter mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>Large type, thick chart lines and strong contrast for a projector; a lesson&apos;s chart alone beside its text (%1)</source>
        <translation>为投影仪准备的大字号、粗曲线和高对比度；上课时只显示当前步骤的图表及其讲解（%1）</translation>
    </message>
</context>
<context>
    <name>Preset</name>
    <message>
        <source>Flash sale: one hot SKU</source>
        <translation>秒杀：单个热点 SKU</translation>
    </message>
    <message>
        <source>Everybody wants the same item: 2,000 units of one SKU, 64 shoppers buying one unit at a time until it is gone. Every order needs the same row lock, so the strategies that hold it longest queue up the most: watch orders/s and the lock waits. Optimistic retries so often on the hot row that it may not sell out within the 30 s limit. Naive never takes a lock and sells more than there is: its line on the oversell chart turns red.</source>
        <translation>所有人都想要同一件商品：一个 SKU 共 2,000 件，64 名顾客每次买一件，直到售完为止。每个订单都需要同一把行锁，因此持锁时间最长的策略排队最严重：请观察单/秒和锁等待。optimistic 在热点行上重试过于频繁，可能无法在 30 s 的时限内售罄。naive 从不加锁，卖出的数量超过库存：它在超卖图表上的曲线会变红。</translation>
    </message>
    <message>
        <source>Many SKUs, little contention</source>
        <translation>多 SKU，低竞争</translation>
    </message>
    <message>
        <source>A normal day: 10,000 SKUs, orders spread evenly, 32 shoppers. Two orders rarely touch the same row, so there is almost nothing to wait for and every strategy does about as well as the server allows. Compare this with the flash sale: same strategies, no hot row, no queue.</source>
        <translation>平常的一天：10,000 个 SKU，订单均匀分布，32 名顾客。两个订单很少访问同一行，几乎没有什么需要等待，每种策略都能达到服务器所能承受的水平。请与秒杀对比：同样的策略，没有热点行，也没有队列。</translation>
    </message>
    <message>
        <source>GitHub-style slotted counter</source>
        <translation>GitHub 式分槽计数器</translation>
    </message>
    <message>
        <source>One counter spread over 100 slot rows, as GitHub did for download counts. Spreading the stock itself over the slots lets concurrent sales lock different rows. Guarding every sale with SUM(stock) ... FOR UPDATE, as the articles do to avoid overselling, locks all slots again: compare the two slotted strategies with the plain conditional update.</source>
        <translation>把一个计数器分散到 100 个槽位行上，就像 GitHub 对下载计数所做的那样。把库存本身分散到各槽位，能让并发的售卖锁住不同的行。而像一些文章那样，为避免超卖用 SUM(stock) ... FOR UPDATE 保护每次售卖，又会把所有槽位重新锁住：请将两种 slotted 策略与普通的条件更新（conditional）进行比较。</translation>
    </message>
    <message>
        <source>Round trips inside the transaction</source>
        <translation>事务内的网络往返</translation>
    </message>
    <message>
        <source>Every statement now crosses a 5 ms network, as between an application and a database in another region. A row lock stays held across each round trip after the statement that took it: pessimistic holds the hot row across three (UPDATE, INSERT, COMMIT), so it passes at most about 1000 / 15 = 65 orders/s; conditional takes the lock with its UPDATE and holds it across two, about 100 orders/s. The queued strategy pays its two round trips once per batch of up to 64 orders.</source>
        <translation>现在每条语句都要经过 5 ms 的网络，就像应用程序与另一个地域的数据库之间那样。从获取行锁的语句之后，行锁会在随后的每次往返中一直被持有：pessimistic 持有热点行跨越三次往返（UPDATE、INSERT、COMMIT），因此最多只能通过约 1000 / 15 = 65 单/秒；conditional 通过它的 UPDATE 获取锁，并跨越两次往返持有，约 100 单/秒。queued 策略的两次往返则每批（最多 64 个订单）只需付出一次。</translation>
    </message>
    <message>
        <source>Deadlock detection off</source>
        <translation>关闭死锁检测</translation>
    </message>
    <message>
        <source>Orders that buy two SKUs lock them in random order, so two orders can each hold the row the other needs: a deadlock. Here innodb_deadlock_detect is switched off for the run and innodb_lock_wait_timeout is 1 s: instead of being found and rolled back at once (error 1213), the stuck transactions wait the full second and time out (error 1205). Compare with the sorted lock order, which never deadlocks, and run the same preset with detection on to see the difference on this server.</source>
        <translation>购买两个 SKU 的订单以随机顺序锁住它们，因此两个订单可能各自持有对方需要的行：这就是死锁。本预设在运行期间关闭 innodb_deadlock_detect，并将 innodb_lock_wait_timeout 设为 1 s：卡住的事务不会被立即发现并回滚（错误 1213），而是要等满一秒后超时（错误 1205）。请与从不发生死锁的排序加锁顺序对比，并在开启检测的情况下运行同一预设，看看在这台服务器上有何差别。</translation>
    </message>
    <message>
        <source>Fail fast: FOR UPDATE NOWAIT</source>
        <translation>快速失败：FOR UPDATE NOWAIT</translation>
    </message>
    <message>
        <source>One hot SKU, 32 shoppers, 2 ms of client work inside each transaction. Pessimistic queues every order on the row lock: the server&apos;s row-lock waits and the transactions waiting now climb. Pessimistic-nowait takes the same lock with NOWAIT: a shopper who finds the row locked is refused at once and retries after a short back-off, so the server&apos;s waits stay at zero while the Errors tab fills with 3572 refusals. Both sell the stock exactly; compare their orders/s and p99: NOWAIT moves the queue into the clients, it does not remove it. Conditional, which holds the row for fewer round trips, is the contrast.</source>
        <translation>一个热点 SKU，32 名顾客，每个事务内有 2 ms 的客户端工作。pessimistic 让每个订单都在行锁上排队：服务器的行锁等待和当前等待锁的事务数都会攀升。pessimistic-nowait 用 NOWAIT 获取同一把锁：发现该行已被锁住的顾客会立即被拒绝，短暂退避后重试，因此服务器的等待保持为零，而“错误”选项卡中则满是 3572 拒绝。两者都准确地售出了库存；请比较它们的单/秒和 p99：NOWAIT 只是把队列转移到了客户端，并没有消除它。持有该行跨越的往返次数更少的 conditional 可作对照。</translation>
    </message>
    <message>
        <source>One round trip per order: a stored procedure</source>
        <translation>每单一次往返：存储过程</translation>
    </message>
    <message>
        <source>The articles&apos; &quot;merge the SQL&quot;, on a stock server: the whole order is one CALL of a procedure the lab creates in its database, so the hot row&apos;s lock is held only while the server runs it, never across the network. With a 2 ms round trip, pessimistic holds the row across three of them (at most about 1000 / 6 = 165 orders/s) and conditional across two (about 250); the procedure across none. Watch orders/s and the client time in the locking statement, then raise the round trip (Network round trip, ms) and see the gap grow.</source>
        <translation>这是文章中的“合并 SQL”，在未经改造的标准服务器上实现：整个订单就是一次 CALL，调用本工具在其数据库中创建的存储过程，因此热点行的锁只在服务器执行该过程期间持有，从不跨越网络。往返为 2 ms 时，pessimistic 持有该行跨越三次往返（最多约 1000 / 6 = 165 单/秒），conditional 跨越两次（约 250）；procedure 则一次也不跨越。请观察单/秒和客户端在加锁语句上的耗时，然后调大往返时间（“网络往返（ms）”），看看差距如何扩大。</translation>
    </message>
    <message>
        <source>Sub-keys: visible but cannot be bought</source>
        <translation>子键：看得见、买不到</translation>
    </message>
    <message>
        <source>One SKU&apos;s 2,000 units split over 64 slot rows, about 31 each, and orders of 5 to 20 units. Near the end most slots hold less than an order needs: slotted-partitioned then refuses orders although the slots together still hold the stock (the results&apos; &quot;refused w/ stock&quot; column), and units stay on the shelf. Slotted-routed remembers which slots ran dry, routes around them, and when no single slot can fill an order that the SKU as a whole could, rebalances the slots in one transaction: it sells all but the few units no order is small enough to take. Compare the two rows&apos; refused w/ stock, rebalances (in the JSON) and sold.</source>
        <translation>一个 SKU 的 2,000 件库存分散在 64 个槽位行上，每行约 31 件，每个订单购买 5 到 20 件。临近结束时，大多数槽位的库存都少于一个订单所需：slotted-partitioned 于是拒绝订单，尽管各槽位合计仍有库存（结果中的“有货被拒”列），库存就这样留在了货架上。slotted-routed 会记住哪些槽位已经耗尽并绕开它们；当没有任何单个槽位能满足、而整个 SKU 能满足某个订单时，它会在一个事务中对各槽位进行再平衡：除了少数几件因没有足够小的订单而取不走的库存外，它能全部售出。请比较这两行的有货被拒、再平衡次数（见 JSON）和已售。</translation>
    </message>
    <message>
        <source>Claim work without blocking</source>
        <translation>无阻塞地认领任务</translation>
    </message>
    <message>
        <source>A table of 5,000 pending tasks and 32 workers, each claiming 16 at a time and spending 20 ms on them, at READ COMMITTED, as job queues usually run; the lab kills one worker&apos;s connection every 300 ms, as a worker dying mid-batch. claim-for-update locks the first pending rows for the whole batch, so the workers take turns; claim-skip-locked passes over locked rows and the workers run side by side; claim-update claims with one UPDATE, holds no lock while it works, and needs its sweeper to give back what dead workers left claimed: compare the released and stranded columns, and the time it took until every task was done. Double claims must stay 0 for all three.</source>
        <translation>一张表中有 5,000 个待处理任务和 32 个工作线程，每个工作线程一次认领 16 个任务并在上面花费 20 ms，隔离级别为 READ COMMITTED，这是任务队列通常的运行方式；本工具每 300 ms 终止一个工作线程的连接，模拟工作线程在处理一批任务的中途崩溃。claim-for-update 在整批处理期间锁住最前面的待处理行，因此工作线程只能轮流进行；claim-skip-locked 跳过已锁定的行，工作线程得以并行；claim-update 用一条 UPDATE 认领，工作时不持有任何锁，但需要清扫线程收回已终止的工作线程留下的认领：请比较“已收回”和“滞留”两列，以及所有任务全部完成所用的时间。三种策略的重复认领都必须保持为 0。</translation>
    </message>
    <message>
        <source>Stock in front of the database: Redis sub-keys</source>
        <translation>在数据库前扣减库存：Redis 子键</translation>
    </message>
    <message>
        <source>One hot SKU of 20,000 units. Pessimistic and conditional queue on its row; the stored procedure takes one round trip; redis-split keeps the stock in Redis, split over 16 sub-keys, takes it with one atomic script and only writes the order row to MariaDB, so no row lock is held at all. Compare the orders/s, then read redis-split&apos;s explanation: the reconciliation of Redis&apos;s remaining stock with MariaDB&apos;s orders must add up to the initial stock. Units taken from Redis whose order was lost between the two steps would show there, and in its verdict.</source>
        <translation>一个热点 SKU，库存 20,000 件。pessimistic 和 conditional 在它的行上排队；存储过程（procedure）只需一次往返；redis-split 把库存放在 Redis 中，拆分到 16 个子键上，用一个原子脚本扣减，只把订单行写入 MariaDB，因此完全不持有行锁。请比较单/秒，然后阅读 redis-split 的原因分析：对账时，Redis 的剩余库存与 MariaDB 中的订单之和必须等于初始库存。如果有库存已从 Redis 扣减、其订单却在两步之间丢失，就会在对账中显示出来，并反映在它的结论中。</translation>
    </message>
    <message>
        <source>Slow motion: a queue on the hot row</source>
        <translation>慢动作：热点行上的队列</translation>
    </message>
    <message>
        <source>For class: eight shoppers, one SKU, and each transaction holds the row&apos;s lock for 400 ms of work. The queue on the hot row now moves slowly enough to follow by eye in the Lock inspector: one holder, seven waiters, the head of the queue taking the lock as the holder commits. Freeze the picture and step through it sample by sample with ◀ and ▶; pessimistic reaches about 2.5 orders/s, one per hold time, however many shoppers wait.</source>
        <translation>课堂用：八名顾客、一个 SKU，每个事务持有该行的锁做 400 ms 的工作。热点行上的队列现在移动得足够慢，可以在锁监视器中用肉眼跟踪：一个持有者、七个等待者，持有者提交时队首接过锁。冻结画面后，用 ◀ 和 ▶ 逐次采样地查看；无论有多少顾客在等，pessimistic 都只能达到约 2.5 单/秒，即每个持锁时间一单。</translation>
    </message>
    <message>
        <source>preset %1 is broken: %2</source>
        <translation>预设 %1 已损坏：%2</translation>
    </message>
    <message>
        <source>no name</source>
        <translation>没有名称</translation>
    </message>
    <message>
        <source>a cluster has 2 to %1 nodes</source>
        <translation>集群有 2 到 %1 个节点</translation>
    </message>
    <message>
        <source>Multi-primary cluster: why FOR UPDATE is not enough</source>
        <translation>多主集群：为什么 FOR UPDATE 不够</translation>
    </message>
    <message>
        <source>The lab starts its own Galera cluster of three MariaDB nodes and spreads the shoppers over them. SELECT … FOR UPDATE locks the hot row only on the node it runs on: shoppers on the other nodes lock their own copy at the same moment, and the conflict is found only at COMMIT, when certification lets the first write set through and aborts the others. Watch the Cluster tab: pessimistic and conditional sell a fraction of what one node sells, with thousands of aborts a second, while queued, whose one writer per SKU writes through a single node, is not aborted at all. The stock stays right on every node. Set Cluster: clients per node to 1:0:0 and run again: with every shopper on one node, its row lock queues them and the aborts disappear.</source>
        <translation>实验室启动自己的三节点 MariaDB Galera 集群，并把购物者分布到各节点上。SELECT … FOR UPDATE 只在它所在的节点上锁住热点行：其他节点上的购物者在同一时刻锁住各自的副本，冲突直到 COMMIT 才被发现，由认证放行第一个写集、中止其余的。请看“集群”标签页：pessimistic 和 conditional 的销量只有单节点的一小部分，每秒中止数以千计；而 queued 每个 SKU 只有一个写入者，经由单个节点写入，完全不会被中止。每个节点上的库存都保持正确。把“集群：每个节点的客户端”设为 1:0:0 再运行一次：所有购物者都在一个节点上，它的行锁让他们排队，中止随之消失。</translation>
    </message>
    <message>
        <source>Thousands of waiters: does deadlock detection collapse?</source>
        <translation>上千个等待者：死锁检测会让吞吐崩溃吗？</translation>
    </message>
    <message>
        <source>4,000 shoppers, each with a connection of its own, queue for one hot row. The articles say a hot row on stock MySQL collapses here because every lock request scans the list of waiters for a deadlock, and that switching innodb_deadlock_detect off brings the throughput back. Run it, then set Server: deadlock detection to off and run again. Measured on MariaDB 10.11 on two cores, there was no collapse to undo: conditional sold 333 orders/s with detection on and 341 with it off (370 at 100 clients), and each holder kept the row about 2.4 ms either way. The crowd shows in the latency instead: every shopper waits behind thousands of others. The sentence under each result gives the hold time; with this many waiters the Lock inspector counts them rather than reading the server&apos;s lock tables, which would stall every commit.</source>
        <translation>4,000 名顾客各用一条自己的连接，排队抢同一个热点行。文章说，原版 MySQL 的热点行在这里会崩溃，因为每个锁请求都要扫描等待者列表做死锁检测，而关闭 innodb_deadlock_detect 就能让吞吐量回来。先运行一次，再把“服务器：死锁检测”设为关闭后重跑。在两核机器上的 MariaDB 10.11 上实测，并没有需要挽回的崩溃：条件更新在开启检测时每秒卖出 333 单，关闭时 341 单（100 个客户端时为 370），每个持锁者无论开关都只持有该行约 2.4 毫秒。人多体现在延迟上：每位顾客都要排在成千上万人之后。每个结果下方的说明句给出持锁时间；等待者这么多时，锁检查器只统计人数，而不读取服务器的锁表，因为读取锁表会让每次提交都停下来等待。</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>%1 (log scale)</source>
        <translation>%1（对数刻度）</translation>
    </message>
    <message>
        <source>orders/s</source>
        <translation>单/秒</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>waits/s</source>
        <translation>次等待/秒</translation>
    </message>
    <message>
        <source>Orders per second by strategy</source>
        <translation>各策略每秒订单数</translation>
    </message>
    <message>
        <source>Orders per second by strategy, median of the runs</source>
        <translation>各策略每秒订单数（多次运行的中位数）</translation>
    </message>
    <message>
        <source>orders/s (thick: interval, thin: min–max)</source>
        <translation>单/秒（粗线：区间，细线：最小–最大）</translation>
    </message>
    <message>
        <source>Export chart as PNG</source>
        <translation>将图表导出为 PNG</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source> DPI</source>
        <translation> DPI</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>宽度</translation>
    </message>
    <message>
        <source>Height</source>
        <translation>高度</translation>
    </message>
    <message>
        <source>Resolution</source>
        <translation>分辨率</translation>
    </message>
    <message>
        <source>clients (log scale)</source>
        <translation>客户端数（对数刻度）</translation>
    </message>
    <message>
        <source>Orders per second against clients</source>
        <translation>每秒订单数随客户端数的变化</translation>
    </message>
    <message>
        <source>p99 latency against clients</source>
        <translation>p99 延迟随客户端数的变化</translation>
    </message>
    <message>
        <source>Server row-lock waits per second against clients</source>
        <translation>服务器每秒行锁等待随客户端数的变化</translation>
    </message>
</context>
<context>
    <name>QtSqlConnection</name>
    <message>
        <source>the Qt MySQL driver (QMYSQL) is missing; install libqt6sql6-mysql</source>
        <translation>缺少 Qt MySQL 驱动（QMYSQL）；请安装 libqt6sql6-mysql</translation>
    </message>
    <message>
        <source>cannot connect to %1 as %2: %3 (error %4)</source>
        <translation>无法以 %2 身份连接到 %1：%3（错误 %4）</translation>
    </message>
    <message>
        <source>cannot connect again: %1 (error %2)</source>
        <translation>无法重新连接：%1（错误 %2）</translation>
    </message>
    <message>
        <source>%1 (error %2) in: %3</source>
        <translation>%1（错误 %2），语句：%3</translation>
    </message>
    <message>
        <source>the Qt PostgreSQL driver (QPSQL) is missing; install libqt6sql6-psql</source>
        <translation>缺少 Qt 的 PostgreSQL 驱动（QPSQL）；请安装 libqt6sql6-psql</translation>
    </message>
</context>
<context>
    <name>QuotedValue</name>
    <message>
        <source>%1 (%2 characters)</source>
        <comment>a value cut short, then the length of the whole value</comment>
        <translation>%1（共 %2 个字符）</translation>
    </message>
</context>
<context>
    <name>RatePrediction</name>
    <message>
        <source>no orders timed</source>
        <translation>没有计时到任何订单</translation>
    </message>
</context>
<context>
    <name>RecoveryAudit</name>
    <message>
        <source>the server was still rolling back %1 transactions left by the crash after %2 s</source>
        <translation>%2 s 后，服务器仍在回滚崩溃遗留的 %1 个事务</translation>
    </message>
    <message>
        <source>the server counted %1 rows for the %2 acknowledged request ids</source>
        <translation>对于 %2 个已确认的请求号，服务器统计到 %1 行</translation>
    </message>
    <message>
        <source>the stock kept in Redis cannot be read</source>
        <translation>无法读取保存在 Redis 中的库存</translation>
    </message>
    <message>
        <source>the server did not answer the recovery audit within %1 s (%2)</source>
        <translation>服务器在 %1 秒内未回应恢复审计（%2）</translation>
    </message>
</context>
<context>
    <name>RecoveryReport</name>
    <message>
        <source>the audit after the restart could not run: %1</source>
        <translation>重启后的审计无法运行：%1</translation>
    </message>
    <message>
        <source>all %1 acknowledged orders are in the orders table</source>
        <translation>全部 %1 个已确认的订单都在 orders 表中</translation>
    </message>
    <message>
        <source>%1 of %2 acknowledged orders are MISSING from the orders table</source>
        <translation>%2 个已确认的订单中有 %1 个在 orders 表中丢失</translation>
    </message>
    <message>
        <source>%1 oversold</source>
        <translation>超卖 %1</translation>
    </message>
    <message>
        <source>%1 order lines committed whose reply was lost with the server</source>
        <translation>%1 个订单行已提交，但其回复随服务器一起丢失</translation>
    </message>
    <message>
        <source>%1 order rows that no client placed</source>
        <translation>%1 个订单行并非由任何客户端下单</translation>
    </message>
    <message>
        <source>; </source>
        <extracomment>Separates the findings of the audit after a restart, e.g. &quot;all 5 acknowledged orders are in the orders table; 0 oversold&quot;.</extracomment>
        <translation>；</translation>
    </message>
</context>
<context>
    <name>RedisConnection</name>
    <message>
        <source>cannot connect to Redis at %1: %2</source>
        <translation>无法连接到位于 %1 的 Redis：%2</translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation>内存不足</translation>
    </message>
    <message>
        <source>Redis at %1 refused the password: %2</source>
        <translation>位于 %1 的 Redis 拒绝了密码：%2</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>未连接</translation>
    </message>
</context>
<context>
    <name>RedisEndpoint</name>
    <message>
        <source>a Redis server is given as redis://[:password@]host[:port] or unix:///path/to/redis.sock</source>
        <translation>Redis 服务器的写法为 redis://[:password@]host[:port] 或 unix:///path/to/redis.sock</translation>
    </message>
    <message>
        <source>the lab keeps its keys in Redis database 0: leave the path out of the URL</source>
        <translation>本工具把它的键保存在 Redis 的 0 号数据库中：请不要在 URL 中写路径</translation>
    </message>
    <message>
        <source>the port must be between 1 and 65535</source>
        <translation>端口必须在 1 到 65535 之间</translation>
    </message>
</context>
<context>
    <name>RedisExplanation</name>
    <message>
        <source>No row lock: each order took its stock from a Redis sub-key with one script call and wrote its order row in one autocommitted INSERT.</source>
        <translation>没有行锁：每个订单通过一次脚本调用从 Redis 子键扣减库存，再用一条自动提交的 INSERT 写入订单行。</translation>
    </message>
    <message>
        <source>Redis spent %1 µs inside each take and ran %2 commands a second; the client waited %3 ms for each take&apos;s reply, so the time of a take is the trip, not the work in Redis.</source>
        <translation>Redis 每次扣减的内部耗时为 %1 µs，每秒执行 %2 条命令；客户端每次扣减要等待 %3 ms 才收到回复，因此扣减的时间花在往返上，而不是 Redis 内部的工作上。</translation>
    </message>
    <message>
        <source>%1 orders were refused while the SKU&apos;s sub-keys together still held enough.</source>
        <translation>有 %1 个订单被拒绝，而该 SKU 的各子键合计仍有足够库存。</translation>
    </message>
    <message>
        <source>The reconciliation found %1 units taken from Redis with no order row: orders lost between the two steps, which the shelf no longer offers.</source>
        <translation>对账发现有 %1 件已从 Redis 扣减却没有对应的订单行：这些订单丢失在两步之间，而货架上也不再出售这些库存。</translation>
    </message>
    <message>
        <source>The reconciliation found Redis&apos;s remaining %1 units and the %2 units ordered in the database add up to the initial stock.</source>
        <translation>对账确认：Redis 中剩余的 %1 件与数据库中已下单的 %2 件之和等于初始库存。</translation>
    </message>
</context>
<context>
    <name>RedisProbe</name>
    <message>
        <source>cannot read Redis&apos;s INFO: %1</source>
        <translation>无法读取 Redis 的 INFO：%1</translation>
    </message>
    <message>
        <source>Redis&apos;s INFO carried no total_commands_processed</source>
        <translation>Redis 的 INFO 中没有 total_commands_processed</translation>
    </message>
</context>
<context>
    <name>ReportSection</name>
    <message>
        <source>per row</source>
        <translation>每行</translation>
    </message>
    <message>
        <source>Repeated runs</source>
        <translation>重复运行</translation>
    </message>
    <message>
        <source>Server settings during the runs</source>
        <translation>运行期间的服务器设置</translation>
    </message>
    <message>
        <source>settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>strategies</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>1 SKU</source>
        <translation>1 个 SKU</translation>
    </message>
    <message>
        <source>%1 SKUs</source>
        <translation>%1 个 SKU</translation>
    </message>
    <message>
        <source>stock %1</source>
        <translation>库存 %1</translation>
    </message>
    <message>
        <source>%1 threads</source>
        <translation>%1 个线程</translation>
    </message>
    <message>
        <source>%1 slots</source>
        <translation>%1 个槽位</translation>
    </message>
    <message>
        <source>%1 long</source>
        <translation>时长 %1</translation>
    </message>
    <message>
        <source>stop after %1 orders</source>
        <translation>%1 单后停止</translation>
    </message>
    <message>
        <source>until sold out</source>
        <translation>直到售罄</translation>
    </message>
    <message>
        <source>delay %1 ms</source>
        <translation>事务内延迟 %1 ms</translation>
    </message>
    <message>
        <source>round trip %1 ms</source>
        <translation>往返 %1 ms</translation>
    </message>
    <message>
        <source>Experiment %1: %2</source>
        <translation>实验 %1：%2</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>error, note %1</source>
        <translation>错误，见注释 %1</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>注释</translation>
    </message>
    <message>
        <source>sweep: %1 per row</source>
        <translation>扫描：每行的%1不同</translation>
    </message>
</context>
<context>
    <name>ReportWriter</name>
    <message>
        <source>lockbench report</source>
        <translation>lockbench 报告</translation>
    </message>
    <message>
        <source>%1 on %2, written %3; %4 row(s) under %5 experiment(s).</source>
        <translation>%1，服务器 %2，写于 %3；%5 个实验共 %4 行。</translation>
    </message>
    <message>
        <source>server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>%1: a report is .html or .pdf</source>
        <translation>%1：报告必须是 .html 或 .pdf 文件</translation>
    </message>
    <message>
        <source>the lab&apos;s embedded MariaDB in %1</source>
        <translation>本工具内置的 MariaDB，位于 %1</translation>
    </message>
</context>
<context>
    <name>ResultColumns</name>
    <message>
        <source>source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>The run that produced the row: #n in this session, or the file it was opened from.</source>
        <translation>产生该行的运行：本次会话中的 #n，或打开该行时所用的文件。</translation>
    </message>
    <message>
        <source>strategy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>The strategy; its SQL and explanation are in the Strategies tab.</source>
        <translation>策略；其 SQL 和说明见“策略”选项卡。</translation>
    </message>
    <message>
        <source>Committed orders per second, from the end of the warm-up to the sell-out or the stop.</source>
        <translation>每秒提交的订单数，从预热结束统计到售罄或停止。</translation>
    </message>
    <message>
        <source>When the last unit sold, in seconds after the start, if every SKU sold out before the stop. The rates count up to then; the attempts that could only find no stock are counted apart.</source>
        <translation>如果所有 SKU 都在停止前售罄，此列为最后一件售出的时间（自开始起的秒数）。各项速率只统计到该时刻；之后因无库存而落空的尝试另行计数。</translation>
    </message>
    <message>
        <source>Median order latency after the warm-up.</source>
        <translation>预热后订单延迟的中位数。</translation>
    </message>
    <message>
        <source>95th percentile of order latency after the warm-up (open loop: counted from when the order was due).</source>
        <translation>预热后订单延迟的第 95 百分位（开环：从订单预定到达的时刻起算）。</translation>
    </message>
    <message>
        <source>99th percentile of order latency.</source>
        <translation>订单延迟的第 99 百分位。</translation>
    </message>
    <message>
        <source>Row lock waits the server counted (Innodb_row_lock_waits) during the run.</source>
        <translation>运行期间服务器统计的行锁等待次数（Innodb_row_lock_waits）。</translation>
    </message>
    <message>
        <source>Deadlocks the server detected during the run; each one is in the Deadlocks tab.</source>
        <translation>运行期间服务器检测到的死锁；每一个都列在“死锁”选项卡中。</translation>
    </message>
    <message>
        <source>Lock wait timeouts (error 1205): a statement waited innodb_lock_wait_timeout for a row lock.</source>
        <translation>锁等待超时（错误 1205）：语句等待行锁的时间达到了 innodb_lock_wait_timeout。</translation>
    </message>
    <message>
        <source>conflicts</source>
        <translation>冲突</translation>
    </message>
    <message>
        <source>Error 1020, &quot;record has changed since it was last read&quot;: a write conflict under snapshot isolation.</source>
        <translation>错误 1020，“record has changed since it was last read”（记录在上次读取后已被修改）：快照隔离下的写冲突。</translation>
    </message>
    <message>
        <source>nowait</source>
        <translation>nowait</translation>
    </message>
    <message>
        <source>Error 3572: a NOWAIT or SKIP LOCKED statement found the row locked.</source>
        <translation>错误 3572：NOWAIT 或 SKIP LOCKED 语句发现该行已被锁定。</translation>
    </message>
    <message>
        <source>lost conn</source>
        <translation>断连</translation>
    </message>
    <message>
        <source>Lost connections (2006, 2013): the worker reconnected and asked whether its order had committed.</source>
        <translation>连接丢失（2006、2013）：工作线程重新连接，并查询其订单是否已提交。</translation>
    </message>
    <message>
        <source>retries</source>
        <translation>重试</translation>
    </message>
    <message>
        <source>Attempts repeated after a conflict, deadlock or timeout.</source>
        <translation>因冲突、死锁或超时而重新进行的尝试。</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Orders given up with an error; each distinct error is in the verdict&apos;s detail.</source>
        <translation>因出错而放弃的订单；每种不同的错误都列在结论详情中。</translation>
    </message>
    <message>
        <source>Units sold, from the audit of the tables after the run.</source>
        <translation>售出件数，来自运行结束后对表的审计。</translation>
    </message>
    <message>
        <source>Units sold beyond the stock: anything above 0 is a broken strategy (or naive, on purpose).</source>
        <translation>超出库存售出的件数：大于 0 说明策略有缺陷（naive 则是有意为之）。</translation>
    </message>
    <message>
        <source>verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>pass, or what the audit found wrong.</source>
        <translation>通过，或审计发现的问题。</translation>
    </message>
    <message>
        <source>ran under</source>
        <translation>运行条件</translation>
    </message>
    <message>
        <source>The server settings the run measured under.</source>
        <translation>本次运行测量时所用的服务器设置。</translation>
    </message>
    <message>
        <source>why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Why the strategy reached this rate, from the run&apos;s own figures: the row lock&apos;s hold time and the ceiling it implies, the CPU, retries, deadlocks, the queue.</source>
        <translation>根据本次运行自身的数据说明该策略为何达到这一速率：行锁的持锁时间及其决定的上限、CPU、重试、死锁、队列。</translation>
    </message>
    <message>
        <source>run</source>
        <translation>轮次</translation>
    </message>
    <message>
        <source>Which run of the strategy this is, of how many: the strategies take turns, each on fresh data.</source>
        <translation>这是该策略共几次运行中的第几次：各策略轮流运行，每次都使用全新的数据。</translation>
    </message>
    <message>
        <source>slots</source>
        <translation>槽位</translation>
    </message>
    <message>
        <source>Slot rows per SKU the row ran with (the slotted strategies).</source>
        <translation>该行运行时每个 SKU 的槽位行数（slotted 系列策略）。</translation>
    </message>
    <message>
        <source>SKUs</source>
        <translation>SKU 数</translation>
    </message>
    <message>
        <source>SKUs the row ran with.</source>
        <translation>该行运行时的 SKU 数。</translation>
    </message>
    <message>
        <source>refused w/ stock</source>
        <translation>有货被拒</translation>
    </message>
    <message>
        <source>Slotted strategies: orders refused as out of stock while the SKU&apos;s slots together still held enough (&quot;visible but cannot be bought&quot;). slotted-routed moves stock between slots to keep this at 0.</source>
        <translation>slotted 系列策略：该 SKU 各槽位合计仍有足够库存，订单却因缺货被拒绝（“看得见、买不到”）。slotted-routed 会在槽位之间调配库存，使该值保持为 0。</translation>
    </message>
    <message>
        <source>double claims</source>
        <translation>重复认领</translation>
    </message>
    <message>
        <source>Claim workload: tasks a worker claimed while another live worker still held them. Must be 0.</source>
        <translation>认领负载：在另一个存活的工作线程仍持有时又被某个工作线程认领的任务数。必须为 0。</translation>
    </message>
    <message>
        <source>released</source>
        <translation>已收回</translation>
    </message>
    <message>
        <source>Claim workload: claims the sweeper gave back because they were older than the claim timeout (claim-update).</source>
        <translation>认领负载：因超过认领超时而被清扫线程收回的认领数（claim-update）。</translation>
    </message>
    <message>
        <source>Claim workload: tasks still claimed by a worker that died when the run ended, not yet given back.</source>
        <translation>认领负载：运行结束时仍被已终止的工作线程认领、尚未归还的任务数。</translation>
    </message>
    <message>
        <source>Worker connections the lab killed on purpose (--kill-workers-every).</source>
        <translation>本工具有意终止的工作线程连接数（--kill-workers-every）。</translation>
    </message>
    <message>
        <source>this run</source>
        <translation>本次运行</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>deadlock detect %1</source>
        <translation>死锁检测 %1</translation>
    </message>
    <message>
        <source>lock wait timeout %1 s</source>
        <translation>锁等待超时 %1 s</translation>
    </message>
    <message>
        <source>flush at commit %1</source>
        <translation>提交时刷日志 %1</translation>
    </message>
    <message>
        <source>buffer pool %1 MiB</source>
        <translation>缓冲池 %1 MiB</translation>
    </message>
    <message>
        <source>clients per node</source>
        <translation>每节点客户端</translation>
    </message>
    <message>
        <source>On a cluster: how many clients each node had, node 1 first (--placement).</source>
        <translation>在集群上：每个节点的客户端数，从节点 1 开始（--placement）。</translation>
    </message>
    <message>
        <source>COMMIT aborts</source>
        <translation>COMMIT 中止</translation>
    </message>
    <message>
        <source>On a cluster: transactions aborted at COMMIT because another node wrote the row first (certification), retried like deadlocks and counted apart from them.</source>
        <translation>在集群上：因其他节点先写了该行而在 COMMIT 时中止的事务（认证），像死锁一样重试，但与死锁分开计数。</translation>
    </message>
    <message>
        <source>Clients, each with its own connection.</source>
        <translation>客户端数，每个客户端使用自己的连接。</translation>
    </message>
    <message>
        <source>Orders/s predicted before the run from one client&apos;s calibration (Predict before running), and in brackets the measured rate as a share of it.</source>
        <translation>运行前根据单个客户端的校准预测的单/秒（运行前先预测），括号中是实测速率占预测的比例。</translation>
    </message>
    <message>
        <source>%1 (%2 %)</source>
        <translation>%1（%2%）</translation>
    </message>
    <message>
        <source>deadlock detector after %1</source>
        <translation>死锁检测在等待 %1 后运行</translation>
    </message>
</context>
<context>
    <name>ResultExplanation</name>
    <message>
        <source>With a %1 ms network round trip, that hold is %2 round trips: each statement after the locking one crosses the network while the row stays locked.</source>
        <translation>网络往返为 %1 ms 时，这段持锁时间相当于 %2 次往返：加锁语句之后的每条语句都要在该行保持锁定的状态下穿越网络。</translation>
    </message>
    <message>
        <source>An unsafe baseline: nothing holds the row from the read to the write, so concurrent orders overwrite each other&apos;s stock: %1 updates were lost and %2 units oversold in this run.</source>
        <translation>不安全的基线：从读到写之间没有任何机制锁住该行，并发订单会相互覆盖库存：本次运行发生丢失更新 %1 次，超卖 %2 件。</translation>
    </message>
    <message>
        <source>An unsafe baseline: nothing holds the row from the read to the write; this time no two orders overlapped badly enough to lose an update.</source>
        <translation>不安全的基线：从读到写之间没有任何机制锁住该行；这一次恰好没有两个订单重叠到造成丢失更新的程度。</translation>
    </message>
    <message>
        <source>%1 retries per sold order: each version conflict is a transaction done again.</source>
        <translation>每个售出的订单平均重试 %1 次：每次版本冲突都意味着重做一次事务。</translation>
    </message>
    <message>
        <source> %1 orders gave up after %2 conflicts.</source>
        <translation> 有 %1 个订单在冲突 %2 次后放弃。</translation>
    </message>
    <message>
        <source>Orders waited %1 ms in the queue and %2 ms in the transaction.</source>
        <translation>订单在队列中等待 %1 ms，在事务中耗时 %2 ms。</translation>
    </message>
    <message>
        <source>%1 orders were refused while the SKU&apos;s slots together still held enough for them.</source>
        <translation>有 %1 个订单被拒绝，而该 SKU 的各槽位合计仍有足够的库存。</translation>
    </message>
    <message>
        <source>%1 rebalances moved stock between the slots instead of refusing an order.</source>
        <translation>%1 次再平衡在槽位之间调配了库存，而没有拒绝订单。</translation>
    </message>
    <message>
        <source>%1 deadlocks and %2 lock wait timeouts, %3 per 1,000 orders: each rolled a transaction back.</source>
        <translation>%1 次死锁和 %2 次锁等待超时，即每 1,000 单 %3 次：每一次都回滚了一个事务。</translation>
    </message>
    <message>
        <source>It sold out at %1 s; the %2 attempts after that found no stock and are left out of the rates.</source>
        <translation>在 %1 s 时售罄；此后的 %2 次尝试都没有库存，不计入速率。</translation>
    </message>
    <message>
        <source>Every statement crossed a %1 ms network round trip.</source>
        <translation>每条语句都经过了 %1 毫秒的网络往返。</translation>
    </message>
    <message>
        <source>No network was simulated: statements crossed only the machine&apos;s loopback.</source>
        <translation>未模拟网络：语句只经过本机回环。</translation>
    </message>
    <message>
        <source>Orders cancelled by the stop while under way: %1. Each was rolled back, so none of them is in the orders table, the stock sold or the rates.</source>
        <translation>停止时取消的进行中订单：%1 个。每个都已回滚，因此都不在订单表、已售库存或速率中。</translation>
    </message>
    <message>
        <source>PostgreSQL looks for a cycle only once a waiter has waited deadlock_timeout (%1), where InnoDB looks at once: each deadlock held its transactions at least that long before one was rolled back.</source>
        <translation>PostgreSQL 要等一个等待者等满 deadlock_timeout（%1）才检查是否成环，而 InnoDB 立即检查：每次死锁都让其中的事务至少僵持这么久，之后才回滚其中一个。</translation>
    </message>
    <message numerus="yes">
        <source>The invariant %1 of the strategy&apos;s file found %n row(s) that break it once the run was over; the first: %2.</source>
        <translation>
            <numerusform>策略文件的不变式 %1 在运行结束后找到 %n 行违反它；第一行：%2。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ResultReader</name>
    <message>
        <source>strategy %1: experiment field %2: %3</source>
        <translation>策略 %1：实验字段 %2：%3</translation>
    </message>
    <message>
        <source>not a lockbench results file (no &quot;strategies&quot; list)</source>
        <translation>不是 lockbench 结果文件（没有“strategies”列表）</translation>
    </message>
    <message>
        <source>experiment field %1: %2</source>
        <translation>实验字段 %1：%2</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 is not a lockbench results file: %2</source>
        <translation>%1 不是 lockbench 结果文件：%2</translation>
    </message>
</context>
<context>
    <name>ResultWriter</name>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>ResultsModel</name>
    <message>
        <source>%1 runs; interval of the median %2</source>
        <translation>%1 次运行；中位数区间 %2</translation>
    </message>
    <message>
        <source>Not separable from %1</source>
        <translation>与 %1 无法区分</translation>
    </message>
    <message>
        <source>An unsafe baseline: it oversells on purpose, to show what the other strategies prevent.</source>
        <translation>不安全的基线：有意超卖，用来展示其他策略所防止的问题。</translation>
    </message>
    <message>
        <source>Experiment: %1</source>
        <translation>实验：%1</translation>
    </message>
</context>
<context>
    <name>ResultsPanel</name>
    <message>
        <source>Name this row…</source>
        <translation>为此行命名…</translation>
    </message>
    <message>
        <source>Name the row</source>
        <translation>命名结果行</translation>
    </message>
    <message>
        <source>A name for %1&apos;s row (shown in the source column and in exports):</source>
        <translation>%1 这一行的名称（显示在“来源”列和导出文件中）：</translation>
    </message>
    <message>
        <source>Remove this row</source>
        <translation>删除此行</translation>
    </message>
    <message>
        <source>Clear all rows</source>
        <translation>清除所有行</translation>
    </message>
</context>
<context>
    <name>RunErrorLog</name>
    <message>
        <source>%1× error %2: %3</source>
        <translation>%1× 错误 %2：%3</translation>
    </message>
</context>
<context>
    <name>RunOutcome</name>
    <message>
        <source>no strategy finished</source>
        <translation>没有策略完成</translation>
    </message>
    <message>
        <source>every strategy audited</source>
        <translation>每个策略都已审计</translation>
    </message>
    <message>
        <source>not all checked (%1)</source>
        <translation>未能全部核对（%1）</translation>
    </message>
    <message>
        <source>a promise broken (%1)</source>
        <translation>有安全策略违背了承诺（%1）</translation>
    </message>
    <message>
        <source>not all run (%1)</source>
        <translation>未全部运行（%1）</translation>
    </message>
</context>
<context>
    <name>RunProgress</name>
    <message>
        <source>%1 s left</source>
        <translation>剩余 %1 s</translation>
    </message>
    <message>
        <source>%1 orders left</source>
        <translation>剩余 %1 单</translation>
    </message>
    <message>
        <source>%1 units left</source>
        <translation>剩余 %1 件</translation>
    </message>
    <message>
        <source>preparing</source>
        <translation>准备中</translation>
    </message>
</context>
<context>
    <name>ScriptExpression</name>
    <message>
        <source>unexpected %1</source>
        <translation>意外的 %1</translation>
    </message>
    <message>
        <source>an expression ends too early</source>
        <translation>表达式过早结束</translation>
    </message>
    <message>
        <source>a &apos;)&apos; is missing</source>
        <translation>缺少“)”</translation>
    </message>
    <message>
        <source>%1 is not a number the lab can hold</source>
        <translation>%1 不是实验室能容纳的数字</translation>
    </message>
    <message>
        <source>a text has no closing quote</source>
        <translation>文本缺少结束引号</translation>
    </message>
    <message>
        <source>a &apos;:&apos; is not followed by a variable&apos;s name</source>
        <translation>“:”后面没有变量名</translation>
    </message>
    <message>
        <source>%1 is not a function of strategy files (variables are written :name)</source>
        <translation>%1 不是策略文件的函数（变量写作 :name）</translation>
    </message>
    <message>
        <source>%1 needs its arguments in parentheses</source>
        <translation>%1 的参数需要写在括号中</translation>
    </message>
    <message>
        <source>a &apos;)&apos; is missing after the arguments of %1</source>
        <translation>%1 的参数之后缺少“)”</translation>
    </message>
    <message>
        <source>%1 takes another number of arguments than %2</source>
        <translation>%1 接受的参数个数不是 %2</translation>
    </message>
    <message>
        <source>the variable :%1 is not set</source>
        <translation>变量 :%1 未设置</translation>
    </message>
    <message>
        <source>NOT needs a boolean or a number, not %1</source>
        <translation>NOT 需要布尔值或数字，而不是 %1</translation>
    </message>
    <message>
        <source>the integer overflows</source>
        <translation>整数溢出</translation>
    </message>
    <message>
        <source>- needs a number, not %1</source>
        <translation>- 需要数字，而不是 %1</translation>
    </message>
    <message>
        <source>%1 needs booleans or numbers, not %2</source>
        <translation>%1 需要布尔值或数字，而不是 %2</translation>
    </message>
    <message>
        <source>%1 needs numbers, not %2 and %3</source>
        <translation>%1 需要数字，而不是 %2 和 %3</translation>
    </message>
    <message>
        <source>division by zero</source>
        <translation>除以零</translation>
    </message>
    <message>
        <source>% needs integers</source>
        <translation>% 需要整数</translation>
    </message>
    <message>
        <source>%1 cannot compare %2 with %3</source>
        <translation>%1 无法比较 %2 与 %3</translation>
    </message>
    <message>
        <source>%1 needs numbers, not %2</source>
        <translation>%1 需要数字，而不是 %2</translation>
    </message>
    <message>
        <source>%1 has no finite value here</source>
        <translation>%1 在此没有有限值</translation>
    </message>
    <message>
        <source>random() needs integer bounds</source>
        <translation>random() 需要整数边界</translation>
    </message>
    <message>
        <source>random(%1, %2): the lower bound is above the upper</source>
        <translation>random(%1, %2)：下界高于上界</translation>
    </message>
    <message>
        <source>an expression is missing</source>
        <translation>缺少表达式</translation>
    </message>
</context>
<context>
    <name>ScriptSession</name>
    <message>
        <source>the order ran past the file&apos;s last command without \sold, \out-of-stock, \conflict or \failed</source>
        <translation>订单执行完文件的最后一条命令，却没有遇到 \sold、\out-of-stock、\conflict 或 \failed</translation>
    </message>
    <message>
        <source>\gset needs one row, and the statement returned %1</source>
        <translation>\gset 需要恰好一行，而该语句返回了 %1 行</translation>
    </message>
    <message>
        <source>the file&apos;s \failed</source>
        <translation>文件中的 \failed</translation>
    </message>
    <message>
        <source>%1, line %2: %3</source>
        <translation>%1，第 %2 行：%3</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1, line %2</source>
        <translation>%1，第 %2 行</translation>
    </message>
    <message>
        <source>\sold with the transaction still open: COMMIT it first</source>
        <translation>事务尚未结束就 \sold：请先 COMMIT</translation>
    </message>
    <message>
        <source>row locked, refused at once by NOWAIT (server error 1205: %1)</source>
        <translation>该行已锁定，被 NOWAIT 立即拒绝（服务器错误 1205：%1）</translation>
    </message>
    <message>
        <source>\aset needs one row at most, and the statement returned %1</source>
        <translation>\aset 至多需要一行，而该语句返回了 %1 行</translation>
    </message>
    <message>
        <source>the variable :%1 is not set</source>
        <translation>变量 :%1 未设置</translation>
    </message>
</context>
<context>
    <name>ServerCheck</name>
    <message>
        <source>wrong user name or password (%1)</source>
        <translation>用户名或密码错误（%1）</translation>
    </message>
    <message>
        <source>the server is unreachable (%1)</source>
        <translation>无法访问服务器（%1）</translation>
    </message>
    <message>
        <source>the server is unreachable: nothing answered at that address within the connect timeout (%1)</source>
        <translation>无法访问服务器：在连接超时时间内，该地址没有任何响应（%1）</translation>
    </message>
    <message>
        <source>Cannot connect to %1: %2</source>
        <translation>无法连接到 %1：%2</translation>
    </message>
    <message>
        <source>Connected to %1 (%2), but the lab cannot run there: %3</source>
        <translation>已连接到 %1（%2），但本工具无法在其上运行：%3</translation>
    </message>
    <message>
        <source>Ready: %1, server %2, database %3 (InnoDB)</source>
        <translation>就绪：%1，服务器 %2，数据库 %3（InnoDB）</translation>
    </message>
    <message>
        <source>Connected to %1, server %2</source>
        <translation>已连接到 %1，服务器 %2</translation>
    </message>
</context>
<context>
    <name>ServerChoice</name>
    <message>
        <source>a cluster has 2 to %1 nodes (got %2)</source>
        <translation>集群有 2 到 %1 个节点（收到 %2）</translation>
    </message>
    <message>
        <source>%1 is named twice</source>
        <translation>%1 被写了两次</translation>
    </message>
</context>
<context>
    <name>ServerController</name>
    <message>
        <source>gone: %1</source>
        <translation>已消失：%1</translation>
    </message>
    <message>
        <source>not answering: %1</source>
        <translation>无应答：%1</translation>
    </message>
</context>
<context>
    <name>ServerFit</name>
    <message>
        <source>%1 spreads the clients over %2 nodes, but the server is a single one; use --server cluster:N or a URL with several hosts</source>
        <translation>%1 把客户端分布到 %2 个节点上，但服务器只有一台；请使用 --server cluster:N 或含多个主机的 URL</translation>
    </message>
    <message>
        <source>node %1 is not there: the server has %2</source>
        <translation>节点 %1 不存在：服务器只有 %2</translation>
    </message>
    <message>
        <source>one node</source>
        <translation>一个节点</translation>
    </message>
    <message>
        <source>%1 nodes</source>
        <translation>%1 个节点</translation>
    </message>
    <message>
        <source>the claim workload runs on one server only: a claim names its worker by connection id (owner = CONNECTION_ID()), and each node of a cluster numbers its connections on its own, so two workers could hold one task unseen</source>
        <translation>认领工作负载只能在单台服务器上运行：认领以连接 id 标明工作者（owner = CONNECTION_ID()），而集群的每个节点各自给连接编号，两个工作者可能在无人察觉时持有同一个任务</translation>
    </message>
    <message>
        <source>killing workers runs on one server only: the lab kills a worker by its connection id, which names a connection only on the node that gave it</source>
        <translation>杀死工作者只能在单台服务器上运行：实验室按连接 id 杀死工作者，而连接 id 只在分配它的那个节点上指向该连接</translation>
    </message>
    <message>
        <source>an InnoDB setting, which PostgreSQL does not have; leave it at %1 there</source>
        <translation>这是 InnoDB 的设置，PostgreSQL 没有；在 PostgreSQL 上请保持为 %1</translation>
    </message>
    <message>
        <source>it changes the whole server, so the lab sets it only on the servers it starts itself; leave it at %1 on a server given by URL</source>
        <translation>它会改变整个服务器，因此实验室只在自己启动的服务器上设置它；对通过 URL 指定的服务器请保持为 %1</translation>
    </message>
    <message>
        <source>used only on a cluster, and the server is a single one; leave it at %1</source>
        <translation>仅用于集群，而当前服务器是单机；请保持为 %1</translation>
    </message>
    <message>
        <source>used only on a single server, since each node of a cluster numbers its connections on its own; leave it at %1</source>
        <translation>仅用于单机服务器，因为集群的每个节点各自为连接编号；请保持为 %1</translation>
    </message>
</context>
<context>
    <name>ServerKnobs</name>
    <message>
        <source>cannot set %1 = %2 on the server (it needs SUPER or SYSTEM_VARIABLES_ADMIN): %3</source>
        <translation>无法在服务器上设置 %1 = %2（需要 SUPER 或 SYSTEM_VARIABLES_ADMIN 权限）：%3</translation>
    </message>
</context>
<context>
    <name>ServerPanel</name>
    <message>
        <source>Embedded MariaDB (private to the lab)</source>
        <translation>内置 MariaDB（本工具专用）</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>测试</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>密码</translation>
    </message>
    <message>
        <source>testing %1 …</source>
        <translation>正在测试 %1 …</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>Starting: %1</source>
        <translation>正在启动：%1</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>Data directory: %1</source>
        <translation>数据目录：%1</translation>
    </message>
    <message>
        <source>Cluster nodes</source>
        <translation>集群节点数</translation>
    </message>
    <message>
        <source>node %1 %2</source>
        <translation>节点 %1 %2</translation>
    </message>
    <message>
        <source>Nodes: %1</source>
        <translation>节点：%1</translation>
    </message>
    <message>
        <source>Embedded Galera cluster, nodes:</source>
        <translation>内置 Galera 集群，节点数：</translation>
    </message>
    <message>
        <source>the lab&apos;s own server needs no Test</source>
        <translation>本工具自己的服务器无需测试</translation>
    </message>
    <message>
        <source>Embedded PostgreSQL (private to the lab)</source>
        <translation>内置 PostgreSQL（实验室私有）</translation>
    </message>
    <message>
        <source>A cluster&apos;s nodes as several hosts: mysql://user@host1:3306,host2:3306,host3:3306/lockbench; a PostgreSQL server: postgres://user@host:5432/lockbench</source>
        <translation>集群的各节点写成多个主机：mysql://user@host1:3306,host2:3306,host3:3306/lockbench；PostgreSQL 服务器：postgres://user@host:5432/lockbench</translation>
    </message>
    <message>
        <source>Server by URL</source>
        <translation>按 URL 指定服务器</translation>
    </message>
    <message>
        <source>MySQL 8, MariaDB 10.6 or later, or PostgreSQL 13 or later</source>
        <translation>MySQL 8、MariaDB 10.6 及以上，或 PostgreSQL 13 及以上</translation>
    </message>
    <message>
        <source>The same experiment on both engines, one after the other: one table, the charts&apos; lines of each (PostgreSQL&apos;s dashed), and a sentence comparing them.</source>
        <translation>同一个实验依次在两个引擎上运行：一张表格，图表中各有各的曲线（PostgreSQL 为虚线），并有一句话比较两者。</translation>
    </message>
    <message>
        <source>Side by side: MariaDB, then PostgreSQL</source>
        <translation>并排对比：先 MariaDB，后 PostgreSQL</translation>
    </message>
    <message>
        <source>The server: %1</source>
        <translation>服务器：%1</translation>
    </message>
</context>
<context>
    <name>ServerProbe</name>
    <message>
        <source>cannot read server status: %1</source>
        <translation>无法读取服务器状态：%1</translation>
    </message>
    <message>
        <source>cannot read server status: the connection to the server is closed</source>
        <translation>无法读取服务器状态：与服务器的连接已关闭</translation>
    </message>
</context>
<context>
    <name>ServerRecovery</name>
    <message>
        <source>Lost the server during %1</source>
        <translation>运行 %1 时与服务器失去连接</translation>
    </message>
    <message>
        <source>Lost the server</source>
        <translation>与服务器失去连接</translation>
    </message>
    <message>
        <source>%1

The results so far are kept in the Results tab and can be exported.</source>
        <translation>%1

目前为止的结果保留在“结果”选项卡中，可以导出。</translation>
    </message>
    <message>
        <source>Restart the embedded MariaDB and check that every acknowledged order survived and nothing was oversold?</source>
        <translation>是否重启内置 MariaDB，并检查每个已确认的订单是否都完好保留、是否没有超卖？</translation>
    </message>
    <message>
        <source>Restart and audit</source>
        <translation>重启并审计</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>暂不</translation>
    </message>
    <message>
        <source>Once the server is back, run again; the lab refuses to count what it cannot audit.</source>
        <translation>服务器恢复后请重新运行；本工具不会统计无法审计的结果。</translation>
    </message>
    <message>
        <source>Restarting the embedded MariaDB…</source>
        <translation>正在重启内置 MariaDB…</translation>
    </message>
    <message>
        <source>After the restart: %1</source>
        <translation>重启后：%1</translation>
    </message>
    <message>
        <source>Audit after the restart</source>
        <translation>重启后审计</translation>
    </message>
    <message>
        <source>After the restart: %1.</source>
        <translation>重启后：%1。</translation>
    </message>
</context>
<context>
    <name>ServerWatch</name>
    <message>
        <source>the server answers again after %1 s</source>
        <translation>%1 s 后服务器恢复响应</translation>
    </message>
    <message>
        <source>no answer for %1 s: %2</source>
        <translation>%1 s 无响应：%2</translation>
    </message>
    <message>
        <source>the server is not answering for %1 s (%2); waiting up to %3 s</source>
        <translation>服务器已 %1 s 无响应（%2）；最多等待 %3 s</translation>
    </message>
</context>
<context>
    <name>SessionFiles</name>
    <message>
        <source>Open results</source>
        <translation>打开结果</translation>
    </message>
    <message>
        <source>lockbench results (*.json)</source>
        <translation>lockbench 结果 (*.json)</translation>
    </message>
    <message>
        <source>Cannot open the results</source>
        <translation>无法打开结果</translation>
    </message>
    <message numerus="yes">
        <source>Opened %n result(s) from %1</source>
        <translation>
            <numerusform>已从 %1 打开 %n 条结果</numerusform>
        </translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>HTML (*.html);;PDF (*.pdf)</source>
        <translation>HTML (*.html);;PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation>报告已写入 %1</translation>
    </message>
    <message>
        <source>Export all charts into</source>
        <translation>将全部图表导出到</translation>
    </message>
    <message>
        <source>Charts written to %1</source>
        <translation>图表已写入 %1</translation>
    </message>
    <message>
        <source>Export the scaling chart</source>
        <translation>导出扩展性图表</translation>
    </message>
    <message>
        <source>SVG (*.svg);;PDF (*.pdf);;PNG (*.png)</source>
        <translation>SVG (*.svg);;PDF (*.pdf);;PNG (*.png)</translation>
    </message>
    <message>
        <source>Export results</source>
        <translation>导出结果</translation>
    </message>
    <message>
        <source>JSON, opens again with File → Open results (*.json);;CSV (*.csv)</source>
        <translation>JSON，可通过“文件 → 打开结果”再次打开 (*.json);;CSV (*.csv)</translation>
    </message>
    <message>
        <source>Exported to %1</source>
        <translation>已导出到 %1</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>Export the hand-out</source>
        <translation>导出讲义</translation>
    </message>
    <message>
        <source>PDF (*.pdf);;HTML (*.html)</source>
        <translation>PDF (*.pdf);;HTML (*.html)</translation>
    </message>
    <message>
        <source>Hand-out written to %1</source>
        <translation>讲义已写入 %1</translation>
    </message>
</context>
<context>
    <name>SlotStock</name>
    <message>
        <source>no total for SKU %1</source>
        <translation>缺少 SKU %1 的库存总量</translation>
    </message>
</context>
<context>
    <name>SmallMultiples</name>
    <message>
        <source>%1: %2 against seconds elapsed, on the same axes as every other strategy&apos;s chart</source>
        <translation>%1：%2随已用秒数的变化，与其他每个策略的图共用相同的坐标轴</translation>
    </message>
</context>
<context>
    <name>SpreadColumns</name>
    <message>
        <source>strategy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>The strategy.</source>
        <translation>策略。</translation>
    </message>
    <message>
        <source>runs</source>
        <translation>运行次数</translation>
    </message>
    <message>
        <source>Runs of the strategy that finished with figures.</source>
        <translation>该策略得出数据的运行次数。</translation>
    </message>
    <message>
        <source>The median of the runs&apos; committed orders per second.</source>
        <translation>各次运行每秒提交订单数的中位数。</translation>
    </message>
    <message>
        <source>min–max</source>
        <translation>最小–最大</translation>
    </message>
    <message>
        <source>The lowest and the highest orders per second of the runs.</source>
        <translation>各次运行中每秒订单数的最低值和最高值。</translation>
    </message>
    <message>
        <source>interval of the median</source>
        <translation>中位数区间</translation>
    </message>
    <message>
        <source>Distribution-free interval of the median orders per second (order statistics), with its confidence: 95 % from six runs on; below that, min–max at the confidence it reaches.</source>
        <translation>每秒订单数中位数的无分布区间（基于顺序统计量）及其置信度：运行六次及以上时为 95%；不足六次时取最小–最大值，置信度为其所能达到的水平。</translation>
    </message>
    <message>
        <source>The median of the runs&apos; 99th percentile order latency.</source>
        <translation>各次运行订单延迟第 99 百分位的中位数。</translation>
    </message>
    <message>
        <source>The lowest and the highest p99 latency of the runs.</source>
        <translation>各次运行中 p99 延迟的最低值和最高值。</translation>
    </message>
    <message>
        <source>not separable from</source>
        <translation>无法区分</translation>
    </message>
    <message>
        <source>Strategies on the same experiment whose interval overlaps this one&apos;s: these runs cannot rank them.</source>
        <translation>同一实验中区间与本行重叠的策略：凭这些运行无法排出它们的高下。</translation>
    </message>
    <message>
        <source>Over every run of this strategy on this experiment: the median orders per second, and the lowest and highest.</source>
        <translation>该策略在本实验中所有运行的每秒订单数中位数，以及最低值和最高值。</translation>
    </message>
    <message>
        <source>not separable (orders/s intervals overlap): %1</source>
        <translation>无法区分（单/秒区间重叠）：%1</translation>
    </message>
    <message>
        <source>Clients, each with its own connection.</source>
        <translation>客户端数，每个客户端使用自己的连接。</translation>
    </message>
    <message>
        <source>clients</source>
        <translation>客户端</translation>
    </message>
    <message>
        <source>%1 median</source>
        <translation>%1中位数</translation>
    </message>
    <message>
        <source>%1 min–max</source>
        <translation>%1 最小–最大</translation>
    </message>
    <message>
        <source>%1 median (min–max)</source>
        <translation>%1中位数（最小–最大）</translation>
    </message>
</context>
<context>
    <name>StatementSet</name>
    <message>
        <source> (PostgreSQL cannot tell a variable&apos;s type here: give it one, as :stock::bigint, or compute the value with \set first)</source>
        <translation>（PostgreSQL 在此无法判断变量的类型：请为它指定类型，如 :stock::bigint，或先用 \set 算出该值）</translation>
    </message>
</context>
<context>
    <name>StopReason</name>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>stopped by the user</source>
        <translation>已由用户停止</translation>
    </message>
    <message>
        <source>duration reached</source>
        <translation>已达到时长</translation>
    </message>
    <message>
        <source>time limit reached</source>
        <translation>已达到时间上限</translation>
    </message>
    <message>
        <source>server lost</source>
        <translation>与服务器失去连接</translation>
    </message>
    <message>
        <source>sold out</source>
        <translation>售罄</translation>
    </message>
    <message>
        <source>all orders placed</source>
        <translation>所有订单均已下达</translation>
    </message>
    <message>
        <source>clients finished</source>
        <translation>客户端已全部结束</translation>
    </message>
</context>
<context>
    <name>Strategy</name>
    <message>
        <source>Each worker starts a transaction, locks the first K pending tasks with SELECT … LIMIT K FOR UPDATE, does the work, marks them done and commits. A worker that dies mid-batch rolls back and its tasks are pending again at once: nothing is stranded. But every worker&apos;s read starts at the same first pending rows, which the worker ahead of it holds locked for its whole batch, work and round trips included: the workers take turns, one batch at a time, however many there are.</source>
        <translation>每个工作线程开启一个事务，用 SELECT … LIMIT K FOR UPDATE 锁住最前面的 K 个待处理任务，执行任务，将它们标记为已完成并提交。在处理一批任务的中途崩溃的工作线程会回滚，它的任务立即恢复为待处理状态：不会有任务滞留。但每个工作线程的读取都从同样的最前面几行待处理行开始，而这些行正被排在它前面的工作线程锁住，并且在整批处理期间（包括任务执行和往返在内）一直锁着：因此无论有多少个工作线程，它们都只能轮流进行，一次处理一批。</translation>
    </message>
    <message>
        <source>As claim-for-update, but the claiming read adds SKIP LOCKED (MySQL 8, MariaDB 10.6 and later): rows another worker holds are passed over instead of waited for, so each worker locks the next K free pending tasks and the workers run side by side. The batch is still one transaction: a worker that dies rolls back, and its tasks are pending again at once, with no sweeper.</source>
        <translation>与 claim-for-update 相同，但认领时的读取加上了 SKIP LOCKED（MySQL 8、MariaDB 10.6 及更高版本）：遇到其他工作线程持有的行时直接跳过，而不是等待，因此每个工作线程锁住的是接下来 K 个空闲的待处理任务，各工作线程得以并行运行。整批处理仍然是一个事务：崩溃的工作线程会回滚，它的任务立即恢复为待处理状态，无需清扫线程。</translation>
    </message>
    <message>
        <source>Each worker claims K pending tasks with one UPDATE … SET owner = CONNECTION_ID(), claimed_at = NOW(6) WHERE status = 0 AND owner IS NULL LIMIT K, committed on its own: the rows are locked only for that one statement, not across the work and its round trips. The affected-row count says how many it got; it reads them back by owner, works with no lock held, and marks done only the tasks it still owns. A worker that dies leaves its claims behind: a sweeper gives back every claim older than the claim timeout, so the tasks are stranded for that long, and a timeout shorter than the work would hand a live worker&apos;s tasks to another (a double claim).</source>
        <translation>每个工作线程用一条 UPDATE … SET owner = CONNECTION_ID(), claimed_at = NOW(6) WHERE status = 0 AND owner IS NULL LIMIT K 认领 K 个待处理任务，并单独提交：这些行只在这一条语句执行期间被锁住，而不会在任务执行及其往返期间一直锁着。受影响的行数表明它认领到了多少个任务；它按 owner 把这些任务读回，在不持有任何锁的情况下执行，并且只把仍归自己所有的任务标记为已完成。崩溃的工作线程会把它的认领遗留下来：清扫线程会收回所有超过认领超时的认领，因此这些任务会滞留这么长的时间；而如果超时比任务执行时间还短，就会把一个仍存活的工作线程的任务交给另一个工作线程（即重复认领）。</translation>
    </message>
    <message>
        <source>Read, check and write are merged into one statement: UPDATE … SET stock = stock - n WHERE stock &gt;= n. The server checks the stock under the row lock it takes anyway, so nothing can oversell, and there is no read-then-write round trip while the lock is held. The order row still goes in the same transaction, so the lock lasts until COMMIT.</source>
        <translation>读取、检查和写入合并为一条语句：UPDATE … SET stock = stock - n WHERE stock &gt;= n。服务器在它本来就要获取的行锁之下检查库存，因此不可能超卖，而且持锁期间也没有“先读后写”的往返。订单行仍在同一个事务中插入，所以锁会一直持续到 COMMIT。</translation>
    </message>
    <message>
        <source>UNSAFE on purpose. Reads the stock, checks it in the client and writes the computed value back, each statement on its own with no lock in between. Two orders that read the same stock both write stock - 1: one decrement is lost, yet both orders are recorded. Under contention the shop sells more than it had; the oversell audit shows by how much.</source>
        <translation>有意设计为不安全。读取库存，在客户端检查，再把计算出的值写回，每条语句各自独立执行，中间不加任何锁。两个读到相同库存的订单都会写入 stock - 1：一次扣减丢失了（丢失更新），但两个订单都被记录下来。在争用下，商店卖出的数量会超过原有库存；超卖审计会显示超卖了多少。</translation>
    </message>
    <message>
        <source>Read the stock and its version without a lock, then UPDATE … WHERE version = the version read. Zero rows changed means another order got there first: read again and retry, after a short jittered pause, up to the retry limit. Good when conflicts are rare; on one hot SKU most attempts lose, so attempts/s far exceeds orders/s.</source>
        <translation>不加锁地读取库存及其 version，然后执行 UPDATE … WHERE version = 读到的 version。受影响行数为零，说明另一个订单抢先一步：在一段带随机抖动的短暂停顿之后重新读取并重试，直到达到重试上限。适用于冲突很少的场景；在单个热点 SKU 上，大多数尝试都会失败，因此每秒尝试次数远远超过每秒订单数。</translation>
    </message>
    <message>
        <source>The SKU&apos;s stock is divided among N slot rows, like splitting one Redis key into sub-keys. A sale takes from one random slot with UPDATE … WHERE slot = ? AND stock &gt;= n, so concurrent sales of the same SKU mostly lock different rows. When a slot runs dry the sale moves to a slot that still holds enough (SKIP LOCKED first, then waiting). The cost: near the end, stock left in small slots can refuse an order the total could still fill, and stock must be redistributed now and then.</source>
        <translation>该 SKU 的库存被分摊到 N 个槽位行上，就像把一个 Redis 键拆分成多个子键。每次售卖用 UPDATE … WHERE slot = ? AND stock &gt;= n 从一个随机槽位中扣减，因此同一 SKU 的并发售卖大多锁住的是不同的行。当某个槽位耗尽时，售卖会转到仍有足够库存的槽位（先用 SKIP LOCKED，再等待）。代价是：临近结束时，零散留在各个小槽位中的库存可能导致订单被拒绝，尽管总库存仍能满足它；而且库存需要不时重新分配。</translation>
    </message>
    <message>
        <source>As pessimistic, but the lock is taken with FOR UPDATE NOWAIT: when another transaction holds the SKU&apos;s row, the statement fails at once (3572 on MySQL 8, 1205 on MariaDB) instead of queueing, the client rolls back, backs off a few milliseconds and tries again. No transaction waits in the server, so no waiter list grows and no deadlock can form on the row; the price is retries, which the Errors tab counts as 3572, and orders that give up after 200 of them (or max-retries, when that is more) on a very hot row. The row still passes one order at a time: NOWAIT moves the queue, it does not remove it.</source>
        <translation>与 pessimistic 相同，但用 FOR UPDATE NOWAIT 加锁：当另一个事务持有该 SKU 的行时，语句会立即失败（MySQL 8 上为 3572，MariaDB 上为 1205），而不是排队等待；客户端随即回滚，退避几毫秒后重试。没有事务在服务器中等待，因此锁等待队列不会增长，该行上也不会形成死锁；代价是重试（“错误”选项卡将其计为 3572），以及在极热的行上重试 200 次（若 max-retries 更大，则为该次数）后仍未成功而放弃的订单。该行仍然一次只放行一个订单：NOWAIT 只是把队列转移了，并没有消除它。</translation>
    </message>
    <message>
        <source>Each order locks the SKU&apos;s row with SELECT … FOR UPDATE, checks the stock in the client, updates it and commits. InnoDB grants the row&apos;s exclusive lock to one transaction at a time, so on a hot SKU every order waits for all those ahead of it, and the lock is held across every network round trip until COMMIT: the in-transaction delay adds directly to each wait.</source>
        <translation>每个订单用 SELECT … FOR UPDATE 锁住该 SKU 的行，在客户端检查库存，更新后提交。InnoDB 一次只把该行的排他锁授予一个事务，因此在热点 SKU 上，每个订单都要等待排在它前面的所有订单；而且锁在每次网络往返中都一直被持有，直到 COMMIT：事务内延迟会直接累加到每次等待上。</translation>
    </message>
    <message>
        <source>The articles&apos; &quot;merge the SQL&quot;: the order is one CALL of a stored procedure the lab creates in its own database. Inside the server it runs conditional&apos;s transaction (UPDATE … WHERE stock &gt;= n, INSERT the order, COMMIT), so the row lock is held only while the server executes those statements, never across a network round trip or the client&apos;s work. Pessimistic holds the hot row across three round trips and conditional across two; the procedure across none, which is why its lead grows with the round trip (--rtt-ms). The in-transaction delay does not apply: there is no client step inside its transaction.</source>
        <translation>这就是文章中的“合并 SQL”：每个订单就是一次 CALL，调用本工具在自己的数据库中创建的存储过程。在服务器内部，它执行的是 conditional 的事务（UPDATE … WHERE stock &gt;= n，INSERT 订单，COMMIT），因此行锁只在服务器执行这些语句期间持有，从不跨越网络往返或客户端的工作。pessimistic 持有热点行跨越三次往返，conditional 跨越两次；procedure 则一次也不跨越，这就是往返时间（--rtt-ms）越长、它的领先优势越大的原因。事务内延迟对它不适用：它的事务中没有客户端步骤。</translation>
    </message>
    <message>
        <source>Client threads do not touch the database: each hands its order to the queue of its SKU and waits. A few writer connections drain the queues; every SKU belongs to exactly one writer, so only one transaction at a time ever asks for a SKU&apos;s row lock and nobody waits on it. With a batch size above 1 a writer commits up to B queued orders of one SKU in one transaction, one UPDATE by the summed quantity and one multi-row INSERT, which is where the articles&apos; 10× (queue) and 40× (batch commit) come from. Latency counts from enqueue to commit.</source>
        <translation>客户端线程不接触数据库：每个线程把订单交给该 SKU 的队列，然后等待。少数几个写入连接负责处理这些队列；每个 SKU 只归属于一个写入线程，因此任何时候都只有一个事务会请求某个 SKU 的行锁，没有谁需要在锁上等待。批量大小大于 1 时，写入线程会在一个事务中提交同一 SKU 最多 B 个排队中的订单，用一条 UPDATE 按数量总和扣减库存，再用一条多行 INSERT 写入订单，文章中的 10×（排队）和 40×（批量提交）正是由此而来。延迟从入队开始计算，到提交为止。</translation>
    </message>
    <message>
        <source>Each SKU&apos;s stock lives in Redis, split over as many sub-keys as the experiment has slots. An order takes its quantity from one sub-key with a Lua script that decrements only if enough is there, in one step (Redis runs one script at a time, so no lock is held anywhere across a round trip), then writes its order row to MariaDB; a write known to have failed gives the stock back. A client routes away from sub-keys it found dry. The price is two systems and two steps: an order lost between the take and the write leaves units taken from Redis with no order, which only a reconciliation of Redis against MariaDB finds; the audit does that and counts them. A sub-key that runs dry while others still hold stock refuses orders the SKU could fill (refused w/ stock).</source>
        <translation>每个 SKU 的库存存放在 Redis 中，拆分到与本次实验槽位数相同数量的子键上。订单用一个 Lua 脚本从某个子键中一步扣减所需数量，该脚本仅在库存足够时才扣减（Redis 一次只运行一个脚本，因此任何地方都不会有跨越往返的锁），然后把订单行写入 MariaDB；如果已知写入失败，则把库存退还。客户端会绕开它发现已耗尽的子键。代价是两个系统、两个步骤：如果订单在扣减和写入之间丢失，就会出现已从 Redis 扣除、却没有对应订单的库存，只有对 Redis 与 MariaDB 进行对账才能发现；审计正是这样做的，并统计出这些件数。当某个子键耗尽而其他子键仍有库存时，它会拒绝该 SKU 本可满足的订单（有货被拒）。</translation>
    </message>
    <message>
        <source>The articles&apos; sub-keys, with their fix. As slotted-partitioned, the stock is split over N slot rows and a sale takes from one with UPDATE … WHERE slot = ? AND stock &gt;= n. Each client remembers the slots it found empty and routes later sales of that SKU away from them, without scanning or waiting. When it believes every slot is empty it reads them all: if the SKU still holds enough but no single slot does (&quot;visible but cannot be bought&quot;), it rebalances them in one transaction, locking every slot in order and dealing the stock out again, instead of refusing the order. The results count the rebalances and the orders still refused while stock remained.</source>
        <translation>文章中的子键方案，外加对其问题的修正。与 slotted-partitioned 一样，库存被拆分到 N 个槽位行上，每次售卖用 UPDATE … WHERE slot = ? AND stock &gt;= n 从其中一个槽位扣减。每个客户端会记住它发现已空的槽位，之后对该 SKU 的售卖就绕开这些槽位，既不扫描也不等待。当它认为所有槽位都空了时，会把它们全部读出：如果该 SKU 的总库存仍然足够，但没有任何单个槽位足够（“看得见、买不到”），它就在一个事务中对这些槽位进行再平衡，按顺序锁住每个槽位并重新分配库存，而不是拒绝订单。结果中会统计再平衡次数，以及仍有库存时依然被拒绝的订单数。</translation>
    </message>
    <message>
        <source>One SKU is spread over N slot rows (UNIQUE sku_id, slot), like GitHub&apos;s download counters with 100 slots: a restock adds to a random slot with INSERT … ON DUPLICATE KEY UPDATE, and totals are read with SUM. That spreads increments well. A sale, though, must not oversell, so the articles guard it with SUM(stock) … FOR UPDATE inside the same statement, and that guard locks every slot of the SKU again: decrements still queue on the SKU as a whole.</source>
        <translation>一个 SKU 分散在 N 个槽位行上（UNIQUE sku_id, slot），就像 GitHub 用 100 个槽位实现的下载计数器：补货时用 INSERT … ON DUPLICATE KEY UPDATE 加到一个随机槽位上，总数则用 SUM 读取。这能很好地分散递增操作。但售卖不能超卖，所以文章在同一条语句中用 SUM(stock) … FOR UPDATE 来保护它，而这个校验又把该 SKU 的所有槽位重新锁住：扣减操作仍然在整个 SKU 上排队。</translation>
    </message>
    <message>
        <source>Each order buys two SKUs and locks both rows, always the lower sku_id first. Two orders that want the same pair queue on the first row; neither can hold a row the other already waits for, so no wait-for cycle and no deadlock can form. Same work as the random-order strategy, without the 1213 errors and retries.</source>
        <translation>每个订单购买两个 SKU 并锁住这两行，并且总是先锁 sku_id 较小的那一行。想要同一对 SKU 的两个订单会在第一行上排队；任何一方都不可能持有另一方正在等待的行，因此不会形成等待环路，也不会发生死锁。工作量与随机顺序加锁的策略（two-sku-random）相同，却没有 1213 错误和重试。</translation>
    </message>
    <message>
        <source>Each order buys two SKUs and locks both rows with SELECT … FOR UPDATE, in whatever order it picked them. Order A locks SKU 1 and asks for SKU 2 while order B holds SKU 2 and asks for SKU 1: a cycle. InnoDB detects it (with innodb_deadlock_detect on), rolls one back with error 1213, and the client retries. With detection off, both wait until innodb_lock_wait_timeout (1205) instead.</source>
        <translation>每个订单购买两个 SKU，并用 SELECT … FOR UPDATE 按它选中的任意顺序锁住这两行。订单 A 锁住 SKU 1 并请求 SKU 2，而订单 B 持有 SKU 2 并请求 SKU 1：这就形成了环路。InnoDB 会检测到它（在开启 innodb_deadlock_detect 时），以错误 1213 回滚其中一个事务，客户端随后重试。如果关闭检测，两者则会一直等待，直到 innodb_lock_wait_timeout 超时（1205）。</translation>
    </message>
    <message>
        <source>-- client: work on the batch (delay-ms)</source>
        <translation>-- 客户端：处理这批任务（delay-ms）</translation>
    </message>
    <message>
        <source>-- one row per task</source>
        <translation>-- 每个任务一行</translation>
    </message>
    <message>
        <source>Claim with SELECT … FOR UPDATE</source>
        <translation>用 SELECT … FOR UPDATE 认领</translation>
    </message>
    <message>
        <source>Claim with FOR UPDATE SKIP LOCKED</source>
        <translation>用 FOR UPDATE SKIP LOCKED 认领</translation>
    </message>
    <message>
        <source>-- autocommit; affected rows = tasks claimed</source>
        <translation>-- 自动提交；受影响行数 = 认领到的任务数</translation>
    </message>
    <message>
        <source>-- client: work on the batch (delay-ms), no lock held</source>
        <translation>-- 客户端：处理这批任务（delay-ms），不持有锁</translation>
    </message>
    <message>
        <source>-- sweeper, every quarter timeout: %1</source>
        <translation>-- 清扫线程，每隔四分之一个认领超时执行一次：%1</translation>
    </message>
    <message>
        <source>Claim with UPDATE … LIMIT, and a sweeper</source>
        <translation>用 UPDATE … LIMIT 认领，并配合清扫线程</translation>
    </message>
    <message>
        <source>Conditional UPDATE … WHERE stock &gt;= n</source>
        <translation>条件 UPDATE … WHERE stock &gt;= n</translation>
    </message>
    <message>
        <source>Naive read-then-write (unsafe)</source>
        <translation>朴素的先读后写（不安全）</translation>
    </message>
    <message>
        <source>Optimistic (version compare-and-set)</source>
        <translation>乐观锁（基于 version 的比较并设置）</translation>
    </message>
    <message>
        <source>Slotted rows, stock partitioned over slots</source>
        <translation>分槽行，库存分摊到各槽位</translation>
    </message>
    <message>
        <source>Pessimistic, fail fast (FOR UPDATE NOWAIT)</source>
        <translation>悲观锁，快速失败（FOR UPDATE NOWAIT）</translation>
    </message>
    <message>
        <source>Pessimistic (SELECT … FOR UPDATE)</source>
        <translation>悲观锁（SELECT … FOR UPDATE）</translation>
    </message>
    <message>
        <source>Stored procedure (one round trip per order)</source>
        <translation>存储过程（每单一次往返）</translation>
    </message>
    <message>
        <source>-- client: enqueue on the SKU&apos;s queue, wait for the writer</source>
        <translation>-- 客户端：放入该 SKU 的队列，等待写入线程</translation>
    </message>
    <message>
        <source>the queued strategy has no writers running</source>
        <translation>queued 策略没有正在运行的写入线程</translation>
    </message>
    <message>
        <source>Queued per SKU, batched commits</source>
        <translation>按 SKU 排队，批量提交</translation>
    </message>
    <message>
        <source>-- writer, for a batch of orders of one SKU:</source>
        <translation>-- 写入线程，处理同一 SKU 的一批订单：</translation>
    </message>
    <message>
        <source>-- qty = the batch&apos;s sum</source>
        <translation>-- qty = 本批数量之和</translation>
    </message>
    <message>
        <source>-- 0 rows: not enough for all; fill what fits in arrival order:</source>
        <translation>-- 0 行：库存不足以满足全部订单；按到达顺序尽量满足：</translation>
    </message>
    <message>
        <source>-- one row per order</source>
        <translation>-- 每个订单一行</translation>
    </message>
    <message>
        <source>redis-split: the take from Redis</source>
        <translation>redis-split：从 Redis 扣减</translation>
    </message>
    <message>
        <source>redis-split: giving the stock back</source>
        <translation>redis-split：归还库存</translation>
    </message>
    <message>
        <source>-- Redis, one step:</source>
        <translation>-- Redis，一步完成：</translation>
    </message>
    <message>
        <source>-- -1: try the next sub-key not known to be dry</source>
        <translation>-- -1：改试下一个尚未确认耗尽的子键</translation>
    </message>
    <message>
        <source>-- MariaDB, autocommit</source>
        <translation>-- MariaDB，自动提交</translation>
    </message>
    <message>
        <source>-- the INSERT known to have failed: %1</source>
        <translation>-- 确认 INSERT 失败时：%1</translation>
    </message>
    <message>
        <source>redis-split needs a Redis: the lab starts its own, or give one with --redis URL</source>
        <translation>redis-split 需要一个 Redis：可由本工具自行启动，或用 --redis URL 指定</translation>
    </message>
    <message>
        <source>cannot clear the lab&apos;s keys in Redis at %1: %2</source>
        <translation>无法清除位于 %1 的 Redis 中本工具的键：%2</translation>
    </message>
    <message>
        <source>cannot put the stock into Redis at %1: %2</source>
        <translation>无法将库存写入位于 %1 的 Redis：%2</translation>
    </message>
    <message>
        <source>cannot load the take script into Redis at %1: %2</source>
        <translation>无法将扣减脚本加载到位于 %1 的 Redis：%2</translation>
    </message>
    <message>
        <source>cannot read the stock from Redis at %1: %2</source>
        <translation>无法从位于 %1 的 Redis 读取库存：%2</translation>
    </message>
    <message>
        <source>Redis sub-keys in front of MariaDB</source>
        <translation>MariaDB 前置 Redis 子键</translation>
    </message>
    <message>
        <source>-- client: pick a slot it believes holds stock</source>
        <translation>-- 客户端：挑选一个它认为仍有库存的槽位</translation>
    </message>
    <message>
        <source>-- 0 rows: ROLLBACK, remember the slot as empty, pick another</source>
        <translation>-- 0 行：ROLLBACK，记下该槽位已空，另选一个</translation>
    </message>
    <message>
        <source>-- none believed stocked:</source>
        <translation>-- 认为所有槽位都已空时：</translation>
    </message>
    <message>
        <source>-- enough in total, in no one slot: rebalance</source>
        <translation>-- 合计足够，但没有单个槽位足够：再平衡</translation>
    </message>
    <message>
        <source>-- per slot that changes</source>
        <translation>-- 每个发生变化的槽位一条</translation>
    </message>
    <message>
        <source>Slotted rows, routed away from empty slots, rebalanced</source>
        <translation>分槽行，绕开空槽位，并再平衡</translation>
    </message>
    <message>
        <source>Slotted rows, SUM-guarded (as in the articles)</source>
        <translation>分槽行，SUM 校验（文章中的做法）</translation>
    </message>
    <message>
        <source>this strategy keeps no stock outside MariaDB</source>
        <translation>该策略不在 MariaDB 之外保存库存</translation>
    </message>
    <message>
        <source>Two SKUs per order, locked in sorted order</source>
        <translation>每单两个 SKU，按排序后的顺序加锁</translation>
    </message>
    <message>
        <source>Two SKUs per order, locked in random order (deadlocks)</source>
        <translation>每单两个 SKU，按随机顺序加锁（会死锁）</translation>
    </message>
    <message>
        <source>the lab&apos;s private Redis stopped with the run, and Redis&apos;s stock with it</source>
        <translation>实验室私有的 Redis 已随这次运行停止，Redis 中的库存也随之消失</translation>
    </message>
    <message>
        <source>The same transaction, reading with FOR UPDATE</source>
        <translation>同一个事务，用 FOR UPDATE 读取</translation>
    </message>
    <message>
        <source>The one change: SELECT … FOR UPDATE. The row is locked from the read to COMMIT, so no other order reads the stock in between, and the value written back is always the last one.</source>
        <translation>唯一的改动：SELECT … FOR UPDATE。这一行从读取到 COMMIT 一直被锁住，其间没有别的订单能读这个库存，写回的总是最新的值。</translation>
    </message>
    <message>
        <source>A transaction without a lock (to fix)</source>
        <translation>不加锁的事务（待修正）</translation>
    </message>
    <message>
        <source>START TRANSACTION, read the stock, check it in the client, write the stock read less the quantity, record the order, COMMIT. The transaction makes the order&apos;s writes all or nothing, but it locks nothing while the client decides: two orders that read the same stock both write it back less one, and one sale is lost from the stock.</source>
        <translation>START TRANSACTION，读库存，在客户端检查，把读到的库存减去数量后写回，记录订单，COMMIT。事务让订单的写入要么全部生效、要么全部不生效，但客户端做判断时它什么也没锁：两笔订单读到同一个库存，都把它减一写回，于是库存里丢失了一次销售。</translation>
    </message>
</context>
<context>
    <name>StrategyBarsView</name>
    <message>
        <source>Orders per second of each strategy of the latest run: the median and the spread of its runs when it was repeated</source>
        <translation>最近一次运行中每个策略的每秒订单数：重复运行时显示各次运行的中位数及其离散范围</translation>
    </message>
    <message>
        <source>Orders/s: a bar as each strategy ends</source>
        <translation>每秒订单数：每个策略结束时显示一根柱</translation>
    </message>
</context>
<context>
    <name>StrategyEditor</name>
    <message>
        <source>Strategy file</source>
        <translation>策略文件</translation>
    </message>
    <message>
        <source>Check on server prepares every statement on the chosen server and runs one order in a transaction it rolls back.</source>
        <translation>“在服务器上检查”会在所选服务器上预备每条语句，并在一个随后回滚的事务里执行一笔订单。</translation>
    </message>
    <message>
        <source>Check on server</source>
        <translation>在服务器上检查</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Checking on the server…</source>
        <translation>正在服务器上检查……</translation>
    </message>
    <message numerus="yes">
        <source>✓ %1: %n statement(s), no mistake found</source>
        <translation>
            <numerusform>✓ %1：%n 条语句，未发现错误</numerusform>
        </translation>
    </message>
    <message>
        <source>Not while a run is under way</source>
        <translation>运行进行中时不可用</translation>
    </message>
    <message>
        <source>Saved as %1</source>
        <translation>已保存为 %1</translation>
    </message>
</context>
<context>
    <name>StrategyFileActions</name>
    <message>
        <source>-- A strategy of your own: docs/strategy-files.md gives every command.
</source>
        <translation>-- 你自己的策略：docs/strategy-files.md 列出了每个命令。
</translation>
    </message>
    <message>
        <source>My strategy</source>
        <translation>我的策略</translation>
    </message>
    <message>
        <source>What each order does, and why it is safe.</source>
        <translation>每笔订单做了什么，以及为什么它是安全的。</translation>
    </message>
    <message>
        <source>Open a strategy file</source>
        <translation>打开策略文件</translation>
    </message>
    <message>
        <source>Strategy files (*.sql);;All files (*)</source>
        <translation>策略文件 (*.sql);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>My copy of %1</source>
        <translation>我的 %1 副本</translation>
    </message>
</context>
<context>
    <name>StrategyPanel</name>
    <message>
        <source>  ⚠ unsafe</source>
        <translation>  ⚠ 不安全</translation>
    </message>
    <message>
        <source>Oversells on purpose: a teaching baseline</source>
        <translation>有意超卖：用于教学的基线</translation>
    </message>
    <message>
        <source>Unsafe: this strategy oversells on purpose.</source>
        <translation>不安全：该策略有意超卖。</translation>
    </message>
    <message>
        <source>New</source>
        <translation>新建</translation>
    </message>
    <message>
        <source>Open…</source>
        <translation>打开…</translation>
    </message>
    <message>
        <source>Duplicate as my strategy</source>
        <translation>复制为我的策略</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <source>Write a strategy file of your own</source>
        <translation>编写你自己的策略文件</translation>
    </message>
    <message>
        <source>Open a strategy file; saving keeps a copy in %1</source>
        <translation>打开一个策略文件；保存时会在 %1 中留一份副本</translation>
    </message>
    <message>
        <source>A copy of the selected strategy&apos;s file under a new id, to change</source>
        <translation>以新 id 复制所选策略的文件，供你修改</translation>
    </message>
    <message>
        <source>Your strategy files are kept in %1</source>
        <translation>你的策略文件保存在 %1</translation>
    </message>
    <message>
        <source>Your strategy file: %1</source>
        <translation>你的策略文件：%1</translation>
    </message>
    <message>
        <source>Not listed: %1</source>
        <translation>未列出：%1</translation>
    </message>
</context>
<context>
    <name>StrategyRegistry</name>
    <message>
        <source>%1 has an empty item; list strategies like pessimistic,conditional</source>
        <translation>%1 中有空项；请像 pessimistic,conditional 这样列出策略</translation>
    </message>
    <message>
        <source>unknown strategy %1; choose from %2, all or deadlocks</source>
        <translation>未知策略 %1；请从 %2、all 或 deadlocks 中选择</translation>
    </message>
    <message>
        <source>no strategy given; choose from %1 or all</source>
        <translation>未指定策略；请从 %1 或 all 中选择</translation>
    </message>
    <message>
        <source>%1: the strategy id %2 is already %3</source>
        <translation>%1：策略标识 %2 已经是%3</translation>
    </message>
    <message>
        <source>one of the lab&apos;s own</source>
        <translation>实验室自带策略的标识</translation>
    </message>
    <message>
        <source>another file&apos;s</source>
        <translation>另一个文件的标识</translation>
    </message>
</context>
<context>
    <name>StrategyResult</name>
    <message>
        <source>the outcome of %1 orders could not be learned, so the clients&apos; count cannot be compared with the orders table</source>
        <translation>有 %1 个订单的结果无法得知，因此无法将客户端的计数与 orders 表进行比较</translation>
    </message>
</context>
<context>
    <name>StrategyRun</name>
    <message>
        <source>%1: preparing tables</source>
        <translation>%1：正在准备表</translation>
    </message>
    <message>
        <source>%1: starting the lab&apos;s private Redis</source>
        <translation>%1：正在启动本工具专用的 Redis</translation>
    </message>
    <message>
        <source>%1: opening %2 connections</source>
        <translation>%1：正在打开 %2 个连接</translation>
    </message>
    <message>
        <source>%1: running</source>
        <translation>%1：运行中</translation>
    </message>
    <message>
        <source>%1: lost the server at %2 s (%3)</source>
        <translation>%1：在 %2 s 时与服务器失去连接（%3）</translation>
    </message>
    <message>
        <source>%1: stopping (%2)</source>
        <translation>%1：正在停止（%2）</translation>
    </message>
    <message>
        <source>the server was not answering when the run was stopped; %1 orders had no reply</source>
        <translation>运行停止时服务器没有响应；%1 个订单未收到回复</translation>
    </message>
    <message>
        <source>%1: the closing audit could not run: %2</source>
        <translation>%1：结束时的审计无法运行：%2</translation>
    </message>
    <message>
        <source>%1: looked up the %2 orders whose reply was lost: %3 had committed</source>
        <translation>%1：已查询 %2 个回复丢失的订单：其中 %3 个已提交</translation>
    </message>
    <message>
        <source>%1: the control connection is gone and %2</source>
        <translation>%1：控制连接已断开，且%2</translation>
    </message>
    <message>
        <source>lost the server %1 s into the run (%2); %3 orders were acknowledged, and %4 had no reply. The audit runs once the server is back.</source>
        <translation>运行到第 %1 s 时与服务器失去连接（%2）；%3 个订单已确认，%4 个订单未收到回复。服务器恢复后将进行审计。</translation>
    </message>
    <message>
        <source>the server was lost before the closing audit</source>
        <translation>在收尾审计之前失去了服务器</translation>
    </message>
    <message>
        <source>%1: the connection was lost while preparing the tables; preparing them again</source>
        <translation>%1：准备数据表时连接断开，正在重新准备</translation>
    </message>
</context>
<context>
    <name>StrategyScriptParser</name>
    <message>
        <source>this statement has no end: end it with &apos;;&apos; (or \gset)</source>
        <translation>该语句没有结尾：请以“;”（或 \gset）结束</translation>
    </message>
    <message>
        <source>line %1, column %2: %3</source>
        <translation>第 %1 行，第 %2 列：%3</translation>
    </message>
    <message>
        <source>one statement per &apos;;&apos;: %1 follows it</source>
        <translation>每个“;”只结束一条语句：其后还有 %1</translation>
    </message>
    <message>
        <source>an empty statement</source>
        <translation>空语句</translation>
    </message>
    <message>
        <source>the variable :%1 is not set here (an order has :%2; \set and \gset set others)</source>
        <translation>此处变量 :%1 未设置（订单自带 :%2；其他变量由 \set 和 \gset 设置）</translation>
    </message>
    <message>
        <source>\lock marks the statement that follows it; here a command does</source>
        <translation>\lock 标记紧随其后的语句；这里跟着的是命令</translation>
    </message>
    <message>
        <source>\%1 belongs at the top, before the order&apos;s first command</source>
        <translation>\%1 应写在文件顶部，在订单的第一条命令之前</translation>
    </message>
    <message>
        <source>\%1 needs a value</source>
        <translation>\%1 需要一个值</translation>
    </message>
    <message>
        <source>%1 is not a strategy id: lower-case letters, digits and &apos;-&apos;, starting with a letter, at most 40</source>
        <translation>%1 不是策略标识：只能用小写字母、数字和“-”，以字母开头，最多 40 个字符</translation>
    </message>
    <message>
        <source>\safe is yes or no, not %1</source>
        <translation>\safe 只能是 yes 或 no，而不是 %1</translation>
    </message>
    <message>
        <source>\layout is one of %1, not %2</source>
        <translation>\layout 只能是 %1 之一，而不是 %2</translation>
    </message>
    <message>
        <source>\%1 takes nothing after it</source>
        <translation>\%1 后面不接任何内容</translation>
    </message>
    <message>
        <source>\%1 is not a command of strategy files (docs/strategy-files.md lists them)</source>
        <translation>\%1 不是策略文件的命令（见 docs/strategy-files.md 中的列表）</translation>
    </message>
    <message>
        <source>\set takes a name and an expression: \set name expression</source>
        <translation>\set 需要一个名字和一个表达式：\set 名字 表达式</translation>
    </message>
    <message>
        <source>:%1 is the order&apos;s own: it cannot be set</source>
        <translation>:%1 是订单自带的变量，不能设置</translation>
    </message>
    <message>
        <source>\lock marks the statement that follows it, and none does</source>
        <translation>\lock 标记紧随其后的语句，但后面没有语句</translation>
    </message>
    <message>
        <source>a strategy file starts by naming its strategy: \strategy my-id</source>
        <translation>策略文件以命名其策略开头：\strategy my-id</translation>
    </message>
    <message>
        <source>a strategy file needs a \title</source>
        <translation>策略文件需要 \title</translation>
    </message>
    <message>
        <source>\%1 without \if</source>
        <translation>\%1 缺少对应的 \if</translation>
    </message>
    <message>
        <source>no order of this file can end as sold: it needs a \sold</source>
        <translation>该文件中没有订单能以售出结束：需要 \sold</translation>
    </message>
    <message>
        <source>\if without \endif</source>
        <translation>\if 缺少对应的 \endif</translation>
    </message>
    <message>
        <source>\%1 after \else</source>
        <translation>\else 之后出现了 \%1</translation>
    </message>
    <message>
        <source>\lines is 1 or 2, not %1</source>
        <translation>\lines 只能是 1 或 2，而不是 %1</translation>
    </message>
    <message>
        <source>\routine is for mysql or postgres, not %1</source>
        <translation>\routine 只能用于 mysql 或 postgres，而不是 %1</translation>
    </message>
    <message>
        <source>a \routine %1 holds one CREATE %2 name(…) … up to \endroutine</source>
        <translation>\routine %1 应包含一条 CREATE %2 name(…) …，直到 \endroutine</translation>
    </message>
    <message>
        <source>\on-error marks the statement that follows it; here a command does</source>
        <translation>\on-error 标记紧随其后的语句；此处紧随的却是一条命令</translation>
    </message>
    <message>
        <source>\on-error takes a quoted text and how the order then ends: \on-error &apos;out of stock&apos; out-of-stock (or conflict, or failed)</source>
        <translation>\on-error 需要一段带引号的文本以及订单随后的结局：\on-error &apos;out of stock&apos; out-of-stock（或 conflict、failed）</translation>
    </message>
    <message>
        <source>\on-error marks the statement that follows it, and none does</source>
        <translation>\on-error 标记紧随其后的语句，但其后没有语句</translation>
    </message>
    <message>
        <source>only \gset [prefix] or \aset [prefix] may end a statement in place of &apos;;&apos;</source>
        <translation>只有 \gset [前缀] 或 \aset [前缀] 可以代替“;”结束语句</translation>
    </message>
    <message>
        <source>\lock takes nothing, or slot (the row of :sku and :slot)</source>
        <translation>\lock 不带参数，或带 slot（:sku 与 :slot 所在的行）</translation>
    </message>
    <message>
        <source>\baseline is yes or no, not %1</source>
        <translation>\baseline 只能是 yes 或 no，而不是 %1</translation>
    </message>
    <message>
        <source>\%1 without \end%1</source>
        <translation>\%1 缺少 \end%1</translation>
    </message>
    <message>
        <source>\invariant takes a name (lower-case letters, digits, &apos;_&apos; and &apos;-&apos;, starting with a letter, at most 40), then mysql or postgres if it serves one engine only</source>
        <translation>\invariant 后接一个名字（小写字母、数字、“_”和“-”，以字母开头，最多 40 个字符），只用于一种引擎时再写 mysql 或 postgres</translation>
    </message>
    <message>
        <source>\%1 is for both engines, or for mysql or postgres only, not %2</source>
        <translation>\%1 用于两种引擎，或只用于 mysql 或 postgres，不能是 %2</translation>
    </message>
    <message>
        <source>the %1 %2 is already given for this engine at line %3</source>
        <translation>%1 %2 已在第 %3 行为此引擎给出</translation>
    </message>
    <message>
        <source>a \table holds one CREATE TABLE name (…), its name in lower case, up to \endtable</source>
        <translation>\table 中只能有一条 CREATE TABLE 名字 (…)，名字用小写，直到 \endtable</translation>
    </message>
    <message>
        <source>an \invariant holds one query (SELECT … or WITH …) that returns the rows breaking it, up to \endinvariant</source>
        <translation>\invariant 中只能有一条查询（SELECT … 或 WITH …），返回违反它的行，直到 \endinvariant</translation>
    </message>
    <message>
        <source>an \invariant runs after the orders: :%1 has no value there</source>
        <translation>\invariant 在订单结束后运行：那里 :%1 没有值</translation>
    </message>
    <message>
        <source>\lock slot marks a statement on the row of :sku and :slot: it binds both, or binds :sku and sets :slot with \gset or \aset</source>
        <translation>\lock slot 标记作用于 :sku 与 :slot 所在行的语句：它绑定这两者，或绑定 :sku 并用 \gset 或 \aset 设置 :slot</translation>
    </message>
</context>
<context>
    <name>StrategyTrial</name>
    <message>
        <source>sold</source>
        <translation>已售出</translation>
    </message>
    <message>
        <source>out of stock</source>
        <translation>缺货</translation>
    </message>
    <message>
        <source>conflict (would be tried again)</source>
        <translation>冲突（会重试）</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>Every statement was prepared on the server. One order of %1 unit(s) of SKU %2 ended: %3.</source>
        <translation>每条语句都已在服务器上预备。一笔购买 SKU %2 共 %1 件的订单结果：%3。</translation>
    </message>
    <message>
        <source>Stock taken: %1 (a sold order of %2 line(s) takes %3). Order rows written: %4 (it should write %5).</source>
        <translation>扣减库存：%1（一笔 %2 行的已售订单应扣减 %3）。写入订单行：%4（应写入 %5）。</translation>
    </message>
    <message>
        <source>Rows locked at its end: %1. Waited %2 ms for locks.</source>
        <translation>结束时锁住的行：%1。等锁 %2 毫秒。</translation>
    </message>
    <message>
        <source>Waited %1 ms for locks (PostgreSQL keeps row locks in the rows, not in a list the lab can count).</source>
        <translation>等锁 %1 毫秒（PostgreSQL 把行锁记在行本身上，没有实验室能统计的锁列表）。</translation>
    </message>
    <message>
        <source>A count could not be read: %1</source>
        <translation>有一项计数无法读取：%1</translation>
    </message>
    <message numerus="yes">
        <source>The transaction was rolled back, but %n order row(s) stayed: a COMMIT of the file&apos;s own (in its routine) kept them, in the lab&apos;s tables until the next run fills them again.</source>
        <translation>
            <numerusform>事务已回滚，但有 %n 行订单留了下来：文件自己（在其例程里）的 COMMIT 保留了它们，它们会留在实验室的表里，直到下一次运行重新填表。</numerusform>
        </translation>
    </message>
    <message>
        <source>The transaction was rolled back: nothing of this order was kept.</source>
        <translation>事务已回滚：这笔订单没有留下任何数据。</translation>
    </message>
    <message>
        <source>The stock taken and the rows written do not match the order&apos;s end: the audit of a run will count this.</source>
        <translation>扣减的库存和写入的行与订单结果不符：正式运行时审计会把它算出来。</translation>
    </message>
    <message>
        <source>The invariant %1 holds after the order.</source>
        <translation>订单之后，不变式 %1 成立。</translation>
    </message>
    <message>
        <source>The invariant %1 found %2 row(s) breaking it after the order: the audit of a run will fail it.</source>
        <translation>订单之后，不变式 %1 找到 %2 行违反它：运行的审计会判它失败。</translation>
    </message>
</context>
<context>
    <name>SweepPanel</name>
    <message>
        <source>Run sweep</source>
        <translation>运行扫描</translation>
    </message>
    <message>
        <source>nothing else</source>
        <translation>无</translation>
    </message>
    <message>
        <source>slots per SKU</source>
        <translation>每个 SKU 的槽位数</translation>
    </message>
    <message>
        <source>SKUs</source>
        <translation>SKU 数</translation>
    </message>
    <message>
        <source>A sweep runs every selected strategy at every client count, each cell on fresh data and with the experiment&apos;s other settings; set a warm-up in the experiment to leave the start of each cell out of the figures. The Scaling tab draws the curves as cells finish.</source>
        <translation>扫描会在每个客户端数下运行每个所选策略，每个组合都使用全新数据，并沿用实验的其他设置；在实验中设置预热，可将每个组合开始阶段的数据排除在外。“扩展性”选项卡会在各组合完成时绘制曲线。</translation>
    </message>
    <message>
        <source>Also vary</source>
        <translation>同时改变</translation>
    </message>
    <message>
        <source>Values</source>
        <translation>取值</translation>
    </message>
    <message>
        <source>Values: %1</source>
        <translation>取值：%1</translation>
    </message>
    <message>
        <source>Clients</source>
        <translation>客户端数</translation>
    </message>
    <message>
        <source>Clients: %1</source>
        <translation>客户端数：%1</translation>
    </message>
</context>
<context>
    <name>SweepPlan</name>
    <message>
        <source>%1 has an empty item; lists look like 1,4,16,64</source>
        <translation>%1 中有空项；列表格式如 1,4,16,64</translation>
    </message>
    <message>
        <source>%1 has white space around it; lists look like 1,4,16,64</source>
        <translation>%1 前后有空白；列表格式如 1,4,16,64</translation>
    </message>
    <message>
        <source>%1 is not a positive whole number (lists look like 1,4,16,64)</source>
        <translation>%1 不是正整数（列表格式如 1,4,16,64）</translation>
    </message>
    <message>
        <source>at most %1 values</source>
        <translation>最多 %1 个值</translation>
    </message>
    <message>
        <source>needs at least one value, e.g. 1,4,16,64</source>
        <translation>至少需要一个值，例如 1,4,16,64</translation>
    </message>
</context>
<context>
    <name>TimeCharts</name>
    <message>
        <source>elapsed s</source>
        <translation>经过时间 s</translation>
    </message>
    <message>
        <source>errors/s</source>
        <translation>错误/秒</translation>
    </message>
    <message>
        <source>Oversell check: units sold against the stock there was</source>
        <translation>超卖检查：已售件数与原有库存对比</translation>
    </message>
    <message>
        <source>units</source>
        <translation>件</translation>
    </message>
    <message>
        <source>stock</source>
        <translation>库存</translation>
    </message>
</context>
<context>
    <name>TimeMetric</name>
    <message>
        <source>Orders per second</source>
        <translation>每秒订单数</translation>
    </message>
    <message>
        <source>orders/s</source>
        <translation>单/秒</translation>
    </message>
    <message>
        <source>Attempts per second</source>
        <translation>每秒尝试次数</translation>
    </message>
    <message>
        <source>attempts/s</source>
        <translation>次尝试/秒</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>p95</source>
        <translation>p95</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>max</source>
        <translation>最大值</translation>
    </message>
    <message>
        <source>Server row-lock waits per second</source>
        <translation>服务器每秒行锁等待次数</translation>
    </message>
    <message>
        <source>waits/s</source>
        <translation>次等待/秒</translation>
    </message>
    <message>
        <source>Server row-lock time per second</source>
        <translation>服务器每秒行锁等待时间</translation>
    </message>
    <message>
        <source>ms/s</source>
        <translation>ms/s</translation>
    </message>
    <message>
        <source>Transactions waiting for a lock now</source>
        <translation>当前等待锁的事务数</translation>
    </message>
    <message>
        <source>Client time in the locking statement</source>
        <translation>客户端在加锁语句上的耗时</translation>
    </message>
    <message>
        <source>Retries per second</source>
        <translation>每秒重试次数</translation>
    </message>
    <message>
        <source>retries/s</source>
        <translation>次重试/秒</translation>
    </message>
    <message>
        <source>1213 deadlocks per second</source>
        <translation>每秒死锁数（1213）</translation>
    </message>
    <message>
        <source>errors/s</source>
        <translation>错误/秒</translation>
    </message>
    <message>
        <source>1205 lock wait timeouts per second</source>
        <translation>每秒锁等待超时数（1205）</translation>
    </message>
    <message>
        <source>Redis commands per second</source>
        <translation>Redis 每秒命令数</translation>
    </message>
    <message>
        <source>Redis time inside a take script</source>
        <translation>Redis 执行扣减脚本的内部耗时</translation>
    </message>
    <message>
        <source>µs</source>
        <translation>µs</translation>
    </message>
    <message>
        <source>Client round trip of a take script</source>
        <translation>客户端调用扣减脚本的往返时间</translation>
    </message>
    <message>
        <source>Other errors per second</source>
        <translation>每秒其他错误数</translation>
    </message>
    <message>
        <source>Orders per second on the cluster</source>
        <translation>集群上每秒订单数</translation>
    </message>
    <message>
        <source>aborts/s</source>
        <translation>中止/秒</translation>
    </message>
    <message>
        <source>Aborts at COMMIT per second</source>
        <translation>每秒 COMMIT 时中止数</translation>
    </message>
    <message>
        <source>Brute-force aborts per second</source>
        <translation>每秒强制中止数</translation>
    </message>
    <message>
        <source>Flow control pause</source>
        <translation>流控暂停</translation>
    </message>
    <message>
        <source> · node %1</source>
        <translation> · 节点 %1</translation>
    </message>
    <message>
        <source>Certification failures per second</source>
        <translation>每秒认证失败数</translation>
    </message>
    <message>
        <source>Commits per second on each node</source>
        <translation>每个节点每秒提交数</translation>
    </message>
    <message>
        <source>Receive queue</source>
        <translation>接收队列</translation>
    </message>
    <message>
        <source>Send queue</source>
        <translation>发送队列</translation>
    </message>
    <message>
        <source>trx</source>
        <translation>事务</translation>
    </message>
    <message>
        <source>trx/s</source>
        <translation>事务/秒</translation>
    </message>
    <message>
        <source>ops/s</source>
        <translation>操作/秒</translation>
    </message>
    <message>
        <source>%1 orders/s</source>
        <translation>%1 单/秒</translation>
    </message>
    <message>
        <source>%1 tasks/s</source>
        <translation>%1 任务/秒</translation>
    </message>
    <message>
        <source>attempts %1/s</source>
        <translation>尝试 %1/秒</translation>
    </message>
    <message>
        <source>batches %1/s</source>
        <translation>批次 %1/秒</translation>
    </message>
    <message>
        <source>p99 %1 ms</source>
        <translation>p99 %1 ms</translation>
    </message>
    <message>
        <source>row-lock waits %1/s</source>
        <translation>行锁等待 %1/秒</translation>
    </message>
    <message>
        <source>waiting now %1</source>
        <translation>当前等待 %1</translation>
    </message>
    <message>
        <source>retries %1/s</source>
        <translation>重试 %1/秒</translation>
    </message>
    <message>
        <source>redis %1 commands/s</source>
        <translation>Redis %1 命令/秒</translation>
    </message>
    <message>
        <source>%1 µs a take</source>
        <translation>每次扣减 %1 µs</translation>
    </message>
</context>
<context>
    <name>TimeSplitChart</name>
    <message>
        <source>network</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>Redis</source>
        <translation>Redis</translation>
    </message>
    <message>
        <source>back-off</source>
        <translation>退避</translation>
    </message>
    <message>
        <source>Where an order&apos;s time went (share of its mean time)</source>
        <translation>订单时间的去向（占平均时间的比例）</translation>
    </message>
    <message>
        <source>%1 (%2 ms)</source>
        <translation>%1（%2 ms）</translation>
    </message>
    <message>
        <source>share of the order&apos;s time</source>
        <translation>占订单时间的比例</translation>
    </message>
    <message>
        <source>lab queue</source>
        <translation>本工具排队</translation>
    </message>
    <message>
        <source>lock wait</source>
        <translation>锁等待</translation>
    </message>
    <message>
        <source>execute</source>
        <translation>执行</translation>
    </message>
    <message>
        <source>commit</source>
        <translation>提交</translation>
    </message>
    <message>
        <source>work</source>
        <translation>事务内工作</translation>
    </message>
    <message>
        <source>untimed</source>
        <translation>未计时</translation>
    </message>
    <message>
        <source>late wake-up</source>
        <translation>迟醒</translation>
    </message>
</context>
<context>
    <name>TimeSplitPanel</name>
    <message>
        <source>Run a strategy to see where its orders&apos; time went.</source>
        <translation>运行一个策略，查看其订单时间的去向。</translation>
    </message>
    <message>
        <source>Each bar is one strategy&apos;s mean order time (in its label), split by the clients&apos; own clocks.</source>
        <translation>每根条是一个策略的平均订单时间（见其标签），按客户端自己的计时拆分。</translation>
    </message>
</context>
<context>
    <name>TimelinePanel</name>
    <message>
        <source>Run:</source>
        <translation>运行：</translation>
    </message>
    <message>
        <source>Run a strategy to see what each of its clients did over the last seconds.</source>
        <translation>运行一个策略，即可看到它的每个客户端在最后几秒里做了什么。</translation>
    </message>
    <message>
        <source>%1, %2 lanes, %3 to %4 s after the start: at most %5 held a row at once, at most %6 waited for one.</source>
        <translation>%1，%2 条泳道，开始后 %3 至 %4 秒：同一时刻最多 %5 个持有行锁，最多 %6 个在等待行锁。</translation>
    </message>
    <message>
        <source>Sampled: each worker keeps only its latest phases, so the period is the last %1 s every lane still holds.</source>
        <translation>采样：每个工作者只保留最近的阶段，因此显示的是所有泳道都还保留着的最后 %1 秒。</translation>
    </message>
</context>
<context>
    <name>TimelineView</name>
    <message>
        <source>in an order (queue, Redis, other statements)</source>
        <translation>订单进行中（队列、Redis、其他语句）</translation>
    </message>
    <message>
        <source>crossing the network</source>
        <translation>穿越网络</translation>
    </message>
    <message>
        <source>waiting for the lock</source>
        <translation>等待锁</translation>
    </message>
    <message>
        <source>holding the row</source>
        <translation>持有该行</translation>
    </message>
    <message>
        <source>committing</source>
        <translation>提交中</translation>
    </message>
    <message>
        <source>writer %1</source>
        <translation>写入者 %1</translation>
    </message>
    <message>
        <source>sweeper %1</source>
        <translation>清扫者 %1</translation>
    </message>
    <message>
        <source>client %1</source>
        <translation>客户端 %1</translation>
    </message>
    <message>
        <source>Run a strategy on the lab&apos;s server to see each client&apos;s lane here.</source>
        <translation>在本工具的服务器上运行一个策略，即可在这里看到每个客户端的泳道。</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>%1, %2 ms: idle</source>
        <translation>%1，%2 ms：空闲</translation>
    </message>
    <message>
        <source>%1: %2 for %3 ms, from %4 to %5 ms</source>
        <translation>%1：%2 %3 ms，从 %4 到 %5 ms</translation>
    </message>
    <message>
        <source>Drag across to zoom, wheel to zoom, arrow keys to pan, Shift+wheel for more lanes</source>
        <translation>横向拖动或滚轮缩放，方向键平移，Shift+滚轮查看更多泳道</translation>
    </message>
    <message>
        <source>Show the whole period</source>
        <translation>显示整个时段</translation>
    </message>
    <message>
        <source>Export timeline as PNG…</source>
        <translation>将时间线导出为 PNG…</translation>
    </message>
    <message>
        <source>Export timeline</source>
        <translation>导出时间线</translation>
    </message>
    <message>
        <source>PNG files (*.png)</source>
        <translation>PNG 文件 (*.png)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
</context>
<context>
    <name>TransactionClient</name>
    <message>
        <source>cannot prepare the strategy&apos;s statements: %1</source>
        <translation>无法预处理该策略的语句：%1</translation>
    </message>
</context>
<context>
    <name>TransactionRetrier</name>
    <message>
        <source>not connected</source>
        <translation>未连接</translation>
    </message>
    <message>
        <source>connection lost and not regained</source>
        <translation>连接已丢失且未能恢复</translation>
    </message>
    <message>
        <source>gave up after %1 version conflicts</source>
        <translation>版本冲突 %1 次后放弃</translation>
    </message>
    <message>
        <source>gave up after %1 retries</source>
        <translation>重试 %1 次后放弃</translation>
    </message>
</context>
<context>
    <name>UserStrategyFolder</name>
    <message>
        <source>cannot create the folder %1</source>
        <translation>无法创建文件夹 %1</translation>
    </message>
    <message>
        <source>the strategy id %1 is taken: change the file&apos;s \strategy line</source>
        <translation>策略 id %1 已被占用：请修改文件的 \strategy 行</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>Verdict</name>
    <message>
        <source>pass</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>no anomaly this time</source>
        <translation>本次未见异常</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>FAIL: oversold</source>
        <translation>失败：超卖</translation>
    </message>
    <message>
        <source>FAIL: lost updates</source>
        <translation>失败：丢失更新</translation>
    </message>
    <message>
        <source>oversold (unsafe baseline)</source>
        <translation>超卖（不安全的基线）</translation>
    </message>
    <message>
        <source>lost updates (unsafe baseline)</source>
        <translation>丢失更新（不安全的基线）</translation>
    </message>
    <message>
        <source>FAIL: client count differs from orders table</source>
        <translation>失败：客户端计数与订单表不符</translation>
    </message>
    <message>
        <source>audit incomplete</source>
        <translation>审计未完成</translation>
    </message>
    <message>
        <source>FAIL: a task completed twice</source>
        <translation>失败：有任务被完成两次</translation>
    </message>
    <message>
        <source>FAIL: a task claimed twice</source>
        <translation>失败：有任务被认领两次</translation>
    </message>
    <message>
        <source>units stranded in Redis (reconciled)</source>
        <translation>库存滞留在 Redis 中（已对账）</translation>
    </message>
    <message>
        <source>FAIL: nodes disagree</source>
        <translation>失败：节点之间不一致</translation>
    </message>
    <message>
        <source>FAIL: stock taken with no order row</source>
        <translation>失败：库存被扣减却无订单行</translation>
    </message>
    <message>
        <source>FAIL: a task done with no completion row</source>
        <translation>失败：有任务标记完成却无完成行</translation>
    </message>
    <message>
        <source>FAIL: an invariant of the strategy broken</source>
        <translation>失败：策略的不变式被破坏</translation>
    </message>
</context>
<context>
    <name>WaitAgeStrip</name>
    <message>
        <source>How long the waiters of each picture had waited for their row lock: under 1 s, 1–5 s, 5–20 s, longer (the newest picture on the right)</source>
        <translation>每幅画面中的等待者已等待行锁多久：1 秒以内、1–5 秒、5–20 秒、更久（最新的画面在右侧）</translation>
    </message>
    <message>
        <source>under 1 s</source>
        <translation>1 秒以内</translation>
    </message>
    <message>
        <source>1–5 s</source>
        <translation>1–5 秒</translation>
    </message>
    <message>
        <source>5–20 s</source>
        <translation>5–20 秒</translation>
    </message>
    <message>
        <source>20 s or more</source>
        <translation>20 秒以上</translation>
    </message>
    <message>
        <source>%1 waiting at most</source>
        <translation>最多 %1 个在等待</translation>
    </message>
</context>
<context>
    <name>WaitForGraph</name>
    <message>
        <source>No transaction is waiting for a row lock (%1 open).</source>
        <translation>没有事务在等待行锁（%1 个事务进行中）。</translation>
    </message>
    <message numerus="yes">
        <source>%1 row %2: %n waiting, read left to right and line by line from the holder</source>
        <translation>
            <numerusform>%1 表的行 %2：%n 个在等待，从持有者起自左向右、逐行阅读</numerusform>
        </translation>
    </message>
    <message>
        <source>conn %1
holds</source>
        <translation>连接 %1
持有</translation>
    </message>
    <message>
        <source>conn %1
%2 s</source>
        <translation>连接 %1
%2 s</translation>
    </message>
    <message>
        <source>conn %1
#%2</source>
        <translation>连接 %1
#%2</translation>
    </message>
    <message>
        <source>+%1 more</source>
        <translation>另有 %1 个</translation>
    </message>
    <message>
        <source>%1 transactions wait for a row lock: too many to read who waits for whom without stalling the server.</source>
        <translation>%1 个事务在等待行锁：人数太多，读取谁在等谁会拖住服务器，因此不读取。</translation>
    </message>
</context>
<context>
    <name>WindowModule</name>
    <message>
        <source>cannot load the window&apos;s module %1: %2</source>
        <translation>无法加载窗口模块 %1：%2</translation>
    </message>
    <message>
        <source>the window and the drawing of reports and charts are in %1, which is not installed (looked for %2)</source>
        <translation>窗口以及报告和图表的绘制都在 %1 中，而它没有安装（查找过 %2）</translation>
    </message>
</context>
<context>
    <name>WorkerKiller</name>
    <message>
        <source>killing a worker&apos;s connection</source>
        <translation>正在终止一个工作线程的连接</translation>
    </message>
</context>
</TS>
