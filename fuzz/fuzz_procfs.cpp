// SPDX-License-Identifier: GPL-3.0-or-later
// The /proc and /sys parsers of core/collect/procfs and the sysfs node files. The first byte picks the parser
// ('a' numa_maps, 'b' status, …: see kParsers) so that one corpus covers them all and the seeds stay text;
// the rest of the input is the file's content.
#include "collect/procfs/cgroup_container.h"
#include "collect/procfs/fd_targets.h"
#include "collect/procfs/net_tables.h"
#include "collect/procfs/numa_maps.h"
#include "collect/procfs/proc_sched.h"
#include "collect/procfs/proc_status.h"
#include "collect/procfs/system_counters.h"
#include "collect/procfs/task_stat.h"
#include "fuzz_support.h"
#include "readers/hwloc_sysfs.h"
#include "util/index_set.h"

#include <QByteArray>
#include <QDir>

#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace {

using namespace numasight;

// A sysfs root whose node0 files hold the input: readNodeSysfsStats() parses numastat only from a file.
QString nodeRoot()
{
    static const QString root = [] {
        const QString r = fuzz::scratchPath(QStringLiteral("sys"));
        if (!QDir().mkpath(r + QStringLiteral("/devices/system/node/node0"))) {
            std::fprintf(stderr, "fuzz: cannot create %s\n", qPrintable(r));
            std::abort();
        }
        return r;
    }();
    return root;
}

void sysfsNode(std::string_view text)
{
    const QString dir = nodeRoot() + QStringLiteral("/devices/system/node/node0/");
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(text.data());
    fuzz::writeScratch(dir + QStringLiteral("meminfo"), bytes, text.size());
    fuzz::writeScratch(dir + QStringLiteral("numastat"), bytes, text.size());
    (void)readNodeSysfsStats(nodeRoot(), 0);
}

using Parser = void (*)(std::string_view);

// Each parser as the collectors call it; the results are discarded, what matters is getting there.
constexpr Parser kParsers[] = {
    [](std::string_view t) { (void)parseNumaMaps(t, 42); },
    [](std::string_view t) { (void)parseProcStatus(t); },
    [](std::string_view t) { (void)parseCmdline(t); },
    [](std::string_view t) { (void)parseTaskStat(t); },
    [](std::string_view t) { (void)parseSchedstat(t); },
    [](std::string_view t) { (void)parseSchedNumaFields(t); },
    [](std::string_view t) { (void)parseVmstatNuma(t); },
    [](std::string_view t) { (void)parseNumaBalancing(t); },
    [](std::string_view t) { (void)parseCgroupContainer(t); },
    [](std::string_view t) { (void)classifyFdTarget(QString::fromUtf8(t.data(), qsizetype(t.size()))); },
    [](std::string_view t) { (void)parseNetAddress(t); },
    [](std::string_view t) { (void)parseNetTable(t, QStringLiteral("TCP")); },
    [](std::string_view t) { (void)parseUnixTable(t); },
    [](std::string_view t) {
        NodeSysfsStats stats;
        parseNodeMeminfo(QByteArray(t.data(), qsizetype(t.size())), 0, stats);
    },
    [](std::string_view t) {
        int errorAt = -1;
        (void)IndexSet::fromRangeString(t, &errorAt);
    },
    [](std::string_view t) { (void)IndexSet::fromBitmap(t); },
    sysfsNode,
};
constexpr size_t kParserCount = sizeof(kParsers) / sizeof(kParsers[0]);

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    fuzz::quietLibraries();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size)
{
    if (size == 0)
        return 0;
    const size_t which = size_t(std::uint8_t(data[0] - 'a')) % kParserCount;
    kParsers[which](std::string_view(reinterpret_cast<const char*>(data) + 1, size - 1));
    return 0;
}
