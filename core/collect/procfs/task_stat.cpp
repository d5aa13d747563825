// SPDX-License-Identifier: GPL-3.0-or-later
#include "task_stat.h"

#include "text_fields.h"

namespace numasight {

using namespace procfs;

std::optional<TaskStat> parseTaskStat(std::string_view text)
{
    const size_t open = text.find('(');
    const size_t close = text.rfind(')');
    if (open == std::string_view::npos || close == std::string_view::npos || close < open)
        return std::nullopt;
    TaskStat s;
    const auto id = toI64(trimmed(text.substr(0, open)));
    if (!id)
        return std::nullopt;
    s.id = *id;
    const std::string_view comm = text.substr(open + 1, close - open - 1);
    s.comm = QString::fromUtf8(comm.data(), qsizetype(comm.size()));

    // words[0] is field 3 (state): field n is words[n - 3].
    const std::vector<std::string_view> words = splitWords(text.substr(close + 1));
    const auto field = [&](size_t n) -> std::string_view { return n - 3 < words.size() ? words[n - 3] : ""; };
    if (field(3).size() != 1)
        return std::nullopt;
    s.state = field(3)[0];
    const auto ppid = toI64(field(4));
    const auto utime = toU64(field(14));
    const auto stime = toU64(field(15));
    if (!ppid || !utime || !stime)
        return std::nullopt;
    s.ppid = *ppid;
    s.flags = toU64(field(9)).value_or(0);
    s.utimeTicks = *utime;
    s.stimeTicks = *stime;
    s.startTicks = toU64(field(22)).value_or(0);
    if (const auto cpu = toU64(field(39)); cpu && *cpu < (1u << 20))
        s.processor = int(*cpu);
    return s;
}

std::optional<TaskStat> readTaskStat(const FsRoot& root, std::int64_t pid, std::int64_t tid,
                                     ReadOutcome* status)
{
    return readParsed(root.pidOrTaskPath(pid, tid, u"stat"), status, parseTaskStat);
}

std::optional<Schedstat> parseSchedstat(std::string_view text)
{
    const std::vector<std::string_view> words = splitWords(trimmed(text));
    if (words.empty())
        return std::nullopt;
    const auto run = toU64(words[0]);
    if (!run)
        return std::nullopt;
    Schedstat s;
    s.onCpuNs = *run;
    if (words.size() > 1)
        s.waitNs = toU64(words[1]).value_or(0);
    if (words.size() > 2)
        s.timeslices = toU64(words[2]).value_or(0);
    return s;
}

std::optional<Schedstat> readSchedstat(const FsRoot& root, std::int64_t pid, std::int64_t tid,
                                       ReadOutcome* status)
{
    return readParsed(root.taskPath(pid, tid, u"schedstat"), status, parseSchedstat);
}

} // namespace numasight
