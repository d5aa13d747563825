// SPDX-License-Identifier: GPL-3.0-or-later
#include "hwloc_convert.h"

#include "pci_ids.h"
#include "util/json_text.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

#include <hwloc/distances.h>
#include <hwloc/memattrs.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <numeric>
#include <type_traits>
#include <vector>

namespace numasight {

namespace {

using PciAttr = hwloc_obj_attr_u::hwloc_pcidev_attr_s;

const QString kNs = QStringLiteral("local");
constexpr int kMaxBit = 1 << 20; // IndexSet's own limit; hwloc sets beyond it are hostile input

QString text(const char* s)
{
    return s ? QString::fromUtf8(s) : QString();
}

QString hex4(unsigned v)
{
    return QStringLiteral("0x%1").arg(v, 4, 16, QLatin1Char('0'));
}

IndexSet toIndexSet(hwloc_const_bitmap_t bitmap)
{
    IndexSet out;
    if (!bitmap)
        return out;
    // hwloc_bitmap_next() walks forever on an infinite set; objects' sets are finite, but stay bounded.
    for (int i = hwloc_bitmap_first(bitmap); i >= 0 && i <= kMaxBit; i = hwloc_bitmap_next(bitmap, i))
        out.insert(i);
    return out;
}

const char* info(hwloc_obj_t obj, const char* name)
{
    return hwloc_obj_get_info_by_name(obj, name);
}

QString pciBusId(const PciAttr& pci)
{
    return QStringLiteral("%1:%2:%3.%4")
        .arg(unsigned(pci.domain), 4, 16, QLatin1Char('0'))
        .arg(unsigned(pci.bus), 2, 16, QLatin1Char('0'))
        .arg(unsigned(pci.dev), 2, 16, QLatin1Char('0'))
        .arg(unsigned(pci.func), 1, 16);
}

// hwloc's XML importer stores the numbers of bridge_type="U-D", osdev_type and cache_type unchecked, so a
// file can put any number in these enums (osdev_type="10", bridge type 2), and loading one beyond the
// enumerators as the enum is undefined: their bits are read as an integer.
template <class Enum>
std::underlying_type_t<Enum> rawValue(const Enum& e)
{
    std::underlying_type_t<Enum> value;
    std::memcpy(&value, &e, sizeof value);
    return value;
}

bool isPciSide(const hwloc_obj_bridge_type_t& side)
{
    return rawValue(side) == HWLOC_OBJ_BRIDGE_PCI;
}

// An OS device's type as its number (see rawValue()).
auto osdevType(hwloc_obj_t os)
{
    return rawValue(os->attr->osdev.type);
}

// The PCI function attributes of a device or of a bridge's upstream side, or nullptr (host bridges).
const PciAttr* pciAttr(hwloc_obj_t obj)
{
    if (obj->type == HWLOC_OBJ_PCI_DEVICE)
        return &obj->attr->pcidev;
    if (obj->type == HWLOC_OBJ_BRIDGE && isPciSide(obj->attr->bridge.upstream_type))
        return &obj->attr->bridge.upstream.pci;
    return nullptr;
}

QString pciClassName(unsigned classId)
{
    // Base classes from the PCI Code and ID Assignment specification; the sub-classes people look for.
    switch (classId) {
    case 0x0300:
        return QStringLiteral("VGA");
    case 0x0302:
        return QStringLiteral("3D");
    case 0x0604:
        return QStringLiteral("PCI bridge");
    case 0x0207:
        return QStringLiteral("InfiniBand");
    case 0x0108:
        return QStringLiteral("NVMExp");
    default:
        break;
    }
    static const std::array<const char*, 0x13> kBase = {"Unclassified",
                                                        "MassStorage",
                                                        "Network",
                                                        "Display",
                                                        "Multimedia",
                                                        "Memory",
                                                        "Bridge",
                                                        "Communication",
                                                        "SystemPeripheral",
                                                        "Input",
                                                        "Docking",
                                                        "Processor",
                                                        "SerialBus",
                                                        "Wireless",
                                                        "Intelligent",
                                                        "Satellite",
                                                        "Crypto",
                                                        "SignalProcessing",
                                                        "ProcessingAccelerator"};
    const unsigned base = classId >> 8;
    return base < kBase.size() ? QString::fromLatin1(kBase[base]) : QStringLiteral("Other");
}

// hwloc had no name for the function (its build lacked the PCI database, or the XML comes from such a
// build): the system's database, else hwloc's subtype ("NVSwitch") or the class, with the ids, which still
// tell two chips apart.
QString pciNameFromDatabase(hwloc_obj_t obj, const PciAttr& pci)
{
    const PciIds& db = PciIds::system();
    const QString device = db.device(pci.vendor_id, pci.device_id);
    if (!device.isEmpty())
        return device;
    QString cls = text(obj->subtype);
    if (cls.isEmpty())
        cls = db.className(pci.class_id);
    if (cls.isEmpty())
        cls = pciClassName(pci.class_id);
    return QStringLiteral("%1 %2:%3")
        .arg(cls)
        .arg(unsigned(pci.vendor_id), 4, 16, QLatin1Char('0'))
        .arg(unsigned(pci.device_id), 4, 16, QLatin1Char('0'));
}

QString osdevTypeName(std::underlying_type_t<hwloc_obj_osdev_type_t> t)
{
    switch (t) {
    case HWLOC_OBJ_OSDEV_BLOCK:
        return QStringLiteral("block");
    case HWLOC_OBJ_OSDEV_GPU:
        return QStringLiteral("gpu");
    case HWLOC_OBJ_OSDEV_NETWORK:
        return QStringLiteral("network");
    case HWLOC_OBJ_OSDEV_OPENFABRICS:
        return QStringLiteral("openfabrics");
    case HWLOC_OBJ_OSDEV_DMA:
        return QStringLiteral("dma");
    case HWLOC_OBJ_OSDEV_COPROC:
        return QStringLiteral("coproc");
    }
    return QStringLiteral("unknown");
}

// GPU-type OS devices also include DRM handles ("card0", "renderD128") that a BMC's VGA chip has too;
// only compute-API handles make a device an accelerator.
bool isComputeOsdev(hwloc_obj_t os)
{
    if (os->type != HWLOC_OBJ_OS_DEVICE)
        return false;
    const auto t = osdevType(os);
    if (t != HWLOC_OBJ_OSDEV_GPU && t != HWLOC_OBJ_OSDEV_COPROC)
        return false;
    static const QRegularExpression kCompute(QStringLiteral("^(nvml|cuda|rsmi|opencl|levelzero|ze|nvidia)"),
                                             QRegularExpression::CaseInsensitiveOption);
    for (const char* s : std::array<const char*, 3>{os->name, os->subtype, info(os, "Backend")})
        if (s && kCompute.match(QString::fromUtf8(s)).hasMatch())
            return true;
    return false;
}

bool isNetworkOsdev(hwloc_obj_t os)
{
    return os->type == HWLOC_OBJ_OS_DEVICE &&
           (osdevType(os) == HWLOC_OBJ_OSDEV_NETWORK || osdevType(os) == HWLOC_OBJ_OSDEV_OPENFABRICS);
}

// Driver handles of one PCI function (nvml0, cuda0, opencl0d0, eth0, mlx5_0) describe the same device,
// so they are folded into it; block and DMA devices are things of their own (a disk behind a controller).
bool foldsIntoParent(hwloc_obj_t os)
{
    return os->type == HWLOC_OBJ_OS_DEVICE && os->parent && os->parent->type == HWLOC_OBJ_PCI_DEVICE &&
           osdevType(os) != HWLOC_OBJ_OSDEV_BLOCK && osdevType(os) != HWLOC_OBJ_OSDEV_DMA;
}

QString memoryTierOf(hwloc_obj_t node)
{
    QString sub = text(node->subtype);
    if (sub.isEmpty())
        sub = text(info(node, "DAXType")); // Linux dax-kmem nodes: "NVM" or "SPM"
    const QString u = sub.toUpper();
    if (u == QLatin1String("MCDRAM") || u.startsWith(QLatin1String("HBM")))
        return QStringLiteral("HBM");
    if (u == QLatin1String("DRAM") || u.startsWith(QLatin1String("DDR")))
        return QStringLiteral("DRAM");
    if (u == QLatin1String("NVM") || u == QLatin1String("NVDIMM"))
        return QStringLiteral("NVM");
    if (u == QLatin1String("GPUMEMORY"))
        return QStringLiteral("GPU");
    return sub;
}

QString cacheName(hwloc_obj_t obj)
{
    char buf[64];
    hwloc_obj_type_snprintf(buf, sizeof buf, obj, 0);
    return QString::fromLatin1(buf);
}

QJsonObject objectAttributes(hwloc_obj_t obj)
{
    QJsonObject a;
    a.insert(QLatin1String("type"), text(hwloc_obj_type_string(obj->type)));
    if (obj->subtype)
        a.insert(QLatin1String("subtype"), text(obj->subtype));
    a.insert(QLatin1String("logical_index"), qint64(obj->logical_index));
    if (obj->os_index != HWLOC_UNKNOWN_INDEX)
        a.insert(QLatin1String("os_index"), qint64(obj->os_index));
    a.insert(QLatin1String("gp_index"), qint64(obj->gp_index));
    if (obj->name)
        a.insert(QLatin1String("name"), text(obj->name));
    if (obj->cpuset)
        a.insert(QLatin1String("cpuset"), toIndexSet(obj->cpuset).toRangeString());
    if (obj->nodeset)
        a.insert(QLatin1String("nodeset"), toIndexSet(obj->nodeset).toRangeString());
    if (obj->total_memory)
        a.insert(QLatin1String("total_memory"), qint64(obj->total_memory));
    if (obj->infos_count > 0) {
        QJsonObject infos;
        for (unsigned i = 0; i < obj->infos_count; ++i) {
            const QString name = text(obj->infos[i].name);
            const QString value = text(obj->infos[i].value);
            // hwloc allows repeated names; keep every value rather than the last one.
            const auto it = infos.constFind(name);
            if (it == infos.constEnd()) {
                infos.insert(name, value);
            } else {
                QJsonArray values = it->isArray() ? it->toArray() : QJsonArray{*it};
                values.append(value);
                infos.insert(name, values);
            }
        }
        a.insert(QLatin1String("infos"), infos);
    }

    if (hwloc_obj_type_is_cache(obj->type) || obj->type == HWLOC_OBJ_MEMCACHE) {
        const auto& c = obj->attr->cache;
        a.insert(QLatin1String("cache_size"), qint64(c.size));
        a.insert(QLatin1String("cache_depth"), qint64(c.depth));
        a.insert(QLatin1String("cache_linesize"), qint64(c.linesize));
        a.insert(QLatin1String("cache_associativity"), c.associativity);
        a.insert(QLatin1String("cache_type"),
                 rawValue(c.type) == HWLOC_OBJ_CACHE_DATA          ? QStringLiteral("data")
                 : rawValue(c.type) == HWLOC_OBJ_CACHE_INSTRUCTION ? QStringLiteral("instruction")
                                                                   : QStringLiteral("unified"));
    } else if (obj->type == HWLOC_OBJ_NUMANODE) {
        const auto& n = obj->attr->numanode;
        a.insert(QLatin1String("local_memory"), qint64(n.local_memory));
        QJsonArray pages;
        for (unsigned i = 0; i < n.page_types_len && n.page_types; ++i)
            pages.append(QJsonObject{{QLatin1String("size"), qint64(n.page_types[i].size)},
                                     {QLatin1String("count"), qint64(n.page_types[i].count)}});
        if (!pages.isEmpty())
            a.insert(QLatin1String("page_types"), pages);
    } else if (obj->type == HWLOC_OBJ_OS_DEVICE) {
        a.insert(QLatin1String("osdev_type"), osdevTypeName(osdevType(obj)));
    }
    if (obj->type == HWLOC_OBJ_BRIDGE) {
        const auto& b = obj->attr->bridge;
        const auto side = [](const hwloc_obj_bridge_type_t& t) {
            return isPciSide(t) ? QStringLiteral("pci") : QStringLiteral("host");
        };
        a.insert(QLatin1String("bridge_upstream"), side(b.upstream_type));
        a.insert(QLatin1String("bridge_downstream"), side(b.downstream_type));
        a.insert(QLatin1String("bridge_depth"), qint64(b.depth));
        if (isPciSide(b.downstream_type)) {
            a.insert(QLatin1String("bridge_pci"),
                     QStringLiteral("%1:[%2-%3]")
                         .arg(unsigned(b.downstream.pci.domain), 4, 16, QLatin1Char('0'))
                         .arg(unsigned(b.downstream.pci.secondary_bus), 2, 16, QLatin1Char('0'))
                         .arg(unsigned(b.downstream.pci.subordinate_bus), 2, 16, QLatin1Char('0')));
        }
    }
    if (const PciAttr* p = pciAttr(obj)) {
        a.insert(QLatin1String("pci_busid"), pciBusId(*p));
        a.insert(QLatin1String("pci_domain"), qint64(p->domain));
        a.insert(QLatin1String("pci_bus"), qint64(p->bus));
        a.insert(QLatin1String("pci_dev"), qint64(p->dev));
        a.insert(QLatin1String("pci_func"), qint64(p->func));
        a.insert(QLatin1String("pci_class"), hex4(p->class_id));
        a.insert(QLatin1String("pci_vendor"), hex4(p->vendor_id));
        a.insert(QLatin1String("pci_device"), hex4(p->device_id));
        a.insert(QLatin1String("pci_subvendor"), hex4(p->subvendor_id));
        a.insert(QLatin1String("pci_subdevice"), hex4(p->subdevice_id));
        a.insert(QLatin1String("pci_revision"), qint64(p->revision));
        a.insert(QLatin1String("pci_link_speed_gbps"), double(p->linkspeed));
    }
    return a;
}

class Converter
{
public:
    Converter(hwloc_topology_t topology, SnapshotBuilder& builder)
        : m_topology(topology)
        , m_builder(builder)
    {
    }

    void run(SourceInfo& source)
    {
        hwloc_obj_t root = hwloc_get_root_obj(m_topology);
        readSource(root, source);
        findRepeatedOsIndexes();
        const int firstEntity = m_builder.entityCount();
        visit(root, EntityId());
        addContainsEdges(firstEntity);
        addDistances();
        addMemoryAttributes();
    }

private:
    void readSource(hwloc_obj_t root, SourceInfo& source)
    {
        for (unsigned i = 0; i < root->infos_count; ++i)
            source.extra.insert(text(root->infos[i].name), text(root->infos[i].value));
        source.hostname = text(info(root, "HostName"));
        source.kernel =
            (text(info(root, "OSName")) + QLatin1Char(' ') + text(info(root, "OSRelease"))).trimmed();
        source.mode = QStringLiteral("hwloc");
    }

    // Keys must be unique per kind. PUs, NUMA nodes and packages have machine-wide OS indexes, but Linux
    // numbers cores per package, so a core's OS index repeats on multi-socket machines.
    void findRepeatedOsIndexes()
    {
        for (hwloc_obj_type_t t : {HWLOC_OBJ_PACKAGE, HWLOC_OBJ_CORE, HWLOC_OBJ_PU, HWLOC_OBJ_NUMANODE}) {
            QSet<unsigned> seen;
            for (hwloc_obj_t o = hwloc_get_next_obj_by_type(m_topology, t, nullptr); o;
                 o = hwloc_get_next_obj_by_type(m_topology, t, o)) {
                if (o->os_index == HWLOC_UNKNOWN_INDEX)
                    continue;
                if (seen.contains(o->os_index)) {
                    m_osIndexRepeats[size_t(t)] = true;
                    break;
                }
                seen.insert(o->os_index);
            }
        }
    }

    QString keyOf(hwloc_obj_t obj) const
    {
        if (const PciAttr* p = pciAttr(obj))
            return pciBusId(*p);
        if (hwloc_obj_type_is_cache(obj->type))
            return cacheName(obj) + QStringLiteral(":L") + QString::number(obj->logical_index);
        if (obj->os_index != HWLOC_UNKNOWN_INDEX && size_t(obj->type) < m_osIndexRepeats.size() &&
            !m_osIndexRepeats[size_t(obj->type)] && obj->type != HWLOC_OBJ_OS_DEVICE)
            return QString::number(obj->os_index);
        return QLatin1Char('L') + QString::number(obj->logical_index);
    }

    void visit(hwloc_obj_t obj, EntityId parent)
    {
        const EntityId self = convert(obj, parent);
        const EntityId childParent = self.isValid() ? self : parent;
        for (hwloc_obj_t c = obj->memory_first_child; c; c = c->next_sibling)
            visit(c, childParent);
        for (hwloc_obj_t c = obj->first_child; c; c = c->next_sibling)
            visit(c, childParent);
        for (hwloc_obj_t c = obj->io_first_child; c; c = c->next_sibling)
            visit(c, childParent);
        // Misc objects are annotations (e.g. process names hwloc-ps adds), not hardware.
    }

    EntityId add(hwloc_obj_t obj, Entity e, EntityId parent)
    {
        e.typeName = entityKindName(e.kind);
        e.ns = kNs;
        if (e.key.isEmpty())
            e.key = keyOf(obj);
        e.parent = parent;
        e.logicalIndex = int(obj->logical_index);
        if (e.osIndex < 0 && obj->os_index != HWLOC_UNKNOWN_INDEX && obj->os_index <= unsigned(kMaxBit))
            e.osIndex = int(obj->os_index);
        if (obj->cpuset && e.cpus.isEmpty())
            e.cpus = toIndexSet(obj->cpuset);
        if (obj->nodeset && e.nodes.isEmpty())
            e.nodes = toIndexSet(obj->nodeset);
        if (e.attributes.isEmpty())
            e.attributes = compactJson(objectAttributes(obj));
        // Hand-edited or merged XML can repeat a bus id; two devices must never fold into one entity.
        const QString uniqueKey = e.key + QStringLiteral("@L") + QString::number(obj->logical_index);
        bool inserted = false;
        EntityId id = m_builder.add(e, &inserted);
        if (!inserted) {
            e.key = uniqueKey;
            id = m_builder.add(std::move(e));
        }
        m_ids.insert(obj, id);
        return id;
    }

    EntityId convert(hwloc_obj_t obj, EntityId parent)
    {
        Entity e;
        switch (obj->type) {
        case HWLOC_OBJ_MACHINE: {
            e.kind = EntityKind::Host;
            const QString host = text(info(obj, "HostName"));
            e.key = host.isEmpty() ? QStringLiteral("machine") : host;
            e.name = host;
            e.detail->memoryBytes = obj->total_memory;
            return add(obj, std::move(e), parent);
        }
        case HWLOC_OBJ_PACKAGE:
            e.kind = EntityKind::Package;
            e.name = text(obj->name);
            return add(obj, std::move(e), parent);
        case HWLOC_OBJ_NUMANODE:
            e.kind = EntityKind::NumaNode;
            e.name = text(obj->name);
            e.detail->memoryBytes = obj->attr->numanode.local_memory;
            e.detail->memoryTier = memoryTierOf(obj);
            return add(obj, std::move(e), parent);
        case HWLOC_OBJ_CORE:
            e.kind = EntityKind::Core;
            return add(obj, std::move(e), parent);
        case HWLOC_OBJ_PU:
            e.kind = EntityKind::Pu;
            return add(obj, std::move(e), parent);
        case HWLOC_OBJ_L1CACHE:
        case HWLOC_OBJ_L2CACHE:
        case HWLOC_OBJ_L3CACHE:
        case HWLOC_OBJ_L4CACHE:
        case HWLOC_OBJ_L5CACHE:
        case HWLOC_OBJ_L1ICACHE:
        case HWLOC_OBJ_L2ICACHE:
        case HWLOC_OBJ_L3ICACHE:
            e.kind = EntityKind::Cache;
            e.name = cacheName(obj);
            e.cacheLevel = int(obj->attr->cache.depth);
            e.detail->cacheBytes = obj->attr->cache.size;
            return add(obj, std::move(e), parent);
        case HWLOC_OBJ_BRIDGE:
            // A host bridge is only the root of a PCI hierarchy, with no function of its own.
            if (!isPciSide(obj->attr->bridge.upstream_type))
                return {};
            return addDevice(obj, parent);
        case HWLOC_OBJ_PCI_DEVICE:
            return addDevice(obj, parent);
        case HWLOC_OBJ_OS_DEVICE:
            if (foldsIntoParent(obj)) {
                m_ids.insert(obj, m_ids.value(obj->parent));
                return {};
            }
            return addDevice(obj, parent);
        default:
            // Groups, dies and memory-side caches only regroup what is below them; their children move up
            // to the nearest kept ancestor. Memory-side caches are recorded on their NUMA nodes instead.
            if (obj->type == HWLOC_OBJ_MEMCACHE)
                m_memCaches.push_back(obj);
            return {};
        }
    }

    EntityId addDevice(hwloc_obj_t obj, EntityId parent)
    {
        Entity e;
        QJsonObject attributes = objectAttributes(obj);
        const PciAttr* pci = pciAttr(obj);
        bool compute = isComputeOsdev(obj);
        bool network = isNetworkOsdev(obj);
        QString model = text(info(obj, "GPUModel"));
        int acceleratorIndex = -1;
        static const QRegularExpression kIndexed(QStringLiteral("^(nvml|cuda|rsmi|ze)(\\d+)$"));
        const auto takeIndex = [&](hwloc_obj_t os) {
            const auto m = kIndexed.match(text(os->name));
            if (acceleratorIndex < 0 && m.hasMatch())
                acceleratorIndex = m.captured(2).toInt();
        };
        if (compute)
            takeIndex(obj);

        if (obj->type == HWLOC_OBJ_PCI_DEVICE) {
            QJsonArray folded;
            for (hwloc_obj_t c = obj->io_first_child; c; c = c->next_sibling) {
                if (!foldsIntoParent(c))
                    continue;
                folded.append(objectAttributes(c));
                if (isComputeOsdev(c)) {
                    compute = true;
                    takeIndex(c);
                    if (model.isEmpty())
                        model = text(info(c, "GPUModel"));
                }
                network = network || isNetworkOsdev(c);
            }
            if (!folded.isEmpty())
                attributes.insert(QLatin1String("os_devices"), folded);
        }

        const unsigned classId = pci ? pci->class_id : 0;
        const unsigned vendorId = pci ? pci->vendor_id : 0;
        // Without the vendor's hwloc plugin (Debian ships none for NVML/CUDA/RSMI) a GPU has no compute OS
        // device; NVIDIA's and AMD's compute cards still say what they are by their 3D/display class.
        const bool gpuByClass =
            (vendorId == 0x10de || vendorId == 0x1002) && (classId == 0x0302 || classId == 0x0380);
        if (compute || gpuByClass) {
            e.kind = EntityKind::Accelerator;
            e.deviceClass = DeviceClass::Gpu;
        } else if (vendorId == 0x19e5 && (classId >> 8) == 0x12) {
            // Huawei Ascend NPUs are processing accelerators; Huawei's NICs (class 0x02xx) fall through.
            e.kind = EntityKind::Accelerator;
            e.deviceClass = DeviceClass::Npu;
        } else if (network || (pci && (classId >> 8) == 0x02)) {
            e.kind = EntityKind::Nic;
            e.deviceClass = DeviceClass::Nic;
        } else if (pci) {
            e.kind = EntityKind::PciDevice;
        } else {
            e.kind = EntityKind::OsDevice;
            e.deviceClass = DeviceClass::Other;
        }

        if (pci) {
            e.detail->pciBusId = pciBusId(*pci);
            e.key = e.detail->pciBusId;
            e.detail->vendor = hex4(vendorId);
            if (const char* v = info(obj, "PCIVendor"))
                e.detail->vendor += QLatin1Char(' ') + text(v);
            e.name = !model.isEmpty() ? model : text(info(obj, "PCIDevice"));
            if (e.name.isEmpty())
                e.name = pciNameFromDatabase(obj, *pci);
            if (!info(obj, "PCIVendor")) {
                const QString vendorName = PciIds::system().vendor(std::uint16_t(vendorId));
                if (!vendorName.isEmpty())
                    e.detail->vendor += QLatin1Char(' ') + vendorName;
            }
        } else {
            e.name = text(obj->name);
            e.detail->vendor = text(info(obj, "GPUVendor"));
        }
        if (e.kind == EntityKind::Accelerator)
            e.osIndex = acceleratorIndex;

        // Devices have no CPUs of their own: their locality is the first normal object above them.
        if (hwloc_obj_t anchor = hwloc_get_non_io_ancestor_obj(m_topology, obj)) {
            e.cpus = toIndexSet(anchor->cpuset);
            e.nodes = toIndexSet(anchor->nodeset);
            if (e.nodes.count() == 1)
                e.numaNode = NodeId(e.nodes.first());
        }
        e.attributes = compactJson(attributes);
        return add(obj, std::move(e), parent);
    }

    void addContainsEdges(int firstEntity)
    {
        for (int i = firstEntity; i < m_builder.entityCount(); ++i) {
            const EntityId child(i);
            const EntityId parent = m_builder.entity(child).parent;
            if (!parent.isValid())
                continue;
            Edge edge;
            edge.kind = EdgeKind::Contains;
            edge.typeName = edgeKindName(EdgeKind::Contains);
            edge.source = parent;
            edge.target = child;
            edge.payload = QByteArrayLiteral("{}");
            m_builder.addEdge(std::move(edge));
        }
        // A memory-side cache sits in front of NUMA nodes; its size belongs with them.
        for (hwloc_obj_t mc : m_memCaches) {
            const QJsonObject cache = objectAttributes(mc);
            for (hwloc_obj_t n = mc->memory_first_child; n; n = n->next_sibling) {
                const EntityId id = m_ids.value(n);
                if (!id.isValid() || m_builder.entity(id).kind != EntityKind::NumaNode)
                    continue;
                Entity& node = m_builder.entity(id);
                QJsonObject a = parseJsonObject(node.attributes.text());
                QJsonArray caches = a.value(QLatin1String("memory_side_caches")).toArray();
                caches.append(cache);
                a.insert(QLatin1String("memory_side_caches"), caches);
                node.attributes = compactJson(a);
            }
        }
    }

    void addDistances()
    {
        unsigned nr = 0;
        if (hwloc_distances_get(m_topology, &nr, nullptr, 0, 0) != 0 || nr == 0)
            return;
        std::vector<hwloc_distances_s*> all(nr, nullptr);
        unsigned got = nr;
        if (hwloc_distances_get(m_topology, &got, all.data(), 0, 0) != 0)
            return;
        for (unsigned i = 0; i < std::min(got, nr); ++i) {
            if (all[i]) {
                addMatrix(all[i]);
                hwloc_distances_release(m_topology, all[i]);
            }
        }
    }

    void addMatrix(const hwloc_distances_s* d)
    {
        const unsigned n = d->nbobjs;
        // Rows of objects this model does not keep (groups) are dropped; the rest stays exact.
        std::vector<unsigned> rows;
        bool allNuma = true;
        for (unsigned i = 0; i < n; ++i) {
            if (!d->objs[i] || !m_ids.value(d->objs[i]).isValid())
                continue;
            rows.push_back(i);
            allNuma = allNuma && d->objs[i]->type == HWLOC_OBJ_NUMANODE;
        }
        if (rows.empty())
            return;
        if (allNuma) {
            // Matrices between NUMA nodes follow Snapshot::numaNodes(): by OS index.
            std::stable_sort(rows.begin(), rows.end(), [&](unsigned a, unsigned b) {
                return d->objs[a]->os_index < d->objs[b]->os_index;
            });
        }

        DistanceMatrix m;
        const char* name = hwloc_distances_get_name(m_topology, const_cast<hwloc_distances_s*>(d));
        const bool latency = d->kind & HWLOC_DISTANCES_KIND_MEANS_LATENCY;
        const bool bandwidth = d->kind & HWLOC_DISTANCES_KIND_MEANS_BANDWIDTH;
        const bool heterogeneous = d->kind & HWLOC_DISTANCES_KIND_HETEROGENEOUS_TYPES;
        if (name) {
            m.name = text(name);
        } else {
            const QString what = latency     ? QStringLiteral("Latency")
                                 : bandwidth ? QStringLiteral("Bandwidth")
                                             : QStringLiteral("Distances");
            const QString between = heterogeneous ? QStringLiteral("objects")
                                                  : text(hwloc_obj_type_string(d->objs[rows.front()]->type));
            m.name = QStringLiteral("%1 between %2").arg(what, between);
        }
        m.fromOs = d->kind & HWLOC_DISTANCES_KIND_FROM_OS;
        // hwloc's kind says where values come from, not their unit. What the OS reports (ACPI SLIT, Linux's
        // node distances, device-tree distances) is relative whatever its diagonal holds, so FROM_OS decides.
        // Only a matrix a user or tool added may be a measurement: there the SLIT convention (10 on the
        // diagonal) is the one hint left.
        bool slitDiagonal = !heterogeneous;
        for (unsigned i = 0; i < n && slitDiagonal; ++i)
            slitDiagonal = d->values[size_t(i) * n + i] == 10;
        const bool relative = m.fromOs || slitDiagonal;
        m.unit = latency     ? (relative ? QStringLiteral("relative") : QStringLiteral("ns"))
                 : bandwidth ? QStringLiteral("MB/s")
                             : QString();
        m.objects.reserve(rows.size());
        m.values.reserve(rows.size() * rows.size());
        for (unsigned r : rows)
            m.objects.push_back(m_ids.value(d->objs[r]));
        for (unsigned r : rows)
            for (unsigned c : rows)
                m.values.push_back(double(d->values[size_t(r) * n + c]));
        m_builder.addDistances(std::move(m));
    }

    static QString memattrUnit(hwloc_memattr_id_t id)
    {
        switch (id) {
        case HWLOC_MEMATTR_ID_CAPACITY:
            return QStringLiteral("bytes");
        case HWLOC_MEMATTR_ID_LOCALITY:
            return QStringLiteral("PUs");
        case HWLOC_MEMATTR_ID_BANDWIDTH:
        case HWLOC_MEMATTR_ID_READ_BANDWIDTH:
        case HWLOC_MEMATTR_ID_WRITE_BANDWIDTH:
            return QStringLiteral("MiB/s");
        case HWLOC_MEMATTR_ID_LATENCY:
        case HWLOC_MEMATTR_ID_READ_LATENCY:
        case HWLOC_MEMATTR_ID_WRITE_LATENCY:
            return QStringLiteral("ns");
        default:
            return {}; // user-registered attributes carry no unit
        }
    }

    CpuSet initiatorCpus(const hwloc_location& loc) const
    {
        if (loc.type == HWLOC_LOCATION_TYPE_CPUSET)
            return toIndexSet(loc.location.cpuset);
        hwloc_obj_t obj = loc.location.object;
        if (obj && !obj->cpuset)
            obj = hwloc_get_non_io_ancestor_obj(m_topology, obj);
        return obj ? toIndexSet(obj->cpuset) : CpuSet();
    }

    void addMemoryAttributes()
    {
        for (hwloc_memattr_id_t id = 0;; ++id) {
            const char* name = nullptr;
            if (hwloc_memattr_get_name(m_topology, id, &name) != 0)
                break;
            unsigned long flags = 0;
            hwloc_memattr_get_flags(m_topology, id, &flags);
            const QString attribute = text(name);
            const QString unit = memattrUnit(id);
            for (hwloc_obj_t node = hwloc_get_next_obj_by_type(m_topology, HWLOC_OBJ_NUMANODE, nullptr); node;
                 node = hwloc_get_next_obj_by_type(m_topology, HWLOC_OBJ_NUMANODE, node)) {
                const EntityId target = m_ids.value(node);
                if (!target.isValid())
                    continue;
                MemoryAttributeValue v;
                v.attribute = attribute;
                v.unit = unit;
                v.target = target;
                if (!(flags & HWLOC_MEMATTR_FLAG_NEED_INITIATOR)) {
                    hwloc_uint64_t value = 0;
                    if (hwloc_memattr_get_value(m_topology, id, node, nullptr, 0, &value) == 0) {
                        v.value = value;
                        m_builder.addMemoryAttribute(v);
                    }
                    continue;
                }
                unsigned count = 0;
                if (hwloc_memattr_get_initiators(m_topology, id, node, 0, &count, nullptr, nullptr) != 0 ||
                    count == 0)
                    continue;
                std::vector<hwloc_location> initiators(count);
                std::vector<hwloc_uint64_t> values(count);
                unsigned got = count;
                if (hwloc_memattr_get_initiators(m_topology, id, node, 0, &got, initiators.data(),
                                                 values.data()) != 0)
                    continue;
                for (unsigned i = 0; i < std::min(got, count); ++i) {
                    v.initiator = initiatorCpus(initiators[i]);
                    v.value = values[i];
                    m_builder.addMemoryAttribute(v);
                }
            }
        }
    }

    hwloc_topology_t m_topology;
    SnapshotBuilder& m_builder;
    QHash<hwloc_obj_t, EntityId> m_ids;
    std::array<bool, HWLOC_OBJ_TYPE_MAX> m_osIndexRepeats{};
    std::vector<hwloc_obj_t> m_memCaches;
};

} // namespace

void convertHwlocTopology(hwloc_topology_t topology, SnapshotBuilder& builder, SourceInfo& source)
{
    Converter(topology, builder).run(source);
}

} // namespace numasight
