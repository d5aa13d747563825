// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/sample.h"

#include <QString>

namespace numasight::test {

// The first field in which two samples differ, by name ("threads[2].cpuNs"), or empty when they are equal.
// Every field of sample.h is compared, so a round trip that drops one fails here.
inline QString sampleDiff(const Sample& a, const Sample& b)
{
#define DIFF(x)                                                                                              \
    if (!(a.x == b.x))                                                                                       \
        return QStringLiteral(#x);
    DIFF(snapshotIndex)
    DIFF(timeNs)
    DIFF(intervalNs)
    DIFF(numaBalancing)
    DIFF(vmstat)
    DIFF(threads.size())
    DIFF(processes.size())
    DIFF(nodes.size())
    DIFF(flows.size())
    for (size_t i = 0; i < a.threads.size(); ++i) {
        DIFF(threads[i].pid)
        DIFF(threads[i].tid)
        DIFF(threads[i].comm)
        DIFF(threads[i].cpuNs)
        DIFF(threads[i].cpuNsByCpu)
        DIFF(threads[i].lastCpu)
        DIFF(threads[i].voluntarySwitches)
        DIFF(threads[i].involuntarySwitches)
        DIFF(threads[i].voluntarySwitchesPerSec)
        DIFF(threads[i].involuntarySwitchesPerSec)
        DIFF(threads[i].cpusAllowed)
        DIFF(threads[i].memsAllowed)
        DIFF(threads[i].mode)
    }
    for (size_t i = 0; i < a.processes.size(); ++i) {
        DIFF(processes[i].pid)
        DIFF(processes[i].memoryPolicy)
        DIFF(processes[i].nodes.size())
        for (size_t k = 0; k < a.processes[i].nodes.size(); ++k) {
            DIFF(processes[i].nodes[k].node)
            DIFF(processes[i].nodes[k].totalPages)
            DIFF(processes[i].nodes[k].anonPages)
            DIFF(processes[i].nodes[k].dirtyAnonPages)
            DIFF(processes[i].nodes[k].filePages)
            DIFF(processes[i].nodes[k].hugePages)
            DIFF(processes[i].nodes[k].bytes)
        }
    }
    for (size_t i = 0; i < a.nodes.size(); ++i) {
        DIFF(nodes[i].node)
        DIFF(nodes[i].memTotalBytes)
        DIFF(nodes[i].memFreeBytes)
        DIFF(nodes[i].numastat)
    }
    for (size_t i = 0; i < a.flows.size(); ++i) {
        DIFF(flows[i].pid)
        DIFF(flows[i].tid)
        DIFF(flows[i].protocol)
        DIFF(flows[i].localAddress)
        DIFF(flows[i].localPort)
        DIFF(flows[i].remoteAddress)
        DIFF(flows[i].remotePort)
        DIFF(flows[i].peerPid)
        DIFF(flows[i].bytesSent)
        DIFF(flows[i].bytesReceived)
        DIFF(flows[i].volumesKnown)
        DIFF(flows[i].mode)
    }
#undef DIFF
    return {};
}

} // namespace numasight::test
