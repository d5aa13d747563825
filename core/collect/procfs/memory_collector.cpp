// SPDX-License-Identifier: GPL-3.0-or-later
#include "numa_maps.h"
#include "procfs_collectors.h"
#include "warning_log.h"

namespace numasight {

namespace {

class ProcfsMemoryCollector final : public Collector
{
public:
    explicit ProcfsMemoryCollector(FsRoot root)
        : m_root(std::move(root))
    {
    }

    QString name() const override { return QStringLiteral("procfs-memory"); }
    CollectionMode mode() const override { return CollectionMode::Procfs; }
    std::optional<QString> start(const Scope&) override { return std::nullopt; }
    void stop() override {}
    std::vector<QString> takeWarnings() override { return m_warnings.take(); }

    void collect(Sample& sample, const std::vector<std::int64_t>& pids) override
    {
        sample.processes.reserve(sample.processes.size() + pids.size());
        for (const std::int64_t pid : pids) {
            ReadOutcome read;
            ProcessMemorySample memory = readNumaMaps(m_root, pid, &read);
            if (!read.ok()) {
                m_warnings.note(pid, u"numa_maps", read);
                continue;
            }
            sample.processes.push_back(std::move(memory));
        }
    }

private:
    FsRoot m_root;
    WarningLog m_warnings;
};

} // namespace

std::unique_ptr<Collector> makeProcfsMemoryCollector(const FsRoot& root)
{
    return std::make_unique<ProcfsMemoryCollector>(root);
}

} // namespace numasight
