<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>QCommandLineParser</name>
    <message>
        <source>Unknown option &apos;%1&apos;.</source>
        <translation>未知选项“%1”。</translation>
    </message>
    <message>
        <source>Unknown options: %1.</source>
        <translation>未知选项：%1。</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message numerus="yes">
        <source>[%n item(s)]</source>
        <translation>
            <numerusform>[%n 项]</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{%n key(s)}</source>
        <translation>
            <numerusform>{%n 个键}</numerusform>
        </translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>SVG — vector, searchable text</source>
        <translation>SVG — 矢量图，文字可搜索</translation>
    </message>
    <message>
        <source>PDF — vector, one page</source>
        <translation>PDF — 矢量图，单页</translation>
    </message>
    <message>
        <source>PNG — image</source>
        <translation>PNG — 位图</translation>
    </message>
    <message>
        <source>DOT — Graphviz source</source>
        <translation>DOT — Graphviz 源文件</translation>
    </message>
    <message>
        <source>Legend</source>
        <translation>图例</translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Cores</source>
        <translation>核心</translation>
    </message>
    <message>
        <source>PCI devices</source>
        <translation>PCI 设备</translation>
    </message>
    <message>
        <source>OS devices</source>
        <translation>操作系统设备</translation>
    </message>
    <message>
        <source>Accelerators (GPU, NPU)</source>
        <translation>加速卡（GPU、NPU）</translation>
    </message>
    <message>
        <source>Network interfaces</source>
        <translation>网络接口</translation>
    </message>
    <message>
        <source>NUMA nodes</source>
        <translation>NUMA 节点</translation>
    </message>
    <message>
        <source>Processes</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>线程</translation>
    </message>
    <message>
        <source>Containers</source>
        <translation>容器</translation>
    </message>
    <message>
        <source>Sockets (flow endpoints)</source>
        <translation>套接字（数据流端点）</translation>
    </message>
    <message>
        <source>
Double-click to expand</source>
        <translation>
双击展开</translation>
    </message>
    <message>
        <source>
Double-click to fold</source>
        <translation>
双击折叠</translation>
    </message>
    <message>
        <source>Measure Latency and Bandwidth</source>
        <translation>测量延迟和带宽</translation>
    </message>
    <message>
        <source>&amp;Latency (pointer chase)</source>
        <translation>延迟（指针追踪）(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Bandwidth (parallel reads)</source>
        <translation>带宽（并行读取）(&amp;B)</translation>
    </message>
    <message>
        <source>Every CPU node against every memory node</source>
        <translation>每个 CPU 节点对每个内存节点</translation>
    </message>
    <message>
        <source>Each node against itself only</source>
        <translation>仅每个节点对自身</translation>
    </message>
    <message>
        <source>automatic (8 × the last-level cache, at least 256 MiB)</source>
        <translation>自动（末级缓存的 8 倍，至少 256 MiB）</translation>
    </message>
    <message>
        <source>Buffer per memory node: 512M, 2G, …</source>
        <translation>每个内存节点的缓冲区：512M、2G、…</translation>
    </message>
    <message>
        <source>Measures %1 with threads and buffers bound to each NUMA node. It loads the memory system for a while; other work on the machine skews it.</source>
        <translation>将线程和缓冲区绑定到各 NUMA 节点来测量%1。测量期间会给内存系统施加一段时间的负载；机器上的其他工作会影响结果。</translation>
    </message>
    <message>
        <source>&amp;Pairs:</source>
        <translation>节点对(&amp;P)：</translation>
    </message>
    <message>
        <source>Buffer &amp;size:</source>
        <translation>缓冲区大小(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Repeats:</source>
        <translation>重复次数(&amp;R)：</translation>
    </message>
    <message>
        <source>&amp;Measure</source>
        <translation>测量(&amp;M)</translation>
    </message>
    <message>
        <source>Not a size: write 512M, 2G or a number of bytes</source>
        <translation>不是有效大小：请写 512M、2G 或字节数</translation>
    </message>
    <message>
        <source>%1: cannot read: %2</source>
        <translation>%1：无法读取：%2</translation>
    </message>
    <message>
        <source>The duration is shorter than one interval.</source>
        <translation>持续时间短于一个采样间隔。</translation>
    </message>
    <message>
        <source>Give at least one pid.</source>
        <translation>请至少给出一个 pid。</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a pid.</source>
        <translation>“%1”不是 pid。</translation>
    </message>
    <message>
        <source>Give a regular expression for the process names.</source>
        <translation>请给出匹配进程名的正则表达式。</translation>
    </message>
    <message>
        <source>The name pattern is not a valid regular expression: %1</source>
        <translation>名称模式不是有效的正则表达式：%1</translation>
    </message>
    <message>
        <source>Choose a file to record into.</source>
        <translation>请选择要写入录制的文件。</translation>
    </message>
    <message>
        <source>The folder %1 does not exist.</source>
        <translation>文件夹 %1 不存在。</translation>
    </message>
    <message>
        <source>Unsaved Recording</source>
        <translation>未保存的录制</translation>
    </message>
    <message>
        <source>The recording %1 (%2) is only in the cache folder. Save it before quitting?</source>
        <translation>录制文件 %1（%2）只在缓存文件夹中。退出前要保存它吗？</translation>
    </message>
    <message>
        <source>Discard deletes %1.</source>
        <translation>“放弃”会删除 %1。</translation>
    </message>
    <message>
        <source>Save Recording As</source>
        <translation>录制另存为</translation>
    </message>
    <message>
        <source>numasight captures (*.numasight)</source>
        <translation>numasight 采集文件 (*.numasight)</translation>
    </message>
    <message>
        <source>Recording Size Limit</source>
        <translation>录制大小上限</translation>
    </message>
    <message>
        <source>The recording has reached %1 (the limit is %2) and is paused. Keep recording?</source>
        <translation>录制文件已达到 %1（上限为 %2），已暂停。继续录制吗？</translation>
    </message>
    <message>
        <source>It is written to %1. Keep Recording asks again at %2.</source>
        <translation>它正写入 %1。选择“继续录制”后，将在达到 %2 时再次询问。</translation>
    </message>
    <message>
        <source>&amp;Keep Recording</source>
        <translation>继续录制(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>停止(&amp;S)</translation>
    </message>
    <message>
        <source>Saving the recording to %1…</source>
        <translation>正在将录制保存到 %1…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>the existing file cannot be replaced</source>
        <translation>无法替换现有文件</translation>
    </message>
    <message>
        <source>the saved copy is %1</source>
        <translation>已保存的副本为 %1</translation>
    </message>
    <message>
        <source>Cannot save %1: %2. The recording stays in %3.</source>
        <translation>无法保存 %1：%2。录制仍保留在 %3 中。</translation>
    </message>
</context>
<context>
    <name>Tr</name>
    <message>
        <source>%1: expected a whole number of pages, got %2</source>
        <translation>%1：应为整数页数，实际为 %2</translation>
    </message>
    <message>
        <source>node %1</source>
        <translation>节点 %1</translation>
    </message>
    <message>
        <source>nodes %1</source>
        <translation>节点 %1</translation>
    </message>
</context>
<context>
    <name>numasight</name>
    <message>
        <source>numasight: no display found (neither DISPLAY nor WAYLAND_DISPLAY is set), so the window cannot open.
What works instead:
  numasight-cli info|record|advise|export …  the same analyses without a window (numasight-cli --help)
  ssh -X &lt;host&gt; numasight                    shows the window on the display of the machine you log in from
  QT_QPA_PLATFORM=vnc numasight              serves the window to a VNC viewer (port 5900)
  QT_QPA_PLATFORM=offscreen numasight        runs without showing anything (scripts, tests)
</source>
        <translation>numasight：未找到显示器（DISPLAY 和 WAYLAND_DISPLAY 均未设置），因此无法打开窗口。
可以改用：
  numasight-cli info|record|advise|export …  无需窗口即可进行相同的分析（numasight-cli --help）
  ssh -X &lt;host&gt; numasight                    在你登录所用机器的显示器上显示窗口
  QT_QPA_PLATFORM=vnc numasight              将窗口提供给 VNC 查看器（端口 5900）
  QT_QPA_PLATFORM=offscreen numasight        运行但不显示任何内容（脚本、测试）
</translation>
    </message>
</context>
<context>
    <name>numasight::Advice</name>
    <message>
        <source>no findings</source>
        <translation>没有发现</translation>
    </message>
    <message numerus="yes">
        <source>%n finding(s)</source>
        <translation>
            <numerusform>%n 条发现</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n info)</source>
        <translation>
            <numerusform>%1（%n 条信息）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 in container %2</source>
        <translation>容器 %2 中的 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n process(es) running %1; worst: %2</source>
        <translation>
            <numerusform>%n 个进程运行 %1；最严重：%2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Findings: %1 in %n group(s)</source>
        <translation>
            <numerusform>发现：%1，共 %n 组</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… %n more</source>
        <translation>
            <numerusform>… 另有 %n 项</numerusform>
        </translation>
    </message>
    <message>
        <source>pids: %1</source>
        <translation>pid：%1</translation>
    </message>
    <message>
        <source>: the %1 most remote of %2 (--json lists all)</source>
        <translation>：%2 个中远程占比最高的 %1 个（--json 列出全部）</translation>
    </message>
    <message>
        <source>: the %1 hottest of %2 (--json lists all)</source>
        <translation>：%2 个中最热的 %1 个（--json 列出全部）</translation>
    </message>
    <message>
        <source>a command above holds control characters, shown escaped (\e, \r, …): take the exact command from --json</source>
        <translation>上面有命令含控制字符，已转义显示（\e、\r、…）：请从 --json 取得原样命令</translation>
    </message>
</context>
<context>
    <name>numasight::AdviceJob</name>
    <message>
        <source>Nothing to advise on: no capture is open.</source>
        <translation>没有可分析的内容：未打开任何采集文件。</translation>
    </message>
    <message>
        <source>Nothing to advise on: the capture has no snapshot.</source>
        <translation>没有可分析的内容：采集文件中没有快照。</translation>
    </message>
    <message>
        <source>The advisor found no snapshot %1 in the capture.</source>
        <translation>分析器在采集文件中找不到快照 %1。</translation>
    </message>
    <message>
        <source>The advisor failed: %1</source>
        <translation>分析器失败：%1</translation>
    </message>
</context>
<context>
    <name>numasight::AdviceModel</name>
    <message>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>TID</source>
        <translation>TID</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>Expand the row for each process&apos;s finding.</source>
        <translation>展开该行以查看每个进程的发现。</translation>
    </message>
    <message>
        <source>Processes</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>Severity: critical, warning or info (a group shows its worst)</source>
        <translation>严重程度：严重、警告或信息（分组显示其中最严重的）</translation>
    </message>
    <message>
        <source>Kind: what the advisor checked</source>
        <translation>类型：建议器检查的内容</translation>
    </message>
    <message>
        <source>Processes: how many processes the group&apos;s findings are about</source>
        <translation>进程：该组发现涉及的进程数</translation>
    </message>
    <message>
        <source>PID: the process a finding is about</source>
        <translation>PID：发现所涉及的进程</translation>
    </message>
    <message>
        <source>TID: the thread a finding is about, if it is about one thread</source>
        <translation>TID：发现所涉及的线程（若只涉及一个线程）</translation>
    </message>
    <message>
        <source>Finding: what is wrong; its tooltip lists the figures behind it</source>
        <translation>发现：问题所在；其工具提示列出背后的数据</translation>
    </message>
</context>
<context>
    <name>numasight::AdvicePanel</name>
    <message>
        <source>Filter findings by severity, kind, pid, tid or text (Ctrl+F)</source>
        <translation>按严重程度、类型、pid、tid 或文本筛选发现（Ctrl+F）</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>之前</translation>
    </message>
    <message>
        <source>After (predicted)</source>
        <translation>之后（预测）</translation>
    </message>
    <message>
        <source>witty similarity</source>
        <translation>witty 相似度</translation>
    </message>
    <message>
        <source>cosine</source>
        <translation>余弦</translation>
    </message>
    <message>
        <source>remote share</source>
        <translation>远程占比</translation>
    </message>
    <message>
        <source>expected distance</source>
        <translation>预期距离</translation>
    </message>
    <message>
        <source>A prediction, not a measurement: see the assumptions below</source>
        <translation>这是预测而非测量：请参阅下方的假设</translation>
    </message>
    <message>
        <source>&lt;b&gt;Predicted effect&lt;/b&gt; (before → after the move)</source>
        <translation>&lt;b&gt;预测效果&lt;/b&gt;（迁移前 → 迁移后）</translation>
    </message>
    <message>
        <source>Relaunch bound (numactl)</source>
        <translation>绑定后重新启动（numactl）</translation>
    </message>
    <message>
        <source>Move it live (taskset, migratepages)</source>
        <translation>在线迁移（taskset、migratepages）</translation>
    </message>
    <message>
        <source>Container (docker update)</source>
        <translation>容器（docker update）</translation>
    </message>
    <message>
        <source>systemd unit ([Service] snippet)</source>
        <translation>systemd 单元（[Service] 片段）</translation>
    </message>
    <message>
        <source>Thread groups that run apart (taskset, one thread at a time)</source>
        <translation>分开运行的线程组（taskset，每次一个线程）</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy this command to the clipboard</source>
        <translation>将此命令复制到剪贴板</translation>
    </message>
    <message>
        <source>&amp;Apply…</source>
        <translation>应用(&amp;A)…</translation>
    </message>
    <message>
        <source>Advising…</source>
        <translation>正在分析…</translation>
    </message>
    <message>
        <source>Waiting for the advisor…</source>
        <translation>正在等待分析器…</translation>
    </message>
    <message>
        <source>Nothing open</source>
        <translation>未打开任何内容</translation>
    </message>
    <message>
        <source>No suggestion: nothing here needs moving.</source>
        <translation>没有建议：这里没有需要迁移的内容。</translation>
    </message>
    <message>
        <source>Select a finding to see what to run for its process (%1 suggestion(s)).</source>
        <translation>选择一条发现，查看对其进程应执行的命令（%1 条建议）。</translation>
    </message>
    <message>
        <source>No suggestion for pid %1.</source>
        <translation>pid %1 没有建议。</translation>
    </message>
    <message>
        <source>Notes: %1</source>
        <translation>说明：%1</translation>
    </message>
    <message>
        <source>pid %1 (%2)</source>
        <translation>pid %1（%2）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Why these nodes:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;为何选择这些节点：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Target:&lt;/b&gt; node(s) %1 · CPUs &lt;span style=&apos;font-family:monospace&apos;&gt;%2&lt;/span&gt;</source>
        <translation>&lt;b&gt;目标：&lt;/b&gt;节点 %1 · CPU &lt;span style=&apos;font-family:monospace&apos;&gt;%2&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Prediction, not a measurement: %1</source>
        <translation>这是预测而非测量：%1</translation>
    </message>
    <message numerus="yes">
        <source># %1: %n thread(s), %2, node %3 now</source>
        <translation>
            <numerusform># %1：%n 个线程，%2，当前在节点 %3</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Notes:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;说明：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>pid %1 is on another host (%2): apply it there</source>
        <translation>pid %1 在另一台主机（%2）上：请在那台主机上应用</translation>
    </message>
    <message>
        <source>Set the CPUs (and optionally move the memory) of pid %1 now, measure before and after, and keep an Undo</source>
        <translation>立即设置 pid %1 的 CPU（并可选择迁移内存），测量前后变化，并保留撤销功能</translation>
    </message>
    <message numerus="yes">
        <source>%1: %2 critical, %3 warning · %n suggestion(s)</source>
        <translation>
            <numerusform>%1：%2 条严重，%3 条警告 · %n 条建议</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>numasight::Advisor</name>
    <message>
        <source>The input holds no processes (a topology only?): there is nothing to advise on; record or attach to a workload first.</source>
        <translation>输入中没有进程（只有拓扑？）：没有可分析的内容；请先录制或附加到一个工作负载。</translation>
    </message>
    <message>
        <source>No process has CPU time or memory figures: there is nothing to advise on.</source>
        <translation>没有任何进程有 CPU 时间或内存数据：没有可分析的内容。</translation>
    </message>
    <message>
        <source>pid %1 (%2) has %3 cross-NUMA access: witty similarity %4, %5 of its accesses remote, most CPU time on node %6 and most memory on node %7.</source>
        <translation>pid %1（%2）的跨 NUMA 访问程度为 %3：witty 相似度 %4，%5 的访问为远程访问，大部分 CPU 时间在节点 %6，大部分内存在节点 %7。</translation>
    </message>
    <message>
        <source> although it may run there</source>
        <translation>，尽管它可以在那里运行</translation>
    </message>
    <message>
        <source> and its CPUs (%1) exclude that node</source>
        <translation>，且其 CPU（%1）不包含该节点</translation>
    </message>
    <message>
        <source>pid %1 (%2) uses %3 on node %4 but runs %5 of its CPU time on node %6%7.</source>
        <translation>pid %1（%2）使用节点 %4 上的 %3，但 %5 的 CPU 时间运行在节点 %6%7。</translation>
    </message>
    <message>
        <source>hot threads are scored on remote share only: the input has no durations, so CPU % and context switches per second are unknown</source>
        <translation>热点线程只按远程占比评分：输入中没有时长，因此 CPU % 和每秒上下文切换次数未知</translation>
    </message>
    <message>
        <source>LLC miss rates are not collected: that part of the hot-thread score and the compute/memory-bound split are never applied</source>
        <translation>未采集 LLC 未命中率：热点线程评分中的这部分以及计算/内存瓶颈的划分均未使用</translation>
    </message>
    <message>
        <source>Thread %1 (%2, %3) of pid %4 is a %5 hot thread (score %6), bottleneck: %7.</source>
        <translation>pid %4 的线程 %1（%2，%3）是热点线程（%5，评分 %6），瓶颈：%7。</translation>
    </message>
    <message>
        <source>pids %1 (children of %2) form a tensor-parallel group with one accelerator each (%3); %4 of them run away from their accelerator&apos;s node.</source>
        <translation>pid %1（%2 的子进程）组成张量并行组，每个进程使用一块加速卡（%3）；其中 %4 个运行在远离其加速卡所在节点的位置。</translation>
    </message>
    <message>
        <source>pid %1 (%2) may run on every CPU while %3 of its memory sits on node %4 (%5 of its CPU time is there).</source>
        <translation>pid %1（%2）可以在任意 CPU 上运行，而其 %3 的内存位于节点 %4（其 %5 的 CPU 时间在那里）。</translation>
    </message>
    <message>
        <source>kernel.numa_balancing is %1 while %2 process(es) are explicitly bound (%3): it keeps migrating pages of bound tasks; set it to 0.</source>
        <translation>kernel.numa_balancing 为 %1，而 %2 个进程已显式绑定（%3）：它会不断迁移已绑定任务的页面；请将其设为 0。</translation>
    </message>
    <message>
        <source>%1 on node %2</source>
        <translation>节点 %2 上 %1</translation>
    </message>
    <message>
        <source>most of its memory on node %1</source>
        <translation>大部分内存在节点 %1</translation>
    </message>
    <message>
        <source>most of its CPU time on node %1</source>
        <translation>大部分 CPU 时间在节点 %1</translation>
    </message>
    <message>
        <source>%1, widened to the nearest nodes with room</source>
        <translation>%1，已扩展到最近的有空闲容量的节点</translation>
    </message>
    <message>
        <source>pid %1 (%2): no node or set of nodes has room for it</source>
        <translation>pid %1（%2）：没有任何节点或节点组合有足够容量容纳它</translation>
    </message>
    <message>
        <source>the docker command covers the %1 suggested processes of container %2</source>
        <translation>该 docker 命令涵盖容器 %2 中建议的 %1 个进程</translation>
    </message>
    <message>
        <source>the docker cpuset also keeps the current nodes of pid(s) %1 in the same container</source>
        <translation>docker cpuset 同时保留同一容器中 pid %1 当前所在的节点</translation>
    </message>
    <message>
        <source>the command line was stored space-joined: an argument that held a space is split in two in the relaunch command</source>
        <translation>命令行以空格拼接方式存储：原本含空格的参数在重新启动命令中会被拆成两个</translation>
    </message>
    <message>
        <source>no command line is known: relaunch it under the numactl options shown</source>
        <translation>命令行未知：请使用所示 numactl 选项重新启动它</translation>
    </message>
    <message>
        <source>run the commands on host %1</source>
        <translation>请在主机 %1 上运行这些命令</translation>
    </message>
    <message>
        <source>prediction: all CPU time on node(s) %1 and every page migrated there; the workload, its access pattern and the other processes stay as they are</source>
        <translation>预测：所有 CPU 时间都在节点 %1 上且所有页面都迁移到那里；工作负载、其访问模式以及其他进程保持不变</translation>
    </message>
    <message>
        <source>; capacity counted one busy CPU for it (the input has no CPU rates)</source>
        <translation>；容量按它占用一个繁忙 CPU 计算（输入中没有 CPU 使用率）</translation>
    </message>
    <message>
        <source>severe</source>
        <translation>严重</translation>
    </message>
    <message>
        <source>moderate</source>
        <translation>中等</translation>
    </message>
    <message>
        <source>pid %1 is not a process to re-pin by number (%2): no live command is given</source>
        <translation>pid %1 不是可按编号重新绑定的进程（%2）：不提供实时命令</translation>
    </message>
    <message>
        <source>init, every process&apos;s ancestor</source>
        <translation>init，所有进程的祖先</translation>
    </message>
    <message>
        <source>not a real process id</source>
        <translation>不是真实的进程号</translation>
    </message>
</context>
<context>
    <name>numasight::ApplyDialog</name>
    <message>
        <source>Apply to pid %1 (%2)</source>
        <translation>应用到 pid %1（%2）</translation>
    </message>
    <message>
        <source>Bind every thread of &lt;b&gt;pid %1 (%2)&lt;/b&gt; to CPUs &lt;b&gt;%3&lt;/b&gt; (node(s) %4) on this machine, now. Nothing runs a shell: the change is made directly and can be undone.</source>
        <translation>立即将本机上 &lt;b&gt;pid %1（%2）&lt;/b&gt; 的每个线程绑定到 CPU &lt;b&gt;%3&lt;/b&gt;（节点 %4）。不会运行任何 shell：直接进行修改，并可撤销。</translation>
    </message>
    <message>
        <source>&amp;Move memory too (migrate its pages to node(s) %1)</source>
        <translation>同时迁移内存（将其页面迁移到节点 %1）(&amp;M)</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>How long to record the process before and again after the change</source>
        <translation>修改前和修改后各录制该进程多长时间</translation>
    </message>
    <message>
        <source>Measure &amp;for:</source>
        <translation>测量时长(&amp;F)：</translation>
    </message>
    <message>
        <source>Reading the process…</source>
        <translation>正在读取进程…</translation>
    </message>
    <message>
        <source>Measured before</source>
        <translation>修改前测量值</translation>
    </message>
    <message>
        <source>Measured after</source>
        <translation>修改后测量值</translation>
    </message>
    <message>
        <source>Predicted after</source>
        <translation>修改后预测值</translation>
    </message>
    <message>
        <source>similarity</source>
        <translation>相似度</translation>
    </message>
    <message>
        <source>remote share</source>
        <translation>远程占比</translation>
    </message>
    <message>
        <source>CPU node</source>
        <translation>CPU 节点</translation>
    </message>
    <message>
        <source>CPUs allowed</source>
        <translation>允许的 CPU</translation>
    </message>
    <message>
        <source>&amp;Apply</source>
        <translation>应用(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>Restore every thread&apos;s CPUs from before (pages are not moved back)</source>
        <translation>恢复每个线程之前的 CPU（页面不会迁回）</translation>
    </message>
    <message>
        <source>&lt;b&gt;What changes&lt;/b&gt;</source>
        <translation>&lt;b&gt;将要修改的内容&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>The suggestion names no CPUs (&quot;%1&quot;): nothing to apply.</source>
        <translation>该建议未指定 CPU（“%1”）：没有可应用的内容。</translation>
    </message>
    <message>
        <source>Reading pid %1&apos;s threads, their CPUs and its pages…</source>
        <translation>正在读取 pid %1 的线程、它们的 CPU 以及其页面…</translation>
    </message>
    <message>
        <source>%1 thread(s) to re-bind; %2 page(s) to move.</source>
        <translation>%1 个线程需要重新绑定；%2 个页面需要迁移。</translation>
    </message>
    <message>
        <source>Cannot create %1 for the before/after recordings; nothing was changed.</source>
        <translation>无法为修改前后的录制创建 %1；未做任何修改。</translation>
    </message>
    <message>
        <source>Recording %1 s, applying, recording %1 s again (into %2)…</source>
        <translation>录制 %1 s，应用修改，再录制 %1 s（写入 %2）…</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>未测量</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Recordings: %1 and %2</source>
        <translation>录制文件：%1 和 %2</translation>
    </message>
    <message>
        <source>Restoring every thread&apos;s CPUs…</source>
        <translation>正在恢复每个线程的 CPU…</translation>
    </message>
    <message>
        <source>Undone.</source>
        <translation>已撤销。</translation>
    </message>
    <message>
        <source>The CPUs are restored; pages stay where they were moved.</source>
        <translation>CPU 已恢复；页面仍留在迁移后的位置。</translation>
    </message>
    <message>
        <source>Cancelling after the current step… (the process may already be changed: Undo stays available)</source>
        <translation>当前步骤完成后取消…（进程可能已被修改：撤销仍然可用）</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message numerus="yes">
        <source>%n thread(s) to re-bind; memory left where it is.</source>
        <translation>
            <numerusform>%n 个线程需要重新绑定；内存保持原位。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Applied: %n thread(s) re-bound.</source>
        <translation>
            <numerusform>已应用：%n 个线程已重新绑定。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n page(s) could not be moved.</source>
        <translation>
            <numerusform>%n 个页面无法迁移。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>numasight::ApplyJob</name>
    <message>
        <source>Apply failed: %1</source>
        <translation>应用失败：%1</translation>
    </message>
</context>
<context>
    <name>numasight::BpfSupport</name>
    <message>
        <source>run as root or grant cap_bpf,cap_perfmon (see README)</source>
        <translation>请以 root 身份运行或授予 cap_bpf,cap_perfmon（参见 README）</translation>
    </message>
    <message>
        <source>the kernel refused it although we run as root: check kernel lockdown (/sys/kernel/security/lockdown), the LSM policy and ulimit -l</source>
        <translation>尽管以 root 身份运行，内核仍拒绝了它：请检查内核锁定（/sys/kernel/security/lockdown）、LSM 策略和 ulimit -l</translation>
    </message>
    <message>
        <source>the kernel verifier rejected the program; report it with the kernel version</source>
        <translation>内核验证器拒绝了该程序；请附上内核版本报告此问题</translation>
    </message>
    <message>
        <source>the hook does not exist in this kernel; numasight falls back to procfs</source>
        <translation>此内核中不存在该挂钩点；numasight 将回退到 procfs</translation>
    </message>
    <message>
        <source>this kernel lacks a function or BTF type the program needs (kernel BTF: %1); a kernel built with CONFIG_DEBUG_INFO_BTF=y is needed</source>
        <translation>此内核缺少程序所需的函数或 BTF 类型（内核 BTF：%1）；需要使用 CONFIG_DEBUG_INFO_BTF=y 构建的内核</translation>
    </message>
    <message>
        <source>this kernel does not support this kind of program; Linux 5.5 or later with BTF is needed for tp_btf and fentry, 4.17 for raw tracepoints</source>
        <translation>此内核不支持这类程序；tp_btf 和 fentry 需要 Linux 5.5 或更高版本并带 BTF，原始跟踪点需要 4.17</translation>
    </message>
    <message>
        <source>raise the locked-memory limit (ulimit -l) or free memory</source>
        <translation>请提高锁定内存限制（ulimit -l）或释放内存</translation>
    </message>
    <message>
        <source>another tool holds this hook exclusively; stop it and retry</source>
        <translation>另一个工具独占了此挂钩点；请停止它后重试</translation>
    </message>
    <message>
        <source>the program embedded in this build is unusable; rebuild numasight</source>
        <translation>此构建中嵌入的程序不可用；请重新构建 numasight</translation>
    </message>
    <message>
        <source>see NUMASIGHT_BPF_VERBOSE=1 output for libbpf&apos;s details</source>
        <translation>libbpf 的详细信息请参见 NUMASIGHT_BPF_VERBOSE=1 的输出</translation>
    </message>
    <message>
        <source> [libbpf: %1]</source>
        <translation> [libbpf：%1]</translation>
    </message>
    <message>
        <source>present</source>
        <translation>存在</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
</context>
<context>
    <name>numasight::BrowserPanel</name>
    <message>
        <source>Filter by name, pid, tid, PCI id, or cpu:N (Ctrl+F)</source>
        <translation>按名称、pid、tid、PCI id 或 cpu:N 筛选（Ctrl+F）</translation>
    </message>
    <message>
        <source>Show only entities of one kind (with the path to them)</source>
        <translation>只显示一种类型的实体（及通往它们的路径）</translation>
    </message>
    <message>
        <source>All kinds</source>
        <translation>所有类型</translation>
    </message>
</context>
<context>
    <name>numasight::CaptureDiff</name>
    <message>
        <source>pid %1</source>
        <translation>pid %1</translation>
    </message>
    <message>
        <source>%1 holds no snapshot: every row is on the other side only.</source>
        <translation>%1 中没有快照：每一行都只出现在另一侧。</translation>
    </message>
    <message>
        <source>%1 holds no process with figures (a topology only?): every row is on one side only.</source>
        <translation>%1 中没有带数据的进程（只有拓扑？）：每一行都只出现在一侧。</translation>
    </message>
    <message>
        <source>%1 has no NUMA nodes: its rows have no per-node figures.</source>
        <translation>%1 没有 NUMA 节点：其行没有按节点的数据。</translation>
    </message>
    <message>
        <source>The two captures come from different machines (%1 and %2): pids are matched only when their names agree, and node numbers may not name the same hardware.</source>
        <translation>两个采集文件来自不同的机器（%1 和 %2）：只有名称一致时才匹配 pid，且节点编号可能并不对应相同的硬件。</translation>
    </message>
    <message>
        <source>The captures have different NUMA nodes (A: %1; B: %2): shares are compared node number by node number, a node one side lacks counting as 0.</source>
        <translation>两个采集文件的 NUMA 节点不同（A：%1；B：%2）：按节点编号逐一比较占比，一侧缺少的节点按 0 计。</translation>
    </message>
    <message>
        <source>One capture is a recording and the other is not: their figures are not measured the same way (A: %1; B: %2).</source>
        <translation>一个采集文件是录制而另一个不是：它们的数据测量方式不同（A：%1；B：%2）。</translation>
    </message>
    <message>
        <source>%1: only in %2 (CPU node %3, memory node %4, similarity %5)</source>
        <translation>%1：仅在 %2 中（CPU 节点 %3，内存节点 %4，相似度 %5）</translation>
    </message>
    <message>
        <source>CPU node %1</source>
        <translation>CPU 节点 %1</translation>
    </message>
    <message>
        <source>CPU share on node %1 %2</source>
        <translation>节点 %1 上的 CPU 占比 %2</translation>
    </message>
    <message>
        <source>pages on node %1 %2</source>
        <translation>节点 %1 上的页数 %2</translation>
    </message>
    <message>
        <source>memory node %1</source>
        <translation>内存节点 %1</translation>
    </message>
    <message>
        <source>similarity %1</source>
        <translation>相似度 %1</translation>
    </message>
    <message>
        <source>allowed CPUs %1</source>
        <translation>允许的 CPU %1</translation>
    </message>
    <message>
        <source>%1: %2 (change %3)</source>
        <translation>%1：%2（变化 %3）</translation>
    </message>
    <message>
        <source>only in B</source>
        <translation>仅在 B 中</translation>
    </message>
    <message>
        <source>only in A</source>
        <translation>仅在 A 中</translation>
    </message>
    <message>
        <source>in both (volumes not measured)</source>
        <translation>两者都有（未测量数据量）</translation>
    </message>
    <message>
        <source>pid %1 %2 %3: %4</source>
        <translation>pid %1 %2 %3：%4</translation>
    </message>
</context>
<context>
    <name>numasight::CaptureReader</name>
    <message>
        <source>the recording was interrupted in the middle of a sample and its journal %1 cannot be played back here; open it once as its owner (numasight or sqlite3 without -readonly) to recover every completed sample</source>
        <translation>录制在某个采样中途被中断，其日志 %1 无法在此回放；请以其所有者身份打开一次（numasight 或不带 -readonly 的 sqlite3），以恢复所有已完成的采样</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>文件不存在</translation>
    </message>
    <message>
        <source>this is a folder, not a capture file</source>
        <translation>这是一个文件夹，不是采集文件</translation>
    </message>
    <message>
        <source>cannot open: %1</source>
        <translation>无法打开：%1</translation>
    </message>
    <message>
        <source>the file is empty; it is not a numasight capture</source>
        <translation>文件为空；它不是 numasight 采集文件</translation>
    </message>
    <message>
        <source>not a numasight capture: the file does not start with an SQLite header</source>
        <translation>不是 numasight 采集文件：文件不是以 SQLite 文件头开始</translation>
    </message>
    <message>
        <source>the file is truncated: its header says %1 bytes but only %2 are there; it was probably cut off while being copied, copy it again</source>
        <translation>文件被截断：文件头表明有 %1 字节，但实际只有 %2 字节；它可能在复制时被截断了，请重新复制</translation>
    </message>
    <message>
        <source>cannot open the capture: %1</source>
        <translation>无法打开采集文件：%1</translation>
    </message>
    <message>
        <source>an SQLite database, but not a numasight capture (application_id is 0x%1, a capture has 0x%2)</source>
        <translation>这是一个 SQLite 数据库，但不是 numasight 采集文件（application_id 为 0x%1，采集文件应为 0x%2）</translation>
    </message>
    <message>
        <source>written with capture schema version %1, but this numasight reads versions up to %2; upgrade numasight to open it</source>
        <translation>使用采集格式版本 %1 写入，但此版本的 numasight 最多只能读取版本 %2；请升级 numasight 后再打开</translation>
    </message>
    <message>
        <source>capture schema version %1 does not exist; the file is damaged</source>
        <translation>采集格式版本 %1 不存在；文件已损坏</translation>
    </message>
    <message>
        <source>table &apos;%1&apos; is missing; the capture is damaged or was edited, write it again from its source</source>
        <translation>缺少表“%1”；采集文件已损坏或被编辑过，请从其来源重新写入</translation>
    </message>
    <message>
        <source>the capture is damaged (%1); copy it again or write it again from its source</source>
        <translation>采集文件已损坏（%1）；请重新复制，或从其来源重新写入</translation>
    </message>
    <message>
        <source>cannot read the capture: %1</source>
        <translation>无法读取采集文件：%1</translation>
    </message>
    <message>
        <source>%1 row (snapshot_id %2, %3 %4)</source>
        <translation>%1 行（snapshot_id %2，%3 %4）</translation>
    </message>
    <message>
        <source>%1 row (sample_id %2, idx %3)</source>
        <translation>%1 行（sample_id %2，idx %3）</translation>
    </message>
</context>
<context>
    <name>numasight::CaptureWriter</name>
    <message>
        <source>cannot close the temporary file %1: %2%3</source>
        <translation>无法关闭临时文件 %1：%2%3</translation>
    </message>
    <message>
        <source>cannot move the finished capture into place: %1%2</source>
        <translation>无法将已完成的采集文件移动到目标位置：%1%2</translation>
    </message>
    <message>
        <source>no file name given for the capture</source>
        <translation>未给出采集文件的文件名</translation>
    </message>
    <message>
        <source>the folder %1 does not exist; create it first or choose another place</source>
        <translation>文件夹 %1 不存在；请先创建它或选择其他位置</translation>
    </message>
    <message>
        <source>this is a folder; give a file name such as capture%1</source>
        <translation>这是一个文件夹；请给出文件名，例如 capture%1</translation>
    </message>
    <message>
        <source>snapshot %1 is missing (null)</source>
        <translation>快照 %1 缺失（null）</translation>
    </message>
    <message>
        <source>%1 of snapshot %2 refers to entity %3, which does not exist</source>
        <translation>快照 %2 的 %1 引用了不存在的实体 %3</translation>
    </message>
    <message>
        <source>entity %1 of snapshot %2 has parent %3, but the snapshot has only %4 entities</source>
        <translation>快照 %2 的实体 %1 的父实体为 %3，但该快照只有 %4 个实体</translation>
    </message>
    <message>
        <source>edge %1 of snapshot %2 joins %3 and %4, but entities are 0 to %5</source>
        <translation>快照 %2 的边 %1 连接 %3 和 %4，但实体编号只有 0 到 %5</translation>
    </message>
    <message>
        <source>distance matrix %1 (%5) of snapshot %2 has %3 values for %4 objects</source>
        <translation>快照 %2 的距离矩阵 %1（%5）对 %4 个对象有 %3 个值</translation>
    </message>
    <message>
        <source>distance matrix %1</source>
        <translation>距离矩阵 %1</translation>
    </message>
    <message>
        <source>memory attribute %1</source>
        <translation>内存属性 %1</translation>
    </message>
    <message>
        <source>sample %1 is missing (null)</source>
        <translation>采样 %1 缺失（null）</translation>
    </message>
    <message>
        <source>sample %1 refers to snapshot %2, but the capture has %3</source>
        <translation>采样 %1 引用了快照 %2，但采集文件只有 %3 个快照</translation>
    </message>
    <message>
        <source>permission denied</source>
        <translation>权限不足</translation>
    </message>
    <message>
        <source>the file system is read-only</source>
        <translation>文件系统为只读</translation>
    </message>
    <message>
        <source>the disk is full</source>
        <translation>磁盘已满</translation>
    </message>
    <message>
        <source>cannot create a file in %1: %2%3</source>
        <translation>无法在 %1 中创建文件：%2%3</translation>
    </message>
    <message>
        <source>cannot open the temporary file %1: %2%3</source>
        <translation>无法打开临时文件 %1：%2%3</translation>
    </message>
    <message>
        <source>the disk holding %1 is full (or the quota is used up); free some space and save again</source>
        <translation>%1 所在的磁盘已满（或配额已用完）；请释放一些空间后重新保存</translation>
    </message>
    <message>
        <source>the capture grew past this process&apos;s file-size limit (ulimit -f) while writing in %1; raise the limit and save again</source>
        <translation>在 %1 中写入时，采集文件超出了本进程的文件大小限制（ulimit -f）；请提高该限制后重新保存</translation>
    </message>
    <message>
        <source>permission denied writing in %1 (%2)</source>
        <translation>在 %1 中写入时权限不足（%2）</translation>
    </message>
    <message>
        <source>the %1 text is not a JSON object, which the model requires (%2)</source>
        <translation>%1 文本不是 JSON 对象，而数据模型要求它必须是（%2）</translation>
    </message>
    <message>
        <source>a value cannot be stored: %1</source>
        <translation>无法存储某个值：%1</translation>
    </message>
    <message>
        <source>cannot write the capture: %1 (%2)</source>
        <translation>无法写入采集文件：%1（%2）</translation>
    </message>
    <message>
        <source>cannot write the capture: %1</source>
        <translation>无法写入采集文件：%1</translation>
    </message>
    <message>
        <source>; the existing %1 was not changed</source>
        <translation>；现有的 %1 未被更改</translation>
    </message>
</context>
<context>
    <name>numasight::Cli</name>
    <message>
        <source>Find where a workload runs away from its memory or its accelerators, and print the commands that would move it (nothing is applied). See docs/advice.md.</source>
        <translation>找出工作负载中远离其内存或加速卡运行的部分，并打印可迁移它的命令（不会应用任何修改）。参见 docs/advice.md。</translation>
    </message>
    <message>
        <source>Print findings and suggestions as JSON.</source>
        <translation>以 JSON 格式打印发现和建议。</translation>
    </message>
    <message>
        <source>Advise on snapshot N (0-based; default: the last, with every sample).</source>
        <translation>分析快照 N（从 0 开始；默认：最后一个，包含所有采样）。</translation>
    </message>
    <message>
        <source>%1: the file holds no snapshot: nothing to advise on</source>
        <translation>%1：文件中没有快照：没有可分析的内容</translation>
    </message>
    <message>
        <source>%1: no snapshot to advise on</source>
        <translation>%1：没有可分析的快照</translation>
    </message>
    <message>
        <source>thread %1</source>
        <translation>线程 %1</translation>
    </message>
    <message>
        <source>thread %1 (%2)</source>
        <translation>线程 %1（%2）</translation>
    </message>
    <message>
        <source>no resident page</source>
        <translation>没有驻留页面</translation>
    </message>
    <message>
        <source>no figures (the process was not seen)</source>
        <translation>没有数据（未观察到该进程）</translation>
    </message>
    <message>
        <source>witty similarity %1, remote share %2, CPU node %3, memory node %4</source>
        <translation>witty 相似度 %1，远程占比 %2，CPU 节点 %3，内存节点 %4</translation>
    </message>
    <message>
        <source>no CPU</source>
        <translation>没有 CPU</translation>
    </message>
    <message>
        <source>CPUs %1</source>
        <translation>CPU %1</translation>
    </message>
    <message>
        <source>Bind every thread of a running process to CPUs and move its pages to NUMA nodes, after showing the change and asking. Prints the taskset lines that undo it. See docs/apply.md.</source>
        <translation>在显示修改内容并询问后，将运行中进程的每个线程绑定到指定 CPU，并将其页面迁移到指定 NUMA 节点。会打印用于撤销的 taskset 命令行。参见 docs/apply.md。</translation>
    </message>
    <message>
        <source>The CPUs every thread may run on: 0-23,48.</source>
        <translation>每个线程可运行的 CPU：0-23,48。</translation>
    </message>
    <message>
        <source>Move the process&apos;s pages to these NUMA nodes (default: leave them).</source>
        <translation>将进程的页面迁移到这些 NUMA 节点（默认：保持不动）。</translation>
    </message>
    <message>
        <source>Record the process for TIME before and after the change and compare.</source>
        <translation>在修改前后各录制该进程 TIME 时长并进行比较。</translation>
    </message>
    <message>
        <source>Keep --verify&apos;s before.numasight and after.numasight here (default: a temporary folder, removed).</source>
        <translation>将 --verify 的 before.numasight 和 after.numasight 保存在这里（默认：临时文件夹，用后删除）。</translation>
    </message>
    <message>
        <source>Show the change and make none.</source>
        <translation>只显示修改内容，不做任何修改。</translation>
    </message>
    <message>
        <source>Apply without asking.</source>
        <translation>不询问，直接应用。</translation>
    </message>
    <message>
        <source>Print the plan and the result as JSON.</source>
        <translation>以 JSON 格式打印计划和结果。</translation>
    </message>
    <message>
        <source>The process to change.</source>
        <translation>要修改的进程。</translation>
    </message>
    <message>
        <source>PID must be a process id above 0, not &apos;%1&apos;</source>
        <translation>PID 必须是大于 0 的进程 id，而不是“%1”</translation>
    </message>
    <message>
        <source>standard input is not a terminal, so there is nobody to confirm the change: add --yes to apply without asking, or --dry-run to only show it</source>
        <translation>标准输入不是终端，因此无人确认修改：添加 --yes 以不询问直接应用，或添加 --dry-run 只显示修改内容</translation>
    </message>
    <message>
        <source>not applied: nothing was changed</source>
        <translation>未应用：没有做任何修改</translation>
    </message>
    <message>
        <source>cannot create a temporary folder for the recordings (%1): give one with --dir</source>
        <translation>无法为录制创建临时文件夹（%1）：请用 --dir 指定一个</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>Poll running witty-profiler servers (GET /graph, GET /status) and write one capture: one snapshot per round, each server&apos;s entities in a namespace named after its host. Ends after --count rounds or on Ctrl-C; errors of a server are printed as they happen and never stop the others.</source>
        <translation>轮询运行中的 witty-profiler 服务器（GET /graph、GET /status）并写入一个采集文件：每轮一个快照，每个服务器的实体位于以其主机命名的命名空间中。在 --count 轮后或按 Ctrl-C 时结束；某个服务器的错误会在发生时打印，且不会中断其他服务器。</translation>
    </message>
    <message>
        <source>Capture file to write (.numasight).</source>
        <translation>要写入的采集文件（.numasight）。</translation>
    </message>
    <message>
        <source>Time between rounds (default 5s).</source>
        <translation>两轮之间的间隔（默认 5s）。</translation>
    </message>
    <message>
        <source>Time a server has to answer (default 5s).</source>
        <translation>服务器应答的超时时间（默认 5s）。</translation>
    </message>
    <message>
        <source>Rounds to poll (default: until Ctrl-C).</source>
        <translation>轮询的轮数（默认：直到按 Ctrl-C）。</translation>
    </message>
    <message>
        <source>witty-profiler server: http://host:port, host:port or host (port 18090)</source>
        <translation>witty-profiler 服务器：http://host:port、host:port 或 host（端口 18090）</translation>
    </message>
    <message>
        <source>no round was captured from %1; nothing written to %2</source>
        <translation>未从 %1 采集到任何一轮；未写入 %2</translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos;; run &apos;numasight-cli --help&apos;</source>
        <translation>未知命令“%1”；请运行 &apos;numasight-cli --help&apos;</translation>
    </message>
    <message>
        <source>Reading %1</source>
        <translation>正在读取 %1</translation>
    </message>
    <message>
        <source>Input file, or :local:</source>
        <translation>输入文件，或 :local:</translation>
    </message>
    <message>
        <source>%1 takes exactly one FILE; run &apos;numasight-cli %1 --help&apos;</source>
        <translation>%1 只接受一个 FILE；请运行 &apos;numasight-cli %1 --help&apos;</translation>
    </message>
    <message>
        <source>Convert between formats: witty-profiler JSON &lt;-&gt; capture (.numasight), hwloc XML -&gt; capture, capture -&gt; witty JSON. The output format follows OUT&apos;s extension unless --to is given.</source>
        <translation>在格式之间转换：witty-profiler JSON &lt;-&gt; 采集文件（.numasight），hwloc XML -&gt; 采集文件，采集文件 -&gt; witty JSON。除非给出 --to，输出格式由 OUT 的扩展名决定。</translation>
    </message>
    <message>
        <source>Output format: capture, witty, witty-envelope, witty-jsonl.</source>
        <translation>输出格式：capture、witty、witty-envelope、witty-jsonl。</translation>
    </message>
    <message>
        <source>Indent witty JSON output.</source>
        <translation>缩进 witty JSON 输出。</translation>
    </message>
    <message>
        <source>usage: numasight-cli convert IN -o OUT [--to FORMAT]</source>
        <translation>用法：numasight-cli convert IN -o OUT [--to FORMAT]</translation>
    </message>
    <message>
        <source>unknown --to format &apos;%1&apos;: use capture, witty, witty-envelope or witty-jsonl</source>
        <translation>未知的 --to 格式“%1”：请使用 capture、witty、witty-envelope 或 witty-jsonl</translation>
    </message>
    <message>
        <source>%1: cannot tell the output format from the extension; name it %2, .json or .jsonl, or pass --to</source>
        <translation>%1：无法从扩展名判断输出格式；请将其命名为 %2、.json 或 .jsonl，或传入 --to</translation>
    </message>
    <message>
        <source>%1: input and output are the same file</source>
        <translation>%1：输入和输出是同一个文件</translation>
    </message>
    <message>
        <source>Writing %1</source>
        <translation>正在写入 %1</translation>
    </message>
    <message>
        <source>%1: the file holds no snapshot: nothing to compare</source>
        <translation>%1：文件中没有快照：没有可比较的内容</translation>
    </message>
    <message>
        <source>Compare two captures of the same workload (say, before and after a re-binding): per process and thread, where its CPU time and pages moved between NUMA nodes, and how its traffic changed. See docs/compare.md.</source>
        <translation>比较同一工作负载的两个采集文件（例如重新绑定前后）：对每个进程和线程，比较其 CPU 时间和页面在 NUMA 节点之间如何迁移，以及其流量如何变化。参见 docs/compare.md。</translation>
    </message>
    <message>
        <source>Print every row as JSON.</source>
        <translation>以 JSON 格式打印每一行。</translation>
    </message>
    <message>
        <source>List every row, not only those that changed by 5 % or more.</source>
        <translation>列出每一行，而不只是变化达到 5 % 或以上的行。</translation>
    </message>
    <message>
        <source>The capture before, or :local:</source>
        <translation>修改前的采集文件，或 :local:</translation>
    </message>
    <message>
        <source>The capture after, or :local:</source>
        <translation>修改后的采集文件，或 :local:</translation>
    </message>
    <message>
        <source>diff takes exactly two files A and B; run &apos;numasight-cli diff --help&apos;</source>
        <translation>diff 只接受两个文件 A 和 B；请运行 &apos;numasight-cli diff --help&apos;</translation>
    </message>
    <message>
        <source>export --format %1 needs %2, which draws the %3, next to numasight-cli (looked for %4); install it with numasight (it needs Qt Gui, which numasight-cli does not load), or use --format %5</source>
        <translation>export --format %1 需要 %2（它负责绘制%3），且应位于 numasight-cli 旁边（已查找 %4）；请随 numasight 一起安装它（它需要 Qt Gui，而 numasight-cli 不加载 Qt Gui），或使用 --format %5</translation>
    </message>
    <message>
        <source>cannot run %1: %2</source>
        <translation>无法运行 %1：%2</translation>
    </message>
    <message>
        <source>%1 stopped unexpectedly (%2); %3 was not written</source>
        <translation>%1 意外停止（%2）；未写入 %3</translation>
    </message>
    <message>
        <source>Describe a capture, a witty-profiler graph (plain, envelope or JSON Lines) or an hwloc XML topology. FILE &apos;:local:&apos; reads this machine.</source>
        <translation>描述采集文件、witty-profiler 图（普通、信封或 JSON Lines 格式）或 hwloc XML 拓扑。FILE 为 &apos;:local:&apos; 时读取本机。</translation>
    </message>
    <message>
        <source>Print the stable JSON object (docs/cli.md).</source>
        <translation>打印稳定的 JSON 对象（docs/cli.md）。</translation>
    </message>
    <message>
        <source>Describe snapshot N (0-based; default: last).</source>
        <translation>描述快照 N（从 0 开始；默认：最后一个）。</translation>
    </message>
    <message>
        <source>(version unknown)</source>
        <translation>（版本未知）</translation>
    </message>
    <message>
        <source>Idle latency (ns)</source>
        <translation>空闲延迟（ns）</translation>
    </message>
    <message>
        <source>Bandwidth (MB/s)</source>
        <translation>带宽（MB/s）</translation>
    </message>
    <message>
        <source>Measure memory latency and bandwidth between the NUMA nodes of this machine: a pointer chase (ns per load) and a read stream (GB/s) from the CPUs of each node to memory bound to each node, checked page by page. Or import Intel MLC&apos;s --latency_matrix/--bandwidth_matrix output as a measurement. -o keeps the matrices with the machine&apos;s topology in a capture.</source>
        <translation>测量本机 NUMA 节点之间的内存延迟和带宽：从每个节点的 CPU 到绑定在每个节点上的内存，进行指针追踪（每次加载的 ns）和读取流（GB/s），并逐页检查绑定。或者导入 Intel MLC 的 --latency_matrix/--bandwidth_matrix 输出作为测量结果。-o 会将矩阵连同本机拓扑保存到采集文件中。</translation>
    </message>
    <message>
        <source>Measure latency (default: both).</source>
        <translation>测量延迟（默认：两者都测）。</translation>
    </message>
    <message>
        <source>Measure bandwidth (default: both).</source>
        <translation>测量带宽（默认：两者都测）。</translation>
    </message>
    <message>
        <source>Buffer per memory node: 512M, 2G (default: 8 × the last-level cache, at least 256M).</source>
        <translation>每个内存节点的缓冲区：512M、2G（默认：末级缓存的 8 倍，至少 256M）。</translation>
    </message>
    <message>
        <source>Repeats per pair; the best one counts (default 5).</source>
        <translation>每对节点的重复次数；取最好的一次（默认 5）。</translation>
    </message>
    <message>
        <source>all: every CPU node to every memory node; local: each node to itself.</source>
        <translation>all：每个 CPU 节点到每个内存节点；local：每个节点到自身。</translation>
    </message>
    <message>
        <source>Bandwidth threads per CPU node (default: one per core).</source>
        <translation>每个 CPU 节点的带宽测试线程数（默认：每个核心一个）。</translation>
    </message>
    <message>
        <source>Print what would be measured, and stop.</source>
        <translation>打印将要测量的内容，然后停止。</translation>
    </message>
    <message>
        <source>Capture file to write (.numasight): the topology with the matrices.</source>
        <translation>要写入的采集文件（.numasight）：包含拓扑和矩阵。</translation>
    </message>
    <message>
        <source>Import the output of Intel MLC (--latency_matrix, --bandwidth_matrix or a plain run) instead of measuring.</source>
        <translation>导入 Intel MLC 的输出（--latency_matrix、--bandwidth_matrix 或普通运行），而不进行测量。</translation>
    </message>
    <message>
        <source>With --import-mlc or --plan: the machine&apos;s topology (any file numasight reads; default this machine).</source>
        <translation>与 --import-mlc 或 --plan 一起使用：机器的拓扑（numasight 能读取的任何文件；默认为本机）。</translation>
    </message>
    <message>
        <source>measure: interrupted; nothing was written</source>
        <translation>measure：已中断；未写入任何内容</translation>
    </message>
    <message>
        <source>Latency (ns per load, best of %1)</source>
        <translation>延迟（每次加载的 ns，取 %1 次中最好的）</translation>
    </message>
    <message>
        <source>Bandwidth (GB/s, best of %1)</source>
        <translation>带宽（GB/s，取 %1 次中最好的）</translation>
    </message>
    <message>
        <source>Record where processes&apos; threads run and where their memory lives, sample by sample, into a capture file. Each sample is committed on its own: Ctrl-C, or even kill -9, keeps every completed sample.</source>
        <translation>逐个采样录制进程的线程在哪里运行、其内存在哪里，写入采集文件。每个采样单独提交：按 Ctrl-C，甚至 kill -9，都会保留所有已完成的采样。</translation>
    </message>
    <message>
        <source>How long to record: 500ms, 30s, 1m (default 30s).</source>
        <translation>录制时长：500ms、30s、1m（默认 30s）。</translation>
    </message>
    <message>
        <source>Time between samples (default 1s).</source>
        <translation>采样间隔（默认 1s）。</translation>
    </message>
    <message>
        <source>Watch this process and its children (repeat for several).</source>
        <translation>监视此进程及其子进程（可重复指定多个）。</translation>
    </message>
    <message>
        <source>Watch only processes whose name matches.</source>
        <translation>只监视名称匹配的进程。</translation>
    </message>
    <message>
        <source>CPU time from eBPF or procfs sampling; auto uses eBPF when it can load.</source>
        <translation>CPU 时间来自 eBPF 或 procfs 采样；auto 在能加载 eBPF 时使用 eBPF。</translation>
    </message>
    <message>
        <source>warning: %1 more processes could not be read (permission denied): their figures are missing; run as root or grant cap_sys_ptrace (see README)</source>
        <translation>警告：另有 %1 个进程无法读取（权限不足）：缺少它们的数据；请以 root 身份运行或授予 cap_sys_ptrace（参见 README）</translation>
    </message>
    <message>
        <source>--format &apos;%1&apos; is unknown: use png, pdf, svg or csv</source>
        <translation>--format“%1”未知：请使用 png、pdf、svg 或 csv</translation>
    </message>
    <message>
        <source>Dry run: nothing was changed.</source>
        <translation>试运行：未做任何修改。</translation>
    </message>
    <message>
        <source>Applied to %1 thread(s):</source>
        <translation>已应用到 %1 个线程：</translation>
    </message>
    <message>
        <source>CPUs %1 → %2</source>
        <translation>CPU %1 → %2</translation>
    </message>
    <message>
        <source>Pages: before %1; now %2 (%3 could not be moved)</source>
        <translation>页面：修改前 %1；现在 %2（%3 个无法迁移）</translation>
    </message>
    <message>
        <source>Measured before: %1</source>
        <translation>修改前测量值：%1</translation>
    </message>
    <message>
        <source>Measured after:  %1</source>
        <translation>修改后测量值：%1</translation>
    </message>
    <message>
        <source>Where the threads ran (CPUs with time in each recording):</source>
        <translation>线程在哪里运行（每次录制中有运行时间的 CPU）：</translation>
    </message>
    <message>
        <source>%1 before, %2 after</source>
        <translation>修改前 %1，修改后 %2</translation>
    </message>
    <message>
        <source>Recordings: %1, %2</source>
        <translation>录制文件：%1，%2</translation>
    </message>
    <message>
        <source>Verification stopped by Ctrl-C after the change was applied.</source>
        <translation>修改已应用后，验证被 Ctrl-C 中止。</translation>
    </message>
    <message>
        <source>To undo (each thread back to its own CPUs; pages are not moved back):</source>
        <translation>撤销方法（每个线程恢复到其原来的 CPU；页面不会迁回）：</translation>
    </message>
    <message>
        <source>latency and bandwidth</source>
        <translation>延迟和带宽</translation>
    </message>
    <message>
        <source>latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <source>Plan: %1, %2, %3 buffer per memory node (%4), %5</source>
        <translation>计划：%1，%2，每个内存节点 %3 缓冲区（%4），%5</translation>
    </message>
    <message numerus="yes">
        <source>%n pair(s)</source>
        <translation>
            <numerusform>%n 个节点对</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n repeat(s)</source>
        <translation>
            <numerusform>重复 %n 次</numerusform>
        </translation>
    </message>
    <message>
        <source>CPU node %1 -&gt; memory node %2</source>
        <translation>CPU 节点 %1 -&gt; 内存节点 %2</translation>
    </message>
    <message>
        <source>chase on the idlest of CPUs %1</source>
        <translation>在 CPU %1 中最空闲的一个上进行指针追踪</translation>
    </message>
    <message>
        <source>chase on CPU %1</source>
        <translation>在 CPU %1 上进行指针追踪</translation>
    </message>
    <message>
        <source>read with CPUs %1</source>
        <translation>用 CPU %1 读取</translation>
    </message>
    <message>
        <source>note: %1</source>
        <translation>注意：%1</translation>
    </message>
    <message>
        <source>chase on CPU %1 (%2 ns)</source>
        <translation>在 CPU %1 上指针追踪（%2 ns）</translation>
    </message>
    <message numerus="yes">
        <source>read with %n thread(s) (%1 GB/s)</source>
        <translation>
            <numerusform>用 %n 个线程读取（%1 GB/s）</numerusform>
        </translation>
    </message>
    <message>
        <source>node %1: %2 buffer, all %3 pages on the node, %4 in huge pages</source>
        <translation>节点 %1：缓冲区 %2，全部 %3 个页面都在该节点上，其中 %4 为大页</translation>
    </message>
    <message numerus="yes">
        <source>%n sample(s)</source>
        <translation>
            <numerusform>%n 个采样</numerusform>
        </translation>
    </message>
    <message>
        <source>Recorded %1 (%2) of %3 processes, %4 threads into %5 (%6), stopped early by Ctrl-C</source>
        <translation>已录制 %3 个进程、%4 个线程的 %1（%2），写入 %5（%6），已被 Ctrl-C 提前停止</translation>
    </message>
    <message>
        <source>Recorded %1 (%2) of %3 processes, %4 threads into %5 (%6)</source>
        <translation>已录制 %3 个进程、%4 个线程的 %1（%2），写入 %5（%6）</translation>
    </message>
    <message>
        <source>Change pid 1 or a kernel thread too (refused without it).</source>
        <translation>也修改 pid 1 或内核线程（不加此项则拒绝）。</translation>
    </message>
    <message>
        <source>Largest /graph answer accepted: 512M, 2G (default 256M).</source>
        <translation>接受的 /graph 应答最大长度：512M、2G（默认 256M）。</translation>
    </message>
    <message>
        <source>usage: numasight-cli attach URL… [--interval 5s] [--count N] [--timeout 5s] [--max-body 256M] -o FILE</source>
        <translation>用法：numasight-cli attach URL… [--interval 5s] [--count N] [--timeout 5s] [--max-body 256M] -o FILE</translation>
    </message>
    <message>
        <source>%1: round %2 has exactly the figures of round %3 although %4 passed: the server may be serving stale values; the capture notes every such round</source>
        <translation>%1：第 %2 轮的数值与第 %3 轮完全相同，尽管已过去 %4：服务器可能在提供过时的数值；采集文件记下了每一个这样的轮次</translation>
    </message>
    <message>
        <source>Output file; - for standard output (witty JSON).</source>
        <translation>输出文件；- 表示标准输出（witty JSON）。</translation>
    </message>
    <message>
        <source>a capture is an SQLite file and cannot go to standard output: name a file with -o, or pass --to witty</source>
        <translation>采集文件是 SQLite 文件，不能写到标准输出：用 -o 指定文件，或加 --to witty</translation>
    </message>
    <message>
        <source>every watched process has exited: the recording stopped after %1, before the %2 asked for</source>
        <translation>所有被监视的进程都已退出：录制在 %1 后停止，早于要求的 %2</translation>
    </message>
    <message>
        <source>report needs %1, which draws its pictures, next to numasight-cli (looked for %2); install it with numasight (it needs Qt Gui, which numasight-cli does not load)</source>
        <translation>report 需要 %1（负责绘制报告中的图片），它应位于 numasight-cli 旁边（查找位置：%2）；请随 numasight 一起安装它（它需要 Qt Gui，而 numasight-cli 不加载 Qt Gui）</translation>
    </message>
    <message>
        <source>Drawing the report of %1</source>
        <translation>正在绘制 %1 的报告</translation>
    </message>
    <message>
        <source>Usage: numasight-cli &lt;command&gt; [options]

Commands:
  info FILE [--json] [--snapshot N]   Describe a capture, witty-profiler JSON or hwloc XML
                                      (FILE &apos;:local:&apos; reads this machine)
  convert IN -o OUT [--to FORMAT]     witty JSON &lt;-&gt; capture, hwloc XML -&gt; capture
  record -o FILE [--duration 30s]     Record threads&apos; CPUs and memory per node, sample by sample
         [--interval 1s] [--pid P]... [--comm REGEX] [--mode auto|ebpf|procfs]
         [--metrics ADDRESS:PORT]
  attach URL... -o FILE [--interval 5s] [--count N] [--timeout 5s]
                                      Poll witty-profiler servers into one capture
  export FILE -o OUT [--view machine|dataflow|combined] [--format svg|png|pdf|dot]
         [--engine dot|neato|fdp|sfdp] [--dpi 150] [--snapshot N] [--hide KINDS] [--min SHARE]
                                      Draw the topology graph, laid out by Graphviz
  export FILE -o OUT --view cpu-heatmap|mem-heatmap|distance|latency|bandwidth
         [--format png|pdf|svg|csv] [--size WxH] [--measure M] [--sort KEY] [--order natural|distance]
                                      Draw a heatmap or node matrix, or write its numbers as CSV
  measure [--latency] [--bandwidth] [--size 512M] [--repeats N] [--pairs all|local] [--threads N]
          [--plan] [-o FILE]          Measure latency and bandwidth between this machine&apos;s NUMA nodes
  measure --import-mlc FILE [--topology FILE] [-o FILE]
                                      Import Intel MLC latency/bandwidth matrices as a measurement
  advise FILE [--json] [--snapshot N] Find what runs away from its memory or accelerator and print
                                      the commands that would move it (nothing is applied)
  apply PID --cpus LIST [--mems N]    Bind a running process&apos;s threads and pages (asks first)
  diff A B [--json] [--all]           Compare two captures: what moved between nodes, per process
  report FILE -o OUT.html|OUT.pdf [--compare OTHER]
                                      A whole report: diagrams, heatmaps, findings, commands

Run &apos;numasight-cli &lt;command&gt; --help&apos; for a command&apos;s options.
</source>
        <translation>用法：numasight-cli &lt;命令&gt; [选项]

命令：
  info FILE [--json] [--snapshot N]   描述采集文件、witty-profiler JSON 或 hwloc XML
                                      （FILE 为 &apos;:local:&apos; 时读取本机）
  convert IN -o OUT [--to FORMAT]     witty JSON &lt;-&gt; 采集文件，hwloc XML -&gt; 采集文件
  record -o FILE [--duration 30s]     逐个采样录制线程的 CPU 和各节点上的内存
         [--interval 1s] [--pid P]... [--comm REGEX] [--mode auto|ebpf|procfs]
         [--metrics ADDRESS:PORT]
  attach URL... -o FILE [--interval 5s] [--count N] [--timeout 5s]
                                      将 witty-profiler 服务器轮询到一个采集文件中
  export FILE -o OUT [--view machine|dataflow|combined] [--format svg|png|pdf|dot]
         [--engine dot|neato|fdp|sfdp] [--dpi 150] [--snapshot N] [--hide KINDS] [--min SHARE]
                                      绘制拓扑图，由 Graphviz 布局
  export FILE -o OUT --view cpu-heatmap|mem-heatmap|distance|latency|bandwidth
         [--format png|pdf|svg|csv] [--size WxH] [--measure M] [--sort KEY] [--order natural|distance]
                                      绘制热力图或节点矩阵，或将其数值写为 CSV
  measure [--latency] [--bandwidth] [--size 512M] [--repeats N] [--pairs all|local] [--threads N]
          [--plan] [-o FILE]          测量本机 NUMA 节点之间的延迟和带宽
  measure --import-mlc FILE [--topology FILE] [-o FILE]
                                      导入 Intel MLC 延迟/带宽矩阵作为测量结果
  advise FILE [--json] [--snapshot N] 找出远离其内存或加速卡运行的部分，并打印
                                      可迁移它的命令（不会应用任何修改）
  apply PID --cpus LIST [--mems N]    绑定运行中进程的线程和页面（先询问）
  diff A B [--json] [--all]           比较两个采集文件：每个进程在节点之间迁移了什么
  report FILE -o OUT.html|OUT.pdf [--compare OTHER]
                                      完整报告：拓扑图、热力图、发现和命令

运行 &apos;numasight-cli &lt;命令&gt; --help&apos; 查看某个命令的选项。
</translation>
    </message>
    <message>
        <source>While recording, serve the latest sample as Prometheus metrics at http://ADDRESS:PORT/metrics (read-only). PORT or :PORT listens on 127.0.0.1 only; 0.0.0.0:PORT or [::]:PORT on every interface; port 0 picks a free one.</source>
        <translation>录制期间，在 http://ADDRESS:PORT/metrics 以 Prometheus 指标提供最新的采样（只读）。PORT 或 :PORT 只监听 127.0.0.1；0.0.0.0:PORT 或 [::]:PORT 监听所有网络接口；端口 0 自动选择一个空闲端口。</translation>
    </message>
    <message>
        <source>usage: numasight-cli record [--duration 30s] [--interval 1s] [--pid P]... [--comm REGEX] [--mode auto|ebpf|procfs] [--metrics ADDRESS:PORT] -o FILE</source>
        <translation>用法：numasight-cli record [--duration 30s] [--interval 1s] [--pid P]... [--comm REGEX] [--mode auto|ebpf|procfs] [--metrics ADDRESS:PORT] -o FILE</translation>
    </message>
    <message>
        <source>note: serving Prometheus metrics at %1</source>
        <translation>注意：正在 %1 提供 Prometheus 指标</translation>
    </message>
    <message>
        <source>%1 is a fleet: --snapshot counts one host&apos;s snapshots, so name the host with --host</source>
        <translation>%1 是一个机群：--snapshot 按单台主机的快照计数，请用 --host 指定主机</translation>
    </message>
    <message numerus="yes">
        <source>%1: host %2 has %n snapshot(s); --snapshot counts from 0</source>
        <translation>
            <numerusform>%1：主机 %2 有 %n 个快照；--snapshot 从 0 开始计数</numerusform>
        </translation>
    </message>
    <message>
        <source>In a fleet capture (numasight-cli merge), the host to look at: its name, namespace or number (info lists them). Default: every host.</source>
        <translation>机群采集（numasight-cli merge）中要查看的主机：其名称、命名空间或序号（info 会列出）。默认：所有主机。</translation>
    </message>
    <message>
        <source>%1 holds one machine, not a fleet: --host is for captures made by &apos;numasight-cli merge&apos;</source>
        <translation>%1 只包含一台机器，不是机群：--host 用于 &apos;numasight-cli merge&apos; 生成的采集</translation>
    </message>
    <message>
        <source>%1: no host &apos;%2&apos; (or two share that name: give the namespace); its hosts are %3</source>
        <translation>%1：没有主机 &apos;%2&apos;（或有两台同名：请给出命名空间）；其主机为 %3</translation>
    </message>
    <message>
        <source>neither %1 nor %2 is a fleet: --host is for captures made by &apos;numasight-cli merge&apos;</source>
        <translation>%1 和 %2 都不是机群：--host 用于 &apos;numasight-cli merge&apos; 生成的采集</translation>
    </message>
    <message>
        <source>%1 is a fleet and %2 is one machine: name the fleet&apos;s host to compare with --host</source>
        <translation>%1 是机群而 %2 是单台机器：请用 --host 指定要比较的机群主机</translation>
    </message>
    <message>
        <source>%1 and %2 share no host name: nothing to compare</source>
        <translation>%1 和 %2 没有共同的主机名：无可比较</translation>
    </message>
    <message>
        <source>Host: %1</source>
        <translation>主机：%1</translation>
    </message>
    <message>
        <source>Merge the captures of several hosts into one fleet capture: each host in a namespace of its own (its host name plus machine id), its topology, snapshots and samples kept exactly. Open it in the window (Hosts tab) or pass --host to info, advise and diff. See docs/fleet.md.</source>
        <translation>将多台主机的采集合并为一个机群采集：每台主机有自己的命名空间（主机名加机器 ID），其拓扑、快照和样本原样保留。可在窗口中打开（“主机”标签页），或向 info、advise 和 diff 传递 --host。参见 docs/fleet.md。</translation>
    </message>
    <message>
        <source>The fleet capture to write (.numasight).</source>
        <translation>要写入的机群采集（.numasight）。</translation>
    </message>
    <message>
        <source>A capture, witty-profiler JSON or hwloc XML of one host (or a fleet capture); FILE=NAME names the host when the file does not say it, or to tell two hosts of one name apart.</source>
        <translation>一台主机的采集、witty-profiler JSON 或 hwloc XML（或一个机群采集）；文件未注明主机时，或需区分两台同名主机时，用 FILE=NAME 命名主机。</translation>
    </message>
    <message>
        <source>usage: numasight-cli merge FILE[=NAME] FILE[=NAME]... -o OUT.numasight (two inputs at least)</source>
        <translation>用法：numasight-cli merge FILE[=NAME] FILE[=NAME]... -o OUT.numasight（至少两个输入）</translation>
    </message>
    <message>
        <source>a capture is an SQLite file and cannot go to standard output: name a file with -o</source>
        <translation>采集是 SQLite 文件，不能写到标准输出：请用 -o 指定文件</translation>
    </message>
    <message>
        <source>%1: the name after &apos;=&apos; is empty</source>
        <translation>%1：&apos;=&apos; 之后的名称为空</translation>
    </message>
    <message numerus="yes">
        <source>Merging %n hosts</source>
        <translation>
            <numerusform>正在合并 %n 台主机</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>numasight::CompareBar</name>
    <message>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message>
        <source>Showing A (%1); compared with B (%2)</source>
        <translation>显示 A（%1）；与 B（%2）比较</translation>
    </message>
    <message>
        <source>Showing B (%2), laid out from its own capture; compared with A (%1)</source>
        <translation>显示 B（%2），按其自身的捕获布局；与 A（%1）比较</translation>
    </message>
    <message>
        <source>Δ: outlined: changed between A (%1) and B (%2); the Δ map is B − A per node, red more in B, blue less</source>
        <translation>Δ：勾出轮廓的是 A（%1）与 B（%2）之间发生变化的对象；Δ 图为每个节点的 B − A，红色表示 B 中更多，蓝色表示更少</translation>
    </message>
    <message>
        <source>Δ: outlined: changed between A (%1) and B (%2)</source>
        <translation>Δ：勾出轮廓的是 A（%1）与 B（%2）之间发生变化的对象</translation>
    </message>
</context>
<context>
    <name>numasight::CompareDeltaPanel</name>
    <message>
        <source>Δ share of on-CPU time per node: B − A</source>
        <translation>每个节点的 CPU 运行时间占比之差：B − A</translation>
    </message>
    <message>
        <source>Δ share of pages per node: B − A</source>
        <translation>每个节点的页面占比之差：B − A</translation>
    </message>
    <message>
        <source>B − A, share of on-CPU time</source>
        <translation>B − A，CPU 运行时间占比</translation>
    </message>
    <message>
        <source>B − A, share of pages</source>
        <translation>B − A，页面占比</translation>
    </message>
    <message>
        <source>Changed processes and threads</source>
        <translation>发生变化的进程和线程</translation>
    </message>
    <message>
        <source>NUMA node</source>
        <translation>NUMA 节点</translation>
    </message>
    <message>
        <source>A: %1 · B: %2</source>
        <translation>A：%1 · B：%2</translation>
    </message>
    <message>
        <source>Only in B</source>
        <translation>仅在 B 中</translation>
    </message>
    <message>
        <source>Only in A</source>
        <translation>仅在 A 中</translation>
    </message>
    <message>
        <source>Changed by %1</source>
        <translation>变化 %1</translation>
    </message>
    <message>
        <source>Nothing moved between A and B.</source>
        <translation>A 与 B 之间没有任何迁移。</translation>
    </message>
    <message>
        <source>Share of on-CPU time</source>
        <translation>CPU 运行时间占比</translation>
    </message>
    <message>
        <source>Share of pages</source>
        <translation>页面占比</translation>
    </message>
    <message>
        <source>What the Δ map subtracts, node by node: B − A</source>
        <translation>Δ 图逐节点相减的内容：B − A</translation>
    </message>
    <message>
        <source>Δ &amp;map:</source>
        <translation>Δ 图(&amp;M)：</translation>
    </message>
</context>
<context>
    <name>numasight::CompareFlowModel</name>
    <message>
        <source>unknown (endpoints only)</source>
        <translation>未知（仅端点）</translation>
    </message>
    <message>
        <source>both</source>
        <translation>两者</translation>
    </message>
    <message>
        <source>only A</source>
        <translation>仅 A</translation>
    </message>
    <message>
        <source>only B</source>
        <translation>仅 B</translation>
    </message>
    <message>
        <source>PID A → B</source>
        <translation>PID A → B</translation>
    </message>
    <message>
        <source>Protocol</source>
        <translation>协议</translation>
    </message>
    <message>
        <source>Peer</source>
        <translation>对端</translation>
    </message>
    <message>
        <source>In</source>
        <translation>入</translation>
    </message>
    <message>
        <source>%1 → %2 bytes</source>
        <translation>%1 → %2 字节</translation>
    </message>
    <message>
        <source>Volume A → B</source>
        <translation>数据量 A → B</translation>
    </message>
</context>
<context>
    <name>numasight::CompareJob</name>
    <message>
        <source>Nothing to compare: both captures need a snapshot.</source>
        <translation>没有可比较的内容：两个采集文件都需要有快照。</translation>
    </message>
    <message>
        <source>Could not compare %1 with %2.</source>
        <translation>无法比较 %1 和 %2。</translation>
    </message>
    <message>
        <source>Comparing failed: %1</source>
        <translation>比较失败：%1</translation>
    </message>
</context>
<context>
    <name>numasight::CompareModel</name>
    <message>
        <source>thread</source>
        <translation>线程</translation>
    </message>
    <message>
        <source>process</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>new</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>gone</source>
        <translation>消失</translation>
    </message>
    <message>
        <source>Changed by %1 (at least %2 on some node)</source>
        <translation>变化 %1（在某个节点上至少 %2）</translation>
    </message>
    <message>
        <source>Changed by %1</source>
        <translation>变化 %1</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>PID A → B</source>
        <translation>PID A → B</translation>
    </message>
    <message>
        <source>TID A → B</source>
        <translation>TID A → B</translation>
    </message>
    <message>
        <source>CPU node</source>
        <translation>CPU 节点</translation>
    </message>
    <message>
        <source>Memory node</source>
        <translation>内存节点</translation>
    </message>
    <message>
        <source>Similarity</source>
        <translation>相似度</translation>
    </message>
    <message>
        <source>Remote share</source>
        <translation>远程占比</translation>
    </message>
    <message>
        <source>CPUs allowed</source>
        <translation>允许的 CPU</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变化</translation>
    </message>
</context>
<context>
    <name>numasight::ComparePanel</name>
    <message>
        <source>&lt;b&gt;Flows&lt;/b&gt;</source>
        <translation>&lt;b&gt;数据流&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Comparing %1 (A) with %2 (B)…</source>
        <translation>正在比较 %1（A）和 %2（B）…</translation>
    </message>
    <message>
        <source>&lt;b&gt;A&lt;/b&gt; %1 → &lt;b&gt;B&lt;/b&gt; %2 · %3 process(es), %4 thread(s) · %5 changed by ≥ %6</source>
        <translation>&lt;b&gt;A&lt;/b&gt; %1 → &lt;b&gt;B&lt;/b&gt; %2 · %3 个进程，%4 个线程 · %5 个变化 ≥ %6</translation>
    </message>
    <message>
        <source>&lt;b&gt;Flows&lt;/b&gt; (%1)</source>
        <translation>&lt;b&gt;数据流&lt;/b&gt;（%1）</translation>
    </message>
    <message>
        <source>Filter by name, pid or tid</source>
        <translation>按名称、pid 或 tid 筛选</translation>
    </message>
</context>
<context>
    <name>numasight::DetailsPane</name>
    <message>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Edge</source>
        <translation>边</translation>
    </message>
    <message>
        <source>Other end</source>
        <translation>另一端</translation>
    </message>
    <message>
        <source>Payload</source>
        <translation>负载</translation>
    </message>
    <message>
        <source>Double-click an edge to show the entity at its other end</source>
        <translation>双击一条边以显示其另一端的实体</translation>
    </message>
    <message>
        <source>Copy Value</source>
        <translation>复制值</translation>
    </message>
    <message>
        <source>Copy Row</source>
        <translation>复制行</translation>
    </message>
    <message>
        <source>Select an entity in the browser</source>
        <translation>在浏览器中选择一个实体</translation>
    </message>
    <message>
        <source>Fields</source>
        <translation>字段</translation>
    </message>
    <message numerus="yes">
        <source>  (%n CPU(s))</source>
        <translation>
            <numerusform>  （%n 个 CPU）</numerusform>
        </translation>
    </message>
    <message>
        <source>Attributes</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>(raw)</source>
        <translation>（原始）</translation>
    </message>
    <message>
        <source>Out (%1)</source>
        <translation>出（%1）</translation>
    </message>
    <message>
        <source>In (%1)</source>
        <translation>入（%1）</translation>
    </message>
    <message>
        <source>(missing)</source>
        <translation>（缺失）</translation>
    </message>
    <message>
        <source>%1 (%2 bytes)</source>
        <translation>%1（%2 字节）</translation>
    </message>
</context>
<context>
    <name>numasight::ElidedLabel</name>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
</context>
<context>
    <name>numasight::EntityTreeModel</name>
    <message>
        <source>Machine</source>
        <translation>机器</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>NUMA node</source>
        <translation>NUMA 节点</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Namespace %1</source>
        <translation>命名空间 %1</translation>
    </message>
    <message>
        <source>Devices without a NUMA node</source>
        <translation>没有 NUMA 节点的设备</translation>
    </message>
    <message>
        <source>L%1 cache</source>
        <translation>L%1 缓存</translation>
    </message>
    <message>
        <source>A CPU&apos;s or device&apos;s NUMA node; for processes and threads, the nodes their memory may use (Mems_allowed)</source>
        <translation>CPU 或设备所在的 NUMA 节点；对进程和线程而言，是其内存可以使用的节点（Mems_allowed）</translation>
    </message>
    <message>
        <source>A NUMA node&apos;s or host&apos;s memory, a cache&apos;s size</source>
        <translation>NUMA 节点或主机的内存，缓存的大小</translation>
    </message>
    <message>
        <source>Share of all the on-CPU time of the snapshot&apos;s processes (a witty-profiler graph: of the threads it lists); a process&apos;s is the sum of its threads&apos;</source>
        <translation>占快照中所有进程 CPU 运行时间总和的比例（对 witty-profiler 图：占其列出的线程的比例）；进程的占比是其各线程占比之和</translation>
    </message>
    <message>
        <source>The NUMA node where the process or thread spent most of its on-CPU time</source>
        <translation>进程或线程大部分 CPU 运行时间所在的 NUMA 节点</translation>
    </message>
    <message>
        <source>CPU share</source>
        <translation>CPU 占比</translation>
    </message>
    <message>
        <source>CPU node</source>
        <translation>CPU 节点</translation>
    </message>
</context>
<context>
    <name>numasight::ExportBuild</name>
    <message>
        <source>%1: --snapshot %2 is out of range: the file holds %3 snapshot(s)</source>
        <translation>%1：--snapshot %2 超出范围：文件中有 %3 个快照</translation>
    </message>
    <message>
        <source>%1: holds no snapshot to draw</source>
        <translation>%1：没有可绘制的快照</translation>
    </message>
    <message>
        <source>%1 has no NUMA distance matrix</source>
        <translation>%1 没有 NUMA 距离矩阵</translation>
    </message>
    <message>
        <source>%1 has no %2 matrix: measure one with numasight-cli measure -o FILE, or import Intel MLC output with numasight-cli measure --import-mlc</source>
        <translation>%1 没有 %2 矩阵：请用 numasight-cli measure -o FILE 测量一个，或用 numasight-cli measure --import-mlc 导入 Intel MLC 输出</translation>
    </message>
    <message>
        <source> (one NUMA node, or a source without distances)</source>
        <translation>（只有一个 NUMA 节点，或来源中没有距离信息）</translation>
    </message>
    <message>
        <source>%1: the %2 matrix cannot be read</source>
        <translation>%1：无法读取 %2 矩阵</translation>
    </message>
    <message>
        <source>%1 has no %2 per process to draw: a recording (numasight-cli record) or a witty-profiler graph has them, a topology does not</source>
        <translation>%1 没有可按进程绘制的%2：录制文件（numasight-cli record）或 witty-profiler 图中有这些数据，拓扑文件中没有</translation>
    </message>
    <message>
        <source>CPU time</source>
        <translation>CPU 时间</translation>
    </message>
    <message>
        <source>%1 has no %2 per node: use --measure total-pages or dirty-anon-pages</source>
        <translation>%1 没有按节点的%2：请使用 --measure total-pages 或 dirty-anon-pages</translation>
    </message>
    <message>
        <source>%1: no row is left after --min and --hide</source>
        <translation>%1：经过 --min 和 --hide 后没有剩余的行</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>内存</translation>
    </message>
</context>
<context>
    <name>numasight::ExportCommandLine</name>
    <message>
        <source>machine, dataflow, combined, cpu-heatmap, mem-heatmap, distance, latency or bandwidth</source>
        <translation>machine、dataflow、combined、cpu-heatmap、mem-heatmap、distance、latency 或 bandwidth</translation>
    </message>
    <message>
        <source>Draw the topology graph of a capture, witty-profiler graph or hwloc topology, laid out by Graphviz, as SVG, PNG, PDF or DOT (what the GUI&apos;s graph tab shows); or a heatmap (cpu-heatmap: each thread&apos;s on-CPU time per NUMA node; mem-heatmap: each process&apos;s memory per node) or a node matrix (distance, latency, bandwidth) as PNG, PDF, SVG or its numbers as CSV (what the GUI&apos;s heatmaps tab shows).</source>
        <translation>将采集文件、witty-profiler 图或 hwloc 拓扑的拓扑图由 Graphviz 布局后绘制为 SVG、PNG、PDF 或 DOT（即图形界面拓扑图页所显示的内容）；或将热力图（cpu-heatmap：每个线程在各 NUMA 节点上的 CPU 时间；mem-heatmap：每个进程在各节点上的内存）或节点矩阵（distance、latency、bandwidth）绘制为 PNG、PDF、SVG，或将其数值写为 CSV（即图形界面热力图页所显示的内容）。</translation>
    </message>
    <message>
        <source>Output file.</source>
        <translation>输出文件。</translation>
    </message>
    <message>
        <source>Graphs: machine, dataflow or combined (default). Heatmaps: cpu-heatmap, mem-heatmap. Matrices: distance, latency, bandwidth.</source>
        <translation>拓扑图：machine、dataflow 或 combined（默认）。热力图：cpu-heatmap、mem-heatmap。矩阵：distance、latency、bandwidth。</translation>
    </message>
    <message>
        <source>Graphs: svg, png, pdf, dot or json (the laid-out geometry, docs/graph.md). Heatmaps and matrices: png, pdf, svg or csv. Default: OUT&apos;s extension.</source>
        <translation>拓扑图：svg、png、pdf、dot 或 json（布局后的几何信息，docs/graph.md）。热力图和矩阵：png、pdf、svg 或 csv。默认：由 OUT 的扩展名决定。</translation>
    </message>
    <message>
        <source>Layout: packed (default: nested boxes, Graphviz routes the edges). --format dot also takes dot, neato, fdp or sfdp.</source>
        <translation>布局：packed（默认：嵌套的框，由 Graphviz 布线）。--format dot 还接受 dot、neato、fdp 或 sfdp。</translation>
    </message>
    <message>
        <source>Graphs: shape the drawing for a page and scale it onto one: a4, a3 or letter, with -landscape or -portrait (a4-landscape).</source>
        <translation>拓扑图：按页面调整图形并缩放到一页：a4、a3 或 letter，可加 -landscape 或 -portrait（a4-landscape）。</translation>
    </message>
    <message>
        <source>PNG resolution, 18 to 1200 (default 150).</source>
        <translation>PNG 分辨率，18 到 1200（默认 150）。</translation>
    </message>
    <message>
        <source>Draw snapshot N (0-based; default: last).</source>
        <translation>绘制快照 N（从 0 开始；默认：最后一个）。</translation>
    </message>
    <message>
        <source>Leave out entities of these kinds, comma-separated, repeatable: %1.</source>
        <translation>省略这些类型的实体，以逗号分隔，可重复：%1。</translation>
    </message>
    <message>
        <source>Leave out processes and threads with a smaller share of the CPU time: 0.05 or 5%.</source>
        <translation>省略 CPU 时间占比较小的进程和线程：0.05 或 5%。</translation>
    </message>
    <message>
        <source>Expand a folded node (a CPU range, a process into its threads) by its DOT id, as --format dot shows it; repeatable.</source>
        <translation>按 DOT id（即 --format dot 显示的 id）展开一个折叠的节点（CPU 范围，或将进程展开为其线程）；可重复。</translation>
    </message>
    <message>
        <source>NUMA nodes with more CPUs than N show one CPU range (default 16).</source>
        <translation>CPU 数多于 N 的 NUMA 节点显示为一个 CPU 范围（默认 16）。</translation>
    </message>
    <message>
        <source>Processes drawn one by one per box (NUMA node, container), largest CPU share first; the rest become one &quot;N more&quot; node (default 8, 0: all). --expand more_numa0 draws all of a box.</source>
        <translation>每个框（NUMA 节点、容器）中逐个绘制的进程数，CPU 占比最大的优先；其余合并为一个“N more”节点（默认 8，0：全部）。--expand more_numa0 绘制一个框中的全部进程。</translation>
    </message>
    <message>
        <source>Draw the cores inside their caches, as lstopo does (L3, L2, core, PU).</source>
        <translation>像 lstopo 一样在缓存内绘制核心（L3、L2、核心、PU）。</translation>
    </message>
    <message>
        <source>mem-heatmap: %1 (default total-pages).</source>
        <translation>mem-heatmap：%1（默认 total-pages）。</translation>
    </message>
    <message>
        <source>Heatmap rows: remote, cpu (default), memory, process or name; largest first unless --ascending. Threads stay under their process.</source>
        <translation>热力图的行：remote、cpu（默认）、memory、process 或 name；除非指定 --ascending，否则从大到小。线程保持在其进程之下。</translation>
    </message>
    <message>
        <source>Heatmap rows: smallest first.</source>
        <translation>热力图的行：从小到大。</translation>
    </message>
    <message>
        <source>Matrices: distance (near nodes together, default for pictures) or natural (node numbers; the default of CSV).</source>
        <translation>矩阵：distance（相近的节点排在一起，图片的默认值）或 natural（按节点编号；CSV 的默认值）。</translation>
    </message>
    <message>
        <source>Heatmaps and matrices: the picture&apos;s size in pixels, e.g. 1600x1000 (default: every row readable).</source>
        <translation>热力图和矩阵：图片的像素尺寸，例如 1600x1000（默认：每一行都清晰可读）。</translation>
    </message>
    <message>
        <source>Input file, or :local:</source>
        <translation>输入文件，或 :local:</translation>
    </message>
    <message>
        <source>usage: numasight-cli export FILE --view cpu-heatmap|mem-heatmap|distance|latency|bandwidth --format csv [-o OUT] [--snapshot N] [--measure MEASURE] [--order natural|distance]</source>
        <translation>用法：numasight-cli export FILE --view cpu-heatmap|mem-heatmap|distance|latency|bandwidth --format csv [-o OUT] [--snapshot N] [--measure MEASURE] [--order natural|distance]</translation>
    </message>
    <message>
        <source>; run &apos;numasight-cli export --help&apos;</source>
        <translation>；请运行 &apos;numasight-cli export --help&apos;</translation>
    </message>
    <message>
        <source>usage: numasight-cli export FILE -o OUT [--view VIEW] [--format FORMAT]; run &apos;numasight-cli export --help&apos;</source>
        <translation>用法：numasight-cli export FILE -o OUT [--view VIEW] [--format FORMAT]；请运行 &apos;numasight-cli export --help&apos;</translation>
    </message>
    <message>
        <source>%1: cannot tell the format from the extension; name it %2, or pass --format</source>
        <translation>%1：无法从扩展名判断格式；请将其命名为 %2，或传入 --format</translation>
    </message>
    <message>
        <source>the matrix views (distance, latency, bandwidth)</source>
        <translation>矩阵视图（distance、latency、bandwidth）</translation>
    </message>
    <message>
        <source>heatmaps and matrices</source>
        <translation>热力图和矩阵</translation>
    </message>
    <message>
        <source>graphs and heatmaps</source>
        <translation>拓扑图和热力图</translation>
    </message>
    <message>
        <source> (or cpu, gpu, npu, pci)</source>
        <translation>（或 cpu、gpu、npu、pci）</translation>
    </message>
    <message>
        <source>a4, a3 or letter, each with -landscape (the default) or -portrait</source>
        <translation>a4、a3 或 letter，每种都可加 -landscape（默认）或 -portrait</translation>
    </message>
    <message>
        <source>Heatmap pictures: draw the first N processes by --sort, with their threads, and one row summing the rest; all for every row (default %1; CSV has every row).</source>
        <translation>热力图图片：按 --sort 绘制前 N 个进程及其线程，其余合并为一行汇总；all 表示绘制每一行（默认 %1；CSV 包含每一行）。</translation>
    </message>
    <message>
        <source>--measure applies to --view mem-heatmap only</source>
        <translation>--measure 只适用于 --view mem-heatmap</translation>
    </message>
    <message>
        <source>--measure must be %1, not &apos;%2&apos;</source>
        <translation>--measure 必须是 %1，而不是“%2”</translation>
    </message>
    <message>
        <source>--order applies to the matrix views (distance, latency, bandwidth) only</source>
        <translation>--order 只适用于矩阵视图（distance、latency、bandwidth）</translation>
    </message>
    <message>
        <source>--order must be natural or distance, not &apos;%1&apos;</source>
        <translation>--order 必须是 natural 或 distance，而不是“%1”</translation>
    </message>
    <message>
        <source>--snapshot takes a snapshot number from 0, not &apos;%1&apos;</source>
        <translation>--snapshot 需要从 0 开始的快照编号，而不是“%1”</translation>
    </message>
    <message>
        <source>--view &apos;%1&apos; is unknown: use %2</source>
        <translation>--view“%1”未知：请使用 %2</translation>
    </message>
    <message>
        <source>--format %1 does not apply to --view %2: use %3</source>
        <translation>--format %1 不适用于 --view %2：请使用 %3</translation>
    </message>
    <message>
        <source>--format &apos;%1&apos; is unknown: use %2</source>
        <translation>--format“%1”未知：请使用 %2</translation>
    </message>
    <message>
        <source>--%1 applies to %2 only</source>
        <translation>--%1 只适用于 %2</translation>
    </message>
    <message>
        <source>--measure &apos;%1&apos; is unknown: use %2</source>
        <translation>--measure“%1”未知：请使用 %2</translation>
    </message>
    <message>
        <source>--sort &apos;%1&apos; is unknown: use remote, cpu, memory, process or name</source>
        <translation>--sort“%1”未知：请使用 remote、cpu、memory、process 或 name</translation>
    </message>
    <message>
        <source>--rows &apos;%1&apos; is not a number of rows: use a number from 1 on, or all</source>
        <translation>--rows“%1”不是行数：请使用从 1 开始的数字，或 all</translation>
    </message>
    <message>
        <source>--order &apos;%1&apos; is unknown: use natural or distance</source>
        <translation>--order“%1”未知：请使用 natural 或 distance</translation>
    </message>
    <message>
        <source>--size &apos;%1&apos; is not a picture size: use WIDTHxHEIGHT, 120 to 16000 pixels a side (1600x1000)</source>
        <translation>--size“%1”不是图片尺寸：请使用 WIDTHxHEIGHT，每边 120 到 16000 像素（1600x1000）</translation>
    </message>
    <message>
        <source>--engine &apos;%1&apos; is not a layout engine: use packed, or dot, neato, fdp or sfdp with --format dot</source>
        <translation>--engine“%1”不是布局引擎：请使用 packed，或在 --format dot 时使用 dot、neato、fdp 或 sfdp</translation>
    </message>
    <message>
        <source>--engine %1 does not keep every item inside its box: drawings and --format json use packed (the default); %1 is for --format dot</source>
        <translation>--engine %1 不能保证每个项目都位于其框内：绘图和 --format json 使用 packed（默认）；%1 仅用于 --format dot</translation>
    </message>
    <message>
        <source>--page &apos;%1&apos; is unknown: use %2</source>
        <translation>--page“%1”未知：请使用 %2</translation>
    </message>
    <message>
        <source>--dpi &apos;%1&apos; is out of range: use a number from 18 to 1200</source>
        <translation>--dpi“%1”超出范围：请使用 18 到 1200 之间的数字</translation>
    </message>
    <message>
        <source>--snapshot takes a number from 0</source>
        <translation>--snapshot 需要从 0 开始的数字</translation>
    </message>
    <message>
        <source>--hide &apos;%1&apos; is not an entity kind: use %2</source>
        <translation>--hide“%1”不是实体类型：请使用 %2</translation>
    </message>
    <message>
        <source>--hide %1: heatmaps and matrices can hide threads only (--hide thread leaves one row per process)</source>
        <translation>--hide %1：热力图和矩阵只能隐藏线程（--hide thread 会让每个进程只保留一行）</translation>
    </message>
    <message>
        <source>--min &apos;%1&apos; is not a share of CPU time: use 0 to 1 (0.05) or a percentage (5%)</source>
        <translation>--min“%1”不是 CPU 时间占比：请使用 0 到 1 之间的数（0.05）或百分比（5%）</translation>
    </message>
    <message>
        <source>--cpu-range-limit takes a number from 1</source>
        <translation>--cpu-range-limit 需要从 1 开始的数字</translation>
    </message>
    <message>
        <source>--per-node takes a number from 0 (0 draws every process)</source>
        <translation>--per-node 需要从 0 开始的数字（0 表示绘制所有进程）</translation>
    </message>
    <message>
        <source>%1: input and output are the same file; name another file with -o</source>
        <translation>%1：输入与输出是同一个文件；请用 -o 指定另一个文件</translation>
    </message>
</context>
<context>
    <name>numasight::ExportDialog</name>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>&amp;Size:</source>
        <translation>尺寸(&amp;S)：</translation>
    </message>
    <message>
        <source> dpi</source>
        <translation> dpi</translation>
    </message>
    <message>
        <source>&amp;File:</source>
        <translation>文件(&amp;F)：</translation>
    </message>
    <message>
        <source>F&amp;ormat:</source>
        <translation>格式(&amp;O)：</translation>
    </message>
    <message>
        <source>&amp;Resolution:</source>
        <translation>分辨率(&amp;R)：</translation>
    </message>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source>%1 × %2 pixels</source>
        <translation>%1 × %2 像素</translation>
    </message>
</context>
<context>
    <name>numasight::ExportFlow</name>
    <message>
        <source>Exported %1 to %2 (%3 in %4)</source>
        <translation>已将 %1 导出到 %2（%3，用时 %4）</translation>
    </message>
</context>
<context>
    <name>numasight::ExportWrite</name>
    <message>
        <source>%1: no snapshot to export</source>
        <translation>%1：没有可导出的快照</translation>
    </message>
    <message>
        <source>warning: %1 has no %2 figures per process (neither recording samples nor witty-profiler edges): the CSV has its header only</source>
        <translation>警告：%1 没有按进程的%2数据（既没有录制采样，也没有 witty-profiler 边）：CSV 只有表头</translation>
    </message>
    <message>
        <source>%1: the %2 matrix cannot be read</source>
        <translation>%1：无法读取 %2 矩阵</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>内存</translation>
    </message>
</context>
<context>
    <name>numasight::Fleet</name>
    <message>
        <source>host %1 (machine id %2) is already in the fleet from %3: a fleet holds each machine once; merge one capture per host (numasight-cli diff compares two captures of one host)</source>
        <translation>主机 %1（机器 ID %2）已经由 %3 加入机群：机群中每台机器只出现一次；每台主机合并一个采集（numasight-cli diff 可比较同一主机的两个采集）</translation>
    </message>
    <message>
        <source>host %1 is already in the fleet from %2 and neither records a machine id to tell them apart: if they are two machines, name one with FILE=NAME</source>
        <translation>主机 %1 已经由 %2 加入机群，且两者都没有记录可区分的机器 ID：如果是两台机器，请用 FILE=NAME 为其中一个命名</translation>
    </message>
    <message numerus="yes">
        <source>it holds %n hosts already; FILE=NAME names one machine, so give the name without it</source>
        <translation>
            <numerusform>它已包含 %n 台主机；FILE=NAME 只为单台机器命名，请去掉名称</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>numasight::Format</name>
    <message>
        <source> byte</source>
        <translation> 字节</translation>
    </message>
    <message>
        <source> bytes</source>
        <translation> 字节</translation>
    </message>
    <message>
        <source> page</source>
        <translation> 页</translation>
    </message>
    <message>
        <source> pages</source>
        <translation> 页</translation>
    </message>
</context>
<context>
    <name>numasight::FormatDetect</name>
    <message>
        <source>cannot read the file: %1</source>
        <translation>无法读取文件：%1</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>文件不存在</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>文件为空</translation>
    </message>
    <message>
        <source>the file holds only white space</source>
        <translation>文件中只有空白字符</translation>
    </message>
    <message>
        <source>not a capture, witty-profiler JSON or hwloc XML file (it starts with &quot;%1&quot;); numasight reads .numasight captures, witty-profiler graph JSON and hwloc XML</source>
        <translation>不是采集文件、witty-profiler JSON 或 hwloc XML 文件（它以“%1”开头）；numasight 可读取 .numasight 采集文件、witty-profiler 图 JSON 和 hwloc XML</translation>
    </message>
    <message>
        <source>the file is %1-compressed: numasight reads it uncompressed (`%2`, then open what it writes)</source>
        <translation>该文件经过 %1 压缩：numasight 读取未压缩的文件（先运行 `%2`，再打开它写出的文件）</translation>
    </message>
    <message>
        <source>the file is %1 text (as Windows PowerShell&apos;s `&gt;` writes it): numasight reads UTF-8; convert it with `iconv -f %1 -t UTF-8 FILE &gt; FILE.utf8` and open that</source>
        <translation>该文件是 %1 文本（Windows PowerShell 的 `&gt;` 会这样写）：numasight 读取 UTF-8；请用 `iconv -f %1 -t UTF-8 FILE &gt; FILE.utf8` 转换后打开转换结果</translation>
    </message>
</context>
<context>
    <name>numasight::Graph</name>
    <message numerus="yes">
        <source>%n NUMA node(s)</source>
        <translation>
            <numerusform>%n 个 NUMA 节点</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n accelerator(s)</source>
        <translation>
            <numerusform>%n 块加速卡</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n process(es)</source>
        <translation>
            <numerusform>%n 个进程</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>numasight::GraphBuilder</name>
    <message>
        <source>this machine</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>hosts</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>packages</source>
        <translation>封装</translation>
    </message>
    <message>
        <source>NUMA nodes</source>
        <translation>NUMA 节点</translation>
    </message>
    <message>
        <source>cores</source>
        <translation>核心</translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>caches</source>
        <translation>缓存</translation>
    </message>
    <message>
        <source>PCI devices</source>
        <translation>PCI 设备</translation>
    </message>
    <message>
        <source>accelerators</source>
        <translation>加速卡</translation>
    </message>
    <message>
        <source>NICs</source>
        <translation>网络接口</translation>
    </message>
    <message>
        <source>OS devices</source>
        <translation>操作系统设备</translation>
    </message>
    <message>
        <source>containers</source>
        <translation>容器</translation>
    </message>
    <message>
        <source>processes</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>threads</source>
        <translation>线程</translation>
    </message>
    <message>
        <source>remote endpoints</source>
        <translation>远程端点</translation>
    </message>
    <message>
        <source>shared memory segments</source>
        <translation>共享内存段</translation>
    </message>
    <message>
        <source>NUMA sets</source>
        <translation>NUMA 节点集</translation>
    </message>
    <message>
        <source>unknown entities</source>
        <translation>未知实体</translation>
    </message>
    <message>
        <source>The one process is</source>
        <translation>唯一的进程</translation>
    </message>
    <message>
        <source>All %1 processes are</source>
        <translation>全部 %1 个进程</translation>
    </message>
    <message>
        <source> hidden: processes are a hidden kind</source>
        <translation>已隐藏：进程属于被隐藏的类型</translation>
    </message>
    <message>
        <source>CPU share ≥ %1</source>
        <translation>CPU 占比 ≥ %1</translation>
    </message>
    <message>
        <source> hidden by %1: none has that share</source>
        <translation>因 %1 而隐藏：没有进程达到该占比</translation>
    </message>
    <message>
        <source>%1 hidden by %2</source>
        <translation>%1因 %2 而隐藏</translation>
    </message>
    <message>
        <source>process</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>%1 folded into %2</source>
        <translation>%1已折叠到 %2中</translation>
    </message>
    <message>
        <source>&apos;more&apos; group</source>
        <translation>个“更多”组</translation>
    </message>
    <message>
        <source>&apos;more&apos; groups</source>
        <translation>个“更多”组</translation>
    </message>
    <message>
        <source>%1 hidden: %2</source>
        <translation>已隐藏 %1：%2</translation>
    </message>
    <message>
        <source>kind</source>
        <translation>种类型</translation>
    </message>
    <message>
        <source>kinds</source>
        <translation>种类型</translation>
    </message>
    <message numerus="yes">
        <source>%n flow(s) of unknown volume hidden</source>
        <translation>
            <numerusform>已隐藏 %n 条数据量未知的数据流</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>numasight::GraphExport</name>
    <message>
        <source>CPUs folded into one range per node</source>
        <translation>CPU 已按节点折叠为一个范围</translation>
    </message>
    <message>
        <source>4 processes per box</source>
        <translation>每个框 4 个进程</translation>
    </message>
    <message>
        <source>2 processes per box</source>
        <translation>每个框 2 个进程</translation>
    </message>
    <message>
        <source>threads and PCI devices hidden</source>
        <translation>已隐藏线程和 PCI 设备</translation>
    </message>
    <message>
        <source>to fit the page: %1</source>
        <translation>为适应页面：%1</translation>
    </message>
    <message>
        <source>nothing to export: the layout has no graph</source>
        <translation>没有可导出的内容：布局中没有图</translation>
    </message>
    <message>
        <source>a PNG resolution of %1 dpi is out of range: use %2 to %3</source>
        <translation>PNG 分辨率 %1 dpi 超出范围：请使用 %2 到 %3</translation>
    </message>
    <message>
        <source>a PNG of %1×%2 pixels at %3 dpi is too large: use %4 dpi or less, or export SVG or PDF, which scale without limit</source>
        <translation>%3 dpi 下 %1×%2 像素的 PNG 太大：请使用 %4 dpi 或更低，或导出可无限缩放的 SVG 或 PDF</translation>
    </message>
    <message>
        <source>not enough memory for a %1×%2 PNG: use a lower dpi</source>
        <translation>内存不足，无法生成 %1×%2 的 PNG：请使用更低的 dpi</translation>
    </message>
    <message>
        <source>numasight %1 graph, boxes packed by numasight (packed), edges routed by Graphviz</source>
        <translation>numasight %1 拓扑图，框由 numasight 排布（packed），边由 Graphviz 布线</translation>
    </message>
    <message>
        <source>numasight %1 graph, laid out by Graphviz %2</source>
        <translation>numasight %1 拓扑图，由 Graphviz %2 布局</translation>
    </message>
    <message>
        <source>cannot start the SVG writer</source>
        <translation>无法启动 SVG 写入器</translation>
    </message>
    <message>
        <source>cannot start the PDF writer</source>
        <translation>无法启动 PDF 写入器</translation>
    </message>
    <message>
        <source>cannot encode the PNG: %1</source>
        <translation>无法编码 PNG：%1</translation>
    </message>
    <message>
        <source>cannot write: %1</source>
        <translation>无法写入：%1</translation>
    </message>
</context>
<context>
    <name>numasight::GraphExportDialog</name>
    <message>
        <source>Export Graph</source>
        <translation>导出拓扑图</translation>
    </message>
    <message>
        <source>SVG (*.svg);;PDF (*.pdf);;PNG (*.png);;Graphviz DOT (*.dot *.gv);;All files (*)</source>
        <translation>SVG (*.svg);;PDF (*.pdf);;PNG (*.png);;Graphviz DOT (*.dot *.gv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>The graph for Graphviz, without positions: run dot on it to lay it out.</source>
        <translation>供 Graphviz 使用的图，不含位置：对其运行 dot 进行布局。</translation>
    </message>
</context>
<context>
    <name>numasight::GraphExportFlow</name>
    <message>
        <source>the graph</source>
        <translation>拓扑图</translation>
    </message>
    <message>
        <source>%1: not exported: %2</source>
        <translation>%1：未导出：%2</translation>
    </message>
    <message>
        <source>Export of %1 cancelled</source>
        <translation>%1 的导出已取消</translation>
    </message>
    <message>
        <source>Open a file before exporting its graph.</source>
        <translation>请先打开一个文件，再导出其拓扑图。</translation>
    </message>
    <message>
        <source>Laying out the graph for %1…</source>
        <translation>正在为 %1 布局拓扑图…</translation>
    </message>
    <message>
        <source>Exporting the graph to %1…</source>
        <translation>正在将拓扑图导出到 %1…</translation>
    </message>
</context>
<context>
    <name>numasight::GraphExportJob</name>
    <message>
        <source>no graph to export: open a file first</source>
        <translation>没有可导出的拓扑图：请先打开一个文件</translation>
    </message>
</context>
<context>
    <name>numasight::GraphLayoutJob</name>
    <message>
        <source>The graph could not be laid out.</source>
        <translation>无法对拓扑图进行布局。</translation>
    </message>
    <message>
        <source>Nothing to lay out: no snapshot is loaded.</source>
        <translation>没有可布局的内容：未加载任何快照。</translation>
    </message>
</context>
<context>
    <name>numasight::GraphLegend</name>
    <message>
        <source>NUMA node: its memory, size and free space</source>
        <translation>NUMA 节点：其内存、大小和空闲空间</translation>
    </message>
    <message>
        <source>CPUs of a NUMA node (a range folds many; double-click to expand)</source>
        <translation>NUMA 节点的 CPU（一个范围折叠多个；双击展开）</translation>
    </message>
    <message>
        <source>A core and its hardware threads (CPUs)</source>
        <translation>一个核心及其硬件线程（CPU）</translation>
    </message>
    <message>
        <source>Accelerator (GPU or NPU) on the PCI bus of its NUMA node</source>
        <translation>位于其 NUMA 节点 PCI 总线上的加速卡（GPU 或 NPU）</translation>
    </message>
    <message>
        <source>Network interface on its NUMA node</source>
        <translation>位于其 NUMA 节点上的网络接口</translation>
    </message>
    <message>
        <source>Other PCI devices (bridges, controllers); a count folds many</source>
        <translation>其他 PCI 设备（桥、控制器）；计数表示折叠了多个</translation>
    </message>
    <message>
        <source>Other OS devices (disks, DMA engines)</source>
        <translation>其他操作系统设备（磁盘、DMA 引擎）</translation>
    </message>
    <message>
        <source>Process: name (pid), share of its CPU time on its main node</source>
        <translation>进程：名称（pid），其在主节点上的 CPU 时间占比</translation>
    </message>
    <message>
        <source>Thread: name (tid), share of its CPU time on its main node</source>
        <translation>线程：名称（tid），其在主节点上的 CPU 时间占比</translation>
    </message>
    <message>
        <source>Endpoint of a flow outside the processes shown</source>
        <translation>所示进程之外的数据流端点</translation>
    </message>
    <message>
        <source>A machine (namespace)</source>
        <translation>一台机器（命名空间）</translation>
    </message>
    <message>
        <source>Processor package (socket)</source>
        <translation>处理器封装（插槽）</translation>
    </message>
    <message>
        <source>NUMA node: its memory, CPUs and devices, and the processes running mostly there</source>
        <translation>NUMA 节点：其内存、CPU 和设备，以及主要在其上运行的进程</translation>
    </message>
    <message>
        <source>CPU cache and the cores sharing it</source>
        <translation>CPU 缓存及共享它的核心</translation>
    </message>
    <message>
        <source>Core and its hardware threads (PUs)</source>
        <translation>核心及其硬件线程（PU）</translation>
    </message>
    <message>
        <source>PCI host bridge or bridge and the devices behind it</source>
        <translation>PCI 主桥或桥及其后面的设备</translation>
    </message>
    <message>
        <source>Container and the processes in it</source>
        <translation>容器及其中的进程</translation>
    </message>
    <message>
        <source>Process expanded into its threads</source>
        <translation>展开为线程的进程</translation>
    </message>
    <message>
        <source>Memory-only NUMA node: no CPU of its own (CXL expander, far memory)</source>
        <translation>仅内存的 NUMA 节点：没有自己的 CPU（CXL 扩展器、远端内存）</translation>
    </message>
    <message>
        <source>High-bandwidth memory (HBM, MCDRAM) node</source>
        <translation>高带宽内存（HBM、MCDRAM）节点</translation>
    </message>
    <message>
        <source>CXL-attached memory node</source>
        <translation>CXL 连接的内存节点</translation>
    </message>
    <message>
        <source>GPU memory exposed as a NUMA node (coherent GPU link)</source>
        <translation>作为 NUMA 节点暴露的 GPU 内存（一致性 GPU 互连）</translation>
    </message>
    <message>
        <source>Persistent memory (NVDIMM) node</source>
        <translation>持久内存（NVDIMM）节点</translation>
    </message>
    <message>
        <source>Memory tier %1</source>
        <translation>内存层级 %1</translation>
    </message>
    <message>
        <source>NUMA distance (SLIT, 10 = local)</source>
        <translation>NUMA 距离（SLIT，10 = 本地）</translation>
    </message>
    <message>
        <source>Runs mostly on this node (share of CPU time)</source>
        <translation>主要在此节点上运行（CPU 时间占比）</translation>
    </message>
    <message>
        <source>Also runs on this other node (share of CPU time)</source>
        <translation>也在另一个节点上运行（CPU 时间占比）</translation>
    </message>
    <message>
        <source>Memory on the node where most of the CPU time goes</source>
        <translation>内存位于大部分 CPU 时间所在的节点</translation>
    </message>
    <message>
        <source>Most memory on another node than most of the CPU time</source>
        <translation>大部分内存与大部分 CPU 时间不在同一节点</translation>
    </message>
    <message>
        <source>Some memory on another node</source>
        <translation>部分内存位于另一个节点</translation>
    </message>
    <message>
        <source>Memory on this node (no CPU time known)</source>
        <translation>内存位于此节点（CPU 时间未知）</translation>
    </message>
    <message>
        <source>Uses this device, on the node where it runs</source>
        <translation>使用此设备，且设备位于其运行的节点上</translation>
    </message>
    <message>
        <source>Uses a device on another node than most of its CPU time</source>
        <translation>使用的设备与其大部分 CPU 时间不在同一节点</translation>
    </message>
    <message>
        <source>Uses this device</source>
        <translation>使用此设备</translation>
    </message>
    <message>
        <source>Data sent to a process running on another node</source>
        <translation>发送到运行在另一节点上的进程的数据</translation>
    </message>
    <message>
        <source>Data sent to a process on the same node</source>
        <translation>发送到同一节点上进程的数据</translation>
    </message>
    <message>
        <source>Data sent (socket/IPC), with its volume</source>
        <translation>发送的数据（套接字/IPC）及其数据量</translation>
    </message>
    <message>
        <source>; witty counts a flow from both ends, so volumes may be doubled</source>
        <translation>；witty 从两端统计一个数据流，因此数据量可能被重复计算</translation>
    </message>
    <message>
        <source>Parent process starts child process</source>
        <translation>父进程启动子进程</translation>
    </message>
    <message>
        <source>Memory or device on another node than most of its CPU time</source>
        <translation>内存或设备与其大部分 CPU 时间不在同一节点</translation>
    </message>
    <message>
        <source>Folded: double-click to expand</source>
        <translation>已折叠：双击展开</translation>
    </message>
    <message>
        <source>The box&apos;s other processes, smallest CPU share: double-click to draw them one by one</source>
        <translation>框中的其他进程，CPU 占比最小：双击逐个绘制</translation>
    </message>
    <message>
        <source>Line width grows with CPU share, pages or bytes</source>
        <translation>线宽随 CPU 占比、页数或字节数增大</translation>
    </message>
    <message>
        <source>NUMA distances: the firmware&apos;s table (SLIT) of relative memory latency from the row&apos;s node to the column&apos;s, 10 = local</source>
        <translation>NUMA 距离：固件提供的表（SLIT），表示从行所在节点到列所在节点的相对内存延迟，10 = 本地</translation>
    </message>
</context>
<context>
    <name>numasight::GraphMachine</name>
    <message>
        <source>NUMA node %1</source>
        <translation>NUMA 节点 %1</translation>
    </message>
    <message>
        <source>CPUs %1</source>
        <translation>CPU %1</translation>
    </message>
    <message>
        <source>no CPUs of its own (memory only)</source>
        <translation>没有自己的 CPU（仅内存）</translation>
    </message>
    <message>
        <source>memory %1</source>
        <translation>内存 %1</translation>
    </message>
    <message>
        <source>free %1</source>
        <translation>空闲 %1</translation>
    </message>
    <message>
        <source>tier %1</source>
        <translation>层级 %1</translation>
    </message>
    <message>
        <source>NUMA %1</source>
        <translation>NUMA %1</translation>
    </message>
    <message>
        <source>%1 CPUs of NUMA node %2: %3
%4</source>
        <translation>NUMA 节点 %2 的 %1 个 CPU：%3
%4</translation>
    </message>
    <message>
        <source>%1 cores</source>
        <translation>%1 个核心</translation>
    </message>
    <message>
        <source>core %1 of NUMA node %2
CPUs %3</source>
        <translation>NUMA 节点 %2 的核心 %1
CPU %3</translation>
    </message>
    <message>
        <source>CPU %1</source>
        <translation>CPU %1</translation>
    </message>
    <message>
        <source>CPU %1 of NUMA node %2</source>
        <translation>NUMA 节点 %2 的 CPU %1</translation>
    </message>
    <message>
        <source>vendor %1</source>
        <translation>厂商 %1</translation>
    </message>
    <message>
        <source>CPU affinity %1</source>
        <translation>CPU 亲和性 %1</translation>
    </message>
    <message>
        <source>%1 PCI devices</source>
        <translation>%1 个 PCI 设备</translation>
    </message>
    <message>
        <source>%1 other devices</source>
        <translation>%1 个其他设备</translation>
    </message>
    <message>
        <source>… %1 more</source>
        <translation>… 另有 %1 个</translation>
    </message>
    <message>
        <source>Core %1</source>
        <translation>核心 %1</translation>
    </message>
    <message>
        <source>Package %1</source>
        <translation>封装 %1</translation>
    </message>
</context>
<context>
    <name>numasight::GraphPanel</name>
    <message>
        <source>Show</source>
        <translation>显示</translation>
    </message>
    <message>
        <source>Entity kinds to show in the graph</source>
        <translation>要在拓扑图中显示的实体类型</translation>
    </message>
    <message>
        <source>Machine: packages, NUMA nodes, CPUs and devices
Dataflow: containers, processes, threads and what they use
Combined: processes inside the node where they run</source>
        <translation>机器：封装、NUMA 节点、CPU 和设备
数据流：容器、进程、线程及其使用的资源
组合：进程位于其运行的节点内</translation>
    </message>
    <message>
        <source>Machine</source>
        <translation>机器</translation>
    </message>
    <message>
        <source>Dataflow</source>
        <translation>数据流</translation>
    </message>
    <message>
        <source>Combined</source>
        <translation>组合</translation>
    </message>
    <message>
        <source>Layout: boxes nested and packed from the hierarchy, Graphviz routing the edges. Graphviz&apos;s own engines let boxes overlap, so they are offered for DOT files only (Export ▸ DOT)</source>
        <translation>布局：按层级嵌套并排布框，由 Graphviz 布线。Graphviz 自身的布局引擎会让框重叠，因此只用于 DOT 文件（导出 ▸ DOT）</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Processes drawn per box, the largest first; the others form one “N more” group per box (double-click opens it). 0: all</source>
        <translation>每个框中绘制的进程数，最大的优先；其余的在每个框中组成一个“N more”组（双击打开）。0：全部</translation>
    </message>
    <message>
        <source>Caches</source>
        <translation>缓存</translation>
    </message>
    <message>
        <source>Draw the cores inside their caches, as lstopo does</source>
        <translation>像 lstopo 一样在缓存内绘制核心</translation>
    </message>
    <message>
        <source>≥ </source>
        <translation>≥ </translation>
    </message>
    <message>
        <source>Hide processes and threads with a smaller share of the CPU time</source>
        <translation>隐藏 CPU 时间占比较小的进程和线程</translation>
    </message>
    <message>
        <source>Find pid, tid, name, PCI id, CPU (Enter: next)</source>
        <translation>查找 pid、tid、名称、PCI id、CPU（Enter：下一个）</translation>
    </message>
    <message>
        <source>−</source>
        <translation>−</translation>
    </message>
    <message>
        <source>Zoom out (-)</source>
        <translation>缩小（-）</translation>
    </message>
    <message>
        <source>+</source>
        <translation>+</translation>
    </message>
    <message>
        <source>Zoom in (+)</source>
        <translation>放大（+）</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>适应</translation>
    </message>
    <message>
        <source>Fit the graph (Ctrl+0); 100 % with 0</source>
        <translation>使拓扑图适应窗口（Ctrl+0）；按 0 为 100 %</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Export the graph (Ctrl+E)</source>
        <translation>导出拓扑图（Ctrl+E）</translation>
    </message>
    <message>
        <source>&amp;Graph:</source>
        <translation>拓扑图(&amp;G)：</translation>
    </message>
    <message>
        <source>&amp;Layout:</source>
        <translation>布局(&amp;L)：</translation>
    </message>
    <message>
        <source>CPU &amp;share:</source>
        <translation>CPU 占比(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Per box:</source>
        <translation>每框(&amp;P)：</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop laying out; the graph shown stays</source>
        <translation>停止布局；保留当前显示的拓扑图</translation>
    </message>
    <message>
        <source>Laying out…</source>
        <translation>正在布局…</translation>
    </message>
    <message>
        <source>Layout cancelled; the graph shown is the previous one.</source>
        <translation>布局已取消；显示的是之前的拓扑图。</translation>
    </message>
    <message>
        <source>Layout cancelled: change what to show, or press Fit to try again.</source>
        <translation>布局已取消：请更改显示内容，或按“适应”重试。</translation>
    </message>
    <message>
        <source>The layout failed; the graph shown is the previous one.</source>
        <translation>布局失败；显示的是之前的拓扑图。</translation>
    </message>
    <message>
        <source>No graph: the layout failed (the reason is above).</source>
        <translation>没有拓扑图：布局失败（原因见上方）。</translation>
    </message>
    <message>
        <source>No node matches “%1”; a filter may hide it.</source>
        <translation>没有节点匹配“%1”；它可能被筛选隐藏了。</translation>
    </message>
    <message>
        <source>Opening %1 to show “%2”…</source>
        <translation>正在打开 %1 以显示“%2”…</translation>
    </message>
    <message>
        <source>Match %1 of %2</source>
        <translation>第 %1 个匹配，共 %2 个</translation>
    </message>
    <message>
        <source>Nothing loaded</source>
        <translation>未加载任何内容</translation>
    </message>
    <message>
        <source>%1 nodes · %2 edges · %3 boxes · laid out in %4</source>
        <translation>%1 个节点 · %2 条边 · %3 个框 · 布局用时 %4</translation>
    </message>
    <message numerus="yes">
        <source>%n edge label(s) on hover (no free room beside the edge)</source>
        <translation>
            <numerusform>%n 个边标签在悬停时显示（边旁没有空余位置）</numerusform>
        </translation>
    </message>
    <message>
        <source>Unknown flows</source>
        <translation>未知数据流</translation>
    </message>
    <message>
        <source>Draw the flows whose volume is unknown too (procfs sees which sockets connect, not the bytes); the status line counts them while hidden</source>
        <translation>同时绘制数据量未知的数据流（procfs 只能看到哪些套接字相连，看不到字节数）；隐藏时状态栏会统计它们的数量</translation>
    </message>
    <message>
        <source>&amp;Fit Graph</source>
        <translation>拓扑图适应窗口(&amp;F)</translation>
    </message>
    <message>
        <source>Find pid, tid, name, CPU</source>
        <translation>查找 pid、tid、名称、CPU</translation>
    </message>
    <message>
        <source>Find…</source>
        <translation>查找…</translation>
    </message>
</context>
<context>
    <name>numasight::GraphWorkload</name>
    <message>
        <source>%1 on node %2</source>
        <translation>节点 %2 上 %1</translation>
    </message>
    <message>
        <source>node %1 %2</source>
        <translation>节点 %1 %2</translation>
    </message>
    <message>
        <source>from the recording&apos;s samples</source>
        <translation>来自录制的采样</translation>
    </message>
    <message>
        <source>container %1</source>
        <translation>容器 %1</translation>
    </message>
    <message>
        <source>memory or device on another node than most of its CPU time</source>
        <translation>内存或设备与其大部分 CPU 时间不在同一节点</translation>
    </message>
    <message>
        <source>device on node %1</source>
        <translation>节点 %1 上的设备</translation>
    </message>
    <message>
        <source>endpoint %1 outside the processes shown</source>
        <translation>所示进程之外的端点 %1</translation>
    </message>
    <message>
        <source>volume unknown</source>
        <translation>数据量未知</translation>
    </message>
    <message>
        <source> · %1 conn.</source>
        <translation> · %1 个连接</translation>
    </message>
    <message>
        <source>no container</source>
        <translation>无容器</translation>
    </message>
    <message>
        <source>1 process</source>
        <translation>1 个进程</translation>
    </message>
    <message>
        <source>%1 processes</source>
        <translation>%1 个进程</translation>
    </message>
    <message>
        <source>device on node %1 · </source>
        <translation>节点 %1 上的设备 · </translation>
    </message>
    <message>
        <source>%1 more
%2</source>
        <translation>另有 %1 个
%2</translation>
    </message>
    <message>
        <source>%1 more processes, %2 of all CPU time together: double-click to draw them all</source>
        <translation>另有 %1 个进程，合计占全部 CPU 时间的 %2：双击全部绘制</translation>
    </message>
    <message>
        <source>… %1 more</source>
        <translation>… 另有 %1 个</translation>
    </message>
    <message>
        <source>%1 with memory or a device on another node than most of their CPU time</source>
        <translation>%1 的内存或设备与其大部分 CPU 时间不在同一节点</translation>
    </message>
    <message>
        <source>%1: %2 (%3 of all)</source>
        <translation>%1：%2（占全部的 %3）</translation>
    </message>
</context>
<context>
    <name>numasight::Heatmap</name>
    <message numerus="yes">
        <source>%n more process(es)</source>
        <translation>
            <numerusform>另有 %n 个进程</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>numasight::HeatmapData</name>
    <message>
        <source>Share of on-CPU time per NUMA node</source>
        <translation>各 NUMA 节点上的 CPU 运行时间占比</translation>
    </message>
    <message>
        <source>witty-profiler counts total and dirty anonymous pages only: %1 are unknown for its processes</source>
        <translation>witty-profiler 只统计总页数和脏匿名页：其进程的%1未知</translation>
    </message>
    <message>
        <source>%1 are unknown for some processes</source>
        <translation>部分进程的%1未知</translation>
    </message>
    <message>
        <source>CPU node against memory node</source>
        <translation>CPU 节点对内存节点</translation>
    </message>
    <message>
        <source>processes whose CPU time is only known as shares weigh as one second in the node-to-node matrix</source>
        <translation>CPU 时间只以占比形式给出的进程在节点间矩阵中按一秒计权</translation>
    </message>
    <message>
        <source>one row per witty-profiler round; its CPU figures are cumulative since its collector started</source>
        <translation>每轮 witty-profiler 一行；其 CPU 数据是自其采集器启动以来的累计值</translation>
    </message>
    <message>
        <source>witty-profiler rounds have no interval; this metric needs a recording</source>
        <translation>witty-profiler 的各轮没有时间间隔；此指标需要录制文件</translation>
    </message>
    <message>
        <source>a thread&apos;s memory is its process&apos;s</source>
        <translation>线程的内存即其进程的内存</translation>
    </message>
    <message>
        <source>thread %1</source>
        <translation>线程 %1</translation>
    </message>
    <message>
        <source>process %1</source>
        <translation>进程 %1</translation>
    </message>
    <message>
        <source>%1%2 over time: %3</source>
        <translation>%1%2 随时间变化：%3</translation>
    </message>
    <message>
        <source>procfs samples put each interval&apos;s CPU time on the CPU the thread was last seen on; eBPF samples measure it per CPU</source>
        <translation>procfs 采样将每个间隔的 CPU 时间计入最后一次看到该线程的 CPU；eBPF 采样按 CPU 测量</translation>
    </message>
    <message>
        <source>some CPU time was on CPUs that no NUMA node of the snapshot lists; it is left out of the node columns</source>
        <translation>部分 CPU 时间位于快照中任何 NUMA 节点都未列出的 CPU 上；这部分不计入节点列</translation>
    </message>
    <message>
        <source>witty-profiler&apos;s CPU shares are cumulative since its collector started; its pages are a snapshot</source>
        <translation>witty-profiler 的 CPU 占比是自其采集器启动以来的累计值；其页数是一个快照</translation>
    </message>
    <message>
        <source>snapshot without CPU or memory figures</source>
        <translation>快照中没有 CPU 或内存数据</translation>
    </message>
    <message numerus="yes">
        <source>%n edge(s) with malformed NUMA figures were left out</source>
        <translation>
            <numerusform>已省略 %n 条 NUMA 数据格式错误的边</numerusform>
        </translation>
    </message>
    <message>
        <source>Memory per NUMA node: %1</source>
        <translation>每个 NUMA 节点的内存：%1</translation>
    </message>
</context>
<context>
    <name>numasight::HeatmapExport</name>
    <message>
        <source>CSV is written from the heatmap&apos;s numbers, not its picture</source>
        <translation>CSV 根据热力图的数值写出，而不是其图片</translation>
    </message>
    <message>
        <source>nothing to export: the heatmap has no rows or no nodes</source>
        <translation>没有可导出的内容：热力图没有行或没有节点</translation>
    </message>
    <message>
        <source>a picture of %1×%2 is out of range: use %3 to %4 pixels a side</source>
        <translation>%1×%2 的图片超出范围：每边请使用 %3 到 %4 像素</translation>
    </message>
    <message>
        <source>a PNG scale of %1 is out of range for %2×%3: use 0.125 to 16 and stay under 400 million pixels</source>
        <translation>PNG 缩放比例 %1 对 %2×%3 超出范围：请使用 0.125 到 16，并保持在 4 亿像素以内</translation>
    </message>
    <message>
        <source>not enough memory for the PNG: use a smaller size or scale</source>
        <translation>内存不足，无法生成 PNG：请使用更小的尺寸或缩放比例</translation>
    </message>
    <message>
        <source>numasight heatmap: %1</source>
        <translation>numasight 热力图：%1</translation>
    </message>
    <message>
        <source>cannot start the SVG writer</source>
        <translation>无法启动 SVG 写入器</translation>
    </message>
    <message>
        <source>cannot start the PDF writer</source>
        <translation>无法启动 PDF 写入器</translation>
    </message>
    <message>
        <source>cannot encode the PNG: %1</source>
        <translation>无法编码 PNG：%1</translation>
    </message>
    <message>
        <source>cannot write: %1</source>
        <translation>无法写入：%1</translation>
    </message>
</context>
<context>
    <name>numasight::HeatmapExportFlow</name>
    <message>
        <source>the plot</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Export Plot</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>Open a file before exporting a plot.</source>
        <translation>请先打开一个文件，再导出图表。</translation>
    </message>
    <message>
        <source>%1: name the file .png, .pdf, .svg or .csv</source>
        <translation>%1：请将文件命名为 .png、.pdf、.svg 或 .csv</translation>
    </message>
    <message>
        <source>Building the heatmap for %1…</source>
        <translation>正在为 %1 生成热力图…</translation>
    </message>
    <message>
        <source>Exporting the plot to %1…</source>
        <translation>正在将图表导出到 %1…</translation>
    </message>
    <message>
        <source>PNG — image</source>
        <translation>PNG — 位图</translation>
    </message>
    <message>
        <source>PDF — vector, one page</source>
        <translation>PDF — 矢量图，单页</translation>
    </message>
    <message>
        <source>SVG — vector, searchable text</source>
        <translation>SVG — 矢量图，文字可搜索</translation>
    </message>
    <message>
        <source>CSV — the numbers, every row</source>
        <translation>CSV — 数值，包含每一行</translation>
    </message>
    <message>
        <source>PNG image (*.png);;PDF document (*.pdf);;SVG drawing (*.svg);;Numbers as CSV (*.csv);;All files (*)</source>
        <translation>PNG 图像 (*.png);;PDF 文档 (*.pdf);;SVG 绘图 (*.svg);;数值 CSV (*.csv);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>numasight::HeatmapExportJob</name>
    <message>
        <source>nothing to export: the heatmap has no numbers yet</source>
        <translation>没有可导出的内容：热力图还没有数值</translation>
    </message>
</context>
<context>
    <name>numasight::HeatmapPanelBase</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>numasight::HeatmapPicture</name>
    <message>
        <source>no CPUs of its own</source>
        <translation>没有自己的 CPU</translation>
    </message>
    <message>
        <source>runs mostly on %1</source>
        <translation>主要运行在 %1</translation>
    </message>
    <message>
        <source>, most on %1</source>
        <translation>，大部分在 %1</translation>
    </message>
    <message>
        <source>accelerators: %1</source>
        <translation>加速卡：%1</translation>
    </message>
    <message>
        <source>%1 CPUs</source>
        <translation>%1 个 CPU</translation>
    </message>
    <message>
        <source>share of on-CPU time (%)</source>
        <translation>CPU 运行时间占比（%）</translation>
    </message>
    <message>
        <source>on-CPU time</source>
        <translation>CPU 运行时间</translation>
    </message>
    <message>
        <source>busy CPUs</source>
        <translation>繁忙 CPU</translation>
    </message>
    <message>
        <source>NUMA node</source>
        <translation>NUMA 节点</translation>
    </message>
    <message>
        <source>process / thread</source>
        <translation>进程 / 线程</translation>
    </message>
    <message>
        <source>Where each process runs against where its memory is</source>
        <translation>每个进程的运行位置与其内存位置对比</translation>
    </message>
    <message>
        <source>share of memory (%)</source>
        <translation>内存占比（%）</translation>
    </message>
    <message>
        <source>memory mostly on %1%2</source>
        <translation>内存主要在 %1%2</translation>
    </message>
    <message>
        <source> — away from its CPU time</source>
        <translation> — 远离其 CPU 时间</translation>
    </message>
    <message>
        <source>%1 of CPU time and pages on one node</source>
        <translation>%1 的 CPU 时间和页面在同一节点上</translation>
    </message>
    <message>
        <source>accelerators: %1%2</source>
        <translation>加速卡：%1%2</translation>
    </message>
    <message>
        <source> — none on its CPU node</source>
        <translation> — 其 CPU 节点上没有</translation>
    </message>
    <message>
        <source>main CPU node (%1 of its CPU time)</source>
        <translation>主 CPU 节点（其 %1 的 CPU 时间）</translation>
    </message>
    <message>
        <source>accelerator %1</source>
        <translation>加速卡 %1</translation>
    </message>
    <message>
        <source>CPU node against memory node</source>
        <translation>CPU 节点对内存节点</translation>
    </message>
    <message>
        <source>%1 · share of the workload&apos;s CPU-time-weighted accesses; the diagonal is local</source>
        <translation>%1 · 工作负载按 CPU 时间加权的访问占比；对角线为本地访问</translation>
    </message>
    <message>
        <source>share of accesses (%)</source>
        <translation>访问占比（%）</translation>
    </message>
    <message>
        <source>CPU time on</source>
        <translation>CPU 时间位于</translation>
    </message>
    <message>
        <source>memory on</source>
        <translation>内存位于</translation>
    </message>
    <message>
        <source>CPU time on %1</source>
        <translation>CPU 时间位于 %1</translation>
    </message>
    <message>
        <source> from %1</source>
        <translation> 来自 %1</translation>
    </message>
    <message>
        <source>time unknown</source>
        <translation>时间未知</translation>
    </message>
    <message>
        <source> · interval %1</source>
        <translation> · 间隔 %1</translation>
    </message>
    <message>
        <source>distance (10 = local)</source>
        <translation>距离（10 = 本地）</translation>
    </message>
    <message>
        <source>latency (%1)</source>
        <translation>延迟（%1）</translation>
    </message>
    <message>
        <source>bandwidth (%1)</source>
        <translation>带宽（%1）</translation>
    </message>
    <message>
        <source>from (CPUs of)</source>
        <translation>从（其 CPU）</translation>
    </message>
    <message>
        <source>to (memory of)</source>
        <translation>到（其内存）</translation>
    </message>
    <message>
        <source>nodes ordered so that near ones are adjacent</source>
        <translation>节点已排序，使相近的节点相邻</translation>
    </message>
    <message>
        <source>%1 (away from the main CPU node)</source>
        <translation>%1（远离主 CPU 节点）</translation>
    </message>
    <message>
        <source>%1 (away from the main memory node)</source>
        <translation>%1（远离主内存节点）</translation>
    </message>
    <message>
        <source>%1 · colour: share of the process&apos;s memory · ● main CPU node · ◆ accelerator · ⚠ away</source>
        <translation>%1 · 颜色：占该进程内存的比例 · ● 主 CPU 节点 · ◆ 加速卡 · ⚠ 远离</translation>
    </message>
    <message>
        <source>process</source>
        <translation>进程</translation>
    </message>
</context>
<context>
    <name>numasight::HeatmapRowModel</name>
    <message>
        <source>
Changed in the comparison</source>
        <translation>
在比较中发生了变化</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>PID/TID</source>
        <translation>PID/TID</translation>
    </message>
    <message>
        <source>Remote</source>
        <translation>远程</translation>
    </message>
    <message>
        <source>Process, or thread under its process; click to sort by name</source>
        <translation>进程，或其进程下的线程；单击按名称排序</translation>
    </message>
    <message>
        <source>Process id, or thread id; click to sort by pid, then tid</source>
        <translation>进程 id 或线程 id；单击按 pid、再按 tid 排序</translation>
    </message>
    <message>
        <source>On-CPU time in the window; click to sort by it</source>
        <translation>窗口内的 CPU 运行时间；单击按其排序</translation>
    </message>
    <message>
        <source>Share of the memory away from the node with most of the CPU time</source>
        <translation>远离 CPU 时间最多的节点的内存占比</translation>
    </message>
    <message>
        <source>Share of the CPU time away from the node with most of the memory</source>
        <translation>远离内存最多的节点的 CPU 时间占比</translation>
    </message>
    <message>
        <source>The process&apos;s memory</source>
        <translation>进程的内存</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
</context>
<context>
    <name>numasight::HeatmapTabs</name>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Mismatch</source>
        <translation>错配</translation>
    </message>
    <message>
        <source>Over Time</source>
        <translation>随时间变化</translation>
    </message>
    <message>
        <source>Matrices</source>
        <translation>矩阵</translation>
    </message>
    <message>
        <source>Threads × NUMA nodes: where each thread&apos;s CPU time went (Ctrl+Alt+1)</source>
        <translation>线程 × NUMA 节点：每个线程的 CPU 时间花在了哪里（Ctrl+Alt+1）</translation>
    </message>
    <message>
        <source>Processes × NUMA nodes: where each process&apos;s memory is (Ctrl+Alt+2)</source>
        <translation>进程 × NUMA 节点：每个进程的内存位于哪里（Ctrl+Alt+2）</translation>
    </message>
    <message>
        <source>CPU node against memory node, accelerators marked (Ctrl+Alt+3)</source>
        <translation>CPU 节点对内存节点，并标出加速卡（Ctrl+Alt+3）</translation>
    </message>
    <message>
        <source>The selected thread or process, sample by sample (Ctrl+Alt+4)</source>
        <translation>所选线程或进程，逐个采样（Ctrl+Alt+4）</translation>
    </message>
    <message>
        <source>Distances, latency and bandwidth between NUMA nodes (Ctrl+Alt+5)</source>
        <translation>NUMA 节点之间的距离、延迟和带宽（Ctrl+Alt+5）</translation>
    </message>
    <message>
        <source>The timeline&apos;s sample</source>
        <translation>时间轴上的采样</translation>
    </message>
    <message>
        <source>Every sample of its snapshot</source>
        <translation>其快照的所有采样</translation>
    </message>
    <message>
        <source>The whole recording</source>
        <translation>整个录制</translation>
    </message>
    <message>
        <source>Which samples of a recording the CPU, memory and mismatch heatmaps sum</source>
        <translation>CPU、内存和错配热力图对录制中的哪些采样求和</translation>
    </message>
    <message>
        <source>&amp;Window:</source>
        <translation>窗口(&amp;W)：</translation>
    </message>
</context>
<context>
    <name>numasight::HelpActions</name>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>Every shortcut of the window, searchable</source>
        <translation>窗口的所有快捷键，可搜索</translation>
    </message>
    <message>
        <source>&amp;Documentation</source>
        <translation>文档(&amp;D)</translation>
    </message>
    <message>
        <source>Open the documentation installed with numasight</source>
        <translation>打开随 numasight 安装的文档</translation>
    </message>
    <message>
        <source>&amp;About numasight</source>
        <translation>关于 numasight(&amp;A)</translation>
    </message>
    <message>
        <source>About numasight</source>
        <translation>关于 numasight</translation>
    </message>
    <message>
        <source>The documentation was not found: no README.md in %1.</source>
        <translation>未找到文档：%1 中没有 README.md。</translation>
    </message>
    <message>
        <source> or </source>
        <translation> 或 </translation>
    </message>
    <message>
        <source>No program opens %1 here; the documentation is in %2.</source>
        <translation>此处没有可打开 %1 的程序；文档位于 %2。</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>&lt;h3&gt;numasight %1&lt;/h3&gt;&lt;p&gt;Shows how AI jobs sit on a machine&apos;s NUMA and accelerator topology.&lt;/p&gt;&lt;p&gt;Reads numasight captures, witty-profiler graphs and hwloc topologies.&lt;/p&gt;&lt;p&gt;Running with:&lt;/p&gt;&lt;table&gt;%2&lt;/table&gt;&lt;p&gt;Licensed under the GNU GPL, version 3 or later.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;numasight %1&lt;/h3&gt;&lt;p&gt;展示 AI 作业在机器的 NUMA 和加速卡拓扑上的分布情况。&lt;/p&gt;&lt;p&gt;可读取 numasight 采集文件、witty-profiler 图和 hwloc 拓扑。&lt;/p&gt;&lt;p&gt;运行环境：&lt;/p&gt;&lt;table&gt;%2&lt;/table&gt;&lt;p&gt;依据 GNU GPL 第 3 版或更高版本授权。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>numasight::HostsModel</name>
    <message>
        <source>%1 (namespace %2)</source>
        <translation>%1（命名空间 %2）</translation>
    </message>
    <message>
        <source>–</source>
        <translation>–</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%2 个中的 %1 个</translation>
    </message>
    <message>
        <source>The host name (or the name given to merge)</source>
        <translation>主机名（或合并时给定的名称）</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Critical findings of the advisor</source>
        <translation>顾问的严重发现</translation>
    </message>
    <message>
        <source>Critical</source>
        <translation>严重</translation>
    </message>
    <message>
        <source>All findings of the advisor</source>
        <translation>顾问的全部发现</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>NUMA nodes</source>
        <translation>NUMA 节点</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Processes in the host&apos;s last snapshot</source>
        <translation>主机最后一个快照中的进程</translation>
    </message>
    <message>
        <source>Processes</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>Samples recorded on the host</source>
        <translation>在该主机上记录的样本</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>样本</translation>
    </message>
    <message>
        <source>The advisor&apos;s worst finding</source>
        <translation>顾问最严重的发现</translation>
    </message>
    <message>
        <source>Worst finding</source>
        <translation>最严重的发现</translation>
    </message>
    <message>
        <source>Remote share: CPU time spent away from the memory it works on, weighted by CPU time</source>
        <translation>远程占比：远离其所用内存的 CPU 时间占比，按 CPU 时间加权</translation>
    </message>
    <message>
        <source>Remote</source>
        <translation>远程</translation>
    </message>
    <message>
        <source>Away from accelerator: workers that open an accelerator whose main CPU node is none of their devices&apos; nodes</source>
        <translation>远离加速器：打开加速器、但主要 CPU 节点不在其设备所在节点上的工作进程</translation>
    </message>
    <message>
        <source>Away</source>
        <translation>远离</translation>
    </message>
    <message>
        <source>Accelerators: GPUs and NPUs</source>
        <translation>加速器：GPU 和 NPU</translation>
    </message>
    <message>
        <source>Accel.</source>
        <translation>加速器</translation>
    </message>
</context>
<context>
    <name>numasight::HostsPanel</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Each host&apos;s busiest processes (rows) by NUMA node (columns): the share of their CPU time on each node</source>
        <translation>每台主机最繁忙的进程（行）按 NUMA 节点（列）：其 CPU 时间在各节点上的占比</translation>
    </message>
    <message>
        <source>Advising on every host… %p%</source>
        <translation>正在分析每台主机… %p%</translation>
    </message>
    <message>
        <source>%1 hosts; the other tabs show %2. Click a host to look at it.</source>
        <translation>%1 台主机；其他标签页显示 %2。点击主机即可查看。</translation>
    </message>
</context>
<context>
    <name>numasight::HwlocReader</name>
    <message>
        <source>synthetic topology too large (%1 objects, at most %2 allowed)</source>
        <translation>合成拓扑太大（%1 个对象，最多允许 %2 个）</translation>
    </message>
    <message>
        <source>hwloc could not initialise a topology (out of memory?)</source>
        <translation>hwloc 无法初始化拓扑（内存不足？）</translation>
    </message>
    <message>
        <source>invalid synthetic topology description; expected hwloc&apos;s syntax, e.g. &quot;pack:2 [numa] core:4 pu:2&quot;</source>
        <translation>无效的合成拓扑描述；应使用 hwloc 的语法，例如 &quot;pack:2 [numa] core:4 pu:2&quot;</translation>
    </message>
    <message>
        <source>hwloc could not build this synthetic topology</source>
        <translation>hwloc 无法构建此合成拓扑</translation>
    </message>
    <message>
        <source>hwloc could not read this machine&apos;s topology: %1</source>
        <translation>hwloc 无法读取本机的拓扑：%1</translation>
    </message>
    <message>
        <source>file not found; check the path</source>
        <translation>找不到文件；请检查路径</translation>
    </message>
    <message>
        <source>cannot read the file: %1</source>
        <translation>无法读取文件：%1</translation>
    </message>
    <message>
        <source>not XML: the file starts with &quot;%1&quot;; %2</source>
        <translation>不是 XML：文件以“%1”开头；%2</translation>
    </message>
    <message>
        <source>not an hwloc topology: root element is &lt;%1&gt;, expected &lt;topology&gt;</source>
        <translation>不是 hwloc 拓扑：根元素为 &lt;%1&gt;，应为 &lt;topology&gt;</translation>
    </message>
    <message>
        <source>truncated hwloc XML (the document ends early)</source>
        <translation>hwloc XML 被截断（文档提前结束）</translation>
    </message>
    <message>
        <source>not an hwloc topology: no root element</source>
        <translation>不是 hwloc 拓扑：没有根元素</translation>
    </message>
    <message>
        <source>not well-formed XML</source>
        <translation>XML 格式不正确</translation>
    </message>
    <message>
        <source>hwloc rejected this &lt;topology&gt; document (well-formed XML, but not content hwloc 2.x can import); run `HWLOC_XML_VERBOSE=1 lstopo-no-graphics -i FILE` for hwloc&apos;s reason</source>
        <translation>hwloc 拒绝了此 &lt;topology&gt; 文档（XML 格式正确，但内容不是 hwloc 2.x 可导入的）；运行 `HWLOC_XML_VERBOSE=1 lstopo-no-graphics -i FILE` 查看 hwloc 给出的原因</translation>
    </message>
    <message>
        <source>the file is larger than the 2 GB hwloc reads</source>
        <translation>文件大于 hwloc 能读取的 2 GB</translation>
    </message>
    <message>
        <source>libhwloc crashed (signal %1, %2) importing this XML, so it is not read: the topology is malformed (e.g. an object without complete_cpuset); export it again with `lstopo --of xml`</source>
        <translation>导入此 XML 时 libhwloc 崩溃（信号 %1，%2），因此未读取：拓扑格式有误（例如对象缺少 complete_cpuset）；请用 `lstopo --of xml` 重新导出</translation>
    </message>
    <message>
        <source>could not start a process to import the XML safely: %1</source>
        <translation>无法启动用于安全导入 XML 的进程：%1</translation>
    </message>
    <message>
        <source>&lt;object type=&quot;%1&quot;&gt; has os_index &quot;%2&quot;, above %3, which no kernel numbers; the file is damaged or was edited</source>
        <translation>&lt;object type=&quot;%1&quot;&gt; 的 os_index 为 &quot;%2&quot;，超过 %3，没有内核会这样编号；文件已损坏或被修改过</translation>
    </message>
    <message>
        <source>libhwloc did not finish importing this XML in %1 tries of %2 s, so it is not read: export the topology again with `lstopo --of xml`</source>
        <translation>libhwloc 在 %1 次尝试（每次 %2 秒）内都没有完成导入这个 XML，因此不读取它：请用 `lstopo --of xml` 重新导出拓扑</translation>
    </message>
    <message>
        <source>&lt;object type=&quot;%1&quot;&gt; has no os_index, which hwloc writes for every %2; the file is damaged or was edited</source>
        <translation>&lt;object type=&quot;%1&quot;&gt; 没有 os_index，而 hwloc 会为每个 %2 写出它；文件已损坏或被编辑过</translation>
    </message>
    <message>
        <source>written in hwloc&apos;s XML format %1.x, newer than this build reads (2.x and 3.x); export it with `lstopo --of v2xml`</source>
        <translation>以 hwloc 的 XML 格式 %1.x 写出，比本版本能读取的格式（2.x 与 3.x）更新；请用 `lstopo --of v2xml` 导出</translation>
    </message>
    <message>
        <source>hwloc 3 XML (format 3.x) that could not be turned into format 2.0 for hwloc 2.x: %1; export it with `lstopo --of v2xml`</source>
        <translation>hwloc 3 XML（格式 3.x）无法转换为 hwloc 2.x 所读的格式 2.0：%1；请用 `lstopo --of v2xml` 导出</translation>
    </message>
    <message>
        <source>hwloc 2.x rejected this hwloc 3 document (XML format 3.x) after its conversion to format 2.0; export it with `lstopo --of v2xml`</source>
        <translation>此 hwloc 3 文档（XML 格式 3.x）转换为格式 2.0 后仍被 hwloc 2.x 拒绝；请用 `lstopo --of v2xml` 导出</translation>
    </message>
    <message>
        <source>line %1, column %2: %3</source>
        <translation>第 %1 行，第 %2 列：%3</translation>
    </message>
    <message>
        <source>line %1: &lt;memtier&gt; has an unreadable nodeset &quot;%2&quot;</source>
        <translation>第 %1 行：&lt;memtier&gt; 的 nodeset &quot;%2&quot; 无法读取</translation>
    </message>
    <message>
        <source>line %1: osdev_type &quot;%2&quot; is not a number</source>
        <translation>第 %1 行：osdev_type &quot;%2&quot; 不是数字</translation>
    </message>
</context>
<context>
    <name>numasight::InfoText</name>
    <message>
        <source>Source:</source>
        <translation>来源：</translation>
    </message>
    <message>
        <source>%1 from %2</source>
        <translation>%1，转换自 %2</translation>
    </message>
    <message>
        <source>Host:</source>
        <translation>主机：</translation>
    </message>
    <message>
        <source>Kernel:</source>
        <translation>内核：</translation>
    </message>
    <message>
        <source>Captured:</source>
        <translation>采集时间：</translation>
    </message>
    <message>
        <source>Snapshots:</source>
        <translation>快照：</translation>
    </message>
    <message>
        <source>Samples:</source>
        <translation>采样：</translation>
    </message>
    <message>
        <source>Packages:</source>
        <translation>封装：</translation>
    </message>
    <message>
        <source>Cores:</source>
        <translation>核心：</translation>
    </message>
    <message>
        <source>PUs:</source>
        <translation>PU：</translation>
    </message>
    <message>
        <source>Processes:</source>
        <translation>进程：</translation>
    </message>
    <message>
        <source>Threads:</source>
        <translation>线程：</translation>
    </message>
    <message>
        <source>NUMA nodes:</source>
        <translation>NUMA 节点：</translation>
    </message>
    <message>
        <source>node %1</source>
        <translation>节点 %1</translation>
    </message>
    <message>
        <source>cpus %1</source>
        <translation>CPU %1</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>memory %1</source>
        <translation>内存 %1</translation>
    </message>
    <message>
        <source>tier %1</source>
        <translation>层级 %1</translation>
    </message>
    <message>
        <source>distances</source>
        <translation>距离</translation>
    </message>
    <message>
        <source>Devices:</source>
        <translation>设备：</translation>
    </message>
    <message>
        <source>Entities:</source>
        <translation>实体：</translation>
    </message>
    <message>
        <source>Edges:</source>
        <translation>边：</translation>
    </message>
    <message numerus="yes">
        <source>fleet of %n host(s)</source>
        <translation>
            <numerusform>%n 台主机的机群</numerusform>
        </translation>
    </message>
    <message>
        <source>Hosts (--host NAME looks at one):</source>
        <translation>主机（--host NAME 查看其中一台）：</translation>
    </message>
    <message>
        <source>%1 NUMA nodes, %2 PUs, %3 accelerators, %4 processes, %5 samples</source>
        <translation>%1 个 NUMA 节点，%2 个 PU，%3 个加速器，%4 个进程，%5 个样本</translation>
    </message>
</context>
<context>
    <name>numasight::LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>System Language</source>
        <translation>跟随系统语言</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>The new language is used when numasight is started again.</source>
        <translation>新语言将在下次启动 numasight 时生效。</translation>
    </message>
</context>
<context>
    <name>numasight::LiveApply</name>
    <message>
        <source>pid %1</source>
        <translation>pid %1</translation>
    </message>
    <message>
        <source>uid %1</source>
        <translation>uid %1</translation>
    </message>
    <message>
        <source>not allowed to %1 (owned by user %2): run numasight as that user, as root, or grant %3; nothing was changed</source>
        <translation>不允许%1（属于用户 %2）：请以该用户或 root 身份运行 numasight，或授予 %3；未做任何修改</translation>
    </message>
    <message>
        <source>thread %1</source>
        <translation>线程 %1</translation>
    </message>
    <message>
        <source>thread %1 (%2)</source>
        <translation>线程 %1（%2）</translation>
    </message>
    <message>
        <source>%1 keeps CPUs %2 (%3)</source>
        <translation>%1 保持 CPU %2（%3）</translation>
    </message>
    <message>
        <source>pid %1 (%2): %3 thread(s) to CPUs %4</source>
        <translation>pid %1（%2）：%3 个线程绑定到 CPU %4</translation>
    </message>
    <message>
        <source>%1: CPUs %2 (unchanged)</source>
        <translation>%1：CPU %2（不变）</translation>
    </message>
    <message>
        <source>%1: CPUs %2 → %3</source>
        <translation>%1：CPU %2 → %3</translation>
    </message>
    <message>
        <source>memory: left where it is</source>
        <translation>内存：保持原位</translation>
    </message>
    <message>
        <source>no resident page</source>
        <translation>没有驻留页面</translation>
    </message>
    <message>
        <source>memory: %1 page(s) outside %2 move there (now %3)</source>
        <translation>内存：%2 之外的 %1 个页面迁移到那里（当前为 %3）</translation>
    </message>
    <message>
        <source>not a process id; pick a running process</source>
        <translation>不是进程 id；请选择一个运行中的进程</translation>
    </message>
    <message>
        <source>no CPU given: a thread needs at least one CPU to run on</source>
        <translation>未指定 CPU：线程至少需要一个可运行的 CPU</translation>
    </message>
    <message>
        <source>CPU(s) %1 are not online on this machine (it has CPUs %2); pick CPUs from that list</source>
        <translation>CPU %1 在本机上不在线（本机的 CPU 为 %2）；请从该列表中选择 CPU</translation>
    </message>
    <message>
        <source>this kernel has no NUMA support, so pages cannot be moved; leave the memory nodes out</source>
        <translation>此内核不支持 NUMA，因此无法迁移页面；请不要指定内存节点</translation>
    </message>
    <message>
        <source>NUMA node(s) %1 do not exist or hold no memory on this machine (nodes with memory: %2); pick nodes from that list</source>
        <translation>NUMA 节点 %1 在本机上不存在或没有内存（有内存的节点：%2）；请从该列表中选择节点</translation>
    </message>
    <message>
        <source>cannot read its status (%1): run numasight as its owner or as root</source>
        <translation>无法读取其状态（%1）：请以其所有者或 root 身份运行 numasight</translation>
    </message>
    <message>
        <source>no such process: it exited or never existed; pick a running one</source>
        <translation>没有该进程：它已退出或从未存在；请选择一个运行中的进程</translation>
    </message>
    <message>
        <source>this is a thread of process %1; give the process id %1</source>
        <translation>这是进程 %1 的一个线程；请给出进程 id %1</translation>
    </message>
    <message>
        <source>cannot read the CPU affinity of thread %1: %2</source>
        <translation>无法读取线程 %1 的 CPU 亲和性：%2</translation>
    </message>
    <message>
        <source>cannot list its threads (%1): run numasight as its owner or as root</source>
        <translation>无法列出其线程（%1）：请以其所有者或 root 身份运行 numasight</translation>
    </message>
    <message>
        <source>the process exited; pick a running one</source>
        <translation>进程已退出；请选择一个运行中的进程</translation>
    </message>
    <message>
        <source>cannot read its numa_maps (%1) to see where its pages are: run numasight as its owner or as root, or leave the memory nodes out</source>
        <translation>无法读取其 numa_maps（%1）以查看页面位置：请以其所有者或 root 身份运行 numasight，或不要指定内存节点</translation>
    </message>
    <message>
        <source>the plan is empty: make it with planApply; nothing was changed</source>
        <translation>计划为空：请用 planApply 生成；未做任何修改</translation>
    </message>
    <message>
        <source>change pid %1</source>
        <translation>修改 pid %1</translation>
    </message>
    <message>
        <source>cannot change the CPU affinity of thread %1: %2; nothing was changed</source>
        <translation>无法修改线程 %1 的 CPU 亲和性：%2；未做任何修改</translation>
    </message>
    <message>
        <source>the process exited; nothing was changed</source>
        <translation>进程已退出；未做任何修改</translation>
    </message>
    <message>
        <source>move the pages of pid %1 to %2</source>
        <translation>将 pid %1 的页面迁移到 %2</translation>
    </message>
    <message>
        <source>cannot move its pages to %1: %2; nothing was changed</source>
        <translation>无法将其页面迁移到 %1：%2；未做任何修改</translation>
    </message>
    <message>
        <source>%1 exited before it was changed</source>
        <translation>%1 在修改前已退出</translation>
    </message>
    <message>
        <source>cannot set CPUs %1 on %2: %3</source>
        <translation>无法在 %2 上设置 CPU %1：%3</translation>
    </message>
    <message>
        <source> (the CPUs are outside the cpuset this thread may use)</source>
        <translation>（这些 CPU 不在此线程可用的 cpuset 内）</translation>
    </message>
    <message>
        <source>; the %1 thread(s) already changed were restored, so nothing was changed</source>
        <translation>；已修改的 %1 个线程已恢复，因此未做任何修改</translation>
    </message>
    <message>
        <source>; restoring the threads already changed failed: %1</source>
        <translation>；恢复已修改的线程失败：%1</translation>
    </message>
    <message>
        <source>thread %1 started during Apply and its CPU affinity cannot be read (%2): it was left unchanged</source>
        <translation>线程 %1 在应用期间启动，无法读取其 CPU 亲和性（%2）：保持不变</translation>
    </message>
    <message>
        <source>pid %1 kept creating threads while it was changed; threads created from now on inherit their creator&apos;s CPUs</source>
        <translation>pid %1 在修改期间不断创建线程；此后创建的线程会继承其创建者的 CPU</translation>
    </message>
    <message>
        <source>%1 exited before Apply</source>
        <translation>%1 在应用前已退出</translation>
    </message>
    <message>
        <source>the CPU affinity of %1 thread(s) was changed, but the pages were not moved from %2 to %3: %4; undo restores the affinity</source>
        <translation>%1 个线程的 CPU 亲和性已修改，但页面未能从 %2 迁移到 %3：%4；撤销会恢复亲和性</translation>
    </message>
    <message>
        <source>%1 page(s) could not be moved to %2 (shared with other processes, locked, or the nodes are full)</source>
        <translation>%1 个页面无法迁移到 %2（与其他进程共享、被锁定，或节点已满）</translation>
    </message>
    <message>
        <source>%1: CPUs %2 restored</source>
        <translation>%1：CPU %2 已恢复</translation>
    </message>
    <message>
        <source>%1 exited: nothing to restore</source>
        <translation>%1 已退出：没有可恢复的内容</translation>
    </message>
    <message>
        <source>%1: not allowed (owned by user %2)</source>
        <translation>%1：不允许（属于用户 %2）</translation>
    </message>
    <message>
        <source>could not restore %1 thread(s) (%2); %3 restored. Run numasight as the process&apos;s owner or as root and undo again</source>
        <translation>无法恢复 %1 个线程（%2）；已恢复 %3 个。请以该进程的所有者或 root 身份运行 numasight 并再次撤销</translation>
    </message>
    <message>
        <source>thread %1 (%2) started after Apply: it keeps CPUs %3 (it had no earlier mask to restore)</source>
        <translation>线程 %1（%2）在应用后启动：保持 CPU %3（它没有可恢复的原掩码）</translation>
    </message>
    <message>
        <source>pages were not moved back: the kernel keeps no record of the node each page came from, so they stay on %1</source>
        <translation>页面未迁回：内核不记录每个页面原来所在的节点，因此它们仍留在 %1</translation>
    </message>
    <message>
        <source>nothing to restore: Apply changed no thread</source>
        <translation>没有可恢复的内容：应用没有修改任何线程</translation>
    </message>
    <message>
        <source>the verification period must be above zero</source>
        <translation>验证时长必须大于零</translation>
    </message>
    <message>
        <source>cannot create the folder for the before/after recordings; pick another one</source>
        <translation>无法为修改前后的录制创建文件夹；请选择其他文件夹</translation>
    </message>
    <message>
        <source>the change was applied, but recording after it failed: %1</source>
        <translation>修改已应用，但修改后的录制失败：%1</translation>
    </message>
    <message>
        <source>the change was applied, but its recording cannot be read: %1</source>
        <translation>修改已应用，但无法读取其录制：%1</translation>
    </message>
    <message>
        <source>note: %1</source>
        <translation>注意：%1</translation>
    </message>
    <message>
        <source>%1 is a zombie: it has exited and waits for its parent to collect it, so nothing is left to change</source>
        <translation>%1 是僵尸进程：它已退出，正等待父进程回收，已没有可修改的内容</translation>
    </message>
    <message>
        <source>%1 is init, which every process descends from: the CPUs it is bound to pass to everything it starts; refused (numasight-cli apply --force changes it if that is meant)</source>
        <translation>%1 是 init，所有进程都由它派生：它绑定的 CPU 会传给它启动的一切；已拒绝（如确有此意，numasight-cli apply --force 会修改它）</translation>
    </message>
    <message>
        <source>%1 is a kernel thread: the kernel places its own threads, and one bound away from the CPU it serves stalls that CPU&apos;s work; refused (numasight-cli apply --force changes it if that is meant)</source>
        <translation>%1 是内核线程：内核自行安排其线程，若将它绑离其服务的 CPU，会使该 CPU 的工作停滞；已拒绝（如确有此意，numasight-cli apply --force 会修改它）</translation>
    </message>
    <message>
        <source>thread %1 (%2) has exited (zombie): skipped</source>
        <translation>线程 %1（%2）已退出（僵尸）：已跳过</translation>
    </message>
</context>
<context>
    <name>numasight::LiveIndicator</name>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Pause sampling; Resume continues the same recording (Ctrl+Shift+P)</source>
        <translation>暂停采样；“继续”会接着同一个录制（Ctrl+Shift+P）</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>End the live session; what was captured stays open (Ctrl+Shift+E)</source>
        <translation>结束实时会话；已采集的内容保持打开（Ctrl+Shift+E）</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
</context>
<context>
    <name>numasight::LoadError</name>
    <message>
        <source>: byte %1</source>
        <translation>：字节 %1</translation>
    </message>
    <message>
        <source>: at %1</source>
        <translation>：位于 %1</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
</context>
<context>
    <name>numasight::LoadJob</name>
    <message>
        <source>%1: no data</source>
        <translation>%1：没有数据</translation>
    </message>
</context>
<context>
    <name>numasight::LogPanel</name>
    <message>
        <source>Show or hide what the recorder and the poller said, with the time</source>
        <translation>显示或隐藏录制器和轮询器输出的消息（带时间）</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>Log (%1)</source>
        <translation>日志（%1）</translation>
    </message>
</context>
<context>
    <name>numasight::MachineIdentity</name>
    <message>
        <source>it was made on another machine (machine id %1)</source>
        <translation>它是在另一台机器上生成的（机器 ID %1）</translation>
    </message>
    <message>
        <source>it was made on another machine (%1, machine id %2)</source>
        <translation>它是在另一台机器上生成的（%1，机器 ID %2）</translation>
    </message>
    <message>
        <source>it is of host %1</source>
        <translation>它来自主机 %1</translation>
    </message>
    <message>
        <source>its source (%1) does not say which machine it is of</source>
        <translation>其来源（%1）未说明它来自哪台机器</translation>
    </message>
</context>
<context>
    <name>numasight::Main</name>
    <message>
        <source>Shows how AI jobs sit on a machine&apos;s NUMA and accelerator topology.</source>
        <translation>显示 AI 作业在机器的 NUMA 和加速卡拓扑上的分布。</translation>
    </message>
    <message>
        <source>Record this machine live, with the settings last used in the record dialog (all processes until stopped the first time).</source>
        <translation>使用录制对话框上次使用的设置实时录制本机（首次使用时录制所有进程，直到停止）。</translation>
    </message>
    <message>
        <source>A numasight capture, witty-profiler graph or hwloc XML to open.</source>
        <translation>要打开的 numasight 采集文件、witty-profiler 图或 hwloc XML。</translation>
    </message>
    <message>
        <source>numasight: give one FILE or --attach, not both</source>
        <translation>numasight：请给出一个 FILE 或 --attach，不能同时给出</translation>
    </message>
</context>
<context>
    <name>numasight::MainWindow</name>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Attach to This Machine…</source>
        <translation>附加到本机(&amp;A)…</translation>
    </message>
    <message>
        <source>Record this machine&apos;s threads and memory live</source>
        <translation>实时录制本机的线程和内存</translation>
    </message>
    <message>
        <source>Attach to &amp;witty-profiler Server…</source>
        <translation>附加到 witty-profiler 服务器(&amp;W)…</translation>
    </message>
    <message>
        <source>Poll running witty-profiler servers, one snapshot per round</source>
        <translation>轮询运行中的 witty-profiler 服务器，每轮一个快照</translation>
    </message>
    <message>
        <source>&amp;Pause Recording</source>
        <translation>暂停录制(&amp;P)</translation>
    </message>
    <message>
        <source>S&amp;top Live Session</source>
        <translation>停止实时会话(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Save Recording As…</source>
        <translation>录制另存为(&amp;S)…</translation>
    </message>
    <message>
        <source>Save what is shown as a numasight capture</source>
        <translation>将显示的内容保存为 numasight 采集文件</translation>
    </message>
    <message>
        <source>&amp;Reload</source>
        <translation>重新加载(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Cancel Loading</source>
        <translation>取消加载</translation>
    </message>
    <message>
        <source>&amp;Clear Recent Files</source>
        <translation>清除最近文件(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Heatmap &amp;Views</source>
        <translation>热力图视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详细信息</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>线程</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop loading (Esc)</source>
        <translation>停止加载（Esc）</translation>
    </message>
    <message>
        <source>All supported files (*.numasight *.json *.jsonl *.xml);;numasight captures (*.numasight);;witty-profiler graphs (*.json *.jsonl);;hwloc topologies (*.xml);;All files (*)</source>
        <translation>所有支持的文件 (*.numasight *.json *.jsonl *.xml);;numasight 采集文件 (*.numasight);;witty-profiler 图 (*.json *.jsonl);;hwloc 拓扑 (*.xml);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Save As</source>
        <translation>另存为</translation>
    </message>
    <message>
        <source>numasight captures (*.numasight)</source>
        <translation>numasight 采集文件 (*.numasight)</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>%1 (measured, unsaved) — numasight</source>
        <translation>%1（已测量，未保存）— numasight</translation>
    </message>
    <message>
        <source>%1 — numasight</source>
        <translation>%1 — numasight</translation>
    </message>
    <message>
        <source>&amp;Resume Recording</source>
        <translation>继续录制(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Save As…</source>
        <translation>另存为(&amp;S)…</translation>
    </message>
    <message>
        <source>Nothing loaded</source>
        <translation>未加载任何内容</translation>
    </message>
    <message>
        <source>mode %1</source>
        <translation>模式 %1</translation>
    </message>
    <message>
        <source>%1 entities · %2 edges · %3 NUMA nodes</source>
        <translation>%1 个实体 · %2 条边 · %3 个 NUMA 节点</translation>
    </message>
    <message>
        <source>Topology graph</source>
        <translation>拓扑图</translation>
    </message>
    <message>
        <source>Heatmaps</source>
        <translation>热力图</translation>
    </message>
    <message>
        <source>Entity browser</source>
        <translation>实体浏览器</translation>
    </message>
    <message>
        <source>Advice</source>
        <translation>建议</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <source>&amp;Comparison</source>
        <translation>比较(&amp;C)</translation>
    </message>
</context>
<context>
    <name>numasight::MatrixHeatmap</name>
    <message>
        <source>Latency measured by numasight</source>
        <translation>由 numasight 测量的延迟</translation>
    </message>
    <message>
        <source>Bandwidth measured by numasight</source>
        <translation>由 numasight 测量的带宽</translation>
    </message>
    <message>
        <source>Idle latency measured by Intel MLC</source>
        <translation>由 Intel MLC 测量的空闲延迟</translation>
    </message>
    <message>
        <source>Bandwidth measured by Intel MLC</source>
        <translation>由 Intel MLC 测量的带宽</translation>
    </message>
    <message>
        <source>NUMA distances (%1)</source>
        <translation>NUMA 距离（%1）</translation>
    </message>
    <message>
        <source>%1 (hwloc memory attribute)</source>
        <translation>%1（hwloc 内存属性）</translation>
    </message>
</context>
<context>
    <name>numasight::MatrixPanel</name>
    <message>
        <source>The matrix could not be built.</source>
        <translation>无法生成矩阵。</translation>
    </message>
    <message>
        <source>&amp;Near nodes together</source>
        <translation>相近节点排在一起(&amp;N)</translation>
    </message>
    <message>
        <source>Measure Latency/Bandwidth…</source>
        <translation>测量延迟/带宽…</translation>
    </message>
    <message>
        <source>Measure this machine&apos;s latency and bandwidth between NUMA nodes</source>
        <translation>测量本机 NUMA 节点之间的延迟和带宽</translation>
    </message>
    <message>
        <source>Order the nodes so that near ones are adjacent: sockets and sub-NUMA clusters read as blocks along the diagonal</source>
        <translation>对节点排序使相近的节点相邻：插槽和子 NUMA 集群沿对角线呈块状</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Export this matrix</source>
        <translation>导出此矩阵</translation>
    </message>
    <message>
        <source>M&amp;atrix:</source>
        <translation>矩阵(&amp;A)：</translation>
    </message>
    <message>
        <source>Measuring…</source>
        <translation>正在测量…</translation>
    </message>
    <message>
        <source>The measurement gave no matrix.</source>
        <translation>测量没有得到矩阵。</translation>
    </message>
    <message>
        <source>Measured %1 node pair(s) in %2 s; the matrices are kept with the capture (File ▸ Save As writes them).</source>
        <translation>在 %2 s 内测量了 %1 对节点；矩阵随采集文件保存（文件 ▸ 另存为 会写入它们）。</translation>
    </message>
    <message>
        <source>Measurement cancelled.</source>
        <translation>测量已取消。</translation>
    </message>
    <message>
        <source>%1: no values between NUMA nodes</source>
        <translation>%1：NUMA 节点之间没有数值</translation>
    </message>
    <message>
        <source>&amp;Measure…</source>
        <translation>测量(&amp;M)…</translation>
    </message>
    <message>
        <source>Nothing measured yet. Measure the latency and bandwidth between this machine&apos;s NUMA nodes to fill this tab: it takes about a minute and loads the memory system while it runs.</source>
        <translation>尚未测量。测量本机 NUMA 节点之间的延迟和带宽即可填充此标签页：大约需要一分钟，运行期间会给内存系统施加负载。</translation>
    </message>
    <message>
        <source>This capture has no NUMA distance matrix and no memory attributes (one NUMA node, or a source without them).</source>
        <translation>此采集文件没有 NUMA 距离矩阵，也没有内存属性（只有一个 NUMA 节点，或来源中没有这些信息）。</translation>
    </message>
</context>
<context>
    <name>numasight::Measure</name>
    <message>
        <source>no topology to plan on</source>
        <translation>没有可用于制定计划的拓扑</translation>
    </message>
    <message>
        <source>nothing to measure: ask for latency, bandwidth or both</source>
        <translation>没有可测量的内容：请指定延迟、带宽或两者</translation>
    </message>
    <message>
        <source>repeats must be between 1 and 1000, not %1</source>
        <translation>重复次数必须在 1 到 1000 之间，而不是 %1</translation>
    </message>
    <message>
        <source>the number of bandwidth threads cannot be negative</source>
        <translation>带宽测试线程数不能为负数</translation>
    </message>
    <message>
        <source>the topology has no NUMA node of this machine</source>
        <translation>拓扑中没有本机的 NUMA 节点</translation>
    </message>
    <message>
        <source>no NUMA node of the topology has CPUs</source>
        <translation>拓扑中没有任何 NUMA 节点有 CPU</translation>
    </message>
    <message>
        <source>no NUMA node of the topology has memory</source>
        <translation>拓扑中没有任何 NUMA 节点有内存</translation>
    </message>
    <message>
        <source>node(s) %1 have memory but no CPUs of their own: they are measured as memory only (columns without a row)</source>
        <translation>节点 %1 有内存但没有自己的 CPU：它们仅作为内存测量（有列无行）</translation>
    </message>
    <message>
        <source>node %1 has CPUs but no memory: its row is measured, its column stays empty</source>
        <translation>节点 %1 有 CPU 但没有内存：测量其行，其列留空</translation>
    </message>
    <message>
        <source>as asked</source>
        <translation>按指定值</translation>
    </message>
    <message>
        <source>the %1 buffer is less than 4 × the %2 L%3 cache: part of the latency will be cache hits, not memory</source>
        <translation>%1 缓冲区小于 %2 L%3 缓存的 4 倍：部分延迟将是缓存命中，而非内存访问</translation>
    </message>
    <message>
        <source>%1 × the %2 L%3 cache</source>
        <translation>%2 L%3 缓存的 %1 倍</translation>
    </message>
    <message>
        <source>the %1 minimum (%2 × the %3 L%4 cache is less)</source>
        <translation>最小值 %1（%3 L%4 缓存的 %2 倍更小）</translation>
    </message>
    <message>
        <source>the %1 minimum (the topology lists no cache)</source>
        <translation>最小值 %1（拓扑中没有列出缓存）</translation>
    </message>
    <message>
        <source>a %1 memory-side cache sits in front of the memory: buffers smaller than that measure the cache, not the memory behind it</source>
        <translation>内存前面有 %1 的内存侧缓存：小于该大小的缓冲区测量的是缓存，而不是其后的内存</translation>
    </message>
    <message>
        <source>node %1 has %2 of memory; a %3 buffer would take more than half of it: measure with a smaller --size</source>
        <translation>节点 %1 有 %2 内存；%3 的缓冲区会占用一半以上：请使用更小的 --size 测量</translation>
    </message>
    <message>
        <source>memory-only node %1 is attached to no CPU node: it is measured with --pairs all only</source>
        <translation>仅内存节点 %1 未连接到任何 CPU 节点：只能用 --pairs all 测量</translation>
    </message>
    <message>
        <source>no (CPU node, memory node) pair to measure</source>
        <translation>没有可测量的（CPU 节点，内存节点）对</translation>
    </message>
    <message>
        <source>the buffer is too small for %1 reading threads</source>
        <translation>缓冲区太小，不足以供 %1 个读取线程使用</translation>
    </message>
    <message>
        <source>the plan has nothing to measure</source>
        <translation>计划中没有可测量的内容</translation>
    </message>
    <message>
        <source>the plan measures NUMA node %1, which this process cannot use (not on this machine, or outside its cpuset); plan on this machine&apos;s topology</source>
        <translation>计划测量 NUMA 节点 %1，但此进程无法使用它（不在本机上，或不在其 cpuset 内）；请基于本机的拓扑制定计划</translation>
    </message>
    <message>
        <source>the plan binds to CPU %1, which this process cannot use (not on this machine, or outside its cpuset); plan on this machine&apos;s topology</source>
        <translation>计划绑定到 CPU %1，但此进程无法使用它（不在本机上，或不在其 cpuset 内）；请基于本机的拓扑制定计划</translation>
    </message>
    <message>
        <source>NUMA node %1 has %2 free, not enough for the %3 buffer; measure with a smaller --size (at least a few times the last-level cache) or free memory on that node</source>
        <translation>NUMA 节点 %1 只有 %2 空闲，不足以容纳 %3 的缓冲区；请使用更小的 --size（至少为末级缓存的几倍）测量，或释放该节点上的内存</translation>
    </message>
    <message>
        <source>the kernel put the pages of the buffer bound to node %1 on node(s) %2; the binding did not take (is memory policy disabled for this process?)</source>
        <translation>内核将绑定到节点 %1 的缓冲区页面放在了节点 %2 上；绑定没有生效（此进程的内存策略是否被禁用？）</translation>
    </message>
    <message>
        <source>CPU %1 was shared with other work during the chase to node %2 (it ran %3 of the time); the latency counts only its own time</source>
        <translation>在追踪到节点 %2 期间，CPU %1 与其他工作共享（它只运行了 %3 的时间）；延迟只计其自身的时间</translation>
    </message>
    <message>
        <source>the readers of node %1 from node %2 ran only %3 of the time (other work on their CPUs): the bandwidth is lower than the memory gives</source>
        <translation>从节点 %2 读取节点 %1 的线程只运行了 %3 的时间（其 CPU 上有其他工作）：带宽低于内存实际能提供的</translation>
    </message>
    <message>
        <source>the topology has no snapshot to add the MLC matrices to</source>
        <translation>拓扑中没有可添加 MLC 矩阵的快照</translation>
    </message>
    <message>
        <source>hwloc could not initialise a topology (out of memory?)</source>
        <translation>hwloc 无法初始化拓扑（内存不足？）</translation>
    </message>
    <message>
        <source>hwloc could not read this machine&apos;s topology: %1</source>
        <translation>hwloc 无法读取本机的拓扑：%1</translation>
    </message>
    <message>
        <source>this system does not let a thread bind itself to CPUs</source>
        <translation>此系统不允许线程将自身绑定到 CPU</translation>
    </message>
    <message>
        <source>this system does not bind memory to NUMA nodes (no mbind)</source>
        <translation>此系统不支持将内存绑定到 NUMA 节点（没有 mbind）</translation>
    </message>
    <message>
        <source>NUMA node %1 is not one this process may use (numactl --show lists the allowed nodes)</source>
        <translation>NUMA 节点 %1 不是此进程可使用的节点（numactl --show 列出允许的节点）</translation>
    </message>
    <message>
        <source>cannot reserve %1 of address space for node %2: %3</source>
        <translation>无法为节点 %2 保留 %1 的地址空间：%3</translation>
    </message>
    <message>
        <source>binding memory to NUMA node %1 was refused: %2 (in a container, the cpuset cgroup may not allow that node)</source>
        <translation>将内存绑定到 NUMA 节点 %1 被拒绝：%2（在容器中，cpuset cgroup 可能不允许该节点）</translation>
    </message>
    <message>
        <source>cannot ask the kernel where the pages of node %1&apos;s buffer are: %2</source>
        <translation>无法向内核查询节点 %1 缓冲区的页面位置：%2</translation>
    </message>
    <message>
        <source>CPU %1 is not one this process may use (numactl --show lists the allowed CPUs)</source>
        <translation>CPU %1 不是此进程可使用的 CPU（numactl --show 列出允许的 CPU）</translation>
    </message>
    <message>
        <source>binding a thread to CPU %1 was refused: %2</source>
        <translation>将线程绑定到 CPU %1 被拒绝：%2</translation>
    </message>
    <message>
        <source>bound to CPU %1, the thread still runs on CPU %2</source>
        <translation>已绑定到 CPU %1，但线程仍在 CPU %2 上运行</translation>
    </message>
    <message>
        <source>on-CPU time</source>
        <translation>CPU 运行时间</translation>
    </message>
    <message>
        <source>all pages (numa_maps)</source>
        <translation>所有页（numa_maps）</translation>
    </message>
    <message>
        <source>anon pages (numa_maps)</source>
        <translation>匿名页（numa_maps）</translation>
    </message>
    <message>
        <source>dirty anon pages (witty)</source>
        <translation>脏匿名页（witty）</translation>
    </message>
    <message>
        <source>anon pages, else all (numa_maps)</source>
        <translation>匿名页，否则所有页（numa_maps）</translation>
    </message>
    <message>
        <source>bytes (numa_maps)</source>
        <translation>字节数（numa_maps）</translation>
    </message>
    <message>
        <source>remote share of on-CPU time</source>
        <translation>CPU 运行时间的远程占比</translation>
    </message>
    <message>
        <source>remote share of all pages (numa_maps)</source>
        <translation>所有页的远程占比（numa_maps）</translation>
    </message>
    <message>
        <source>remote share of anon pages (numa_maps)</source>
        <translation>匿名页的远程占比（numa_maps）</translation>
    </message>
    <message>
        <source>remote share of dirty anon pages (witty)</source>
        <translation>脏匿名页的远程占比（witty）</translation>
    </message>
    <message>
        <source>remote share of anon pages, else all (numa_maps)</source>
        <translation>匿名页（否则所有页）的远程占比（numa_maps）</translation>
    </message>
    <message>
        <source>remote share of bytes (numa_maps)</source>
        <translation>字节数的远程占比（numa_maps）</translation>
    </message>
</context>
<context>
    <name>numasight::MemoryBudget</name>
    <message>
        <source>out of memory: opening this %1 MB file needs at least %2 MB and %3 MB is available (%4); close other programs, raise the limit or open the file on a machine with more memory</source>
        <translation>内存不足：打开这个 %1 MB 的文件至少需要 %2 MB，而可用的只有 %3 MB（%4）；请关闭其他程序、提高限制，或在内存更大的机器上打开该文件</translation>
    </message>
</context>
<context>
    <name>numasight::MessageBar</name>
    <message>
        <source>Dismiss</source>
        <translation>关闭提示</translation>
    </message>
</context>
<context>
    <name>numasight::Metrics</name>
    <message>
        <source>&apos;%1&apos; is not a port: give a number from 1 to 65535 (0 picks a free one), as in 127.0.0.1:9464</source>
        <translation>“%1”不是端口：请给出 1 到 65535 之间的数字（0 表示自动选择空闲端口），例如 127.0.0.1:9464</translation>
    </message>
    <message>
        <source>&apos;%1&apos; opens &apos;[&apos; without closing it: write an IPv6 address as [::1]:9464</source>
        <translation>“%1”有“[”但没有闭合：请按 [::1]:9464 的形式写 IPv6 地址</translation>
    </message>
    <message>
        <source>&apos;%1&apos; has no port: write it as [%2]:9464</source>
        <translation>“%1”没有端口：请写成 [%2]:9464</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not an IPv6 address: write one such as [::1]:9464 or [::]:9464</source>
        <translation>“%1”不是 IPv6 地址：请写 [::1]:9464 或 [::]:9464 这样的地址</translation>
    </message>
    <message>
        <source>&apos;%1&apos; looks like an IPv6 address: put it in brackets, as in [::1]:9464</source>
        <translation>“%1”看起来是 IPv6 地址：请放在方括号中，例如 [::1]:9464</translation>
    </message>
    <message>
        <source>&apos;%1&apos; has no port: write ADDRESS:PORT, :PORT or PORT, as in 127.0.0.1:9464</source>
        <translation>“%1”没有端口：请写 ADDRESS:PORT、:PORT 或 PORT，例如 127.0.0.1:9464</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a port: write ADDRESS:PORT, as in 0.0.0.0:9464, or a port alone for the loopback address</source>
        <translation>“%1”不是端口：请写 ADDRESS:PORT（例如 0.0.0.0:9464），或只写端口以监听回环地址</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not an IPv4 address: give one such as 127.0.0.1 or 0.0.0.0 (IPv6 in brackets: [::1]:9464)</source>
        <translation>“%1”不是 IPv4 地址：请给出 127.0.0.1 或 0.0.0.0 这样的地址（IPv6 地址放在方括号中：[::1]:9464）</translation>
    </message>
    <message>
        <source>cannot listen on %1: %2; pick another port, or stop what listens there</source>
        <translation>无法在 %1 上监听：%2；请换一个端口，或停止在该端口监听的程序</translation>
    </message>
</context>
<context>
    <name>numasight::MismatchPanel</name>
    <message>
        <source>The mismatch view could not be built.</source>
        <translation>无法生成错配视图。</translation>
    </message>
    <message>
        <source>Only &amp;mismatched</source>
        <translation>仅显示错配(&amp;M)</translation>
    </message>
    <message>
        <source>Filter by name or pid</source>
        <translation>按名称或 pid 筛选</translation>
    </message>
    <message>
        <source>Show only processes whose memory or accelerators are away from their CPU time</source>
        <translation>只显示内存或加速卡远离其 CPU 时间的进程</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Export the processes&apos; picture or CSV</source>
        <translation>导出进程的图片或 CSV</translation>
    </message>
    <message>
        <source>Export Matrix…</source>
        <translation>导出矩阵…</translation>
    </message>
    <message>
        <source>Export the CPU node × memory node matrix</source>
        <translation>导出 CPU 节点 × 内存节点矩阵</translation>
    </message>
    <message>
        <source>
Changed in the comparison</source>
        <translation>
在比较中发生了变化</translation>
    </message>
    <message>
        <source>Where each process runs against where its memory is</source>
        <translation>每个进程的运行位置与其内存位置对比</translation>
    </message>
    <message>
        <source> · colour: share of the process&apos;s memory · ● main CPU node · ◆ accelerator · ⚠ away</source>
        <translation> · 颜色：进程内存的占比 · ● 主 CPU 节点 · ◆ 加速卡 · ⚠ 远离</translation>
    </message>
    <message>
        <source> · Δ changed in the comparison</source>
        <translation> · Δ 在比较中有变化</translation>
    </message>
</context>
<context>
    <name>numasight::MlcReader</name>
    <message>
        <source>&apos;%1&apos; is not followed by its matrix</source>
        <translation>“%1”后面没有它的矩阵</translation>
    </message>
    <message>
        <source>bandwidth unit &apos;%1&apos; is not MB/sec, the only one mlc prints</source>
        <translation>带宽单位“%1”不是 MB/sec，而 mlc 只输出这一种单位</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not followed by its matrix: the output is truncated</source>
        <translation>“%1”后面没有它的矩阵：输出被截断</translation>
    </message>
    <message>
        <source>no latency or bandwidth matrix found; expected the output of mlc --latency_matrix, mlc --bandwidth_matrix or a plain mlc run</source>
        <translation>找不到延迟或带宽矩阵；应为 mlc --latency_matrix、mlc --bandwidth_matrix 或普通 mlc 运行的输出</translation>
    </message>
    <message>
        <source>a second %1 matrix (the first is at line %2); import one mlc run at a time</source>
        <translation>第二个 %1 矩阵（第一个位于第 %2 行）；请一次导入一次 mlc 运行的输出</translation>
    </message>
    <message>
        <source>&apos;Numa node&apos; at line %1 is not followed by the matrix header: the output is truncated</source>
        <translation>第 %1 行的“Numa node”后面没有矩阵表头：输出被截断</translation>
    </message>
    <message>
        <source>expected a node number in the header, got &apos;%1&apos;</source>
        <translation>表头中应为节点编号，实际为“%1”</translation>
    </message>
    <message>
        <source>node %1 is listed twice</source>
        <translation>节点 %1 出现了两次</translation>
    </message>
    <message>
        <source>the matrix header lists no node: the output is truncated</source>
        <translation>矩阵表头中没有节点：输出被截断</translation>
    </message>
    <message>
        <source>expected the row&apos;s node number, got &apos;%1&apos;</source>
        <translation>应为该行的节点编号，实际为“%1”</translation>
    </message>
    <message>
        <source>a second row for node %1</source>
        <translation>节点 %1 的第二行</translation>
    </message>
    <message>
        <source>node %1&apos;s row has %2 of %3 values: the output is truncated</source>
        <translation>节点 %1 的行只有 %3 个值中的 %2 个：输出被截断</translation>
    </message>
    <message>
        <source>node %1&apos;s row has %2 values, the header %3 nodes</source>
        <translation>节点 %1 的行有 %2 个值，而表头有 %3 个节点</translation>
    </message>
    <message>
        <source>expected a %1 for node %2 → node %3, got &apos;%4&apos;</source>
        <translation>节点 %2 → 节点 %3 应为%1，实际为“%4”</translation>
    </message>
    <message>
        <source>latency in ns</source>
        <translation>以 ns 为单位的延迟</translation>
    </message>
    <message>
        <source>bandwidth in MB/sec</source>
        <translation>以 MB/sec 为单位的带宽</translation>
    </message>
    <message>
        <source>the matrix header at line %1 is not followed by any row: the output is truncated</source>
        <translation>第 %1 行的矩阵表头后面没有任何行：输出被截断</translation>
    </message>
    <message>
        <source>cannot open: %1</source>
        <translation>无法打开：%1</translation>
    </message>
    <message>
        <source>%1 bytes is far more than mlc prints; is this the right file?</source>
        <translation>%1 字节远多于 mlc 的输出量；这是正确的文件吗？</translation>
    </message>
    <message>
        <source>mlc measured NUMA node %1, which the topology does not have (its nodes: %2); give the topology of the machine mlc ran on</source>
        <translation>mlc 测量了 NUMA 节点 %1，但拓扑中没有该节点（其节点：%2）；请给出运行 mlc 的机器的拓扑</translation>
    </message>
    <message>
        <source>expected the header &apos;Numa node 0 1 …&apos; (or &apos;Socket 0 1 …&apos;) of the matrix, got &apos;%1&apos;</source>
        <translation>应为矩阵的表头 &apos;Numa node 0 1 …&apos;（或 &apos;Socket 0 1 …&apos;），实际为 &apos;%1&apos;</translation>
    </message>
</context>
<context>
    <name>numasight::NodeHeatmapPanel</name>
    <message>
        <source>The heatmap could not be built.</source>
        <translation>无法生成热力图。</translation>
    </message>
    <message>
        <source>Remote share</source>
        <translation>远程占比</translation>
    </message>
    <message>
        <source>CPU time</source>
        <translation>CPU 时间</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Memory (this measure)</source>
        <translation>内存（此度量）</translation>
    </message>
    <message>
        <source>Process</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Order of the rows; threads stay under their process</source>
        <translation>行的顺序；线程保持在其进程之下</translation>
    </message>
    <message>
        <source>Largest first</source>
        <translation>从大到小</translation>
    </message>
    <message>
        <source>Filter by name, pid or tid</source>
        <translation>按名称、pid 或 tid 筛选</translation>
    </message>
    <message>
        <source>≥ </source>
        <translation>≥ </translation>
    </message>
    <message>
        <source>Hide processes and threads with a smaller share of all the CPU time</source>
        <translation>隐藏在全部 CPU 时间中占比较小的进程和线程</translation>
    </message>
    <message>
        <source>S&amp;ort:</source>
        <translation>排序(&amp;O)：</translation>
    </message>
    <message>
        <source>Pages</source>
        <translation>页数</translation>
    </message>
    <message>
        <source>Anonymous pages</source>
        <translation>匿名页</translation>
    </message>
    <message>
        <source>Dirty anonymous pages</source>
        <translation>脏匿名页</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>What the cells count: every page (numa_maps), anonymous ones, witty&apos;s dirty anonymous pages, or bytes (pages × their page size)</source>
        <translation>单元格统计的内容：所有页面（numa_maps）、匿名页、witty 的脏匿名页，或字节数（页数 × 页大小）</translation>
    </message>
    <message>
        <source>&amp;Measure:</source>
        <translation>度量(&amp;M)：</translation>
    </message>
    <message>
        <source>CPU s&amp;hare:</source>
        <translation>CPU 占比(&amp;H)：</translation>
    </message>
    <message>
        <source>Unfold</source>
        <translation>展开</translation>
    </message>
    <message>
        <source>Show every process&apos;s threads</source>
        <translation>显示每个进程的线程</translation>
    </message>
    <message>
        <source>Fold</source>
        <translation>折叠</translation>
    </message>
    <message>
        <source>Show processes only</source>
        <translation>只显示进程</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Write this heatmap as PNG, PDF, SVG or its numbers as CSV</source>
        <translation>将此热力图写为 PNG、PDF、SVG，或将其数值写为 CSV</translation>
    </message>
    <message>
        <source>Stop building; the heatmap shown stays</source>
        <translation>停止生成；保留当前显示的热力图</translation>
    </message>
    <message>
        <source>Building the heatmap…</source>
        <translation>正在生成热力图…</translation>
    </message>
    <message>
        <source>Fold or Unfold</source>
        <translation>折叠或展开</translation>
    </message>
    <message>
        <source>↓</source>
        <translation>↓</translation>
    </message>
    <message>
        <source>↑</source>
        <translation>↑</translation>
    </message>
    <message>
        <source>Largest first; click for smallest first</source>
        <translation>从大到小；单击改为从小到大</translation>
    </message>
    <message>
        <source>Smallest first; click for largest first</source>
        <translation>从小到大；单击改为从大到小</translation>
    </message>
    <message>
        <source>Building…</source>
        <translation>正在生成…</translation>
    </message>
    <message>
        <source>Nothing loaded</source>
        <translation>未加载任何内容</translation>
    </message>
    <message>
        <source>%1 of %2 processes · %3 of %4 threads shown</source>
        <translation>显示 %2 个进程中的 %1 个 · %4 个线程中的 %3 个</translation>
    </message>
    <message>
        <source>%1 of %2 processes shown</source>
        <translation>显示 %2 个进程中的 %1 个</translation>
    </message>
    <message>
        <source> · filtered</source>
        <translation> · 已筛选</translation>
    </message>
    <message>
        <source> · updating…</source>
        <translation> · 正在更新…</translation>
    </message>
    <message>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Top %1</source>
        <translation>前 %1 个</translation>
    </message>
    <message>
        <source>The processes shown: the first ones by the sort key, after the filter, with one row summing the rest; or all of them</source>
        <translation>显示的进程：经筛选后按排序键排在最前的若干个，其余的汇总为一行；或全部显示</translation>
    </message>
    <message>
        <source>Ro&amp;ws:</source>
        <translation>行数(&amp;W)：</translation>
    </message>
    <message>
        <source> · %1 summed in the last row</source>
        <translation> · %1 汇总在最后一行</translation>
    </message>
    <message numerus="yes">
        <source> · %n NUMA node(s)</source>
        <translation>
            <numerusform> · %n 个 NUMA 节点</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>numasight::NodeTableModel</name>
    <message>
        <source>Node %1</source>
        <translation>节点 %1</translation>
    </message>
</context>
<context>
    <name>numasight::OpenInput</name>
    <message>
        <source>unrecognised file format</source>
        <translation>无法识别的文件格式</translation>
    </message>
    <message>
        <source>cannot read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>out of memory while reading the stream</source>
        <translation>读取数据流时内存不足</translation>
    </message>
    <message>
        <source>a capture or hwloc XML cannot be read from a pipe or device; save it to a regular file first and open that</source>
        <translation>采集文件或 hwloc XML 不能从管道或设备读取；请先保存为普通文件再打开</translation>
    </message>
</context>
<context>
    <name>numasight::OutputFile</name>
    <message>
        <source>interrupted; nothing was written</source>
        <translation>已中断；未写入任何内容</translation>
    </message>
    <message>
        <source>cannot write: %1</source>
        <translation>无法写入：%1</translation>
    </message>
    <message>
        <source>cannot write: %1; pick a folder you can write to</source>
        <translation>无法写入：%1；请选择一个可写的文件夹</translation>
    </message>
    <message>
        <source>cannot write: %1; check the free space and permissions; the file was left as it was</source>
        <translation>无法写入：%1；请检查剩余空间和权限；文件保持原样</translation>
    </message>
    <message>
        <source>cannot write: %1; check the free space and permissions</source>
        <translation>无法写入：%1；请检查剩余空间和权限</translation>
    </message>
    <message>
        <source>standard output</source>
        <translation>标准输出</translation>
    </message>
</context>
<context>
    <name>numasight::ProcessMemoryModel</name>
    <message>
        <source>Node %1: %2 pages (%3 dirty anonymous, %4 anonymous, %5 file, %6 huge), %7</source>
        <translation>节点 %1：%2 页（%3 脏匿名页，%4 匿名页，%5 文件页，%6 大页），%7</translation>
    </message>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>Comm</source>
        <translation>命令名</translation>
    </message>
    <message>
        <source>Policy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>Pages</source>
        <translation>页数</translation>
    </message>
    <message>
        <source>Dirty anon</source>
        <translation>脏匿名页</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>Pages on node %1: total / dirty anonymous (witty&apos;s count)</source>
        <translation>节点 %1 上的页数：总数 / 脏匿名页（witty 的计数）</translation>
    </message>
    <message>
        <source>Bytes: pages weighted by each mapping&apos;s page size (huge pages count in full)</source>
        <translation>字节：按每个映射的页大小加权的页数（大页按完整大小计）</translation>
    </message>
</context>
<context>
    <name>numasight::RecordDialog</name>
    <message>
        <source>Include their children</source>
        <translation>包含其子进程</translation>
    </message>
    <message>
        <source>Until stopped</source>
        <translation>直到停止</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Record Into</source>
        <translation>录制到</translation>
    </message>
    <message>
        <source>numasight captures (*.numasight)</source>
        <translation>numasight 采集文件 (*.numasight)</translation>
    </message>
    <message>
        <source>Record This Machine</source>
        <translation>录制本机</translation>
    </message>
    <message>
        <source>All processes</source>
        <translation>所有进程</translation>
    </message>
    <message>
        <source>These pids</source>
        <translation>这些 pid</translation>
    </message>
    <message>
        <source>Processes whose name matches</source>
        <translation>名称匹配的进程</translation>
    </message>
    <message>
        <source>1234, 5678</source>
        <translation>1234, 5678</translation>
    </message>
    <message>
        <source>regular expression, e.g. ^(python|vllm)</source>
        <translation>正则表达式，例如 ^(python|vllm)</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Auto (eBPF when it can run)</source>
        <translation>自动（可运行时使用 eBPF）</translation>
    </message>
    <message>
        <source>eBPF</source>
        <translation>eBPF</translation>
    </message>
    <message>
        <source>procfs sampling</source>
        <translation>procfs 采样</translation>
    </message>
    <message>
        <source>Checking whether eBPF can run here…</source>
        <translation>正在检查此处能否运行 eBPF…</translation>
    </message>
    <message>
        <source>&amp;Scope:</source>
        <translation>范围(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Pids:</source>
        <translation>Pid(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Name pattern:</source>
        <translation>名称模式(&amp;N)：</translation>
    </message>
    <message>
        <source>&amp;Interval:</source>
        <translation>间隔(&amp;I)：</translation>
    </message>
    <message>
        <source>&amp;Duration:</source>
        <translation>时长(&amp;D)：</translation>
    </message>
    <message>
        <source>&amp;Mode:</source>
        <translation>模式(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;File:</source>
        <translation>文件(&amp;F)：</translation>
    </message>
    <message>
        <source>&amp;Record</source>
        <translation>录制(&amp;R)</translation>
    </message>
    <message>
        <source>eBPF can run here: CPU time is measured per CPU at every context switch.</source>
        <translation>此处可以运行 eBPF：在每次上下文切换时按 CPU 测量 CPU 时间。</translation>
    </message>
    <message>
        <source>eBPF is unavailable: %1. Auto records with procfs sampling.</source>
        <translation>eBPF 不可用：%1。“自动”将使用 procfs 采样录制。</translation>
    </message>
    <message>
        <source>&amp;Delete Them…</source>
        <translation>删除它们(&amp;D)…</translation>
    </message>
    <message>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <source>No limit</source>
        <translation>无上限</translation>
    </message>
    <message>
        <source>When the file reaches this size the recording pauses and asks whether to keep recording</source>
        <translation>文件达到此大小时录制会暂停，并询问是否继续录制</translation>
    </message>
    <message>
        <source>Size &amp;limit:</source>
        <translation>大小上限(&amp;L)：</translation>
    </message>
    <message>
        <source>Delete Earlier Recordings</source>
        <translation>删除之前的录制文件</translation>
    </message>
    <message numerus="yes">
        <source>%n recording(s) of earlier runs left in %1 (%2).</source>
        <translation>
            <numerusform>%1 中留有之前运行的 %n 个录制文件（%2）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete %n recording(s) left in %1 by earlier runs? Copies saved elsewhere are kept.</source>
        <translation>
            <numerusform>要删除之前运行留在 %1 中的 %n 个录制文件吗？保存在其他位置的副本会保留。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>numasight::Recorder</name>
    <message>
        <source>eBPF cannot be used: %1; or record with --mode procfs</source>
        <translation>无法使用 eBPF：%1；或使用 --mode procfs 录制</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a duration; write it like 500ms, 2s, 1.5s or 1m</source>
        <translation>“%1”不是时长；请写成 500ms、2s、1.5s 或 1m 这样的形式</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is no time at all; give a duration above zero</source>
        <translation>“%1”根本不是时间；请给出大于零的时长</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is longer than a year</source>
        <translation>“%1”超过一年</translation>
    </message>
    <message>
        <source>no output file given; name one such as run.numasight</source>
        <translation>未指定输出文件；请指定一个，例如 run.numasight</translation>
    </message>
    <message>
        <source>the duration and the interval must be above zero</source>
        <translation>时长和间隔都必须大于零</translation>
    </message>
    <message>
        <source>eBPF cannot be used (%1); recording CPU time with procfs sampling</source>
        <translation>无法使用 eBPF（%1）；使用 procfs 采样录制 CPU 时间</translation>
    </message>
    <message>
        <source>eBPF collectors are not available (%1); recording with procfs</source>
        <translation>eBPF 采集器不可用（%1）；使用 procfs 录制</translation>
    </message>
    <message>
        <source>cannot start collecting: %1</source>
        <translation>无法开始采集：%1</translation>
    </message>
    <message>
        <source>eBPF collectors did not start (%1); recording with procfs</source>
        <translation>eBPF 采集器未能启动（%1）；使用 procfs 录制</translation>
    </message>
    <message>
        <source>cannot read this machine&apos;s topology: %1</source>
        <translation>无法读取本机的拓扑：%1</translation>
    </message>
    <message>
        <source>the topology reader returned no snapshot</source>
        <translation>拓扑读取器没有返回快照</translation>
    </message>
    <message>
        <source>pid %1</source>
        <translation>pid %1</translation>
    </message>
    <message>
        <source>no such process (it exited or never existed); nothing was recorded: give the id of a running process</source>
        <translation>没有此进程（已退出或从未存在）；未录制任何内容：请给出一个正在运行的进程号</translation>
    </message>
    <message>
        <source>no such process, or its name does not match --comm; nothing was recorded: give the id of a running process</source>
        <translation>没有此进程，或其名称与 --comm 不符；未录制任何内容：请给出一个正在运行的进程号</translation>
    </message>
</context>
<context>
    <name>numasight::RecorderNotice</name>
    <message>
        <source>reading the /proc files of processes of other users (or that are not dumpable) needs CAP_SYS_PTRACE. Grant it with `%1`, or run numasight as root.</source>
        <translation>读取其他用户的进程（或不可转储的进程）的 /proc 文件需要 CAP_SYS_PTRACE。请用 `%1` 授予该权能，或以 root 身份运行 numasight。</translation>
    </message>
    <message>
        <source>numasight has CAP_SYS_PTRACE, so a security module (AppArmor or SELinux) denies ptrace read access to those processes, or they run in a user namespace its capability does not cover (a container&apos;s root is not the host&apos;s). Yama&apos;s ptrace_scope is not the cause: it limits attaching, not reading /proc.</source>
        <translation>numasight 已具有 CAP_SYS_PTRACE，因此是安全模块（AppArmor 或 SELinux）拒绝了对这些进程的 ptrace 读取访问，或者它们运行在其权能未覆盖的用户命名空间中（容器的 root 不是主机的 root）。原因不在于 Yama 的 ptrace_scope：它限制的是附加，而不是读取 /proc。</translation>
    </message>
    <message>
        <source>numasight runs as root but without CAP_SYS_PTRACE in its effective set (a container or service dropped it; Docker does by default). Without it the kernel lets root read only processes whose permitted capabilities are a subset of its own and that are dumpable: pid 1 and other daemons that keep capabilities numasight lacks are refused. Add it (docker run --cap-add SYS_PTRACE, or AmbientCapabilities=CAP_SYS_PTRACE for a service).</source>
        <translation>numasight 以 root 身份运行，但其有效权能集中没有 CAP_SYS_PTRACE（容器或服务丢弃了它；Docker 默认如此）。没有它，内核只允许 root 读取许可权能是其自身权能子集且可转储的进程：pid 1 以及其他保留了 numasight 所缺权能的守护进程都会被拒绝。请添加它（docker run --cap-add SYS_PTRACE，或为服务设置 AmbientCapabilities=CAP_SYS_PTRACE）。</translation>
    </message>
    <message>
        <source>reading the /proc files of other users&apos; processes (or ones that are not dumpable) needs CAP_SYS_PTRACE, which numasight does not have. Grant it with `%1`, or run numasight as root.</source>
        <translation>读取其他用户的进程（或不可转储的进程）的 /proc 文件需要 CAP_SYS_PTRACE，而 numasight 没有该权能。请用 `%1` 授予它，或以 root 身份运行 numasight。</translation>
    </message>
    <message>
        <source>Cannot read %1 of some processes (the first: pid %2, %3); their rows lack those figures: %4</source>
        <translation>无法读取某些进程的 %1（第一个：pid %2，%3）；它们的行缺少这些数据：%4</translation>
    </message>
    <message>
        <source>eBPF needs CAP_BPF and CAP_PERFMON (CAP_SYS_ADMIN before Linux 5.8), which numasight does not have: grant them with `%1`, or run numasight as root.</source>
        <translation>eBPF 需要 CAP_BPF 和 CAP_PERFMON（Linux 5.8 之前需要 CAP_SYS_ADMIN），而 numasight 没有这些权能：请用 `%1` 授予，或以 root 身份运行 numasight。</translation>
    </message>
    <message>
        <source>numasight has the capabilities eBPF needs; the reason above is the kernel&apos;s.</source>
        <translation>numasight 已具有 eBPF 所需的权能；上述原因来自内核。</translation>
    </message>
</context>
<context>
    <name>numasight::RecordingController</name>
    <message>
        <source>cannot start the recording thread: %1</source>
        <translation>无法启动录制线程：%1</translation>
    </message>
</context>
<context>
    <name>numasight::Report</name>
    <message numerus="yes">
        <source>%n more process(es) summed into the last row</source>
        <translation>
            <numerusform>另有 %n 个进程合计在最后一行</numerusform>
        </translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source> (made from %1)</source>
        <translation>（由 %1 生成）</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>not recorded in the file</source>
        <translation>文件中未记录</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Captured at</source>
        <translation>采集时间</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>Snapshots</source>
        <translation>快照</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>采样</translation>
    </message>
    <message>
        <source>NUMA nodes</source>
        <translation>NUMA 节点</translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>%1 (node %2)</source>
        <translation>%1（节点 %2）</translation>
    </message>
    <message>
        <source>Accelerators</source>
        <translation>加速卡</translation>
    </message>
    <message>
        <source>Processes</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>线程</translation>
    </message>
    <message>
        <source>similarity %1, remote share %2, expected distance %3</source>
        <translation>相似度 %1，远程占比 %2，期望距离 %3</translation>
    </message>
    <message>
        <source>What was captured</source>
        <translation>采集了什么</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>Suggestions</source>
        <translation>建议</translation>
    </message>
    <message>
        <source>Before and after</source>
        <translation>前后对比</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>page %1</source>
        <translation>第 %1 页</translation>
    </message>
    <message>
        <source>No snapshot to advise on.</source>
        <translation>没有可供分析的快照。</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Process</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>Figures</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>%1 more findings: numasight-cli advise --json FILE lists every one.</source>
        <translation>另有 %1 条发现：numasight-cli advise --json FILE 会列出全部。</translation>
    </message>
    <message>
        <source>Nothing to move.</source>
        <translation>无需迁移。</translation>
    </message>
    <message>
        <source>The gains below are predictions from the captured figures, not measurements: apply a suggestion and record again (numasight-cli apply --verify) to measure it.</source>
        <translation>以下收益是根据采集数据做出的预测，而不是测量结果：应用某条建议后再次录制（numasight-cli apply --verify）即可测量。</translation>
    </message>
    <message>
        <source>Move to node(s) %1 (CPUs %2): %3</source>
        <translation>迁移到节点 %1（CPU %2）：%3</translation>
    </message>
    <message>
        <source>Predicted: %1 now; %2 after the move.</source>
        <translation>预测：当前 %1；迁移后 %2。</translation>
    </message>
    <message>
        <source># relaunch</source>
        <translation># 重新启动</translation>
    </message>
    <message>
        <source># move the running process</source>
        <translation># 迁移运行中的进程</translation>
    </message>
    <message>
        <source># its container</source>
        <translation># 其容器</translation>
    </message>
    <message>
        <source># its systemd service</source>
        <translation># 其 systemd 服务</translation>
    </message>
    <message>
        <source>Before: %1. After: %2.</source>
        <translation>之前：%1。之后：%2。</translation>
    </message>
    <message>
        <source>CPU per node before</source>
        <translation>之前各节点 CPU</translation>
    </message>
    <message>
        <source>CPU per node after</source>
        <translation>之后各节点 CPU</translation>
    </message>
    <message>
        <source>Remote share before → after</source>
        <translation>远程占比 之前 → 之后</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>not running</source>
        <translation>未运行</translation>
    </message>
    <message>
        <source>holds no snapshot to report on</source>
        <translation>不含可生成报告的快照</translation>
    </message>
    <message>
        <source>numasight report: %1</source>
        <translation>numasight 报告：%1</translation>
    </message>
    <message>
        <source>Generated %1 by numasight %2</source>
        <translation>由 numasight %2 于 %1 生成</translation>
    </message>
    <message>
        <source>cannot make a temporary folder for the pictures: %1</source>
        <translation>无法为图片创建临时文件夹：%1</translation>
    </message>
    <message>
        <source>The machine</source>
        <translation>机器</translation>
    </message>
    <message>
        <source>Packages, NUMA nodes, CPUs and devices, as hwloc or the source describes them.</source>
        <translation>封装、NUMA 节点、CPU 和设备，按 hwloc 或数据源的描述。</translation>
    </message>
    <message>
        <source>The workload on the machine</source>
        <translation>机器上的工作负载</translation>
    </message>
    <message>
        <source>Processes in the NUMA node where most of their CPU time runs, with their devices and flows.</source>
        <translation>进程位于其大部分 CPU 时间所在的 NUMA 节点中，并显示其设备和数据流。</translation>
    </message>
    <message>
        <source>CPU time per NUMA node</source>
        <translation>各 NUMA 节点的 CPU 时间</translation>
    </message>
    <message>
        <source>Each process&apos;s and thread&apos;s on-CPU time per NUMA node.</source>
        <translation>每个进程和线程在各 NUMA 节点上的 CPU 时间。</translation>
    </message>
    <message>
        <source>Memory per NUMA node</source>
        <translation>各 NUMA 节点的内存</translation>
    </message>
    <message>
        <source>Each process&apos;s pages per NUMA node.</source>
        <translation>每个进程在各 NUMA 节点上的页面。</translation>
    </message>
    <message>
        <source>NUMA distances</source>
        <translation>NUMA 距离</translation>
    </message>
    <message>
        <source>The firmware&apos;s distance table (SLIT, 10 = local).</source>
        <translation>固件的距离表（SLIT，10 = 本地）。</translation>
    </message>
    <message>
        <source>Measured latency</source>
        <translation>实测延迟</translation>
    </message>
    <message>
        <source>Memory latency measured from each node&apos;s CPUs to each node&apos;s memory (ns).</source>
        <translation>从每个节点的 CPU 到每个节点内存实测的内存延迟（ns）。</translation>
    </message>
    <message>
        <source>Measured bandwidth</source>
        <translation>实测带宽</translation>
    </message>
    <message>
        <source>Read bandwidth measured from each node&apos;s CPUs to each node&apos;s memory (GB/s).</source>
        <translation>从每个节点的 CPU 到每个节点内存实测的读带宽（GB/s）。</translation>
    </message>
    <message>
        <source>cannot start the PDF</source>
        <translation>无法开始写 PDF</translation>
    </message>
    <message>
        <source>%1 · page %2 of %3</source>
        <translation>%1 · 第 %2 页，共 %3 页</translation>
    </message>
    <message>
        <source>cannot finish the PDF</source>
        <translation>无法完成 PDF</translation>
    </message>
    <message>
        <source>a report is .html or .pdf; name the file so</source>
        <translation>报告须为 .html 或 .pdf；请如此命名文件</translation>
    </message>
</context>
<context>
    <name>numasight::ReportCommandLine</name>
    <message>
        <source>; run &apos;numasight-cli report --help&apos;</source>
        <translation>；运行 &apos;numasight-cli report --help&apos;</translation>
    </message>
    <message>
        <source>Write a whole report of a capture for people who were not at the desk: what was captured, the machine and combined diagrams, the CPU and memory heatmaps, the node matrices, the findings, and the suggestions with their commands and predicted gain; with --compare, the before/after table. One self-contained HTML file (opens offline, prints one section a page) or a PDF with a table of contents and numbered pages, by OUT&apos;s suffix.</source>
        <translation>为不在现场的人写出采集的完整报告：采集了什么、机器图和组合图、CPU 与内存热力图、节点矩阵、发现，以及带命令和预测收益的建议；使用 --compare 时附上前后对比表。输出为一个自包含的 HTML 文件（可离线打开，打印时每节一页）或带目录和页码的 PDF，由 OUT 的后缀决定。</translation>
    </message>
    <message>
        <source>The report: .html or .pdf.</source>
        <translation>报告：.html 或 .pdf。</translation>
    </message>
    <message>
        <source>A second capture of the same workload (after a change): adds the before/after table.</source>
        <translation>同一工作负载的第二个采集文件（变更之后）：附上前后对比表。</translation>
    </message>
    <message>
        <source>Report on snapshot N (0-based; default: the last, with every sample).</source>
        <translation>为快照 N 生成报告（从 0 开始；默认：最后一个，包含所有采样）。</translation>
    </message>
    <message>
        <source>Input file, or :local:</source>
        <translation>输入文件，或 :local:</translation>
    </message>
    <message>
        <source>usage: numasight-cli report FILE -o OUT.html|OUT.pdf [--compare OTHER]</source>
        <translation>用法：numasight-cli report FILE -o OUT.html|OUT.pdf [--compare OTHER]</translation>
    </message>
    <message>
        <source>%1: a report is written as .html or .pdf; name OUT so</source>
        <translation>%1：报告写为 .html 或 .pdf；请如此命名 OUT</translation>
    </message>
    <message>
        <source>--snapshot takes a number from 0</source>
        <translation>--snapshot 需要从 0 开始的数字</translation>
    </message>
    <message>
        <source>%1 is an input: the report would overwrite it; pick another OUT</source>
        <translation>%1 是输入文件：报告会覆盖它；请另选 OUT</translation>
    </message>
</context>
<context>
    <name>numasight::SaveJob</name>
    <message>
        <source>nothing to save</source>
        <translation>没有可保存的内容</translation>
    </message>
</context>
<context>
    <name>numasight::Session</name>
    <message>
        <source>Loading %1 cancelled</source>
        <translation>已取消加载 %1</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>this machine</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>Starting to record into %1…</source>
        <translation>开始录制到 %1…</translation>
    </message>
    <message>
        <source>No witty-profiler server given.</source>
        <translation>未指定 witty-profiler 服务器。</translation>
    </message>
    <message>
        <source>witty-profiler %1</source>
        <translation>witty-profiler %1</translation>
    </message>
    <message>
        <source>Polling %1…</source>
        <translation>正在轮询 %1…</translation>
    </message>
    <message>
        <source>Recorded %1 sample(s) in %2 mode into %3</source>
        <translation>以 %2 模式录制了 %1 个采样，写入 %3</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>正在启动</translation>
    </message>
    <message>
        <source>Stopping</source>
        <translation>正在停止</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>Recording</source>
        <translation>正在录制</translation>
    </message>
    <message>
        <source>Polling</source>
        <translation>正在轮询</translation>
    </message>
    <message>
        <source>Stop the recording before saving a copy of it.</source>
        <translation>请先停止录制，再保存它的副本。</translation>
    </message>
    <message>
        <source>Saving %1…</source>
        <translation>正在保存 %1…</translation>
    </message>
    <message>
        <source>Sample %1 of %2 · %3</source>
        <translation>采样 %1/%2 · %3</translation>
    </message>
    <message>
        <source>Snapshot %1 of %2</source>
        <translation>快照 %1/%2</translation>
    </message>
    <message>
        <source>Sample %1 of %2 · %3 · interval %4%5 · %6 thread(s), %7 process(es)</source>
        <translation>采样 %1/%2 · %3 · 间隔 %4%5 · %6 个线程，%7 个进程</translation>
    </message>
    <message>
        <source>Open a capture of this machine first.</source>
        <translation>请先打开本机的采集文件。</translation>
    </message>
    <message>
        <source>Apply changes processes on this machine; this is a witty-profiler session of other hosts. Run the commands on the host instead.</source>
        <translation>“应用”会修改本机上的进程；这是其他主机的 witty-profiler 会话。请改为在那台主机上运行这些命令。</translation>
    </message>
    <message>
        <source>Apply changes live processes on this machine; this is a file capture (%1), whose processes may not exist here. Attach to this machine (Ctrl+Shift+A) to apply, or copy the commands.</source>
        <translation>“应用”会修改本机上运行中的进程；这是一个文件采集（%1），其进程可能不在本机上。请附加到本机（Ctrl+Shift+A）后再应用，或复制这些命令。</translation>
    </message>
    <message>
        <source>Paused at the size limit</source>
        <translation>已在大小上限处暂停</translation>
    </message>
    <message>
        <source>Writing %1 into %2</source>
        <translation>正在将 %1 写入 %2</translation>
    </message>
    <message>
        <source>Asks before growing past %1 (Record dialog ▸ Size limit)</source>
        <translation>超过 %1 之前会询问（录制对话框 ▸ 大小上限）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 hosts failing (%2: %3)</source>
        <translation>%1 台主机失败（%2：%3）</translation>
    </message>
    <message>
        <source>%1, retrying in %2</source>
        <translation>%1，%2 后重试</translation>
    </message>
    <message>
        <source>Stop the live session before measuring.</source>
        <translation>请先停止实时会话，再进行测量。</translation>
    </message>
    <message>
        <source>Open a capture first.</source>
        <translation>请先打开一个采集文件。</translation>
    </message>
    <message>
        <source>Measuring runs on this machine and binds to the CPUs and NUMA nodes of the topology shown, but the capture shown is not of this machine: %1. Attach to this machine (Ctrl+Shift+A) or open a recording made here to measure.</source>
        <translation>测量在本机上运行，并绑定到所显示拓扑的 CPU 和 NUMA 节点，但所显示的采集文件不是本机的：%1。请附加到本机（Ctrl+Shift+A）或打开在本机上录制的文件后再测量。</translation>
    </message>
    <message numerus="yes">
        <source>%n sample(s)</source>
        <translation>
            <numerusform>%n 个采样</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n host(s)</source>
        <translation>
            <numerusform>%n 台主机</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n round(s)</source>
        <translation>
            <numerusform>%n 轮</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>numasight::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Search actions, menus or keys</source>
        <translation>搜索操作、菜单或按键</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>快捷键</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>位置</translation>
    </message>
</context>
<context>
    <name>numasight::Snapshot</name>
    <message>
        <source>two NUMA nodes have OS index %1 in namespace &apos;%2&apos; (%3 and %4); each node number must be unique, so the file is damaged or was edited: write it again from its source</source>
        <translation>命名空间 &apos;%2&apos; 中有两个 NUMA 节点的 OS 编号都是 %1（%3 和 %4）；每个节点编号必须唯一，因此文件已损坏或被修改过：请从其来源重新写出</translation>
    </message>
</context>
<context>
    <name>numasight::StartPage</name>
    <message>
        <source>Attach to this machine</source>
        <translation>附加到本机</translation>
    </message>
    <message>
        <source>Attach to witty-profiler server…</source>
        <translation>附加到 witty-profiler 服务器…</translation>
    </message>
    <message>
        <source>Open file…</source>
        <translation>打开文件…</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>Record this machine live: where threads run and where memory lives (Ctrl+Shift+A)</source>
        <translation>实时录制本机：线程在哪里运行、内存在哪里（Ctrl+Shift+A）</translation>
    </message>
    <message>
        <source>Poll running witty-profiler servers, one snapshot per round (Ctrl+Shift+W)</source>
        <translation>轮询运行中的 witty-profiler 服务器，每轮一个快照（Ctrl+Shift+W）</translation>
    </message>
    <message>
        <source>Open a capture, a witty-profiler graph or an hwloc topology (Ctrl+O)</source>
        <translation>打开采集文件、witty-profiler 图或 hwloc 拓扑（Ctrl+O）</translation>
    </message>
    <message>
        <source>&lt;h2&gt;numasight&lt;/h2&gt;How AI jobs sit on the machine&apos;s NUMA and accelerator topology.</source>
        <translation>&lt;h2&gt;numasight&lt;/h2&gt;AI 作业在机器的 NUMA 和加速卡拓扑上的分布。</translation>
    </message>
    <message>
        <source>Formats: numasight captures (*.numasight), witty-profiler graphs (*.json, *.jsonl), hwloc topologies (*.xml). You can also drop a file onto this window.</source>
        <translation>格式：numasight 采集文件（*.numasight）、witty-profiler 图（*.json、*.jsonl）、hwloc 拓扑（*.xml）。也可以将文件拖放到此窗口中。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Recent files&lt;/b&gt;</source>
        <translation>&lt;b&gt;最近的文件&lt;/b&gt;</translation>
    </message>
    <message>
        <source>%1 (missing)</source>
        <translation>%1（缺失）</translation>
    </message>
    <message>
        <source>No recent files</source>
        <translation>没有最近的文件</translation>
    </message>
</context>
<context>
    <name>numasight::SummaryPanel</name>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <source>Format:</source>
        <translation>格式：</translation>
    </message>
    <message>
        <source>Host:</source>
        <translation>主机：</translation>
    </message>
    <message>
        <source>Kernel:</source>
        <translation>内核：</translation>
    </message>
    <message>
        <source>Captured:</source>
        <translation>采集时间：</translation>
    </message>
    <message>
        <source>Snapshot:</source>
        <translation>快照：</translation>
    </message>
    <message>
        <source>Entity type</source>
        <translation>实体类型</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>Edge type</source>
        <translation>边类型</translation>
    </message>
    <message>
        <source>NUMA nodes</source>
        <translation>NUMA 节点</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1/%2</translation>
    </message>
    <message>
        <source>(not recorded)</source>
        <translation>（未录制）</translation>
    </message>
    <message>
        <source>(live recording, not saved yet)</source>
        <translation>（实时录制，尚未保存）</translation>
    </message>
    <message>
        <source>(this machine, read live)</source>
        <translation>（本机，实时读取）</translation>
    </message>
    <message>
        <source> (from %1)</source>
        <translation>（来自 %1）</translation>
    </message>
    <message>
        <source>, mode %1</source>
        <translation>，模式 %1</translation>
    </message>
    <message>
        <source>, written by numasight %1</source>
        <translation>，由 numasight %1 写入</translation>
    </message>
    <message>
        <source>Node (P#)</source>
        <translation>节点（P#）</translation>
    </message>
    <message>
        <source>L#</source>
        <translation>L#</translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Tier</source>
        <translation>层级</translation>
    </message>
    <message>
        <source>SLIT distance to node %1 (10 = local)</source>
        <translation>到节点 %1 的 SLIT 距离（10 = 本地）</translation>
    </message>
    <message numerus="yes">
        <source>%n CPU(s)</source>
        <translation>
            <numerusform>%n 个 CPU</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>numasight::ThreadTableModel</name>
    <message>
        <source>eBPF: on-CPU time measured per CPU at every context switch</source>
        <translation>eBPF：在每次上下文切换时按 CPU 测量 CPU 运行时间</translation>
    </message>
    <message>
        <source>procfs: CPU time from /proc sampling, all of it counted on the last CPU seen</source>
        <translation>procfs：来自 /proc 采样的 CPU 时间，全部计入最后看到的 CPU</translation>
    </message>
    <message>
        <source>Share of this thread&apos;s CPU time in the interval spent on node %1</source>
        <translation>此线程在该间隔内的 CPU 时间中花在节点 %1 上的占比</translation>
    </message>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>TID</source>
        <translation>TID</translation>
    </message>
    <message>
        <source>Comm</source>
        <translation>命令名</translation>
    </message>
    <message>
        <source>CPU ms</source>
        <translation>CPU ms</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Last CPU</source>
        <translation>最后 CPU</translation>
    </message>
    <message>
        <source>Switches/s</source>
        <translation>切换/s</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>On-CPU time in the sample&apos;s interval, in milliseconds</source>
        <translation>采样间隔内的 CPU 运行时间，单位为毫秒</translation>
    </message>
    <message>
        <source>On-CPU time as a share of one CPU over the interval</source>
        <translation>CPU 运行时间占该间隔内一个 CPU 的比例</translation>
    </message>
    <message>
        <source>The CPU the thread was last seen on</source>
        <translation>最后一次看到该线程时所在的 CPU</translation>
    </message>
    <message>
        <source>Context switches per second (voluntary + involuntary) over the interval</source>
        <translation>该间隔内每秒的上下文切换次数（自愿 + 非自愿）</translation>
    </message>
    <message>
        <source>On-CPU time since the thread started, as the capture&apos;s source counted it</source>
        <translation>自线程启动以来的 CPU 运行时间，由采集文件的来源统计</translation>
    </message>
    <message>
        <source>Imported: the figures of the file&apos;s source, not sampled by numasight</source>
        <translation>导入的数据：来自文件的来源，而非由 numasight 采样</translation>
    </message>
</context>
<context>
    <name>numasight::ThreadsPanel</name>
    <message>
        <source>Filter by comm, pid, tid, or cpu:N</source>
        <translation>按命令名、pid、tid 或 cpu:N 筛选</translation>
    </message>
    <message>
        <source>No samples: record this machine (File ▸ Attach to This Machine) or open a recording.</source>
        <translation>没有采样：请录制本机（文件 ▸ 附加到本机）或打开一个录制文件。</translation>
    </message>
    <message>
        <source>Re-sort</source>
        <translation>重新排序</translation>
    </message>
    <message>
        <source>Sort the rows again by the sorted column. While the pointer is over a table or it has the focus, new samples keep its rows in place; leaving it sorts too.</source>
        <translation>按排序列重新排列各行。当指针位于表格上方或表格具有焦点时，新采样会保持其行的位置不变；离开表格时也会重新排序。</translation>
    </message>
    <message>
        <source>No samples and no threads in this capture: record this machine (File ▸ Attach to This Machine) or open a recording.</source>
        <translation>此采集文件中没有采样，也没有线程：请录制本机（文件 ▸ 附加到本机）或打开一个录制文件。</translation>
    </message>
    <message numerus="yes">
        <source>The snapshot&apos;s %n thread(s), %1 with CPU time: the time its source counted per NUMA node since each thread started, not over an interval. Per-process memory needs a recording.</source>
        <translation>
            <numerusform>该快照有 %n 个线程，其中 %1 个有 CPU 时间：这是其来源自每个线程启动以来按 NUMA 节点累计的时间，而非某个时间段内的时间。每进程内存需要录制文件。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>numasight::TimeHeatmapPanel</name>
    <message>
        <source>The heatmap could not be built.</source>
        <translation>无法生成热力图。</translation>
    </message>
    <message>
        <source>Share of CPU time</source>
        <translation>CPU 时间占比</translation>
    </message>
    <message>
        <source>CPU time</source>
        <translation>CPU 时间</translation>
    </message>
    <message>
        <source>Busy CPUs</source>
        <translation>繁忙 CPU</translation>
    </message>
    <message>
        <source>Pages</source>
        <translation>页数</translation>
    </message>
    <message>
        <source>Anonymous pages</source>
        <translation>匿名页</translation>
    </message>
    <message>
        <source>Dirty anonymous pages</source>
        <translation>脏匿名页</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Export this heatmap</source>
        <translation>导出此热力图</translation>
    </message>
    <message>
        <source>M&amp;etric:</source>
        <translation>指标(&amp;E)：</translation>
    </message>
    <message>
        <source>Nothing loaded</source>
        <translation>未加载任何内容</translation>
    </message>
    <message>
        <source>Pick a thread or process — in the browser, the graph or a heatmap — to see where it ran and kept its memory over time.</source>
        <translation>在浏览器、拓扑图或热力图中选择一个线程或进程，查看它随时间在哪里运行、内存在哪里。</translation>
    </message>
    <message>
        <source>Over time needs a recording, or witty-profiler JSON Lines with several rounds; this capture has one moment.</source>
        <translation>“随时间变化”需要录制文件，或包含多轮的 witty-profiler JSON Lines；此采集文件只有一个时刻。</translation>
    </message>
    <message>
        <source>the capture has no snapshot</source>
        <translation>采集文件中没有快照</translation>
    </message>
</context>
<context>
    <name>numasight::TimelineBar</name>
    <message>
        <source>Which sample or snapshot the views show (Left/Right, Home/End)</source>
        <translation>各视图显示的采样或快照（左/右，Home/End）</translation>
    </message>
    <message>
        <source>Latest</source>
        <translation>最新</translation>
    </message>
    <message>
        <source>Show the newest position and follow new ones as they arrive</source>
        <translation>显示最新位置，并在新数据到达时跟随</translation>
    </message>
    <message>
        <source>Timeline:</source>
        <translation>时间轴：</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
</context>
<context>
    <name>numasight::WittyAttachDialog</name>
    <message>
        <source>Attach to witty-profiler Servers</source>
        <translation>附加到 witty-profiler 服务器</translation>
    </message>
    <message>
        <source>One server per line: host, host:port or http://host:port (port 18090 when none is given)</source>
        <translation>每行一个服务器：host、host:port 或 http://host:port（未指定时端口为 18090）</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>&amp;Servers:</source>
        <translation>服务器(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Poll every:</source>
        <translation>轮询间隔(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Timeout:</source>
        <translation>超时(&amp;T)：</translation>
    </message>
    <message>
        <source>&amp;Attach</source>
        <translation>附加(&amp;A)</translation>
    </message>
    <message>
        <source>Give at least one server address.</source>
        <translation>请至少给出一个服务器地址。</translation>
    </message>
</context>
<context>
    <name>numasight::WittyHttpPoller</name>
    <message>
        <source>connection refused: nothing listens on port %1 (is witty-profiler running there?)</source>
        <translation>连接被拒绝：端口 %1 上没有服务在监听（witty-profiler 是否在那里运行？）</translation>
    </message>
    <message>
        <source>host not found: check the name or address</source>
        <translation>找不到主机：请检查名称或地址</translation>
    </message>
    <message>
        <source>the server closed the connection before the end of the answer (Content-Length %1): the graph is truncated</source>
        <translation>服务器在应答结束前关闭了连接（Content-Length %1）：图被截断</translation>
    </message>
    <message>
        <source>the server closed the connection before answering</source>
        <translation>服务器在应答前关闭了连接</translation>
    </message>
    <message>
        <source>empty server address</source>
        <translation>服务器地址为空</translation>
    </message>
    <message>
        <source>not a valid URL (%1)</source>
        <translation>不是有效的 URL（%1）</translation>
    </message>
    <message>
        <source>unsupported scheme &apos;%1&apos;: witty-profiler serves http</source>
        <translation>不支持的协议“%1”：witty-profiler 使用 http</translation>
    </message>
    <message>
        <source>no host in the address</source>
        <translation>地址中没有主机</translation>
    </message>
    <message>
        <source>no complete answer from %1 within %2 (timeout)</source>
        <translation>%2 内未收到 %1 的完整应答（超时）</translation>
    </message>
    <message>
        <source>%1: HTTP %2%3</source>
        <translation>%1：HTTP %2%3</translation>
    </message>
    <message>
        <source>%1: expected one graph, got %2 (JSON Lines are not a /graph answer)</source>
        <translation>%1：应为一个图，实际为 %2 个（JSON Lines 不是 /graph 的应答）</translation>
    </message>
    <message>
        <source>%1: no complete answer before the next round was due (every %2); the request was dropped</source>
        <translation>%1：在下一轮到期前（每 %2）未收到完整应答；已放弃该请求</translation>
    </message>
    <message>
        <source>%1: the answer announces %2 (Content-Length %3), more than the %4 a graph may have; refused (raise --max-body if the graph is that large)</source>
        <translation>%1：应答声明了 %2（Content-Length %3），超过图所允许的 %4；已拒绝（如果图确实这么大，请调高 --max-body）</translation>
    </message>
    <message>
        <source>%1: the answer is still going after %2, the most a graph may have (an endless or oversized body); refused (raise --max-body if the graph is that large)</source>
        <translation>%1：应答在 %2 之后仍未结束，已达图所允许的上限（无尽或过大的正文）；已拒绝（如果图确实这么大，请调高 --max-body）</translation>
    </message>
    <message>
        <source>%1: redirected to %2, on another host (%3, not %4); not followed: give that server&apos;s address to attach if it is the one meant</source>
        <translation>%1：被重定向到另一台主机上的 %2（%3，而不是 %4）；未跟随：如果要连接的是那台服务器，请给出它的地址</translation>
    </message>
    <message>
        <source>%1: redirect loop (%2); the server sends the request round in a circle</source>
        <translation>%1：重定向循环（%2）；服务器让请求兜圈子</translation>
    </message>
    <message>
        <source>%1: more than %2 redirects; not followed further</source>
        <translation>%1：重定向超过 %2 次；不再跟随</translation>
    </message>
    <message>
        <source>%1: the answer is larger than %2, the most a graph may have; refused (raise --max-body if the graph is that large)</source>
        <translation>%1：应答大于 %2，超过图所允许的上限；已拒绝（如果图确实这么大，请调高 --max-body）</translation>
    </message>
    <message>
        <source>round %1 (same figures as round %2)</source>
        <translation>第 %1 轮（数值与第 %2 轮相同）</translation>
    </message>
    <message>
        <source>%1 served exactly the figures of an earlier round in round %2</source>
        <translation>%1 在第 %2 轮提供的数值与之前某一轮完全相同</translation>
    </message>
    <message>
        <source>: the server may be serving stale values, not a timeline</source>
        <translation>：服务器可能在提供过时的数值，而不是时间线</translation>
    </message>
</context>
<context>
    <name>numasight::WittyJsonReader</name>
    <message>
        <source>an edge object</source>
        <translation>边对象</translation>
    </message>
    <message>
        <source>expected a string, got %1</source>
        <translation>应为字符串，实际为 %1</translation>
    </message>
    <message>
        <source>expected a number or null, got %1</source>
        <translation>应为数字或 null，实际为 %1</translation>
    </message>
    <message>
        <source>an array of the edge&apos;s two entities</source>
        <translation>包含边的两个实体的数组</translation>
    </message>
    <message>
        <source>an undirected edge joins exactly two entities, not more</source>
        <translation>无向边恰好连接两个实体，不能更多</translation>
    </message>
    <message>
        <source>an undirected edge joins exactly two entities, got %1</source>
        <translation>无向边恰好连接两个实体，实际为 %1</translation>
    </message>
    <message>
        <source>edge has no &quot;edge_type&quot;</source>
        <translation>边没有 &quot;edge_type&quot;</translation>
    </message>
    <message>
        <source>edge needs &quot;source_node&quot; and &quot;target_node&quot; (or &quot;nodes&quot;: [a, b])</source>
        <translation>边需要 &quot;source_node&quot; 和 &quot;target_node&quot;（或 &quot;nodes&quot;: [a, b]）</translation>
    </message>
    <message>
        <source>expected an object, got %1</source>
        <translation>应为对象，实际为 %1</translation>
    </message>
    <message>
        <source>numa_stats.%1: expected a non-negative integer</source>
        <translation>numa_stats.%1：应为非负整数</translation>
    </message>
    <message>
        <source>mem_info.%1: expected a size like &quot;131507688 kB&quot;</source>
        <translation>mem_info.%1：应为类似 &quot;131507688 kB&quot; 的大小</translation>
    </message>
    <message>
        <source>expected an integer, got %1 %2</source>
        <translation>应为整数，实际为 %1 %2</translation>
    </message>
    <message>
        <source>entity has no &quot;entity_type&quot;: every witty-profiler entity names its type</source>
        <translation>实体没有 &quot;entity_type&quot;：每个 witty-profiler 实体都会注明其类型</translation>
    </message>
    <message>
        <source>an entity object</source>
        <translation>实体对象</translation>
    </message>
    <message>
        <source>expected a ProcessEntity, got %1</source>
        <translation>应为 ProcessEntity，实际为 %1</translation>
    </message>
    <message>
        <source>unexpected end of the JSON text: the file is truncated</source>
        <translation>JSON 文本意外结束：文件被截断</translation>
    </message>
    <message>
        <source>expected a ProcessEntity object, got %1</source>
        <translation>应为 ProcessEntity 对象，实际为 %1</translation>
    </message>
    <message>
        <source>unexpected end of the JSON text: the file is truncated or a bracket is missing</source>
        <translation>JSON 文本意外结束：文件被截断或缺少括号</translation>
    </message>
    <message>
        <source>malformed JSON: expected a value, &apos;,&apos; or a closing bracket here</source>
        <translation>JSON 格式错误：此处应为值、&apos;,&apos; 或右括号</translation>
    </message>
    <message>
        <source>malformed or out-of-range number</source>
        <translation>数字格式错误或超出范围</translation>
    </message>
    <message>
        <source>malformed string (bad escape sequence)</source>
        <translation>字符串格式错误（错误的转义序列）</translation>
    </message>
    <message>
        <source>control character inside a string: escape it as \uXXXX</source>
        <translation>字符串中有控制字符：请将其转义为 \uXXXX</translation>
    </message>
    <message>
        <source>malformed literal (expected true, false or null)</source>
        <translation>字面量格式错误（应为 true、false 或 null）</translation>
    </message>
    <message>
        <source>JSON nested deeper than %1 levels: not a witty-profiler graph</source>
        <translation>JSON 嵌套超过 %1 层：不是 witty-profiler 图</translation>
    </message>
    <message>
        <source>expected %1, got %2</source>
        <translation>应为%1，实际为 %2</translation>
    </message>
    <message>
        <source>malformed JSON value</source>
        <translation>JSON 值格式错误</translation>
    </message>
    <message>
        <source>invalid UTF-8 (byte 0x%1 at offset %2): witty-profiler writes UTF-8; convert the file, e.g. with iconv</source>
        <translation>无效的 UTF-8（偏移 %2 处的字节 0x%1）：witty-profiler 输出 UTF-8；请转换文件，例如使用 iconv</translation>
    </message>
    <message>
        <source>a string is never closed: the file is truncated or a quote is missing</source>
        <translation>字符串没有结束：文件被截断或缺少引号</translation>
    </message>
    <message>
        <source>expected a JSON object with &quot;nodes&quot; and &quot;edges&quot; (a witty-profiler graph), got %1</source>
        <translation>应为包含 &quot;nodes&quot; 和 &quot;edges&quot; 的 JSON 对象（witty-profiler 图），实际为 %1</translation>
    </message>
    <message>
        <source>unexpected text after the end of the graph object (JSON Lines need one graph per line)</source>
        <translation>图对象结束后还有多余文本（JSON Lines 要求每行一个图）</translation>
    </message>
    <message>
        <source>no &quot;nodes&quot; or &quot;edges&quot; array: this JSON is not a witty-profiler graph</source>
        <translation>没有 &quot;nodes&quot; 或 &quot;edges&quot; 数组：此 JSON 不是 witty-profiler 图</translation>
    </message>
    <message>
        <source>no &quot;nodes&quot; or &quot;edges&quot; array in the envelope&apos;s content</source>
        <translation>信封内容中没有 &quot;nodes&quot; 或 &quot;edges&quot; 数组</translation>
    </message>
    <message>
        <source>an array of entities</source>
        <translation>实体数组</translation>
    </message>
    <message>
        <source>an array of edges</source>
        <translation>边数组</translation>
    </message>
    <message>
        <source>the file is empty: expected a witty-profiler graph (a JSON object with &quot;nodes&quot; and &quot;edges&quot;)</source>
        <translation>文件为空：应为 witty-profiler 图（包含 &quot;nodes&quot; 和 &quot;edges&quot; 的 JSON 对象）</translation>
    </message>
    <message>
        <source>not a witty-profiler graph: expected &apos;{&apos; (a JSON object), found &apos;%1&apos;</source>
        <translation>不是 witty-profiler 图：应为 &apos;{&apos;（JSON 对象），实际为“%1”</translation>
    </message>
    <message>
        <source>not a witty-profiler graph: expected &apos;{&apos; (a JSON object), found byte 0x%1</source>
        <translation>不是 witty-profiler 图：应为 &apos;{&apos;（JSON 对象），实际为字节 0x%1</translation>
    </message>
    <message>
        <source>no such file: check the path</source>
        <translation>文件不存在：请检查路径</translation>
    </message>
    <message>
        <source>is a directory, not a witty-profiler JSON file</source>
        <translation>是一个目录，不是 witty-profiler JSON 文件</translation>
    </message>
    <message>
        <source>cannot read the file: permission denied</source>
        <translation>无法读取文件：权限不足</translation>
    </message>
    <message>
        <source>the key &quot;%1&quot; appears twice in one object; each key must appear once</source>
        <translation>键 &quot;%1&quot; 在同一个对象中出现了两次；每个键只能出现一次</translation>
    </message>
    <message>
        <source>%1 is out of range: &quot;%2&quot; must be between %3 and %4</source>
        <translation>%1 超出范围：&quot;%2&quot; 必须在 %3 与 %4 之间</translation>
    </message>
    <message>
        <source>out of memory: reading this %1 MB graph needs more memory than this process may use; close other programs, raise the limit (ulimit -v, the container&apos;s memory limit) or open the file on a machine with more memory</source>
        <translation>内存不足：读取这个 %1 MB 的图所需的内存超过了本进程可用的内存；请关闭其他程序、提高限制（ulimit -v、容器的内存限制），或在内存更大的机器上打开该文件</translation>
    </message>
    <message>
        <source>node %1 is above %2, the largest NUMA node number a machine can have</source>
        <translation>节点 %1 超过了 %2，即机器可能拥有的最大 NUMA 节点编号</translation>
    </message>
    <message>
        <source>CPU %1 is above %2, the largest CPU number a machine can have</source>
        <translation>CPU %1 超过了 %2，即机器可能拥有的最大 CPU 编号</translation>
    </message>
    <message>
        <source>cannot read the file (%1)</source>
        <translation>无法读取该文件（%1）</translation>
    </message>
    <message>
        <source>the file shrank from %1 to %2 bytes while it was read (another program truncated or rewrote it): open it again once that program has finished</source>
        <translation>读取期间文件从 %1 字节缩小到 %2 字节（另一个程序截断或重写了它）：请等该程序写完后重新打开</translation>
    </message>
</context>
<context>
    <name>numasight::WittyMetrics</name>
    <message>
        <source>a boolean</source>
        <translation>布尔值</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>offset %1: %2</source>
        <translation>偏移 %1：%2</translation>
    </message>
    <message>
        <source>expected a JSON object</source>
        <translation>应为 JSON 对象</translation>
    </message>
    <message>
        <source>%1: missing</source>
        <translation>%1：缺失</translation>
    </message>
    <message>
        <source>%1: expected an object, got %2</source>
        <translation>%1：应为对象，实际为 %2</translation>
    </message>
    <message>
        <source>%1: expected an array, got %2</source>
        <translation>%1：应为数组，实际为 %2</translation>
    </message>
    <message>
        <source>%1: expected a number, got %2</source>
        <translation>%1：应为数字，实际为 %2</translation>
    </message>
    <message>
        <source>%1: expected a count &gt;= 0, got %2</source>
        <translation>%1：应为 &gt;= 0 的计数，实际为 %2</translation>
    </message>
    <message>
        <source>%1: the key is not a NUMA node number</source>
        <translation>%1：键不是 NUMA 节点编号</translation>
    </message>
    <message>
        <source>%1: node %2 is outside the %3 nodes of the graph</source>
        <translation>%1：节点 %2 超出了图中的 %3 个节点</translation>
    </message>
    <message>
        <source>%1: %2 CPU shares but %3 page counts; witty writes one of each per node</source>
        <translation>%1：有 %2 个 CPU 占比，但有 %3 个页数；witty 为每个节点各写一个</translation>
    </message>
</context>
<context>
    <name>numasight::Workspace</name>
    <message>
        <source>Entities</source>
        <translation>实体</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>拓扑图</translation>
    </message>
    <message>
        <source>Heatmaps</source>
        <translation>热力图</translation>
    </message>
    <message>
        <source>Advice</source>
        <translation>建议</translation>
    </message>
    <message>
        <source>The entity browser (Ctrl+B)</source>
        <translation>实体浏览器（Ctrl+B）</translation>
    </message>
    <message>
        <source>The topology graph, laid out by Graphviz (Ctrl+G)</source>
        <translation>拓扑图，由 Graphviz 布局（Ctrl+G）</translation>
    </message>
    <message>
        <source>CPU time and memory per NUMA node, mismatches, over time, and the node matrices (Ctrl+H)</source>
        <translation>各 NUMA 节点上的 CPU 时间和内存、错配、随时间变化以及节点矩阵（Ctrl+H）</translation>
    </message>
    <message>
        <source>The advisor&apos;s findings and, per process, what to run to move it (Ctrl+I)</source>
        <translation>分析器的发现，以及每个进程应执行什么命令来迁移它（Ctrl+I）</translation>
    </message>
    <message>
        <source>Cannot compare: %1</source>
        <translation>无法比较：%1</translation>
    </message>
    <message>
        <source>&amp;Entity Browser</source>
        <translation>实体浏览器(&amp;E)</translation>
    </message>
    <message>
        <source>Topology &amp;Graph</source>
        <translation>拓扑图(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Heatmaps</source>
        <translation>热力图(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Advice</source>
        <translation>建议(&amp;A)</translation>
    </message>
    <message>
        <source>What runs away from its memory or accelerator, and what to run to fix it</source>
        <translation>哪些部分远离其内存或加速卡运行，以及如何修复</translation>
    </message>
    <message>
        <source>&amp;CPU Heatmap</source>
        <translation>CPU 热力图(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Memory Heatmap</source>
        <translation>内存热力图(&amp;M)</translation>
    </message>
    <message>
        <source>Mi&amp;smatch</source>
        <translation>错配(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Over Time</source>
        <translation>随时间变化(&amp;O)</translation>
    </message>
    <message>
        <source>M&amp;atrices</source>
        <translation>矩阵(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Previous Sample</source>
        <translation>上一个采样(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Next Sample</source>
        <translation>下一个采样(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;First Sample</source>
        <translation>第一个采样(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Latest Sample</source>
        <translation>最新采样(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Find…</source>
        <translation>查找(&amp;F)…</translation>
    </message>
    <message>
        <source>Compare &amp;With…</source>
        <translation>与…比较(&amp;W)</translation>
    </message>
    <message>
        <source>Compare the capture shown with another one: what moved, process by process</source>
        <translation>将显示的采集文件与另一个比较：逐个进程查看迁移了什么</translation>
    </message>
    <message>
        <source>&amp;Export Graph…</source>
        <translation>导出拓扑图(&amp;E)…</translation>
    </message>
    <message>
        <source>Write the topology graph as SVG, PDF, PNG or Graphviz DOT</source>
        <translation>将拓扑图写为 SVG、PDF、PNG 或 Graphviz DOT</translation>
    </message>
    <message>
        <source>Export &amp;Plot…</source>
        <translation>导出图表(&amp;P)…</translation>
    </message>
    <message>
        <source>Write the heatmap in front as PNG, PDF or SVG, or its numbers as CSV</source>
        <translation>将当前的热力图写为 PNG、PDF 或 SVG，或将其数值写为 CSV</translation>
    </message>
    <message>
        <source>&amp;Measure Latency/Bandwidth…</source>
        <translation>测量延迟/带宽(&amp;M)…</translation>
    </message>
    <message>
        <source>Measure this machine&apos;s latency and bandwidth between NUMA nodes</source>
        <translation>测量本机 NUMA 节点之间的延迟和带宽</translation>
    </message>
    <message>
        <source>this machine</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>this machine (the capture shown must be of it)</source>
        <translation>本机（显示的采集文件必须来自本机）</translation>
    </message>
    <message>
        <source>Applied the suggestion to pid %1</source>
        <translation>已将建议应用到 pid %1</translation>
    </message>
    <message>
        <source>Compare With</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>All supported files (*.numasight *.json *.jsonl *.xml);;numasight captures (*.numasight);;witty-profiler graphs (*.json *.jsonl);;All files (*)</source>
        <translation>所有支持的文件 (*.numasight *.json *.jsonl *.xml);;numasight 采集文件 (*.numasight);;witty-profiler 图 (*.json *.jsonl);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Loading %1 to compare…</source>
        <translation>正在加载 %1 以进行比较…</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>What changed between the capture shown (A) and another (B)</source>
        <translation>显示的采集文件（A）与另一个（B）之间的变化</translation>
    </message>
    <message>
        <source>Close the comparison</source>
        <translation>关闭比较</translation>
    </message>
    <message>
        <source>Show &amp;A</source>
        <translation>显示 A(&amp;A)</translation>
    </message>
    <message>
        <source>The graph and heatmaps show capture A, the one opened</source>
        <translation>拓扑图和热力图显示捕获 A，即打开的那个</translation>
    </message>
    <message>
        <source>Show &amp;B</source>
        <translation>显示 B(&amp;B)</translation>
    </message>
    <message>
        <source>The graph and heatmaps show capture B, the one compared with</source>
        <translation>拓扑图和热力图显示捕获 B，即用来比较的那个</translation>
    </message>
    <message>
        <source>Show &amp;Δ</source>
        <translation>显示 Δ(&amp;D)</translation>
    </message>
    <message>
        <source>Capture A with what changed in B outlined, and B − A per node under the heatmaps</source>
        <translation>捕获 A，并勾出在 B 中发生变化的对象，热力图下方显示每个节点的 B − A</translation>
    </message>
    <message>
        <source>Capture B of the comparison is shown: show A (Ctrl+Alt+A) to measure</source>
        <translation>当前显示的是比较中的捕获 B：请显示 A（Ctrl+Alt+A）后再测量</translation>
    </message>
    <message>
        <source>%1 process(es) and %2 thread(s) changed: outlined in the graph, marked in the heatmaps (Show A, B or Δ: Ctrl+Alt+A, B, D)</source>
        <translation>%1 个进程和 %2 个线程发生了变化：已在拓扑图中勾出轮廓，并在热力图中标记（显示 A、B 或 Δ：Ctrl+Alt+A、B、D）</translation>
    </message>
    <message>
        <source> · A of a comparison with %1</source>
        <translation> · 与 %1 比较中的 A</translation>
    </message>
    <message>
        <source> · showing B: %1</source>
        <translation> · 显示 B：%1</translation>
    </message>
    <message>
        <source> · Δ against %1</source>
        <translation> · 相对 %1 的 Δ</translation>
    </message>
    <message>
        <source>Export &amp;Report…</source>
        <translation>导出报告(&amp;R)…</translation>
    </message>
    <message>
        <source>Write a whole report (diagrams, heatmaps, findings, commands) as HTML or PDF</source>
        <translation>将完整报告（拓扑图、热力图、发现、命令）写为 HTML 或 PDF</translation>
    </message>
    <message>
        <source>Report written to %1 (%2 kB, %3 s)</source>
        <translation>报告已写入 %1（%2 kB，%3 秒）</translation>
    </message>
    <message>
        <source>Report not written: %1</source>
        <translation>报告未写入：%1</translation>
    </message>
    <message>
        <source>Report cancelled: nothing was written</source>
        <translation>报告已取消：未写入任何内容</translation>
    </message>
    <message>
        <source>HTML report (*.html)</source>
        <translation>HTML 报告 (*.html)</translation>
    </message>
    <message>
        <source>PDF report (*.pdf)</source>
        <translation>PDF 报告 (*.pdf)</translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>Open a file before exporting its report.</source>
        <translation>请先打开文件再导出其报告。</translation>
    </message>
    <message>
        <source>Writing the report of %1…</source>
        <translation>正在写 %1 的报告…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Writing the report to %1…</source>
        <translation>正在将报告写入 %1…</translation>
    </message>
    <message>
        <source>H&amp;osts</source>
        <translation>主机(&amp;O)</translation>
    </message>
    <message>
        <source>The hosts of a fleet capture, side by side; pick the one the other tabs show</source>
        <translation>机群采集的各主机并排显示；选择其他标签页要显示的主机</translation>
    </message>
    <message>
        <source>Hosts</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>The hosts of the fleet side by side; a click shows one in every other tab (Ctrl+5)</source>
        <translation>机群各主机并排显示；点击后在其他所有标签页中显示该主机（Ctrl+5）</translation>
    </message>
</context>
</TS>
