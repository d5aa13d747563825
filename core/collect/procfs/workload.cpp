// SPDX-License-Identifier: GPL-3.0-or-later
#include "workload.h"

#include "cgroup_container.h"
#include "fd_targets.h"
#include "net_tables.h"
#include "proc_sched.h"
#include "proc_status.h"
#include "text_fields.h"
#include "util/json_text.h"

#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QSet>

#include <algorithm>
#include <map>
#include <memory>

namespace numasight {

using namespace procfs;

namespace {

const QString kNs = QStringLiteral("local");

Edge makeEdge(EdgeKind kind, EntityId source, EntityId target)
{
    Edge e;
    e.kind = kind;
    e.typeName = edgeKindName(kind);
    e.source = source;
    e.target = target;
    e.payload = "{}";
    return e;
}

Entity makeEntity(EntityKind kind, const QString& key, const QString& name)
{
    Entity e;
    e.kind = kind;
    e.typeName = entityKindName(kind);
    e.ns = kNs;
    e.key = key;
    e.name = name;
    return e;
}

// The NVIDIA driver lists each GPU under proc/driver/nvidia/gpus/<bus id>/information with its "Device
// Minor", the N of /dev/nvidia<N>; that is the only reliable way from a device node to a PCI function.
QHash<int, QString> nvidiaMinors(const FsRoot& root)
{
    QHash<int, QString> minors;
    const QDir dir(root.proc(u"driver/nvidia/gpus"));
    for (const QString& entry : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const FileText info = readFileText(dir.filePath(entry) + QLatin1String("/information"), 1 << 16);
        int minor = -1;
        QString bus = entry.toLower();
        forEachLine(std::string_view(info.text.constData(), size_t(info.text.size())),
                    [&](std::string_view line) {
                        const size_t colon = line.find(':');
                        if (colon == std::string_view::npos)
                            return;
                        const std::string_view key = trimmed(line.substr(0, colon));
                        const std::string_view value = trimmed(line.substr(colon + 1));
                        if (key == "Device Minor") {
                            if (const auto v = toU64(value); v && *v < 1u << 20)
                                minor = int(*v);
                        } else if (key == "Bus Location") {
                            bus = QString::fromLatin1(value.data(), qsizetype(value.size())).toLower();
                        }
                    });
        if (minor >= 0)
            minors.insert(minor, bus);
    }
    return minors;
}

class WorkloadBuilder
{
public:
    WorkloadBuilder(SnapshotBuilder& builder, const FsRoot& root)
        : m_b(builder)
        , m_root(root)
    {
    }

    void addProcess(std::int64_t pid)
    {
        const std::optional<ProcStatus> status = readProcStatus(m_root, pid);
        if (!status)
            return; // gone, or not a process we may read: the collectors report refusals
        Entity p = makeEntity(EntityKind::Process, QString::number(pid), status->name);
        p.pid = pid;
        p.ppid = status->ppid;
        p.detail->cmdline = readCmdline(m_root, pid);
        if (status->memsAllowed)
            p.nodes = *status->memsAllowed;

        QJsonObject a = statusJson(*status);
        a.insert(QLatin1String("pid"), double(pid));
        a.insert(QLatin1String("ppid"), double(status->ppid));
        a.insert(QLatin1String("cmdline"), p.detail->cmdline);
        const QMap<QString, std::int64_t> sched = readSchedNumaFields(m_root, pid);
        if (!sched.isEmpty()) {
            QJsonObject s;
            for (auto it = sched.cbegin(); it != sched.cend(); ++it)
                s.insert(it.key(), double(it.value()));
            a.insert(QLatin1String("sched_numa"), s);
        }
        const std::optional<ContainerRef> container = readCgroupContainer(m_root, pid);
        if (container)
            a.insert(QLatin1String("container_id"), container->shortId);
        const std::vector<FdTarget> fds = readFdTargets(m_root, pid);
        QJsonArray devices;
        for (const FdTarget& fd : fds)
            if (fd.kind == FdTarget::Accelerator && !devices.contains(fd.path))
                devices.append(fd.path);
        if (!devices.isEmpty())
            a.insert(QLatin1String("accelerator_devices"), devices);
        p.attributes = compactJson(a);
        const EntityId process = m_b.add(std::move(p));

        addThreads(pid, process);
        if (container)
            addContainer(*container, process);
        QSet<std::int32_t> accessed, ownedSockets;
        for (const FdTarget& fd : fds) {
            if (fd.kind == FdTarget::Accelerator) {
                const EntityId device = acceleratorFor(fd);
                if (!accessed.contains(device.value)) {
                    accessed.insert(device.value);
                    m_b.addEdge(makeEdge(EdgeKind::Access, process, device));
                }
            } else if (fd.kind == FdTarget::Socket) {
                const EntityId socket = socketFor(pid, fd.inode);
                if (socket.isValid() && !ownedSockets.contains(socket.value)) {
                    ownedSockets.insert(socket.value);
                    m_b.addEdge(makeEdge(EdgeKind::Own, process, socket));
                }
            }
        }
    }

private:
    static QJsonObject statusJson(const ProcStatus& s)
    {
        QJsonObject a;
        a.insert(QLatin1String("name"), s.name);
        if (s.cpusAllowed)
            a.insert(QLatin1String("cpus_allowed_list"), s.cpusAllowedText);
        if (s.memsAllowed)
            a.insert(QLatin1String("mems_allowed_list"), s.memsAllowedText);
        a.insert(QLatin1String("voluntary_ctxt_switches"), double(s.voluntarySwitches));
        a.insert(QLatin1String("involuntary_ctxt_switches"), double(s.involuntarySwitches));
        return a;
    }

    void addThreads(std::int64_t pid, EntityId process)
    {
        for (const std::int64_t tid : listNumericEntries(m_root.pidPath(pid, u"task"))) {
            const std::optional<ProcStatus> status = readProcStatus(m_root, pid, tid);
            if (!status)
                continue;
            Entity t = makeEntity(EntityKind::Thread, QString::number(tid), status->name);
            t.parent = process;
            t.pid = pid;
            t.tid = tid;
            if (status->cpusAllowed)
                t.cpus = *status->cpusAllowed;
            if (status->memsAllowed)
                t.nodes = *status->memsAllowed;
            QJsonObject a = statusJson(*status);
            a.insert(QLatin1String("tid"), double(tid));
            a.insert(QLatin1String("pid"), double(pid));
            t.attributes = compactJson(a);
            bool inserted = false;
            const EntityId thread = m_b.add(std::move(t), &inserted);
            if (inserted)
                m_b.addEdge(makeEdge(EdgeKind::Own, process, thread));
        }
    }

    void addContainer(const ContainerRef& ref, EntityId process)
    {
        Entity c = makeEntity(EntityKind::Container, ref.shortId, ref.shortId);
        c.detail->containerId = ref.id;
        c.detail->containerType = ref.runtime;
        QJsonObject a;
        a.insert(QLatin1String("container_id"), ref.shortId);
        a.insert(QLatin1String("full_id"), ref.id);
        a.insert(QLatin1String("container_type"), ref.runtime);
        if (!ref.podUid.isEmpty())
            a.insert(QLatin1String("pod_uid"), ref.podUid);
        c.attributes = compactJson(a);
        const EntityId container = m_b.add(std::move(c));
        m_b.addEdge(makeEdge(EdgeKind::Host, container, process));
        m_b.addEdge(makeEdge(EdgeKind::RunOn, process, container));
    }

    // Accelerators of one class in the order their device nodes are numbered: by OS index when hwloc knew it
    // (nvml0, …), then by PCI bus id, which is how both drivers number devices without other information.
    std::vector<EntityId> acceleratorsOf(DeviceClass cls, bool nvidiaOnly) const
    {
        std::vector<EntityId> out;
        for (int i = 0; i < m_b.entityCount(); ++i) {
            const Entity& e = m_b.entity(EntityId(i));
            if (e.kind == EntityKind::Accelerator && e.ns == kNs && e.deviceClass == cls &&
                (!nvidiaOnly || e.detail->vendor.startsWith(QLatin1String("10de"))) &&
                !e.key.startsWith(QLatin1Char('/')))
                out.push_back(EntityId(i));
        }
        std::sort(out.begin(), out.end(), [&](EntityId x, EntityId y) {
            const Entity& a = m_b.entity(x);
            const Entity& b = m_b.entity(y);
            if ((a.osIndex < 0) != (b.osIndex < 0))
                return a.osIndex >= 0;
            if (a.osIndex != b.osIndex)
                return a.osIndex < b.osIndex;
            return a.detail->pciBusId < b.detail->pciBusId;
        });
        return out;
    }

    EntityId byBusId(const QString& busId) const
    {
        if (busId.isEmpty())
            return {};
        for (int i = 0; i < m_b.entityCount(); ++i) {
            const Entity& e = m_b.entity(EntityId(i));
            if (e.ns == kNs && e.detail->pciBusId == busId &&
                (e.kind == EntityKind::Accelerator || e.kind == EntityKind::PciDevice))
                return EntityId(i);
        }
        return {};
    }

    EntityId nth(DeviceClass cls, bool nvidiaOnly, int n) const
    {
        std::vector<EntityId> list = acceleratorsOf(cls, nvidiaOnly);
        if (nvidiaOnly && list.empty())
            list = acceleratorsOf(cls, false);
        for (EntityId id : list)
            if (m_b.entity(id).osIndex == n)
                return id;
        return n >= 0 && size_t(n) < list.size() ? list[size_t(n)] : EntityId();
    }

    EntityId acceleratorFor(const FdTarget& fd)
    {
        EntityId found;
        if (fd.family == QLatin1String("nvidia")) {
            if (!m_minors)
                m_minors = nvidiaMinors(m_root);
            found = byBusId(m_minors->value(fd.index));
            if (!found.isValid())
                found = nth(DeviceClass::Gpu, true, fd.index);
        } else if (fd.family == QLatin1String("davinci")) {
            found = nth(DeviceClass::Npu, false, fd.index);
        } else if (fd.family == QLatin1String("renderD")) {
            // sys/class/drm/renderD128/device -> ../../../0000:03:00.0
            const QString link =
                readLinkTarget(m_root.sys(QStringLiteral("class/drm/renderD%1/device").arg(fd.index)));
            found = byBusId(QFileInfo(link).fileName().toLower());
        }
        if (found.isValid())
            return found;
        // A device the topology does not show (no PCI access, a container without sysfs): keep it by path.
        Entity e = makeEntity(EntityKind::Accelerator, fd.path, QFileInfo(fd.path).fileName());
        e.deviceClass = fd.deviceClass;
        e.osIndex = fd.index;
        QJsonObject a;
        a.insert(QLatin1String("device_path"), fd.path);
        a.insert(QLatin1String("device_type"), deviceClassName(fd.deviceClass));
        e.attributes = compactJson(a);
        return m_b.add(std::move(e));
    }

    EntityId socketFor(std::int64_t pid, std::uint64_t inode)
    {
        const QString ns = readLinkTarget(m_root.pidPath(pid, u"ns/net"));
        auto& tables = m_tables[ns];
        if (!tables)
            tables = std::make_shared<const NetTables>(readNetTables(m_root, ns.isEmpty() ? -1 : pid));
        const auto it = tables->inet.constFind(inode);
        if (it == tables->inet.cend())
            return {};
        const QString host =
            it->ipv6 ? QLatin1Char('[') + it->localAddress + QLatin1Char(']') : it->localAddress;
        Entity s = makeEntity(
            EntityKind::Socket,
            host + QLatin1Char(':') + QString::number(it->localPort) + QLatin1Char('/') + it->protocol, {});
        s.name = s.key;
        s.setSocket(it->localAddress, it->localPort, it->protocol);
        QJsonObject a;
        a.insert(QLatin1String("socket_addr"), it->localAddress);
        a.insert(QLatin1String("socket_port"), it->localPort);
        a.insert(QLatin1String("socket_type"), it->protocol);
        a.insert(QLatin1String("remote_addr"), it->remoteAddress);
        a.insert(QLatin1String("remote_port"), it->remotePort);
        a.insert(QLatin1String("state"), it->state);
        a.insert(QLatin1String("inode"), QString::number(it->inode));
        s.attributes = compactJson(a);
        return m_b.add(std::move(s));
    }

    SnapshotBuilder& m_b;
    const FsRoot& m_root;
    std::optional<QHash<int, QString>> m_minors;
    std::map<QString, std::shared_ptr<const NetTables>> m_tables;
};

} // namespace

void addWorkload(SnapshotBuilder& builder, const FsRoot& root, const std::vector<std::int64_t>& pids)
{
    WorkloadBuilder w(builder, root);
    for (const std::int64_t pid : pids)
        w.addProcess(pid);
}

} // namespace numasight
