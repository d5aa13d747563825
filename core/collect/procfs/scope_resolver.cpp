// SPDX-License-Identifier: GPL-3.0-or-later
#include "scope_resolver.h"

#include "task_stat.h"

#include <QHash>
#include <QSet>

#include <algorithm>

namespace numasight {

std::vector<std::int64_t> resolveScope(const Scope& scope, const FsRoot& root)
{
    struct Info
    {
        std::int64_t ppid;
        QString comm;
        bool zombie; // state Z or X: exited, not yet collected by its parent
    };
    // One pass over proc/: the stat line has both the comm and the parent, and costs one read per process.
    QHash<std::int64_t, Info> processes;
    for (const std::int64_t pid : listNumericEntries(root.proc(u""))) {
        if (const auto stat = readTaskStat(root, pid, -1))
            processes.insert(pid, {stat->ppid, stat->comm, stat->state == 'Z' || stat->state == 'X'});
    }

    std::vector<std::int64_t> chosen;
    if (scope.pids.empty()) {
        chosen.reserve(size_t(processes.size()));
        for (auto it = processes.cbegin(); it != processes.cend(); ++it)
            chosen.push_back(it.key());
    } else {
        QSet<std::int64_t> in;
        for (const std::int64_t pid : scope.pids)
            if (processes.contains(pid))
                in.insert(pid);
        if (scope.includeChildren) {
            QHash<std::int64_t, std::vector<std::int64_t>> children;
            for (auto it = processes.cbegin(); it != processes.cend(); ++it)
                children[it->ppid].push_back(it.key());
            std::vector<std::int64_t> stack(in.cbegin(), in.cend());
            while (!stack.empty()) {
                const std::int64_t pid = stack.back();
                stack.pop_back();
                for (const std::int64_t child : children.value(pid))
                    if (!in.contains(child)) {
                        in.insert(child);
                        stack.push_back(child);
                    }
            }
        }
        chosen.assign(in.cbegin(), in.cend());
    }

    if (scope.comm.isValid() && !scope.comm.pattern().isEmpty()) {
        std::erase_if(chosen, [&](std::int64_t pid) {
            return !scope.comm.match(processes.value(pid).comm).hasMatch();
        });
    }
    // A zombie has nothing left to record; it stays listed only while its parent has not collected it. Its
    // leader alone is a zombie when it called pthread_exit while other threads run on: then it is alive.
    std::erase_if(chosen, [&](std::int64_t pid) {
        if (!processes.value(pid).zombie)
            return false;
        for (const std::int64_t tid : listNumericEntries(root.pidPath(pid, u"task")))
            if (const auto t = readTaskStat(root, pid, tid); t && t->state != 'Z' && t->state != 'X')
                return false;
        return true;
    });
    std::sort(chosen.begin(), chosen.end());
    return chosen;
}

} // namespace numasight
