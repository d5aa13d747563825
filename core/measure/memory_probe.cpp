// SPDX-License-Identifier: GPL-3.0-or-later
#include "memory_probe.h"

#include "measure_plan.h"

#include <QCoreApplication>
#include <QFile>
#include <QRegularExpression>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <numeric>
#include <random>
#include <sched.h>
#include <sys/mman.h>
#include <thread>
#include <time.h>
#include <unistd.h>
#include <vector>

namespace numasight::probe {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::Measure)
};
} // namespace

namespace {

LoadError probeError(const QString& message)
{
    LoadError e;
    e.file = QStringLiteral("measure");
    e.message = message;
    return e;
}

struct Bitmap
{
    hwloc_bitmap_t b = hwloc_bitmap_alloc();
    ~Bitmap() { hwloc_bitmap_free(b); }
    Bitmap() = default;
    Bitmap(const Bitmap&) = delete;
    Bitmap& operator=(const Bitmap&) = delete;
};

QString bitmapList(hwloc_const_bitmap_t b)
{
    char* text = nullptr;
    if (hwloc_bitmap_list_asprintf(&text, b) < 0 || !text)
        return {};
    const QString out = QString::fromLatin1(text);
    free(text);
    return out;
}

constexpr std::uint64_t kHugePage = 2 * kMiB;

} // namespace

Result<std::shared_ptr<LocalHwloc>> LocalHwloc::load()
{
    std::shared_ptr<LocalHwloc> h(new LocalHwloc);
    if (hwloc_topology_init(&h->m_topology) != 0) {
        h->m_topology = nullptr;
        return probeError(Tr::tr("hwloc could not initialise a topology (out of memory?)"));
    }
    // The prober binds to what this process may use; hwloc then reports only the allowed CPUs and nodes,
    // and a plan naming others fails early with a clear message.
    if (hwloc_topology_load(h->m_topology) != 0)
        return probeError(Tr::tr("hwloc could not read this machine's topology: %1")
                              .arg(QString::fromLocal8Bit(strerror(errno))));
    const hwloc_topology_support* support = hwloc_topology_get_support(h->m_topology);
    if (!support->cpubind->set_thisthread_cpubind)
        return probeError(Tr::tr("this system does not let a thread bind itself to CPUs"));
    if (!support->membind->set_area_membind || !support->membind->bind_membind)
        return probeError(Tr::tr("this system does not bind memory to NUMA nodes (no mbind)"));
    return h;
}

LocalHwloc::~LocalHwloc()
{
    if (m_topology)
        hwloc_topology_destroy(m_topology);
}

bool LocalHwloc::hasNode(int osIndex) const
{
    return osIndex >= 0 && hwloc_get_numanode_obj_by_os_index(m_topology, unsigned(osIndex)) != nullptr;
}

bool LocalHwloc::hasCpu(int osIndex) const
{
    return osIndex >= 0 && hwloc_get_pu_obj_by_os_index(m_topology, unsigned(osIndex)) != nullptr;
}

NodeBuffer::~NodeBuffer()
{
    if (m_map)
        munmap(m_map, m_mapBytes);
}

Result<std::unique_ptr<NodeBuffer>> NodeBuffer::allocate(const LocalHwloc& hwloc, int node,
                                                         std::uint64_t bytes)
{
    if (!hwloc.hasNode(node))
        return probeError(Tr::tr("NUMA node %1 is not one this process may use (numactl --show lists "
                                 "the allowed nodes)")
                              .arg(node));
    std::unique_ptr<NodeBuffer> b(new NodeBuffer);
    b->m_node = node;
    b->m_bytes = bytes;
    b->m_mapBytes = bytes + kHugePage;
    // Reserve only: pages are allocated when touched, after the binding below, so they follow it.
    void* map = mmap(nullptr, b->m_mapBytes, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (map == MAP_FAILED)
        return probeError(Tr::tr("cannot reserve %1 of address space for node %2: %3")
                              .arg(formatBytes(bytes))
                              .arg(node)
                              .arg(QString::fromLocal8Bit(strerror(errno))));
    b->m_map = map;
    const std::uintptr_t start = (std::uintptr_t(map) + kHugePage - 1) & ~(std::uintptr_t(kHugePage) - 1);
    b->m_data = reinterpret_cast<char*>(start);
    // Huge pages keep the TLB out of the measurement: 4 KiB pages over 256 MiB add a page walk to most
    // loads. Refusal (THP disabled) is not an error; placementOf() reports how much was backed.
    madvise(b->m_data, bytes, MADV_HUGEPAGE);

    Bitmap nodeset;
    hwloc_bitmap_only(nodeset.b, unsigned(node));
    if (hwloc_set_area_membind(hwloc.get(), b->m_data, bytes, nodeset.b, HWLOC_MEMBIND_BIND,
                               HWLOC_MEMBIND_STRICT | HWLOC_MEMBIND_BYNODESET) != 0)
        return probeError(Tr::tr("binding memory to NUMA node %1 was refused: %2 (in a container, the "
                                 "cpuset cgroup may not allow that node)")
                              .arg(node)
                              .arg(QString::fromLocal8Bit(strerror(errno))));
    // Touch every page: the first write allocates it, on `node` under the binding.
    const long page = sysconf(_SC_PAGESIZE);
    for (std::uint64_t off = 0; off < bytes; off += std::uint64_t(page))
        b->m_data[off] = 1;
    return b;
}

std::optional<Placement> placementOf(const LocalHwloc& hwloc, const NodeBuffer& buffer, QString* error)
{
    Placement p;
    Bitmap where;
    if (hwloc_get_area_memlocation(hwloc.get(), buffer.data(), buffer.bytes(), where.b,
                                   HWLOC_MEMBIND_BYNODESET) != 0) {
        if (error)
            *error = Tr::tr("cannot ask the kernel where the pages of node %1's buffer are: %2")
                         .arg(buffer.node())
                         .arg(QString::fromLocal8Bit(strerror(errno)));
        return std::nullopt;
    }
    p.nodes = bitmapList(where.b);
    p.onNode = hwloc_bitmap_weight(where.b) == 1 && hwloc_bitmap_isset(where.b, unsigned(buffer.node()));
    p.pages = buffer.bytes() / std::uint64_t(sysconf(_SC_PAGESIZE));

    // AnonHugePages of the mappings that hold the buffer (binding may have split it in several). /proc files
    // report no size, so the file is read to its end rather than tested with atEnd().
    QFile smaps(QStringLiteral("/proc/self/smaps"));
    if (smaps.open(QIODevice::ReadOnly)) {
        static const QRegularExpression kRange(QStringLiteral("^([0-9a-f]+)-([0-9a-f]+) "));
        const std::uintptr_t from = std::uintptr_t(buffer.data());
        const std::uintptr_t to = from + buffer.bytes();
        bool inside = false;
        for (const QByteArray& raw : smaps.readAll().split('\n')) {
            const QString line = QString::fromLatin1(raw);
            if (const auto m = kRange.match(line); m.hasMatch()) {
                const std::uintptr_t start = m.captured(1).toULongLong(nullptr, 16);
                const std::uintptr_t end = m.captured(2).toULongLong(nullptr, 16);
                inside = start < to && end > from;
            } else if (inside && line.startsWith(QLatin1String("AnonHugePages:"))) {
                p.hugePageBytes += line.section(QLatin1Char(':'), 1)
                                       .trimmed()
                                       .section(QLatin1Char(' '), 0, 0)
                                       .toULongLong() *
                                   1024;
            }
        }
        p.hugePageBytes = std::min(p.hugePageBytes, buffer.bytes());
    }
    return p;
}

std::optional<std::uint64_t> nodeAvailableBytes(int node)
{
    QFile f(QStringLiteral("/sys/devices/system/node/node%1/meminfo").arg(node));
    if (!f.open(QIODevice::ReadOnly))
        return std::nullopt;
    std::optional<std::uint64_t> free, inactiveFile;
    for (const QByteArray& line : f.readAll().split('\n')) {
        const QList<QByteArray> fields = line.simplified().split(' ');
        // "Node 0 MemFree: 4786340 kB"
        if (fields.size() < 4 || fields[0] != "Node")
            continue;
        bool ok = false;
        const std::uint64_t kb = fields[3].toULongLong(&ok);
        if (!ok)
            continue;
        if (fields[2] == "MemFree:")
            free = kb * 1024;
        else if (fields[2] == "Inactive(file):")
            inactiveFile = kb * 1024;
    }
    if (!free)
        return std::nullopt;
    return *free + inactiveFile.value_or(0);
}

namespace {

// Idle + iowait jiffies per CPU from /proc/stat ("cpu3 user nice system idle iowait …").
std::map<int, std::uint64_t> idleJiffies()
{
    std::map<int, std::uint64_t> out;
    QFile f(QStringLiteral("/proc/stat"));
    if (!f.open(QIODevice::ReadOnly))
        return out;
    for (const QByteArray& line : f.readAll().split('\n')) {
        if (!line.startsWith("cpu") || line.size() < 4 || !std::isdigit(static_cast<unsigned char>(line[3])))
            continue;
        const QList<QByteArray> fields = line.simplified().split(' ');
        if (fields.size() < 6)
            continue;
        bool ok = false;
        const int cpu = fields[0].mid(3).toInt(&ok);
        if (ok)
            out[cpu] = fields[4].toULongLong() + fields[5].toULongLong();
    }
    return out;
}

} // namespace

int idlestCpu(std::span<const int> cpus, int sampleMs)
{
    if (cpus.empty())
        return -1;
    if (cpus.size() == 1)
        return cpus.front();
    const auto before = idleJiffies();
    std::this_thread::sleep_for(std::chrono::milliseconds(sampleMs));
    const auto after = idleJiffies();
    int best = cpus.front();
    std::uint64_t bestIdle = 0;
    bool any = false;
    for (int cpu : cpus) {
        const auto a = before.find(cpu), b = after.find(cpu);
        if (a == before.end() || b == after.end())
            continue;
        const std::uint64_t idle = b->second >= a->second ? b->second - a->second : 0;
        if (!any || idle > bestIdle) {
            best = cpu;
            bestIdle = idle;
            any = true;
        }
    }
    return best;
}

std::optional<QString> bindThisThread(const LocalHwloc& hwloc, int cpu)
{
    hwloc_obj_t pu = hwloc_get_pu_obj_by_os_index(hwloc.get(), unsigned(cpu));
    if (!pu)
        return Tr::tr("CPU %1 is not one this process may use (numactl --show lists the allowed CPUs)")
            .arg(cpu);
    if (hwloc_set_cpubind(hwloc.get(), pu->cpuset, HWLOC_CPUBIND_THREAD | HWLOC_CPUBIND_STRICT) != 0)
        return Tr::tr("binding a thread to CPU %1 was refused: %2")
            .arg(cpu)
            .arg(QString::fromLocal8Bit(strerror(errno)));
    // The affinity takes effect at the next scheduling decision; give it one.
    sched_yield();
    const int now = sched_getcpu();
    if (now != cpu)
        return Tr::tr("bound to CPU %1, the thread still runs on CPU %2").arg(cpu).arg(now);
    return std::nullopt;
}

void buildChase(NodeBuffer& buffer, std::uint64_t seed)
{
    const std::uint64_t lines = buffer.bytes() / kLineBytes;
    if (lines < 2)
        return;
    // Sattolo: a uniformly random permutation with a single cycle, so the chase visits every line before
    // it repeats. Built on line numbers (4 bytes each) rather than in the buffer, where every swap would be
    // two cache misses.
    std::vector<std::uint32_t> next(lines);
    std::iota(next.begin(), next.end(), 0u);
    std::mt19937_64 rng(seed);
    for (std::uint64_t i = lines - 1; i > 0; --i) {
        const std::uint64_t j = std::uniform_int_distribution<std::uint64_t>(0, i - 1)(rng);
        std::swap(next[i], next[j]);
    }
    char* base = buffer.data();
    for (std::uint64_t i = 0; i < lines; ++i) {
        char* line = base + i * kLineBytes;
        const char* target = base + std::uint64_t(next[i]) * kLineBytes;
        std::memcpy(line, &target, sizeof target);
    }
}

std::int64_t threadCpuNs()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return std::int64_t(t.tv_sec) * 1000000000 + t.tv_nsec;
}

ChaseTiming chase(const char** cursor, std::uint64_t loads, const std::atomic_bool& stop)
{
    constexpr std::uint64_t kChunk = 1 << 16; // loads between two looks at `stop`: a few ms
    const void* p = *cursor;
    const auto t0 = std::chrono::steady_clock::now();
    const std::int64_t c0 = threadCpuNs();
    for (std::uint64_t done = 0; done < loads;) {
        if (stop.load(std::memory_order_relaxed))
            return {};
        const std::uint64_t n = std::min(kChunk, loads - done);
        std::uint64_t i = 0;
        for (; i + 8 <= n; i += 8) {
            p = *static_cast<const void* const*>(p);
            p = *static_cast<const void* const*>(p);
            p = *static_cast<const void* const*>(p);
            p = *static_cast<const void* const*>(p);
            p = *static_cast<const void* const*>(p);
            p = *static_cast<const void* const*>(p);
            p = *static_cast<const void* const*>(p);
            p = *static_cast<const void* const*>(p);
        }
        for (; i < n; ++i)
            p = *static_cast<const void* const*>(p);
        done += n;
    }
    const std::int64_t c1 = threadCpuNs();
    const auto t1 = std::chrono::steady_clock::now();
    *cursor = static_cast<const char*>(p);
    ChaseTiming t;
    t.nsPerLoad = double(c1 - c0) / double(loads);
    t.wallNsPerLoad =
        double(std::chrono::duration_cast<std::chrono::nanoseconds>(t1 - t0).count()) / double(loads);
    return t;
}

std::uint64_t readWords(const std::uint64_t* w, std::uint64_t count)
{
    std::uint64_t a = 0, b = 0, c = 0, d = 0;
    std::uint64_t i = 0;
    for (; i + 8 <= count; i += 8) {
        a += w[i] + w[i + 4];
        b += w[i + 1] + w[i + 5];
        c += w[i + 2] + w[i + 6];
        d += w[i + 3] + w[i + 7];
    }
    for (; i < count; ++i)
        a += w[i];
    return a ^ b ^ c ^ d;
}

} // namespace numasight::probe
