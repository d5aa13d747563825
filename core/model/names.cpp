// SPDX-License-Identifier: GPL-3.0-or-later
#include "edge.h"
#include "entity.h"
#include "sample.h"
#include "source_info.h"

#include <array>

namespace numasight {

namespace {
constexpr std::array<const char16_t*, kEntityKindCount> kEntityNames = {
    u"Host",      u"Package",     u"NUMANode",     u"Core",     u"PU",        u"Cache",
    u"PCIDevice", u"Accelerator", u"NIC",          u"OSDevice", u"Container", u"Process",
    u"Thread",    u"Socket",      u"SharedMemory", u"NumaSet",  u"Unknown"};

constexpr std::array<const char16_t*, kEdgeKindCount> kEdgeNames = {u"Contains",
                                                                    u"Own",
                                                                    u"Belong",
                                                                    u"Host",
                                                                    u"RunOn",
                                                                    u"NumaSetContain",
                                                                    u"AffinitativeToNuma",
                                                                    u"Access",
                                                                    u"SendToSocket",
                                                                    u"NumaAccess",
                                                                    u"AccessWithProcStatus",
                                                                    u"Bandwidth",
                                                                    u"Unknown"};
} // namespace

QString entityKindName(EntityKind kind)
{
    return QString::fromUtf16(kEntityNames[size_t(kind)]);
}

EntityKind entityKindFromName(QStringView name)
{
    for (int i = 0; i < kEntityKindCount; ++i)
        if (name == QStringView(kEntityNames[size_t(i)]))
            return EntityKind(i);
    return EntityKind::Unknown;
}

QString deviceClassName(DeviceClass c)
{
    switch (c) {
    case DeviceClass::None:
        return {};
    case DeviceClass::Gpu:
        return QStringLiteral("gpu");
    case DeviceClass::Npu:
        return QStringLiteral("npu");
    case DeviceClass::Nic:
        return QStringLiteral("nic");
    case DeviceClass::Other:
        return QStringLiteral("other");
    }
    return {};
}

QString edgeKindName(EdgeKind kind)
{
    return QString::fromUtf16(kEdgeNames[size_t(kind)]);
}

EdgeKind edgeKindFromName(QStringView name)
{
    for (int i = 0; i < kEdgeKindCount; ++i)
        if (name == QStringView(kEdgeNames[size_t(i)]))
            return EdgeKind(i);
    return EdgeKind::Unknown;
}

bool isStructural(EdgeKind kind)
{
    return kind <= EdgeKind::AffinitativeToNuma;
}

QString sourceFormatName(SourceFormat f)
{
    switch (f) {
    case SourceFormat::Unknown:
        return QStringLiteral("unknown");
    case SourceFormat::WittyJson:
        return QStringLiteral("witty-json");
    case SourceFormat::WittyEnvelope:
        return QStringLiteral("witty-envelope");
    case SourceFormat::WittyJsonLines:
        return QStringLiteral("witty-jsonl");
    case SourceFormat::HwlocXml:
        return QStringLiteral("hwloc-xml");
    case SourceFormat::LocalMachine:
        return QStringLiteral("local");
    case SourceFormat::Capture:
        return QStringLiteral("capture");
    }
    return QStringLiteral("unknown");
}

SourceFormat sourceFormatFromName(QStringView name)
{
    for (auto f : {SourceFormat::WittyJson, SourceFormat::WittyEnvelope, SourceFormat::WittyJsonLines,
                   SourceFormat::HwlocXml, SourceFormat::LocalMachine, SourceFormat::Capture})
        if (name == sourceFormatName(f))
            return f;
    return SourceFormat::Unknown;
}

QString collectionModeName(CollectionMode mode)
{
    switch (mode) {
    case CollectionMode::Procfs:
        return QStringLiteral("procfs");
    case CollectionMode::Ebpf:
        return QStringLiteral("ebpf");
    case CollectionMode::Import:
        return QStringLiteral("import");
    }
    return QStringLiteral("procfs");
}

} // namespace numasight
