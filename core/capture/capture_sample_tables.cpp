// SPDX-License-Identifier: GPL-3.0-or-later
// The tables of a capture's samples (schema 2): samples, their threads and CPUs, processes and pages, nodes
// and counters, vmstat and flows.
#include "capture_file_reader.h"
#include "capture_schema.h"

#include <sqlite3.h>

namespace numasight {

namespace capturefile {

// Samples (schema 2): each table is read in one pass in key order and its rows are handed to the sample they
// name, which must have been read already; so a row of a missing sample or a gap in idx is found without a
// query per sample.
bool CaptureFileReader::readSamples(Capture& capture)
{
    if (m_version < 2)
        return true; // a version-1 file has no time series
    const QString table = QStringLiteral("samples");
    SqliteStatement st;
    if (!prepare(st, "SELECT id, snapshot_id, time_ns, interval_ns, numa_balancing FROM samples ORDER BY id",
                 table))
        return false;
    std::vector<Sample> samples;
    bool more = true;
    while (next(st, table, more)) {
        m_where = QStringLiteral("samples row %1").arg(cellText(st, 0));
        if (st.columnType(0) != SQLITE_INTEGER || st.int64(0) != qint64(samples.size())) {
            fail(
                QStringLiteral("column id must count 0, 1, 2, … without gaps; found %1 where %2 was expected")
                    .arg(quoted(cellText(st, 0)))
                    .arg(samples.size()),
                m_where);
            return false;
        }
        Sample sample;
        std::int64_t snapshot = 0, balancing = -1;
        if (!integer(st, 1, "snapshot_id", kNotNull, 0, qint64(capture.snapshots.size()) - 1, snapshot) ||
            !integer(st, 2, "time_ns", kNotNull, kAnyMin, kAnyMax, sample.timeNs) ||
            !integer(st, 3, "interval_ns", kNotNull, 0, kAnyMax, sample.intervalNs) ||
            !integer(st, 4, "numa_balancing", -1, 0, std::numeric_limits<int>::max(), balancing))
            return false;
        sample.snapshotIndex = int(snapshot);
        sample.numaBalancing = int(balancing);
        samples.push_back(std::move(sample));
        if (!tick())
            return false;
    }
    if (m_error)
        return false;
    m_rowsRead[table] = qint64(samples.size());
    if (!readSampleThreads(samples) || !readSampleProcesses(samples) || !readSampleNodes(samples) ||
        !readSampleVmstat(samples) || !readSampleFlows(samples))
        return false;
    if (!allRowsOwned(true))
        return false;
    capture.samples.reserve(samples.size());
    for (Sample& sample : samples)
        capture.samples.push_back(std::make_shared<const Sample>(std::move(sample)));
    return true;
}

bool CaptureFileReader::readSampleThreads(std::vector<Sample>& samples)
{
    const QString table = QStringLiteral("sample_threads");
    const QString cpus = QStringLiteral("sample_thread_cpus");
    SqliteStatement st, cpuSt;
    if (!prepare(
            st,
            "SELECT sample_id, idx, pid, tid, comm, cpu_ns, last_cpu, voluntary_switches, "
            "involuntary_switches, voluntary_switches_per_sec, involuntary_switches_per_sec, cpus_allowed, "
            "mems_allowed, mode FROM sample_threads ORDER BY sample_id, idx",
            table) ||
        !prepare(cpuSt,
                 "SELECT sample_id, thread, idx, cpu, ns FROM sample_thread_cpus ORDER BY sample_id, "
                 "thread, idx",
                 cpus))
        return false;
    bool more = true;
    while (next(st, table, more)) {
        setSampleWhere(table, st);
        std::int64_t sampleId = 0, idx = 0;
        if (!owner(st, table, samples, sampleId) || !integer(st, 1, "idx", kNotNull, kAnyMin, kAnyMax, idx))
            return false;
        Sample& sample = samples[size_t(sampleId)];
        if (!childIndex(idx, sample.threads.size()))
            return false;
        ThreadCpuSample t;
        std::optional<double> voluntary, involuntary;
        if (!integer(st, 2, "pid", -1, kAnyMin, kAnyMax, t.pid) ||
            !integer(st, 3, "tid", -1, kAnyMin, kAnyMax, t.tid) || !unsigned64(st, 5, "cpu_ns", t.cpuNs) ||
            !smallInt(st, 6, "last_cpu", -1, -1, t.lastCpu) ||
            !unsigned64(st, 7, "voluntary_switches", t.voluntarySwitches) ||
            !unsigned64(st, 8, "involuntary_switches", t.involuntarySwitches) ||
            !number(st, 9, "voluntary_switches_per_sec", voluntary) ||
            !number(st, 10, "involuntary_switches_per_sec", involuntary) ||
            !indexSet(st, 11, "cpus_allowed", "a CPU list such as '0-23,48'", t.cpusAllowed) ||
            !indexSet(st, 12, "mems_allowed", "a NUMA node list such as '0,2-3'", t.memsAllowed) ||
            !mode(st, 13, t.mode))
            return false;
        t.comm = st.text(4);
        t.voluntarySwitchesPerSec = voluntary.value_or(0);
        t.involuntarySwitchesPerSec = involuntary.value_or(0);
        sample.threads.push_back(std::move(t));
        if (!rowRead(table))
            return false;
    }
    if (m_error)
        return false;
    more = true;
    while (next(cpuSt, cpus, more)) {
        m_where = QStringLiteral("%1 row (sample_id %2, thread %3, idx %4)")
                      .arg(cpus, cellText(cpuSt, 0), cellText(cpuSt, 1), cellText(cpuSt, 2));
        std::int64_t sampleId = 0, thread = 0, idx = 0, cpu = 0;
        std::uint64_t ns = 0;
        if (!owner(cpuSt, cpus, samples, sampleId) ||
            !integer(cpuSt, 1, "thread", kNotNull, 0, qint64(samples[size_t(sampleId)].threads.size()) - 1,
                     thread) ||
            !integer(cpuSt, 2, "idx", kNotNull, kAnyMin, kAnyMax, idx) ||
            !integer(cpuSt, 3, "cpu", kNotNull, 0, std::numeric_limits<int>::max(), cpu) ||
            !unsigned64(cpuSt, 4, "ns", ns))
            return false;
        auto& list = samples[size_t(sampleId)].threads[size_t(thread)].cpuNsByCpu;
        if (!childIndex(idx, list.size()))
            return false;
        list.emplace_back(int(cpu), ns);
        if (!rowRead(cpus))
            return false;
    }
    return !m_error;
}

bool CaptureFileReader::readSampleProcesses(std::vector<Sample>& samples)
{
    const QString table = QStringLiteral("sample_processes");
    const QString pages = QStringLiteral("sample_process_nodes");
    SqliteStatement st, pagesSt;
    if (!prepare(st, "SELECT sample_id, idx, pid, policy, mode FROM sample_processes ORDER BY sample_id, idx",
                 table) ||
        !prepare(
            pagesSt,
            "SELECT sample_id, process, idx, node, total_pages, anon_pages, dirty_anon_pages, file_pages, "
            "huge_pages, bytes FROM sample_process_nodes ORDER BY sample_id, process, idx",
            pages))
        return false;
    bool more = true;
    while (next(st, table, more)) {
        setSampleWhere(table, st);
        std::int64_t sampleId = 0, idx = 0;
        ProcessMemorySample p;
        CollectionMode m = CollectionMode::Procfs;
        if (!owner(st, table, samples, sampleId) || !integer(st, 1, "idx", kNotNull, kAnyMin, kAnyMax, idx) ||
            !integer(st, 2, "pid", -1, kAnyMin, kAnyMax, p.pid) || !mode(st, 4, m))
            return false;
        Sample& sample = samples[size_t(sampleId)];
        if (!childIndex(idx, sample.processes.size()))
            return false;
        p.memoryPolicy = st.text(3);
        sample.processes.push_back(std::move(p));
        if (!rowRead(table))
            return false;
    }
    if (m_error)
        return false;
    more = true;
    while (next(pagesSt, pages, more)) {
        m_where = QStringLiteral("%1 row (sample_id %2, process %3, idx %4)")
                      .arg(pages, cellText(pagesSt, 0), cellText(pagesSt, 1), cellText(pagesSt, 2));
        std::int64_t sampleId = 0, process = 0, idx = 0;
        NodePages n;
        if (!owner(pagesSt, pages, samples, sampleId) ||
            !integer(pagesSt, 1, "process", kNotNull, 0,
                     qint64(samples[size_t(sampleId)].processes.size()) - 1, process) ||
            !integer(pagesSt, 2, "idx", kNotNull, kAnyMin, kAnyMax, idx) ||
            !smallInt(pagesSt, 3, "node", kNoNull, 0, n.node) ||
            !unsigned64(pagesSt, 4, "total_pages", n.totalPages) ||
            !unsigned64(pagesSt, 5, "anon_pages", n.anonPages) ||
            !unsigned64(pagesSt, 6, "dirty_anon_pages", n.dirtyAnonPages) ||
            !unsigned64(pagesSt, 7, "file_pages", n.filePages) ||
            !unsigned64(pagesSt, 8, "huge_pages", n.hugePages) || !unsigned64(pagesSt, 9, "bytes", n.bytes))
            return false;
        auto& list = samples[size_t(sampleId)].processes[size_t(process)].nodes;
        if (!childIndex(idx, list.size()))
            return false;
        list.push_back(n);
        if (!rowRead(pages))
            return false;
    }
    return !m_error;
}

bool CaptureFileReader::readSampleNodes(std::vector<Sample>& samples)
{
    const QString table = QStringLiteral("sample_nodes");
    const QString counters = QStringLiteral("sample_node_numastat");
    SqliteStatement st, counterSt;
    if (!prepare(st,
                 "SELECT sample_id, idx, node, mem_total_bytes, mem_free_bytes, mode FROM sample_nodes "
                 "ORDER BY sample_id, idx",
                 table) ||
        !prepare(
            counterSt,
            "SELECT sample_id, entry, counter, value FROM sample_node_numastat ORDER BY sample_id, entry, "
            "counter",
            counters))
        return false;
    bool more = true;
    while (next(st, table, more)) {
        setSampleWhere(table, st);
        std::int64_t sampleId = 0, idx = 0;
        NodeCountersSample n;
        CollectionMode m = CollectionMode::Procfs;
        if (!owner(st, table, samples, sampleId) || !integer(st, 1, "idx", kNotNull, kAnyMin, kAnyMax, idx) ||
            !smallInt(st, 2, "node", kNoNull, 0, n.node) ||
            !unsigned64(st, 3, "mem_total_bytes", n.memTotalBytes) ||
            !unsigned64(st, 4, "mem_free_bytes", n.memFreeBytes) || !mode(st, 5, m))
            return false;
        Sample& sample = samples[size_t(sampleId)];
        if (!childIndex(idx, sample.nodes.size()))
            return false;
        sample.nodes.push_back(std::move(n));
        if (!rowRead(table))
            return false;
    }
    if (m_error)
        return false;
    more = true;
    while (next(counterSt, counters, more)) {
        m_where = QStringLiteral("%1 row (sample_id %2, entry %3, counter %4)")
                      .arg(counters, cellText(counterSt, 0), cellText(counterSt, 1),
                           quoted(cellText(counterSt, 2)));
        std::int64_t sampleId = 0, entry = 0;
        std::uint64_t value = 0;
        if (!owner(counterSt, counters, samples, sampleId) ||
            !integer(counterSt, 1, "entry", kNotNull, 0, qint64(samples[size_t(sampleId)].nodes.size()) - 1,
                     entry) ||
            !unsigned64(counterSt, 3, "value", value))
            return false;
        samples[size_t(sampleId)].nodes[size_t(entry)].numastat.insert(counterSt.text(2), value);
        if (!rowRead(counters))
            return false;
    }
    return !m_error;
}

bool CaptureFileReader::readSampleVmstat(std::vector<Sample>& samples)
{
    const QString table = QStringLiteral("sample_vmstat");
    SqliteStatement st;
    if (!prepare(st, "SELECT sample_id, counter, value FROM sample_vmstat ORDER BY sample_id, counter",
                 table))
        return false;
    bool more = true;
    while (next(st, table, more)) {
        m_where = QStringLiteral("%1 row (sample_id %2, counter %3)")
                      .arg(table, cellText(st, 0), quoted(cellText(st, 1)));
        std::int64_t sampleId = 0;
        std::uint64_t value = 0;
        if (!owner(st, table, samples, sampleId) || !unsigned64(st, 2, "value", value))
            return false;
        samples[size_t(sampleId)].vmstat.insert(st.text(1), value);
        if (!rowRead(table))
            return false;
    }
    return !m_error;
}

bool CaptureFileReader::readSampleFlows(std::vector<Sample>& samples)
{
    const QString table = QStringLiteral("sample_flows");
    SqliteStatement st;
    if (!prepare(st,
                 "SELECT sample_id, idx, pid, tid, protocol, local_address, local_port, remote_address, "
                 "remote_port, peer_pid, bytes_sent, bytes_received, volumes_known, mode FROM sample_flows "
                 "ORDER BY sample_id, idx",
                 table))
        return false;
    bool more = true;
    while (next(st, table, more)) {
        setSampleWhere(table, st);
        std::int64_t sampleId = 0, idx = 0, known = 0;
        FlowSample f;
        if (!owner(st, table, samples, sampleId) || !integer(st, 1, "idx", kNotNull, kAnyMin, kAnyMax, idx) ||
            !integer(st, 2, "pid", -1, kAnyMin, kAnyMax, f.pid) ||
            !integer(st, 3, "tid", -1, kAnyMin, kAnyMax, f.tid) ||
            !smallInt(st, 6, "local_port", -1, -1, f.localPort) ||
            !smallInt(st, 8, "remote_port", -1, -1, f.remotePort) ||
            !integer(st, 9, "peer_pid", -1, kAnyMin, kAnyMax, f.peerPid) ||
            !unsigned64(st, 10, "bytes_sent", f.bytesSent) ||
            !unsigned64(st, 11, "bytes_received", f.bytesReceived) ||
            !integer(st, 12, "volumes_known", kNotNull, 0, 1, known) || !mode(st, 13, f.mode))
            return false;
        Sample& sample = samples[size_t(sampleId)];
        if (!childIndex(idx, sample.flows.size()))
            return false;
        f.protocol = st.text(4);
        f.localAddress = st.text(5);
        f.remoteAddress = st.text(7);
        f.volumesKnown = known == 1;
        sample.flows.push_back(std::move(f));
        if (!rowRead(table))
            return false;
    }
    return !m_error;
}

} // namespace capturefile

} // namespace numasight
