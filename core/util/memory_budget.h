// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <cstdint>
#include <optional>

namespace numasight {

// How much more memory this process can take before the kernel refuses it or kills it: the least of
// MemAvailable (/proc/meminfo), the headroom under the cgroup v2 limit of the process's cgroup
// (memory.max − memory.current, for every cgroup up to the root) and, for address space, RLIMIT_AS minus
// what is mapped. nullopt when nothing could be read. The roots are parameters for tests (a fake procfs and
// cgroup tree).
struct MemoryBudget
{
    std::optional<std::uint64_t> available; // bytes
    QString limitedBy;                      // "MemAvailable", "cgroup /user.slice/…", "RLIMIT_AS"
};
MemoryBudget memoryBudget(const QString& procRoot = QStringLiteral("/proc"),
                          const QString& cgroupRoot = QStringLiteral("/sys/fs/cgroup"));

// When a file of `fileBytes` needs at least `bytesPerFileByte` times its size to open and the budget
// cannot hold that, the one-line reason, naming how much is needed and available; empty otherwise.
QString memoryShortfall(std::uint64_t fileBytes, double bytesPerFileByte, const MemoryBudget& budget);

} // namespace numasight
