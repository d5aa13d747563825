// SPDX-License-Identifier: GPL-3.0-or-later
#include "system_counters.h"

#include "readers/hwloc_sysfs.h"
#include "text_fields.h"

#include <QDir>

#include <algorithm>

namespace numasight {

using namespace procfs;

QMap<QString, std::uint64_t> parseVmstatNuma(std::string_view text)
{
    QMap<QString, std::uint64_t> out;
    forEachLine(text, [&](std::string_view line) {
        const std::vector<std::string_view> words = splitWords(line);
        if (words.size() != 2 || !words[0].starts_with("numa_"))
            return;
        if (const auto v = toU64(words[1]))
            out.insert(QString::fromLatin1(words[0].data(), qsizetype(words[0].size())), *v);
    });
    return out;
}

std::optional<int> parseNumaBalancing(std::string_view text)
{
    const auto v = toU64(trimmed(text));
    if (!v || *v > 1000)
        return std::nullopt;
    return int(*v);
}

std::vector<int> listNumaNodes(const FsRoot& root)
{
    std::vector<int> nodes;
    const QDir dir(root.sys(u"devices/system/node"));
    const QStringList names = dir.entryList({QStringLiteral("node*")}, QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString& name : names) {
        bool ok = false;
        const int n = name.mid(4).toInt(&ok);
        if (ok && n >= 0)
            nodes.push_back(n);
    }
    std::sort(nodes.begin(), nodes.end());
    return nodes;
}

std::vector<NodeCountersSample> readNodeCounters(const FsRoot& root)
{
    std::vector<NodeCountersSample> out;
    for (const int node : listNumaNodes(root)) {
        NodeCountersSample s;
        s.node = node;
        NodeSysfsStats stats = readNodeSysfsStats(root.sysRoot(), node);
        s.memTotalBytes = stats.memTotalBytes.value_or(0);
        s.memFreeBytes = stats.memFreeBytes.value_or(0);
        s.numastat = std::move(stats.numastat);
        out.push_back(std::move(s));
    }
    return out;
}

} // namespace numasight
