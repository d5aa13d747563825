// SPDX-License-Identifier: GPL-3.0-or-later
#include "procfs_collectors.h"
#include "system_counters.h"
#include "warning_log.h"

namespace numasight {

namespace {

class ProcfsSystemCollector final : public Collector
{
public:
    explicit ProcfsSystemCollector(FsRoot root)
        : m_root(std::move(root))
    {
    }

    QString name() const override { return QStringLiteral("procfs-system"); }
    CollectionMode mode() const override { return CollectionMode::Procfs; }
    std::optional<QString> start(const Scope&) override { return std::nullopt; }
    void stop() override {}
    std::vector<QString> takeWarnings() override { return m_warnings.take(); }

    void collect(Sample& sample, const std::vector<std::int64_t>&) override
    {
        sample.nodes = readNodeCounters(m_root);
        const FileText vmstat = readFileText(m_root.proc(u"vmstat"), 1 << 20);
        m_warnings.note(-1, u"/proc/vmstat", {vmstat.status, vmstat.error});
        sample.vmstat =
            parseVmstatNuma(std::string_view(vmstat.text.constData(), size_t(vmstat.text.size())));
        // Absent on kernels without CONFIG_NUMA_BALANCING: -1 says unknown, not off.
        const FileText balancing = readFileText(m_root.proc(u"sys/kernel/numa_balancing"), 64);
        sample.numaBalancing =
            parseNumaBalancing(std::string_view(balancing.text.constData(), size_t(balancing.text.size())))
                .value_or(-1);
    }

private:
    FsRoot m_root;
    WarningLog m_warnings;
};

} // namespace

std::unique_ptr<Collector> makeProcfsSystemCollector(const FsRoot& root)
{
    return std::make_unique<ProcfsSystemCollector>(root);
}

} // namespace numasight
