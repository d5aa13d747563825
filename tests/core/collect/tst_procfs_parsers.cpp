// SPDX-License-Identifier: GPL-3.0-or-later
// The proc/sys parsers are pure functions of file text: every row feeds one text and states the outcome.
#include "collect/procfs/cgroup_container.h"
#include "collect/procfs/fd_targets.h"
#include "collect/procfs/net_tables.h"
#include "collect/procfs/numa_maps.h"
#include "collect/procfs/proc_sched.h"
#include "collect/procfs/proc_status.h"
#include "collect/procfs/system_counters.h"
#include "collect/procfs/task_stat.h"
#include "readers/hwloc_sysfs.h"

#include <QTest>

using namespace numasight;

namespace {

std::string_view view(const QByteArray& b)
{
    return std::string_view(b.constData(), size_t(b.size()));
}

// "node:total/anon/dirtyAnon/file/huge/bytes" per node, ';'-separated: one string to compare per row.
QString describe(const ProcessMemorySample& s)
{
    QStringList parts;
    for (const NodePages& n : s.nodes)
        parts << QStringLiteral("%1:%2/%3/%4/%5/%6/%7")
                     .arg(n.node)
                     .arg(n.totalPages)
                     .arg(n.anonPages)
                     .arg(n.dirtyAnonPages)
                     .arg(n.filePages)
                     .arg(n.hugePages)
                     .arg(n.bytes);
    return parts.join(QLatin1Char(';'));
}

// A task stat line as the kernel writes it (52 fields) with the fields the parser reads filled in.
QByteArray statLine(const char* comm, int utime, int stime, int processor, int start = 245929)
{
    return QByteArray("4242 (") + comm + ") S 4200 4242 25440 0 -1 4194304 101 0 0 0 " +
           QByteArray::number(utime) + ' ' + QByteArray::number(stime) + " 0 0 20 0 1 0 " +
           QByteArray::number(start) + " 3133440 394 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 " +
           QByteArray::number(processor) + " 0 0 0 0 0 1 1 1 1 1 1 1 0\n";
}

} // namespace

class TestProcfsParsers : public QObject
{
    Q_OBJECT
private slots:
    void numaMaps_data();
    void numaMaps();
    void procStatus_data();
    void procStatus();
    void taskStat_data();
    void taskStat();
    void schedstat_data();
    void schedstat();
    void schedNuma_data();
    void schedNuma();
    void cmdline_data();
    void cmdline();
    void systemCounters_data();
    void systemCounters();
    void cgroup_data();
    void cgroup();
    void fdTargets_data();
    void fdTargets();
    void netAddress_data();
    void netAddress();
    void netTable_data();
    void netTable();
    void unixTable_data();
    void unixTable();
};

void TestProcfsParsers::numaMaps_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("nodes");
    QTest::addColumn<QString>("policy");

    // Lines copied from /proc/self/numa_maps of `cat` on Debian 12.
    QTest::newRow("real process")
        << QByteArray(
               "557565450000 default file=/usr/bin/cat mapped=2 N0=2 kernelpagesize_kB=4\n"
               "55756545a000 default file=/usr/bin/cat anon=1 dirty=1 active=0 N0=1 kernelpagesize_kB=4\n"
               "557592cc6000 default heap anon=4 dirty=4 active=0 N0=4 kernelpagesize_kB=4\n"
               "7f397fed3000 default file=/usr/lib/locale/C.utf8/LC_CTYPE mapped=32 mapmax=10 N0=32 "
               "kernelpagesize_kB=4\n"
               "7f3980123000 default\n"
               "7ffd5c3e4000 default stack anon=3 dirty=3 active=0 N0=3 kernelpagesize_kB=4\n")
        << "0:42/8/8/34/0/172032"
        << "default";
    QTest::newRow("four nodes, interleaved")
        << QByteArray("7f0000000000 interleave:0-3 anon=400 dirty=400 N0=100 N1=100 N2=100 N3=100 "
                      "kernelpagesize_kB=4\n")
        << "0:100/100/100/0/0/409600;1:100/100/100/0/0/409600;2:100/100/100/0/0/409600;3:100/100/100/0/0/"
           "409600"
        << "interleave:0-3";
    // witty's rule: anon>0 and dirty>0 adds the whole N<k> counts, even though only 1 page is dirty.
    QTest::newRow("dirty rule adds whole line")
        << QByteArray("7f0000000000 default anon=8 dirty=1 N0=5 N1=3 kernelpagesize_kB=4\n")
        << "0:5/5/5/0/0/20480;1:3/3/3/0/0/12288"
        << "default";
    QTest::newRow("anon, clean") << QByteArray("7f0000000000 default anon=6 N2=6 kernelpagesize_kB=4\n")
                                 << "2:6/6/0/0/0/24576"
                                 << "default";
    QTest::newRow("hugetlbfs pages counted once")
        << QByteArray("7f2a00000000 bind:1 file=/anon_hugepage\\040(deleted) huge anon=2 dirty=2 N0=1 N1=1 "
                      "kernelpagesize_kB=2048\n")
        << "0:1/1/1/0/1/2097152;1:1/1/1/0/1/2097152"
        << "bind:1";
    QTest::newRow("huge by page size only")
        << QByteArray("7f2a00000000 default anon=1 dirty=1 N3=1 kernelpagesize_kB=1048576\n")
        << "3:1/1/1/0/1/1073741824"
        << "default";
    QTest::newRow("file pages only without anon")
        << QByteArray("7f0000001000 default file=/lib/x.so anon=2 dirty=2 N0=2 kernelpagesize_kB=4\n"
                      "7f0000002000 default file=/lib/x.so mapped=9 N0=9 kernelpagesize_kB=4\n")
        << "0:11/2/2/9/0/45056"
        << "default";
    QTest::newRow("no N tokens")
        << QByteArray("7f3980123000 default\n7f3980127000 prefer:1\n7f3980128000 prefer:1\n") << ""
        << "prefer:1";
    QTest::newRow("most common policy wins")
        << QByteArray("1000 bind:0 anon=1 dirty=1 N0=1\n2000 bind:0 anon=1 dirty=1 N0=1\n3000 default N0=1\n")
        << "0:3/2/2/0/0/12288"
        << "bind:0";
    QTest::newRow("two-word policy")
        << QByteArray("1000 prefer (many):0-1 anon=1 dirty=1 N1=1 kernelpagesize_kB=4\n")
        << "1:1/1/1/0/0/4096"
        << "prefer (many):0-1";
    QTest::newRow("truncated after N0=") << QByteArray("7f39 default anon=4 dirty=4 N0=") << ""
                                         << "default";
    QTest::newRow("truncated mid line, default page size")
        << QByteArray("7f39 default anon=4 dirty=4 N0=3 kernelp") << "0:3/3/3/0/0/12288"
        << "default";
    QTest::newRow("garbage") << QByteArray("hello world\n\x01\x02 zz N0=5\n= = =\n") << ""
                             << "";
    QTest::newRow("empty") << QByteArray() << ""
                           << "";
    QTest::newRow("absurd node number ignored")
        << QByteArray("1000 default anon=1 dirty=1 N99999=4 N1=1\n") << "1:1/1/1/0/0/4096"
        << "default";
}

void TestProcfsParsers::numaMaps()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, nodes);
    QFETCH(QString, policy);
    const ProcessMemorySample s = parseNumaMaps(view(text), 77);
    QCOMPARE(s.pid, 77);
    QCOMPARE(describe(s), nodes);
    QCOMPARE(s.memoryPolicy, policy);
}

void TestProcfsParsers::procStatus_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<QString>("name");
    QTest::addColumn<qint64>("tgid");
    QTest::addColumn<qint64>("ppid");
    QTest::addColumn<QString>("cpus");
    QTest::addColumn<QString>("mems");
    QTest::addColumn<quint64>("voluntary");
    QTest::addColumn<quint64>("involuntary");

    QTest::newRow("real") << QByteArray(
                                 "Name:\tcat\nUmask:\t0022\nState:\tR (running)\nTgid:\t27522\nNgid:\t0\n"
                                 "Pid:\t27522\nPPid:\t27511\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\n"
                                 "Mems_allowed_list:\t0\nvoluntary_ctxt_switches:\t12\n"
                                 "nonvoluntary_ctxt_switches:\t3\n")
                          << true << "cat" << qint64(27522) << qint64(27511) << "0-1"
                          << "0" << quint64(12) << quint64(3);
    QTest::newRow("name with spaces and escapes")
        << QByteArray("Name:\tWeb Content\\nx\nTgid:\t9\nPPid:\t1\nCpus_allowed_list:\t0-3,8\n"
                      "Mems_allowed_list:\t0-3\n")
        << true << "Web Content\nx" << qint64(9) << qint64(1) << "0-3,8"
        << "0-3" << quint64(0) << quint64(0);
    QTest::newRow("bad cpu list dropped")
        << QByteArray("Name:\tx\nTgid:\t5\nCpus_allowed_list:\tzz\nMems_allowed_list:\t1\n") << true << "x"
        << qint64(5) << qint64(-1) << "<none>"
        << "1" << quint64(0) << quint64(0);
    QTest::newRow("truncated") << QByteArray("Name:\tpython3\nTgid:\t1") << true << "python3" << qint64(1)
                               << qint64(-1) << "<none>"
                               << "<none>" << quint64(0) << quint64(0);
    QTest::newRow("garbage") << QByteArray("\x7f"
                                           "ELF\x02\x01")
                             << false << "" << qint64(-1) << qint64(-1) << "<none>"
                             << "<none>" << quint64(0) << quint64(0);
}

void TestProcfsParsers::procStatus()
{
    QFETCH(QByteArray, text);
    QFETCH(bool, valid);
    const auto s = parseProcStatus(view(text));
    QCOMPARE(s.has_value(), valid);
    if (!valid)
        return;
    QTEST(s->name, "name");
    QTEST(qint64(s->tgid), "tgid");
    QTEST(qint64(s->ppid), "ppid");
    QTEST(s->cpusAllowed ? s->cpusAllowed->toRangeString() : QStringLiteral("<none>"), "cpus");
    QTEST(s->memsAllowed ? s->memsAllowed->toRangeString() : QStringLiteral("<none>"), "mems");
    QTEST(quint64(s->voluntarySwitches), "voluntary");
    QTEST(quint64(s->involuntarySwitches), "involuntary");
}

void TestProcfsParsers::taskStat_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<QString>("comm");
    QTest::addColumn<quint64>("utime");
    QTest::addColumn<quint64>("stime");
    QTest::addColumn<int>("processor");

    QTest::newRow("real") << QByteArray(
                                 "27681 (cat) R 27673 27673 25440 0 -1 4194304 101 0 0 0 0 0 0 0 20 0 1 0 "
                                 "245929 3133440 394 18446744073709551615 93973674663936 93973674683817 "
                                 "140736974909920 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0 93973674699824 "
                                 "93973674701440 93973805756416 140736974911942 140736974911962 "
                                 "140736974911962 140736974913515 0\n")
                          << true << "cat" << quint64(0) << quint64(0) << 1;
    QTest::newRow("comm with parentheses")
        << statLine("(a) b)", 150, 25, 3) << true << "(a) b)" << quint64(150) << quint64(25) << 3;
    QTest::newRow("comm with spaces")
        << statLine("Web Content", 7, 8, 11) << true << "Web Content" << quint64(7) << quint64(8) << 11;
    QTest::newRow("empty comm") << statLine("", 1, 2, 0) << true << "" << quint64(1) << quint64(2) << 0;
    QTest::newRow("stops before processor")
        << QByteArray("7 (kworker/0:1) I 2 0 0 0 -1 69238880 0 0 0 0 5 9 0 0 20 0 1 0 100") << true
        << "kworker/0:1" << quint64(5) << quint64(9) << -1;
    QTest::newRow("stops before stime")
        << QByteArray("7 (x) S 2 0 0 0 -1 0 0 0 0 0 5") << false << "" << quint64(0) << quint64(0) << -1;
    QTest::newRow("no closing parenthesis")
        << QByteArray("7 (x S 2 0 0") << false << "" << quint64(0) << quint64(0) << -1;
    QTest::newRow("garbage") << QByteArray("not a stat line") << false << "" << quint64(0) << quint64(0)
                             << -1;
    QTest::newRow("negative utime") << statLine("x", -5, 2, 0) << false << "" << quint64(0) << quint64(0)
                                    << -1;
}

void TestProcfsParsers::taskStat()
{
    QFETCH(QByteArray, text);
    QFETCH(bool, valid);
    const auto s = parseTaskStat(view(text));
    QCOMPARE(s.has_value(), valid);
    if (!valid)
        return;
    QTEST(s->comm, "comm");
    QTEST(quint64(s->utimeTicks), "utime");
    QTEST(quint64(s->stimeTicks), "stime");
    QTEST(s->processor, "processor");
}

void TestProcfsParsers::schedstat_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<quint64>("onCpu");
    QTest::addColumn<quint64>("slices");
    QTest::newRow("real") << QByteArray("78056 56524 2\n") << true << quint64(78056) << quint64(2);
    QTest::newRow("large") << QByteArray("123456789012345 0 99") << true << quint64(123456789012345)
                           << quint64(99);
    QTest::newRow("only first field") << QByteArray("500") << true << quint64(500) << quint64(0);
    QTest::newRow("empty") << QByteArray("") << false << quint64(0) << quint64(0);
    QTest::newRow("garbage") << QByteArray("x 1 2") << false << quint64(0) << quint64(0);
}

void TestProcfsParsers::schedstat()
{
    QFETCH(QByteArray, text);
    QFETCH(bool, valid);
    const auto s = parseSchedstat(view(text));
    QCOMPARE(s.has_value(), valid);
    if (valid) {
        QTEST(quint64(s->onCpuNs), "onCpu");
        QTEST(quint64(s->timeslices), "slices");
    }
}

void TestProcfsParsers::schedNuma_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("fields"); // key=value, ',' separated, sorted by key

    QTest::newRow("real kernel 6.x")
        << QByteArray("cat (27675, #threads: "
                      "1)\n-------------------------------------------------------------------\n"
                      "se.exec_start                                :       2458801.189871\n"
                      "nr_switches                                  :                    0\n"
                      "mm->numa_scan_seq                            :                    2\n"
                      "numa_pages_migrated                          :                   17\n"
                      "numa_preferred_nid                           :                   -1\n"
                      "total_numa_faults                            :                    5\n"
                      "current_node=1, numa_group_id=0\n"
                      "numa_faults node=0 task_private=3 task_shared=0 group_private=0 group_shared=0\n"
                      "numa_faults node=1 task_private=2 task_shared=1 group_private=0 group_shared=0\n")
        << "current_node=1,mm->numa_scan_seq=2,numa_faults.node0.group_private=0,"
           "numa_faults.node0.group_shared=0,numa_faults.node0.task_private=3,"
           "numa_faults.node0.task_shared=0,numa_faults.node1.group_private=0,"
           "numa_faults.node1.group_shared=0,numa_faults.node1.task_private=2,"
           "numa_faults.node1.task_shared=1,numa_group_id=0,numa_pages_migrated=17,"
           "numa_preferred_nid=-1,total_numa_faults=5";
    QTest::newRow("kernel without NUMA balancing")
        << QByteArray("x (1, #threads: 1)\nse.vruntime : 1.5\nprio : 120\n") << "";
    QTest::newRow("malformed values dropped")
        << QByteArray(
               "numa_pages_migrated : lots\nnuma_faults node=x task_private=1\ntotal_numa_faults : 9\n")
        << "total_numa_faults=9";
}

void TestProcfsParsers::schedNuma()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, fields);
    const auto map = parseSchedNumaFields(view(text));
    QStringList got;
    for (auto it = map.cbegin(); it != map.cend(); ++it)
        got << it.key() + QLatin1Char('=') + QString::number(it.value());
    QCOMPARE(got.join(QLatin1Char(',')), fields);
}

void TestProcfsParsers::cmdline_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("argv") << QByteArray("python3\0-m\0vllm.entrypoints\0--tp\0004\0", 35)
                          << "python3 -m vllm.entrypoints --tp 4";
    QTest::newRow("kernel thread") << QByteArray() << "";
    QTest::newRow("rewritten title") << QByteArray("nginx: worker process\0\0\0", 24)
                                     << "nginx: worker process";
    QTest::newRow("no trailing NUL") << QByteArray("a\0b", 3) << "a b";
}

void TestProcfsParsers::cmdline()
{
    QFETCH(QByteArray, text);
    QTEST(parseCmdline(view(text)), "expected");
}

void TestProcfsParsers::systemCounters_data()
{
    QTest::addColumn<QByteArray>("vmstat");
    QTest::addColumn<QString>("numa"); // key=value of numa_* lines
    QTest::addColumn<QByteArray>("balancing");
    QTest::addColumn<int>("balancingValue");
    QTest::addColumn<QByteArray>("meminfo");
    QTest::addColumn<int>("node");
    QTest::addColumn<qint64>("memTotal");

    QTest::newRow("real") << QByteArray(
                                 "nr_free_pages 1000\nnuma_hit 109154700\nnuma_miss 0\nnuma_pte_updates 0\n"
                                 "pgfault 5\n")
                          << "numa_hit=109154700,numa_miss=0,numa_pte_updates=0" << QByteArray("0\n") << 0
                          << QByteArray(
                                 "Node 0 MemTotal:        7825612 kB\nNode 0 MemFree:         5941868 kB\n")
                          << 0 << qint64(7825612) * 1024;
    QTest::newRow("tiering, other node")
        << QByteArray("numa_hint_faults 12\n") << "numa_hint_faults=12" << QByteArray("2") << 2
        << QByteArray("Node 3 MemTotal:  1024 kB\n") << 3 << qint64(1024 * 1024);
    QTest::newRow("wrong node in meminfo") << QByteArray() << "" << QByteArray("") << -1
                                           << QByteArray("Node 1 MemTotal:  1024 kB\n") << 0 << qint64(-1);
    QTest::newRow("garbage") << QByteArray("numa_hit lots\nnuma_miss 1 2\n") << "" << QByteArray("on") << -1
                             << QByteArray("Node 0 MemTotal: x kB\n") << 0 << qint64(-1);
}

void TestProcfsParsers::systemCounters()
{
    QFETCH(QByteArray, vmstat);
    QFETCH(QByteArray, balancing);
    QFETCH(QByteArray, meminfo);
    QFETCH(int, node);
    const auto map = parseVmstatNuma(view(vmstat));
    QStringList got;
    for (auto it = map.cbegin(); it != map.cend(); ++it)
        got << it.key() + QLatin1Char('=') + QString::number(it.value());
    QTEST(got.join(QLatin1Char(',')), "numa");
    QTEST(parseNumaBalancing(view(balancing)).value_or(-1), "balancingValue");
    NodeSysfsStats stats;
    parseNodeMeminfo(meminfo, node, stats);
    QTEST(stats.memTotalBytes ? qint64(*stats.memTotalBytes) : qint64(-1), "memTotal");
}

void TestProcfsParsers::cgroup_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("id"); // short id, "" when not in a container
    QTest::addColumn<QString>("runtime");
    QTest::addColumn<QString>("pod");

    const QByteArray id = "3f4e5d6c7b8a99887766554433221100ffeeddccbbaa99887766554433221100";
    QTest::newRow("docker v1 cgroupfs") << "12:pids:/docker/" + id + "\n4:memory:/docker/" + id + "\n0::/\n"
                                        << "3f4e5d6c"
                                        << "docker"
                                        << "";
    QTest::newRow("docker v2 systemd") << "0::/system.slice/docker-" + id + ".scope\n"
                                       << "3f4e5d6c"
                                       << "docker"
                                       << "";
    QTest::newRow("kubepods systemd containerd")
        << "0::/kubepods.slice/kubepods-burstable.slice/"
           "kubepods-burstable-pod1a2b3c4d_5e6f_7a8b_9c0d_1e2f3a4b5c6d.slice/cri-containerd-" +
               id + ".scope\n"
        << "3f4e5d6c"
        << "containerd"
        << "1a2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d";
    QTest::newRow("kubepods v1 cgroupfs")
        << "11:cpuset:/kubepods/besteffort/pod1a2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d/" + id + "\n"
        << "3f4e5d6c"
        << "kubepods"
        << "1a2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d";
    QTest::newRow("cri-o") << "0::/kubepods.slice/kubepods-pod0123456789abcdef0123456789abcdef.slice/crio-" +
                                  id + ".scope\n"
                           << "3f4e5d6c"
                           << "crio"
                           << "0123456789abcdef0123456789abcdef";
    QTest::newRow("cri-o monitor is not the container") << "0::/kubepods.slice/crio-conmon-" + id + ".scope\n"
                                                        << ""
                                                        << ""
                                                        << "";
    QTest::newRow("podman") << "0::/machine.slice/libpod-" + id + ".scope/container\n"
                            << "3f4e5d6c"
                            << "podman"
                            << "";
    QTest::newRow("containerd namespace") << "0::/k8s.io/" + id + "\n"
                                          << "3f4e5d6c"
                                          << "containerd"
                                          << "";
    QTest::newRow("none v1")
        << QByteArray("9:name=systemd:/\n4:memory:/process_api/7e101d053097bd38f101aa50ef9500c5\n"
                      "0::/\n")
        << ""
        << ""
        << "";
    QTest::newRow("none v2 user session")
        << QByteArray("0::/user.slice/user-1000.slice/session-2.scope\n") << ""
        << ""
        << "";
    QTest::newRow("upper-case id is not one") << "0::/docker/" + id.toUpper() + "\n"
                                              << ""
                                              << ""
                                              << "";
    QTest::newRow("garbage") << QByteArray("docker\n::\n") << ""
                             << ""
                             << "";
}

void TestProcfsParsers::cgroup()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, id);
    const auto ref = parseCgroupContainer(view(text));
    QCOMPARE(ref.has_value(), !id.isEmpty());
    if (!ref)
        return;
    QCOMPARE(ref->shortId, id);
    QCOMPARE(ref->id.size(), 64);
    QVERIFY(ref->id.startsWith(id));
    QTEST(ref->runtime, "runtime");
    QTEST(ref->podUid, "pod");
}

void TestProcfsParsers::fdTargets_data()
{
    QTest::addColumn<QString>("target");
    QTest::addColumn<int>("kind");
    QTest::addColumn<qulonglong>("inode");
    QTest::addColumn<QString>("family");
    QTest::addColumn<int>("index");
    QTest::newRow("socket") << "socket:[1065]" << int(FdTarget::Socket) << 1065ull << "" << -1;
    QTest::newRow("pipe") << "pipe:[77]" << int(FdTarget::Pipe) << 77ull << "" << -1;
    QTest::newRow("nvidia") << "/dev/nvidia3" << int(FdTarget::Accelerator) << 0ull << "nvidia" << 3;
    QTest::newRow("nvidiactl") << "/dev/nvidiactl" << int(FdTarget::Other) << 0ull << "" << -1;
    QTest::newRow("nvidia-uvm") << "/dev/nvidia-uvm" << int(FdTarget::Other) << 0ull << "" << -1;
    QTest::newRow("davinci") << "/dev/davinci7" << int(FdTarget::Accelerator) << 0ull << "davinci" << 7;
    QTest::newRow("davinci_manager") << "/dev/davinci_manager" << int(FdTarget::Other) << 0ull << "" << -1;
    QTest::newRow("render") << "/dev/dri/renderD128" << int(FdTarget::Accelerator) << 0ull << "renderD"
                            << 128;
    QTest::newRow("card") << "/dev/dri/card0" << int(FdTarget::Other) << 0ull << "" << -1;
    QTest::newRow("broken socket") << "socket:[x]" << int(FdTarget::Other) << 0ull << "" << -1;
    QTest::newRow("file") << "/var/log/x.log" << int(FdTarget::Other) << 0ull << "" << -1;
    QTest::newRow("anon inode") << "anon_inode:[eventfd]" << int(FdTarget::Other) << 0ull << "" << -1;
}

void TestProcfsParsers::fdTargets()
{
    QFETCH(QString, target);
    const FdTarget t = classifyFdTarget(target);
    QTEST(int(t.kind), "kind");
    QTEST(qulonglong(t.inode), "inode");
    QTEST(t.family, "family");
    QTEST(t.index, "index");
}

void TestProcfsParsers::netAddress_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("address"); // "" when invalid
    QTest::addColumn<int>("port");
    QTest::newRow("ipv4 loopback") << QByteArray("0100007F:1F90") << "127.0.0.1" << 8080;
    QTest::newRow("ipv4 any") << QByteArray("00000000:07E8") << "0.0.0.0" << 2024;
    QTest::newRow("ipv4 private") << QByteArray("0A01A8C0:0016") << "192.168.1.10" << 22;
    QTest::newRow("ipv6 loopback") << QByteArray("00000000000000000000000001000000:0050") << "::1" << 80;
    QTest::newRow("ipv6 any") << QByteArray("00000000000000000000000000000000:0000") << "::" << 0;
    QTest::newRow("ipv6 mapped ipv4")
        << QByteArray("0000000000000000FFFF00000100007F:1F90") << "::ffff:127.0.0.1" << 8080;
    QTest::newRow("ipv6 global") << QByteArray("B80D0120000000000000000001000000:01BB") << "2001:db8::1"
                                 << 443;
    QTest::newRow("ipv6 link local") << QByteArray("000080FE00000000FF3D8E02FE5C24A7:1A0B")
                                     << "fe80::28e:3dff:a724:5cfe" << 6667;
    QTest::newRow("bad length") << QByteArray("0100007:1F90") << "" << -1;
    QTest::newRow("bad port") << QByteArray("0100007F:1F9G") << "" << -1;
    QTest::newRow("port too long") << QByteArray("0100007F:11F90") << "" << -1;
    QTest::newRow("no colon") << QByteArray("0100007F") << "" << -1;
}

void TestProcfsParsers::netAddress()
{
    QFETCH(QByteArray, text);
    const auto a = parseNetAddress(view(text));
    QTEST(a ? a->first : QString(), "address");
    QTEST(a ? a->second : -1, "port");
}

void TestProcfsParsers::netTable_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("rows"); // "local:port>remote:port state inode" per row

    const QByteArray header =
        "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  "
        "timeout inode\n";
    QTest::newRow("tcp listen and established")
        << header +
               "   0: 00000000:07E8 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 "
               "1065 1 000000006e1ef3d9 100 0 0 10 0\n"
               "   1: 0100007F:9C40 0100007F:1F90 01 00000000:00000000 02:000AFC3B 00000000  1000        0 "
               "52311 2 0000000000000000 20 4 30 10 -1\n"
        << "0.0.0.0:2024>0.0.0.0:0 10 1065;127.0.0.1:40000>127.0.0.1:8080 1 52311";
    QTest::newRow("tcp6")
        << QByteArray("  sl  local_address                         remote_address  st\n"
                      "   0: 00000000000000000000000001000000:1F90 00000000000000000000000000000000:0000 0A "
                      "00000000:00000000 00:00000000 00000000     0        0 777 1 0000000000000000 100 0 0 "
                      "10 0\n")
        << "::1:8080>:::0 10 777";
    QTest::newRow("truncated row skipped")
        << header + "   0: 0100007F:9C40 0100007F:1F90 01 00000000:00000000\n"
        << "";
    QTest::newRow("garbage") << QByteArray("x: y z\n\n") << "";
}

void TestProcfsParsers::netTable()
{
    QFETCH(QByteArray, text);
    QStringList rows;
    for (const NetEndpoint& e : parseNetTable(view(text), QStringLiteral("TCP")))
        rows << QStringLiteral("%1:%2>%3:%4 %5 %6")
                    .arg(e.localAddress)
                    .arg(e.localPort)
                    .arg(e.remoteAddress)
                    .arg(e.remotePort)
                    .arg(e.state)
                    .arg(e.inode);
    QTEST(rows.join(QLatin1Char(';')), "rows");
}

void TestProcfsParsers::unixTable_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("rows"); // "inode type state path"
    QTest::newRow("real") << QByteArray(
                                 "Num       RefCount Protocol Flags    Type St Inode Path\n"
                                 "000000002af84d6c: 00000003 00000000 00000000 0001 03  1061\n"
                                 "00000000e0882515: 00000002 00000000 00010000 0001 01  1062 "
                                 "/run/my app.sock\n"
                                 "00000000e0882516: 00000002 00000000 00000000 0002 01  1063 @abstract\n")
                          << "1061 1 3 ;1062 1 1 /run/my app.sock;1063 2 1 @abstract";
    QTest::newRow("garbage") << QByteArray("Num RefCount\nzz: 1 2\n") << "";
}

void TestProcfsParsers::unixTable()
{
    QFETCH(QByteArray, text);
    QStringList rows;
    for (const UnixEndpoint& e : parseUnixTable(view(text)))
        rows << QStringLiteral("%1 %2 %3 %4").arg(e.inode).arg(e.type).arg(e.state).arg(e.path);
    QTEST(rows.join(QLatin1Char(';')), "rows");
}

QTEST_GUILESS_MAIN(TestProcfsParsers)
#include "tst_procfs_parsers.moc"
