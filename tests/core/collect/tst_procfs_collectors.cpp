// SPDX-License-Identifier: GPL-3.0-or-later
// The procfs collectors against a fake proc/sys tree with four NUMA nodes (in the spirit of hwloc's
// HWLOC_FSROOT), and against this process's own entries in the real /proc.
#include "collect/procfs/numa_maps.h"
#include "collect/procfs/procfs_collectors.h"
#include "collect/procfs/workload.h"
#include "util/json_text.h"

#include <QDir>
#include <QFile>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <arpa/inet.h>
#include <atomic>
#include <chrono>
#include <ctime>
#include <netinet/in.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace numasight;

namespace {

constexpr std::int64_t kSecond = 1000000000;

// A proc/ and sys/ tree in a temporary folder.
class FakeRoot
{
public:
    FakeRoot() { QVERIFY(m_dir.isValid()); }
    FsRoot root() const { return FsRoot{m_dir.path()}; }
    QString path(const QString& relative) const { return m_dir.filePath(relative); }

    void write(const QString& relative, const QByteArray& text)
    {
        const QString p = path(relative);
        QDir().mkpath(QFileInfo(p).path());
        QFile f(p);
        QVERIFY2(f.open(QIODevice::WriteOnly | QIODevice::Truncate), qPrintable(p));
        f.write(text);
    }
    void link(const QString& relative, const QString& target)
    {
        const QString p = path(relative);
        QDir().mkpath(QFileInfo(p).path());
        QFile::remove(p);
        QVERIFY(QFile::link(target, p));
    }
    // Root ignores chmod 000, so an unreadable file is simulated by a directory where the file should be:
    // open() succeeds and read() fails with EISDIR, a refusal like EACCES.
    void makeUnreadable(const QString& relative)
    {
        QFile::remove(path(relative));
        QVERIFY(QDir().mkpath(path(relative)));
    }

    void process(int pid, int ppid, const QByteArray& comm, const QByteArray& cmdline = {})
    {
        const QString p = QStringLiteral("proc/%1").arg(pid);
        write(p + "/stat", statLine(pid, comm, ppid, 0, 0, 0));
        write(p + "/status", status(pid, ppid, comm, "0-15", "0-3", 0, 0));
        write(p + "/cmdline", cmdline);
        write(p + "/numa_maps", "");
        write(p + "/cgroup", "0::/user.slice\n");
        QDir().mkpath(path(p + "/fd"));
    }
    void thread(int pid, int tid, const QByteArray& comm, std::uint64_t utime, std::uint64_t stime, int cpu,
                std::optional<std::uint64_t> schedNs, std::uint64_t voluntary, std::uint64_t involuntary,
                const QByteArray& cpus = "0-15")
    {
        const QString t = QStringLiteral("proc/%1/task/%2/").arg(pid).arg(tid);
        write(t + "stat", statLine(tid, comm, pid, utime, stime, cpu));
        write(t + "status", status(tid, pid, comm, cpus, "0-3", voluntary, involuntary, pid));
        if (schedNs)
            write(t + "schedstat", QByteArray::number(qulonglong(*schedNs)) + " 100 7\n");
        else
            QFile::remove(path(t + "schedstat"));
    }

private:
    static QByteArray statLine(int id, const QByteArray& comm, int ppid, std::uint64_t utime,
                               std::uint64_t stime, int cpu)
    {
        return QByteArray::number(id) + " (" + comm + ") S " + QByteArray::number(ppid) +
               " 1 1 0 -1 4194304 101 0 0 0 " + QByteArray::number(qulonglong(utime)) + ' ' +
               QByteArray::number(qulonglong(stime)) +
               " 0 0 20 0 1 0 5000 3133440 394 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 " +
               QByteArray::number(cpu) + " 0 0 0 0 0 1 1 1 1 1 1 1 0\n";
    }
    static QByteArray status(int pid, int ppid, const QByteArray& comm, const QByteArray& cpus,
                             const QByteArray& mems, std::uint64_t vol, std::uint64_t invol, int tgid = -1)
    {
        return "Name:\t" + comm + "\nState:\tS (sleeping)\nTgid:\t" +
               QByteArray::number(tgid < 0 ? pid : tgid) + "\nPid:\t" + QByteArray::number(pid) +
               "\nPPid:\t" + QByteArray::number(ppid) + "\nCpus_allowed_list:\t" + cpus +
               "\nMems_allowed_list:\t" + mems + "\nvoluntary_ctxt_switches:\t" +
               QByteArray::number(qulonglong(vol)) + "\nnonvoluntary_ctxt_switches:\t" +
               QByteArray::number(qulonglong(invol)) + "\n";
    }

    QTemporaryDir m_dir;
};

const QByteArray kContainer = "3f4e5d6c7b8a99887766554433221100ffeeddccbbaa99887766554433221100";

// Four nodes of four CPUs; launcher 100 -> worker 200 (threads 200, 201) -> helper 400; server 300; 500 has
// an unreadable numa_maps and thread stat.
void buildMachine(FakeRoot& f)
{
    for (int n = 0; n < 4; ++n) {
        const QString dir = QStringLiteral("sys/devices/system/node/node%1/").arg(n);
        f.write(dir + "cpulist", QByteArray::number(n * 4) + '-' + QByteArray::number(n * 4 + 3) + '\n');
        f.write(dir + "meminfo", QByteArray("Node ") + QByteArray::number(n) +
                                     " MemTotal:  " + QByteArray::number(16777216 * (n + 1)) + " kB\nNode " +
                                     QByteArray::number(n) +
                                     " MemFree:   " + QByteArray::number(1000 * (n + 1)) + " kB\n");
        f.write(dir + "numastat", "numa_hit " + QByteArray::number(100 + n) + "\nnuma_miss " +
                                      QByteArray::number(n) +
                                      "\nnuma_foreign 0\ninterleave_hit 0\nlocal_node 9\nother_node 1\n");
    }
    f.write("sys/devices/system/node/possible", "0-3\n"); // a file beside the node folders: not a node
    f.write("proc/vmstat", "nr_free_pages 5\nnuma_hit 410\nnuma_miss 6\nnuma_pages_migrated 3\npgfault 1\n");
    f.write("proc/sys/kernel/numa_balancing", "1\n");

    f.write("proc/stat", "cpu 1 2 3\n"); // not a pid folder
    f.process(100, 1, "launcher", QByteArray("bash\0run.sh\0", 12));
    f.thread(100, 100, "launcher", 1, 1, 0, 1000, 0, 0);

    f.process(200, 100, "worker", QByteArray("python3\0-m\0worker\0", 19));
    f.write("proc/200/status",
            "Name:\tworker\nTgid:\t200\nPid:\t200\nPPid:\t100\nCpus_allowed_list:\t4-7\n"
            "Mems_allowed_list:\t1\nvoluntary_ctxt_switches:\t9\nnonvoluntary_ctxt_switches:\t1\n");
    f.thread(200, 200, "worker", 0, 0, 5, 1 * kSecond, 100, 10, "4-7");
    f.thread(200, 201, "worker io", 100, 100, 9, std::nullopt, 50, 5, "8-11");
    f.write("proc/200/numa_maps",
            "7f0000000000 bind:1 anon=10 dirty=4 N0=2 N1=6 N2=1 N3=1 kernelpagesize_kB=4\n"
            "7f0001000000 bind:1 file=/usr/lib/libtorch.so mapped=55 N0=50 N3=5 kernelpagesize_kB=4\n"
            "7f0002000000 default anon=3 N1=3 kernelpagesize_kB=4\n"
            "7f2a00000000 bind:1 file=/anon_hugepage\\040(deleted) huge anon=1 dirty=1 N1=1 "
            "kernelpagesize_kB=2048\n");
    f.write("proc/200/cgroup", "0::/system.slice/docker-" + kContainer + ".scope\n");
    f.write("proc/200/sched",
            "worker (200, #threads: 2)\nnuma_pages_migrated  :  12\nnuma_preferred_nid  :  1\n");
    f.link("proc/200/fd/0", "/dev/null");
    f.link("proc/200/fd/3", "/dev/nvidia1");
    f.link("proc/200/fd/4", "/dev/nvidiactl");
    f.link("proc/200/fd/5", "/dev/davinci2");
    f.link("proc/200/fd/6", "/dev/dri/renderD128");
    f.link("proc/200/fd/7", "socket:[5001]");
    f.link("proc/200/fd/8", "pipe:[9000]");
    f.link("proc/200/fd/9", "/dev/nvidia1"); // the same device twice: one access edge

    f.process(300, 1, "server");
    f.thread(300, 300, "server", 3, 3, 12, 5000, 1, 1);
    f.link("proc/300/fd/3", "socket:[5002]");
    f.link("proc/300/fd/4", "socket:[5003]");
    f.link("proc/300/fd/5", "pipe:[9000]");
    f.link("proc/300/fd/6", "socket:[5004]");
    f.link("proc/300/fd/7", "/dev/nvidia7");

    f.process(400, 200, "helper");
    f.thread(400, 400, "helper", 0, 0, 1, 10, 0, 0);

    f.process(500, 1, "secret");
    f.thread(500, 500, "secret", 0, 0, 0, 10, 0, 0);
    f.makeUnreadable("proc/500/numa_maps");
    f.makeUnreadable("proc/500/task/500/stat");

    f.write(
        "proc/net/tcp",
        "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n"
        "   0: 0100007F:9C40 0100007F:1F90 01 00000000:00000000 00:00000000 00000000  0 0 5001 1 0 20 4 30 "
        "10 -1\n"
        "   1: 0100007F:1F90 0100007F:9C40 01 00000000:00000000 00:00000000 00000000  0 0 5002 1 0 20 4 30 "
        "10 -1\n"
        "   2: 00000000:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  0 0 5003 1 0 100 0 0 "
        "10 0\n"
        "   3: 0100007F:9C41 0100007F:1F90 06 00000000:00000000 03:00000000 00000000  0 0 0 3 0\n");
    f.write("proc/net/tcp6", "  sl  local_address remote_address st\n");
    f.write("proc/net/udp", "");
    f.write("proc/net/unix", "Num       RefCount Protocol Flags    Type St Inode Path\n"
                             "000000002af84d6c: 00000002 00000000 00000000 0001 03  5004 /run/srv.sock\n");
}

const NodePages* nodeOf(const ProcessMemorySample& s, int node)
{
    for (const NodePages& n : s.nodes)
        if (n.node == node)
            return &n;
    return nullptr;
}

const ThreadCpuSample* threadOf(const Sample& s, std::int64_t tid)
{
    for (const ThreadCpuSample& t : s.threads)
        if (t.tid == tid)
            return &t;
    return nullptr;
}

Entity accelerator(const QString& bus, DeviceClass cls, const QString& vendor, int osIndex)
{
    Entity e;
    e.kind = EntityKind::Accelerator;
    e.typeName = entityKindName(e.kind);
    e.ns = QStringLiteral("local");
    e.key = bus;
    e.detail->pciBusId = bus;
    e.deviceClass = cls;
    e.detail->vendor = vendor;
    e.osIndex = osIndex;
    e.attributes = "{}";
    return e;
}

std::int64_t threadCpuNs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return std::int64_t(ts.tv_sec) * kSecond + ts.tv_nsec;
}

} // namespace

class TestProcfsCollectors : public QObject
{
    Q_OBJECT
private slots:
    void scope_data();
    void scope();
    void cpuDeltasAndRates();
    void memoryPerNode();
    void systemCounters();
    void flows_data();
    void flows();
    void vanishedAndRefused_data();
    void vanishedAndRefused();
    void workloadSnapshot_data();
    void workloadSnapshot();
    void liveCpuOfSpinningThread();
    void liveMemoryOfTouchedBuffer();
    void liveFlowsAndWorkload();
};

void TestProcfsCollectors::scope_data()
{
    QTest::addColumn<QList<qint64>>("pids");
    QTest::addColumn<bool>("children");
    QTest::addColumn<QString>("comm");
    QTest::addColumn<QList<qint64>>("expected");
    QTest::newRow("all") << QList<qint64>{} << true << "" << QList<qint64>{100, 200, 300, 400, 500};
    QTest::newRow("tree of launcher") << QList<qint64>{100} << true << "" << QList<qint64>{100, 200, 400};
    QTest::newRow("launcher alone") << QList<qint64>{100} << false << "" << QList<qint64>{100};
    QTest::newRow("gone pid dropped") << QList<qint64>{999, 300} << true << "" << QList<qint64>{300};
    QTest::newRow("comm regex") << QList<qint64>{} << true << "^(work|serv)" << QList<qint64>{200, 300};
    QTest::newRow("tree filtered by comm") << QList<qint64>{100} << true << "help" << QList<qint64>{400};
    QTest::newRow("invalid regex ignored") << QList<qint64>{300} << true << "(" << QList<qint64>{300};
}

void TestProcfsCollectors::scope()
{
    QFETCH(QList<qint64>, pids);
    QFETCH(bool, children);
    QFETCH(QString, comm);
    QFETCH(QList<qint64>, expected);
    FakeRoot f;
    buildMachine(f);
    Scope s;
    s.pids.assign(pids.begin(), pids.end());
    s.includeChildren = children;
    s.comm = QRegularExpression(comm);
    const std::vector<std::int64_t> got = resolveScope(s, f.root());
    QCOMPARE(QList<qint64>(got.begin(), got.end()), expected);
}

void TestProcfsCollectors::cpuDeltasAndRates()
{
    FakeRoot f;
    buildMachine(f);
    const auto cpu = makeProcfsCpuCollector(f.root());
    QCOMPARE(cpu->mode(), CollectionMode::Procfs);
    QVERIFY(!cpu->start(Scope{}));
    const std::vector<std::int64_t> pids{200, 300};

    Sample first;
    cpu->collect(first, pids);
    QCOMPARE(first.threads.size(), size_t(3));
    for (const ThreadCpuSample& t : first.threads) {
        QCOMPARE(t.cpuNs, 0u); // baseline
        QVERIFY(t.cpuNsByCpu.empty());
        QCOMPARE(t.voluntarySwitchesPerSec, 0.0);
    }
    const ThreadCpuSample* io = threadOf(first, 201);
    QVERIFY(io);
    QCOMPARE(io->comm, QStringLiteral("worker io"));
    QCOMPARE(io->cpusAllowed, IndexSet::range(8, 11));
    QCOMPARE(io->memsAllowed, IndexSet::range(0, 3));
    QCOMPARE(io->voluntarySwitches, 50u);

    // Two seconds later: 0.5 s more on-CPU for 200 (schedstat), 50 more ticks for 201 (no schedstat), a new
    // thread 202 born during the interval, and the tid 300 reused by a new thread (another start time).
    f.thread(200, 200, "worker", 7, 7, 6, 1 * kSecond + kSecond / 2, 300, 30, "4-7");
    f.thread(200, 201, "worker io", 130, 120, 10, std::nullopt, 60, 25, "8-11");
    f.thread(200, 202, "worker new", 0, 0, 2, 200000000, 40, 2, "0-3");
    f.write("proc/300/task/300/stat", "300 (server) S 1 1 1 0 -1 4194304 101 0 0 0 9 9 0 0 20 0 1 0 99999 1 "
                                      "1 1 1 1 0 0 0 0 0 0 0 0 0 0 17 12 "
                                      "0 0 0 0 0 1 1 1 1 1 1 1 0\n");
    f.write("proc/300/task/300/schedstat", "999999 1 1\n");

    Sample second;
    second.intervalNs = 2 * kSecond;
    cpu->collect(second, pids);
    QCOMPARE(second.threads.size(), size_t(4));

    const ThreadCpuSample* main = threadOf(second, 200);
    QVERIFY(main);
    QCOMPARE(main->cpuNs, std::uint64_t(kSecond / 2)); // schedstat preferred over utime+stime
    QCOMPARE(main->lastCpu, 6);
    QCOMPARE(main->cpuNsByCpu.size(), size_t(1));
    QCOMPARE(main->cpuNsByCpu[0], std::make_pair(6, std::uint64_t(kSecond / 2)));
    QCOMPARE(main->voluntarySwitches, 300u);
    QCOMPARE(main->voluntarySwitchesPerSec, 100.0);
    QCOMPARE(main->involuntarySwitchesPerSec, 10.0);
    QCOMPARE(main->mode, CollectionMode::Procfs);

    const std::uint64_t nsPerTick = std::uint64_t(kSecond / sysconf(_SC_CLK_TCK));
    const ThreadCpuSample* ioNow = threadOf(second, 201);
    QVERIFY(ioNow);
    QCOMPARE(ioNow->cpuNs, 50 * nsPerTick);
    QCOMPARE(ioNow->cpuNsByCpu[0].first, 10);
    QCOMPARE(ioNow->voluntarySwitchesPerSec, 5.0);
    QCOMPARE(ioNow->involuntarySwitchesPerSec, 10.0);

    const ThreadCpuSample* born = threadOf(second, 202);
    QVERIFY(born);
    QCOMPARE(born->cpuNs, 200000000u); // all of a new thread's time fell in the interval
    QCOMPARE(born->voluntarySwitchesPerSec, 20.0);

    const ThreadCpuSample* reused = threadOf(second, 300);
    QVERIFY(reused);
    QCOMPARE(reused->cpuNs, 0u); // a reused tid is a new baseline, not a negative or huge delta

    // Counters that went backwards (a reset seen as the same thread) give 0, never a wrapped value.
    f.thread(200, 200, "worker", 7, 7, 6, kSecond / 4, 10, 1, "4-7");
    Sample third;
    third.intervalNs = kSecond;
    cpu->collect(third, pids);
    QCOMPARE(threadOf(third, 200)->cpuNs, 0u);
    QCOMPARE(threadOf(third, 200)->voluntarySwitchesPerSec, 0.0);
    QVERIFY(cpu->takeWarnings().empty());
}

void TestProcfsCollectors::memoryPerNode()
{
    FakeRoot f;
    buildMachine(f);
    const auto memory = makeProcfsMemoryCollector(f.root());
    Sample s;
    memory->collect(s, {200, 300});
    QCOMPARE(s.processes.size(), size_t(2));
    const ProcessMemorySample& w = s.processes[0];
    QCOMPARE(w.pid, 200);
    QCOMPARE(w.memoryPolicy, QStringLiteral("bind:1"));
    QCOMPARE(w.nodes.size(), size_t(4));
    struct Want
    {
        int node;
        std::uint64_t total, anon, dirty, file, huge, bytes;
    };
    const Want want[] = {{0, 52, 2, 2, 50, 0, 52 * 4096},
                         {1, 10, 10, 7, 0, 1, 9 * 4096 + 2097152},
                         {2, 1, 1, 1, 0, 0, 4096},
                         {3, 6, 1, 1, 5, 0, 6 * 4096}};
    for (const Want& x : want) {
        const NodePages* n = nodeOf(w, x.node);
        QVERIFY(n);
        QCOMPARE(n->totalPages, x.total);
        QCOMPARE(n->anonPages, x.anon);
        QCOMPARE(n->dirtyAnonPages, x.dirty); // witty: the whole line when anon>0 and dirty>0
        QCOMPARE(n->filePages, x.file);
        QCOMPARE(n->hugePages, x.huge);
        QCOMPARE(n->bytes, x.bytes);
    }
    QVERIFY(s.processes[1].nodes.empty()); // server 300 has an empty numa_maps
}

void TestProcfsCollectors::systemCounters()
{
    FakeRoot f;
    buildMachine(f);
    const auto system = makeProcfsSystemCollector(f.root());
    Sample s;
    system->collect(s, {});
    QCOMPARE(s.nodes.size(), size_t(4));
    for (int n = 0; n < 4; ++n) {
        QCOMPARE(s.nodes[size_t(n)].node, n);
        QCOMPARE(s.nodes[size_t(n)].memTotalBytes, std::uint64_t(16777216) * std::uint64_t(n + 1) * 1024);
        QCOMPARE(s.nodes[size_t(n)].memFreeBytes, std::uint64_t(1000 * (n + 1)) * 1024);
        QCOMPARE(s.nodes[size_t(n)].numastat.value(QStringLiteral("numa_hit")), std::uint64_t(100 + n));
        QCOMPARE(s.nodes[size_t(n)].numastat.value(QStringLiteral("numa_miss")), std::uint64_t(n));
    }
    QCOMPARE(s.vmstat.size(), 3);
    QCOMPARE(s.vmstat.value(QStringLiteral("numa_pages_migrated")), 3u);
    QCOMPARE(s.numaBalancing, 1);

    QFile::remove(f.path("proc/sys/kernel/numa_balancing"));
    Sample without;
    system->collect(without, {});
    QCOMPARE(without.numaBalancing, -1); // unknown, not "off"
}

void TestProcfsCollectors::flows_data()
{
    QTest::addColumn<int>("kinds");
    QTest::addColumn<QStringList>("want");
    // The listening socket 5003 and the TIME_WAIT row are endpoints, not flows; 400 holds nothing.
    QTest::newRow("all (procfs mode)") << int(ProcfsFlowKinds::All)
                                       << QStringList{"200 PIPE pipe:[9000]:-1>pipe:[9000]:-1 peer 300",
                                                      "200 TCP 127.0.0.1:40000>127.0.0.1:8080 peer 300",
                                                      "300 PIPE pipe:[9000]:-1>pipe:[9000]:-1 peer 200",
                                                      "300 TCP 127.0.0.1:8080>127.0.0.1:40000 peer 200",
                                                      "300 UNIX /run/srv.sock:-1>:-1 peer -1"};
    // eBPF mode: sockets come from the eBPF collector with their volumes.
    QTest::newRow("pipes only (eBPF mode)") << int(ProcfsFlowKinds::PipesOnly)
                                            << QStringList{"200 PIPE pipe:[9000]:-1>pipe:[9000]:-1 peer 300",
                                                           "300 PIPE pipe:[9000]:-1>pipe:[9000]:-1 peer 200"};
}

void TestProcfsCollectors::flows()
{
    QFETCH(int, kinds);
    QFETCH(QStringList, want);
    FakeRoot f;
    buildMachine(f);
    const auto flows = makeProcfsFlowCollector(f.root(), ProcfsFlowKinds(kinds));
    Sample s;
    flows->collect(s, {200, 300, 400});
    QStringList got;
    for (const FlowSample& x : s.flows) {
        QVERIFY(!x.volumesKnown);
        QCOMPARE(x.mode, CollectionMode::Procfs);
        QCOMPARE(x.tid, -1);
        got << QStringLiteral("%1 %2 %3:%4>%5:%6 peer %7")
                   .arg(x.pid)
                   .arg(x.protocol, x.localAddress)
                   .arg(x.localPort)
                   .arg(x.remoteAddress)
                   .arg(x.remotePort)
                   .arg(x.peerPid);
    }
    got.sort();
    QCOMPARE(got, want);
}

void TestProcfsCollectors::vanishedAndRefused_data()
{
    QTest::addColumn<QString>("collector");
    QTest::addColumn<QString>("what");
    QTest::newRow("cpu") << "cpu"
                         << "task stat";
    QTest::newRow("memory") << "memory"
                            << "numa_maps";
    QTest::newRow("flows") << "flows"
                           << "fd";
}

void TestProcfsCollectors::vanishedAndRefused()
{
    QFETCH(QString, collector);
    QFETCH(QString, what);
    FakeRoot f;
    buildMachine(f);
    // A link that loops: opendir fails with ELOOP, a refusal that root cannot read past either.
    QVERIFY(QDir(f.path("proc/500/fd")).removeRecursively());
    f.link("proc/500/fd", "fd");
    std::unique_ptr<Collector> c = collector == QLatin1String("cpu") ? makeProcfsCpuCollector(f.root())
                                   : collector == QLatin1String("memory")
                                       ? makeProcfsMemoryCollector(f.root())
                                       : makeProcfsFlowCollector(f.root());
    // A thread listed but gone before its files were read: an empty task folder.
    QVERIFY(QDir().mkpath(f.path("proc/200/task/203")));
    // 600 vanished between scope resolution and collection.
    const std::vector<std::int64_t> pids{200, 500, 600};
    Sample a, b;
    c->collect(a, pids);
    c->collect(b, pids);
    const std::vector<QString> warnings = c->takeWarnings();
    QCOMPARE(warnings.size(), size_t(1)); // once per pid, not once per interval
    QVERIFY2(warnings[0].startsWith(QStringLiteral("pid 500: cannot read ") + what), qPrintable(warnings[0]));
    QVERIFY(c->takeWarnings().empty()); // cleared on read
    if (collector == QLatin1String("cpu")) {
        QVERIFY(!threadOf(b, 203));
        QVERIFY(!threadOf(b, 500));
        QVERIFY(threadOf(b, 200));
    } else if (collector == QLatin1String("memory")) {
        QCOMPARE(b.processes.size(), size_t(1));
        QCOMPARE(b.processes[0].pid, 200);
    }
}

void TestProcfsCollectors::workloadSnapshot_data()
{
    QTest::addColumn<bool>("driverInfo");
    QTest::addColumn<QString>("nvidia1Bus");
    // With the driver's table, minor 1 is the GPU it names even though it is first in PCI order.
    QTest::newRow("nvidia driver table") << true << "0000:3b:00.0";
    QTest::newRow("second GPU by order") << false << "0000:5e:00.0";
}

void TestProcfsCollectors::workloadSnapshot()
{
    QFETCH(bool, driverInfo);
    QFETCH(QString, nvidia1Bus);
    FakeRoot f;
    buildMachine(f);
    if (driverInfo)
        f.write("proc/driver/nvidia/gpus/0000:3b:00.0/information",
                "Model: \t\t NVIDIA H100\nIRQ:   \t\t 42\nGPU UUID: \t GPU-1\nDevice Minor: \t 1\n"
                "Bus Location: \t 0000:3b:00.0\n");
    f.link("sys/class/drm/renderD128/device", "../../../0000:af:00.0");

    SnapshotBuilder b;
    b.add(accelerator(QStringLiteral("0000:5e:00.0"), DeviceClass::Gpu, QStringLiteral("10de NVIDIA"), -1));
    b.add(accelerator(QStringLiteral("0000:3b:00.0"), DeviceClass::Gpu, QStringLiteral("10de NVIDIA"), -1));
    b.add(accelerator(QStringLiteral("0000:af:00.0"), DeviceClass::Gpu, QStringLiteral("1002 AMD"), -1));
    for (int i = 0; i < 3; ++i)
        b.add(accelerator(QStringLiteral("0000:c%1:00.0").arg(i + 1), DeviceClass::Npu,
                          QStringLiteral("19e5"), i));
    addWorkload(b, f.root(), {100, 200, 300, 600});
    const auto snap = b.finish();

    const EntityId worker = snap->processByPid(200);
    QVERIFY(worker.isValid());
    const Entity& w = snap->entity(worker);
    QCOMPARE(w.typeName, QStringLiteral("Process"));
    QCOMPARE(w.key, QStringLiteral("200"));
    QCOMPARE(w.name, QStringLiteral("worker"));
    QCOMPARE(w.ppid, 100);
    QCOMPARE(w.detail->cmdline, QStringLiteral("python3 -m worker"));
    QCOMPARE(w.nodes, NodeSet{1});
    const QJsonObject attrs = parseJsonObject(w.attributes.text());
    QCOMPARE(attrs.value(QLatin1String("cpus_allowed_list")).toString(), QStringLiteral("4-7"));
    QCOMPARE(attrs.value(QLatin1String("sched_numa"))
                 .toObject()
                 .value(QLatin1String("numa_pages_migrated"))
                 .toInt(),
             12);
    QCOMPARE(snap->childrenOf(snap->processByPid(100)).size(), size_t(1));
    QVERIFY(!snap->processByPid(600).isValid());
    QCOMPARE(snap->countOf(EntityKind::Process), 3);

    const auto threads = snap->threadsOf(worker);
    QCOMPARE(threads.size(), size_t(2));
    const Entity& io = snap->entity(threads[1]);
    QCOMPARE(io.typeName, QStringLiteral("Thread"));
    QCOMPARE(io.key, QStringLiteral("201"));
    QCOMPARE(io.tid, 201);
    QCOMPARE(io.name, QStringLiteral("worker io"));
    QCOMPARE(io.cpus, IndexSet::range(8, 11));

    const EntityId container = snap->containerOf(worker);
    QVERIFY(container.isValid());
    QCOMPARE(snap->entity(container).key, QStringLiteral("3f4e5d6c"));
    QCOMPARE(snap->entity(container).detail->containerType, QStringLiteral("docker"));
    QCOMPARE(snap->entity(container).detail->containerId, QString::fromLatin1(kContainer));
    QVERIFY(!snap->containerOf(snap->processByPid(300)).isValid());

    QStringList accessed, owned;
    for (const EdgeId e : snap->outEdges(worker)) {
        const Edge& edge = snap->edge(e);
        const Entity& target = snap->entity(edge.target);
        if (edge.kind == EdgeKind::Access)
            accessed << target.key;
        else if (edge.kind == EdgeKind::Own && target.kind == EntityKind::Socket)
            owned << target.key;
    }
    accessed.sort();
    QCOMPARE(accessed, (QStringList{nvidia1Bus, "0000:af:00.0", "0000:c3:00.0"}));
    QCOMPARE(owned, QStringList{"127.0.0.1:40000/TCP"});

    // The server's sockets, and a device the topology does not have, kept by its path.
    QStringList serverTargets;
    for (const EdgeId e : snap->outEdges(snap->processByPid(300)))
        serverTargets << edgeKindName(snap->edge(e).kind) + QLatin1Char(' ') +
                             snap->entity(snap->edge(e).target).key;
    serverTargets.sort();
    QCOMPARE(serverTargets, (QStringList{"Access /dev/nvidia7", "Own 0.0.0.0:8080/TCP",
                                         "Own 127.0.0.1:8080/TCP", "Own 300"}));
    const Entity& listen = snap->entity(snap->find(u"Socket", u"local", u"0.0.0.0:8080/TCP"));
    QCOMPARE(listen.port, 8080);
    QCOMPARE(listen.protocol(), QStringLiteral("TCP"));
    QCOMPARE(listen.address(), QStringLiteral("0.0.0.0"));
    QVERIFY(listen.socketFromKey);
    const Entity& unknownGpu = snap->entity(snap->find(u"Accelerator", u"local", u"/dev/nvidia7"));
    QCOMPARE(unknownGpu.deviceClass, DeviceClass::Gpu);
    QCOMPARE(unknownGpu.osIndex, 7);
    QCOMPARE(snap->countOf(EntityKind::Accelerator), 7);
}

void TestProcfsCollectors::liveCpuOfSpinningThread()
{
    std::atomic<int> phase{0}; // 0 wait, 1 spin, 2 spun, 3 exit
    std::atomic<pid_t> tid{0};
    std::atomic<std::int64_t> spunNs{0};
    std::thread spinner([&] {
        tid = gettid();
        while (phase.load() == 0)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        const std::int64_t start = threadCpuNs();
        while (threadCpuNs() - start < 200000000) {
        }
        spunNs = threadCpuNs() - start;
        phase = 2;
        while (phase.load() != 3)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
    });
    while (tid.load() == 0)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));

    const auto cpu = makeProcfsCpuCollector();
    const std::vector<std::int64_t> self{getpid()};
    Sample baseline;
    cpu->collect(baseline, self);
    QVERIFY(threadOf(baseline, tid.load()));
    phase = 1;
    while (phase.load() != 2)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    Sample s;
    cpu->collect(s, self);
    phase = 3;
    spinner.join();

    const ThreadCpuSample* t = threadOf(s, tid.load());
    QVERIFY(t);
    qInfo("spinner: %.1f ms by procfs, %.1f ms by its own clock", double(t->cpuNs) / 1e6,
          double(spunNs) / 1e6);
    QVERIFY2(t->cpuNs >= 150000000 && t->cpuNs <= 300000000, qPrintable(QString::number(t->cpuNs)));
    QCOMPARE(t->pid, getpid());
    QVERIFY(t->lastCpu >= 0);
    QCOMPARE(t->cpuNsByCpu.size(), size_t(1));
    QVERIFY(!t->cpusAllowed.isEmpty());
    QVERIFY(!t->memsAllowed.isEmpty());
}

void TestProcfsCollectors::liveMemoryOfTouchedBuffer()
{
    const auto anonBytes = [](const Sample& s) {
        std::uint64_t pages = 0;
        for (const NodePages& n : s.processes.at(0).nodes)
            pages += n.dirtyAnonPages;
        return pages * 4096;
    };
    const auto memory = makeProcfsMemoryCollector();
    Sample before;
    memory->collect(before, {getpid()});
    QCOMPARE(before.processes.size(), size_t(1));

    constexpr size_t kSize = 64u << 20;
    std::vector<char> buffer(kSize);
    for (size_t i = 0; i < kSize; i += 4096)
        buffer[i] = char(i);
    Sample after;
    memory->collect(after, {getpid()});
    const std::uint64_t grown = anonBytes(after) - std::min(anonBytes(after), anonBytes(before));
    qInfo("dirty anon grew by %.1f MiB", double(grown) / (1 << 20));
    QVERIFY2(grown >= 60u << 20, qPrintable(QString::number(grown)));
    QVERIFY(!after.processes[0].memoryPolicy.isEmpty());
    QCOMPARE(buffer[4096], char(4096));
}

void TestProcfsCollectors::liveFlowsAndWorkload()
{
    // A loopback TCP connection and a unix socket pair, both ends in this process.
    const int listener = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    QVERIFY(listener >= 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    QCOMPARE(::bind(listener, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
    QCOMPARE(::listen(listener, 1), 0);
    socklen_t len = sizeof addr;
    QCOMPARE(::getsockname(listener, reinterpret_cast<sockaddr*>(&addr), &len), 0);
    const int port = ntohs(addr.sin_port);
    const int client = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    QCOMPARE(::connect(client, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
    const int server = ::accept(listener, nullptr, nullptr);
    QVERIFY(server >= 0);
    int pair[2];
    QCOMPARE(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair), 0);

    const auto flows = makeProcfsFlowCollector();
    Sample s;
    flows->collect(s, {getpid()});
    int tcpToListener = 0, unixPeers = 0;
    for (const FlowSample& f : s.flows) {
        if (f.protocol == QLatin1String("TCP") && f.remotePort == port && f.remoteAddress == "127.0.0.1") {
            ++tcpToListener;
            QCOMPARE(f.peerPid, getpid());
        }
        if (f.protocol == QLatin1String("UNIX") && f.peerPid == getpid())
            ++unixPeers;
    }
    QCOMPARE(tcpToListener, 1);
    QVERIFY2(unixPeers >= 2, "both ends of the socket pair, peers found through sock_diag");

    SnapshotBuilder b;
    addWorkload(b, FsRoot{}, {getpid()});
    const auto snap = b.finish();
    const EntityId me = snap->processByPid(getpid());
    QVERIFY(me.isValid());
    QCOMPARE(snap->entity(me).name, QStringLiteral("tst_procfs_coll")); // comm is cut at 15 characters
    QVERIFY(!snap->threadsOf(me).empty());
    QVERIFY(snap->find(u"Socket", u"local", QStringLiteral("127.0.0.1:%1/TCP").arg(port)).isValid());

    for (int fd : {listener, client, server, pair[0], pair[1]})
        ::close(fd);
}

QTEST_GUILESS_MAIN(TestProcfsCollectors)
#include "tst_procfs_collectors.moc"
