// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "attribute_text.h"
#include "compact_string.h"
#include "ids.h"

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <optional>

namespace numasight {

enum class EdgeKind : std::uint8_t
{
    // Structural: who contains or owns whom.
    Contains,             // hwloc tree: host->package->node->core->PU, bridges->devices
    Own,                  // process->thread, thread->socket (witty OwnEdge)
    Belong,               // socket->thread (witty BelongEdge)
    Host,                 // container->process (witty HostEdge)
    RunOn,                // process->container (witty RunOnEdge)
    NumaSetContain,       // NumaSet->NUMA node
    AffinitativeToNuma,   // device->NumaSet
                          // Data flow and access.
    Access,               // process->accelerator or shared memory
    SendToSocket,         // thread->socket, with byte and packet counts
    NumaAccess,           // process->NumaSet, with CPU time and pages per node
    AccessWithProcStatus, // thread->NumaSet, with /proc status facts
    Bandwidth,            // node->node uncore bandwidth samples (witty *BandwidthEdge)
    Unknown,              // kept with all its attributes
};
inline constexpr int kEdgeKindCount = int(EdgeKind::Unknown) + 1;

QString edgeKindName(EdgeKind kind);
EdgeKind edgeKindFromName(QStringView name);
bool isStructural(EdgeKind kind);

struct Edge
{
    EdgeKind kind = EdgeKind::Unknown;
    bool directed = true;   // witty writes undirected edges as "nodes": [a, b]
    CompactString typeName; // source's own name ("NumaAccessEdge"), edgeKindName() otherwise
    EntityId source;
    EntityId target;
    std::optional<double> weight;
    // JSON object text of every field other than type, weight and the endpoints. Kept by shape (see
    // AttributeText): edges of one type repeat one payload shape with a few values changed.
    AttributeText payload;
};

} // namespace numasight
