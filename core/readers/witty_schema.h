// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/edge.h"
#include "model/entity.h"

#include <QString>

#include <string_view>

namespace numasight::witty {

// witty-profiler's type names and how they map onto the model, shared by the reader and the writer so
// that the two can never disagree.
struct EntityTypeInfo
{
    EntityKind kind = EntityKind::Unknown;
    DeviceClass deviceClass = DeviceClass::None;
};

EntityTypeInfo entityTypeInfo(std::string_view entityType); // Unknown for a type this version does not know
EdgeKind edgeKindOf(std::string_view edgeType);             // "*BandwidthEdge" → Bandwidth, else Unknown

// witty's entity_type for an entity of another source, empty when witty has no such type.
QString entityTypeFor(EntityKind kind, DeviceClass deviceClass);
// witty's edge_type for an edge: its own typeName when it already is one, else the kind's name in witty.
QString edgeTypeFor(const Edge& edge);
bool isWittyEntityType(QStringView typeName);

} // namespace numasight::witty
