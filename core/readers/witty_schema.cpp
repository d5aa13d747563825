// SPDX-License-Identifier: GPL-3.0-or-later
#include "witty_schema.h"

#include <array>

namespace numasight::witty {

namespace {
struct EntityRow
{
    std::string_view name;
    EntityKind kind;
    DeviceClass deviceClass;
};
constexpr std::array kEntityTypes = {
    EntityRow{"ProcessEntity", EntityKind::Process, DeviceClass::None},
    EntityRow{"ThreadEntity", EntityKind::Thread, DeviceClass::None},
    EntityRow{"SocketEntity", EntityKind::Socket, DeviceClass::None},
    EntityRow{"NumaEntity", EntityKind::NumaNode, DeviceClass::None},
    EntityRow{"NumaSetEntity", EntityKind::NumaSet, DeviceClass::None},
    EntityRow{"NPUEntity", EntityKind::Accelerator, DeviceClass::Npu},
    EntityRow{"GPUEntity", EntityKind::Accelerator, DeviceClass::Gpu},
    EntityRow{"ContainerEntity", EntityKind::Container, DeviceClass::None},
    EntityRow{"SharedMemoryEntity", EntityKind::SharedMemory, DeviceClass::None},
};

struct EdgeRow
{
    std::string_view name;
    EdgeKind kind;
};
constexpr std::array kEdgeTypes = {
    EdgeRow{"OwnEdge", EdgeKind::Own},
    EdgeRow{"BelongEdge", EdgeKind::Belong},
    EdgeRow{"HostEdge", EdgeKind::Host},
    EdgeRow{"RunOnEdge", EdgeKind::RunOn},
    EdgeRow{"AccessEdge", EdgeKind::Access},
    EdgeRow{"SendToSocketEdge", EdgeKind::SendToSocket},
    EdgeRow{"NumaAccessEdge", EdgeKind::NumaAccess},
    EdgeRow{"AccessWithProcStatusEdge", EdgeKind::AccessWithProcStatus},
    EdgeRow{"AffinitativeToNuma", EdgeKind::AffinitativeToNuma},
    EdgeRow{"NumaSetContainEdge", EdgeKind::NumaSetContain},
};
constexpr std::string_view kBandwidthSuffix = "BandwidthEdge";
// Bandwidth edges come in several flavours (DDR, HHA, HCCS, L3C, PA); one without a source name gets DDR's.
constexpr std::string_view kDefaultBandwidthType = "DDRBandwidthEdge";
} // namespace

EntityTypeInfo entityTypeInfo(std::string_view entityType)
{
    for (const EntityRow& row : kEntityTypes)
        if (row.name == entityType)
            return {row.kind, row.deviceClass};
    return {};
}

EdgeKind edgeKindOf(std::string_view edgeType)
{
    for (const EdgeRow& row : kEdgeTypes)
        if (row.name == edgeType)
            return row.kind;
    if (edgeType.size() > kBandwidthSuffix.size() && edgeType.ends_with(kBandwidthSuffix))
        return EdgeKind::Bandwidth;
    return EdgeKind::Unknown;
}

QString entityTypeFor(EntityKind kind, DeviceClass deviceClass)
{
    for (const EntityRow& row : kEntityTypes)
        if (row.kind == kind && (kind != EntityKind::Accelerator || row.deviceClass == deviceClass))
            return QString::fromLatin1(row.name.data(), qsizetype(row.name.size()));
    return {};
}

bool isWittyEntityType(QStringView typeName)
{
    for (const EntityRow& row : kEntityTypes)
        if (typeName == QLatin1StringView(row.name.data(), qsizetype(row.name.size())))
            return true;
    return false;
}

QString edgeTypeFor(const Edge& edge)
{
    const QByteArray own = edge.typeName.toUtf8();
    const std::string_view ownView(own.constData(), size_t(own.size()));
    if (!own.isEmpty() && edgeKindOf(ownView) == edge.kind && edge.kind != EdgeKind::Unknown)
        return edge.typeName;
    if (edge.kind == EdgeKind::Unknown)
        return edge.typeName == QLatin1String("Unknown") ? QString() : edge.typeName.str();
    if (edge.kind == EdgeKind::Bandwidth)
        return QString::fromLatin1(kDefaultBandwidthType.data(), qsizetype(kDefaultBandwidthType.size()));
    for (const EdgeRow& row : kEdgeTypes)
        if (row.kind == edge.kind)
            return QString::fromLatin1(row.name.data(), qsizetype(row.name.size()));
    return {}; // Contains: witty has no structural containment edge
}

} // namespace numasight::witty
