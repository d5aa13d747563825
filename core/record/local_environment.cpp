// SPDX-License-Identifier: GPL-3.0-or-later
// The recorder's link to this machine: hwloc for the topology, the procfs collectors, and the eBPF ones.
#include "collect/bpf/bpf_collectors.h"
#include "collect/procfs/procfs_collectors.h"
#include "collect/procfs/scope_resolver.h"
#include "collect/procfs/workload.h"
#include "machine_identity.h"
#include "readers/hwloc_reader.h"
#include "recorder.h"

#include <QCoreApplication>
#include <QSysInfo>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::Recorder)
};
} // namespace

namespace {

class LocalEnvironment final : public RecordingEnvironment
{
public:
    Result<CapturePtr> topology() override { return readLocalTopology(); }

    SourceInfo source() override
    {
        SourceInfo s;
        s.format = SourceFormat::LocalMachine;
        s.hostname = QSysInfo::machineHostName();
        s.kernel = QSysInfo::kernelVersion(); // uname -r
        // What later tells a measurement that this recording is of the machine it runs on.
        if (const QString id = thisMachineId(); !id.isEmpty())
            s.extra.insert(QLatin1String(kMachineIdKey), id);
        return s;
    }

    std::vector<std::int64_t> resolveScope(const Scope& scope) override
    {
        return numasight::resolveScope(scope, m_root);
    }

    // The pids and, per pid, its tids: cheap enough for every interval (one readdir per process), and
    // exactly what decides whether the recorded workload snapshot is still right.
    QByteArray workloadSignature(const std::vector<std::int64_t>& pids) override
    {
        QByteArray out;
        for (std::int64_t pid : pids) {
            out += QByteArray::number(pid) + ':';
            for (std::int64_t tid : listNumericEntries(m_root.pidPath(pid, u"task")))
                out += QByteArray::number(tid) + ',';
            out += ';';
        }
        return out;
    }

    void addWorkload(SnapshotBuilder& builder, const std::vector<std::int64_t>& pids) override
    {
        numasight::addWorkload(builder, m_root, pids);
    }

    // ---- Wiring of the real collectors. ----
    Result<std::unique_ptr<CollectorSet>> collectors(RecordMode mode) override
    {
        auto set = std::make_unique<CollectorSet>();
        if (mode == RecordMode::Ebpf) {
            QString why;
            if (!bpfAvailable(&why))
                return unavailable(why);
            set->mode = CollectionMode::Ebpf;
            set->cpu = makeBpfCpuCollector();
            set->cpuContext = makeProcfsCpuCollector(m_root);
            set->others.push_back(makeBpfFlowCollector());
            set->others.push_back(makeProcfsFlowCollector(m_root, ProcfsFlowKinds::PipesOnly));
        } else {
            set->mode = CollectionMode::Procfs;
            set->cpu = makeProcfsCpuCollector(m_root);
            set->others.push_back(makeProcfsFlowCollector(m_root));
        }
        set->others.push_back(makeProcfsMemoryCollector(m_root));
        set->others.push_back(makeProcfsSystemCollector(m_root));
        return set;
    }

    bool ebpfAvailable(QString* why) override { return bpfAvailable(why); }

private:
    static LoadError unavailable(const QString& why)
    {
        LoadError e;
        e.message = Tr::tr("eBPF cannot be used: %1; or record with --mode procfs").arg(why);
        return e;
    }

    FsRoot m_root;
};

} // namespace

std::unique_ptr<RecordingEnvironment> makeLocalEnvironment()
{
    return std::make_unique<LocalEnvironment>();
}

} // namespace numasight
