// SPDX-License-Identifier: GPL-3.0-or-later
#include "capture_schema.h"

#include "sqlite_statement.h"

#include <sqlite3.h>

namespace numasight {

namespace {

// Comments inside CREATE statements are kept by SQLite, so `.schema` in the sqlite3 shell explains the
// columns to whoever opens a capture without the documentation at hand.
constexpr const char* kSchemaV1 = R"sql(
CREATE TABLE meta (
    key   TEXT PRIMARY KEY NOT NULL, -- host, kernel, created_at, captured_at, numasight_version,
                                     -- source_format, original_format, source_path, mode, extra.<name>
    value TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE snapshots (
    id       INTEGER PRIMARY KEY NOT NULL, -- position in the capture, 0-based, in time order as recorded
    taken_at TEXT,                         -- ISO 8601 UTC with milliseconds, NULL when unknown
    label    TEXT
);

CREATE TABLE entities (
    snapshot_id       INTEGER NOT NULL REFERENCES snapshots(id),
    id                INTEGER NOT NULL, -- 0-based index in its snapshot; edges and matrices refer to it
    kind              TEXT NOT NULL,    -- Host, Package, NUMANode, Core, PU, Cache, PCIDevice, Accelerator, NIC,
                                        -- OSDevice, Container, Process, Thread, Socket, SharedMemory, NumaSet, Unknown
    type_name         TEXT NOT NULL,    -- the source's own type name (ProcessEntity) or the kind
    ns                TEXT NOT NULL,    -- namespace: 'local' or a remote host's address
    key               TEXT NOT NULL,    -- identity inside (type_name, ns)
    name              TEXT,
    parent            INTEGER,          -- entities.id of the structural parent in the same snapshot
    os_index          INTEGER,          -- OS (physical) index: node number, CPU number, …
    logical_index     INTEGER,          -- hwloc logical index
    cpus              TEXT,             -- CPU list as Linux writes it: '0-23,48'
    nodes             TEXT,             -- NUMA node list: '0,2-3'
    memory_bytes      INTEGER,          -- bytes (NUMA nodes, hosts)
    memory_free_bytes INTEGER,          -- bytes
    memory_tier       TEXT,             -- DRAM, HBM, NVM, CXL-DRAM, …
    pid               INTEGER,
    ppid              INTEGER,
    tid               INTEGER,
    cmdline           TEXT,
    device_class      TEXT,             -- gpu, npu, nic, other
    pci_bus_id        TEXT,             -- 0000:c1:00.0
    vendor            TEXT,
    numa_node         INTEGER,          -- OS index of the node a device is attached to
    container_id      TEXT,
    container_type    TEXT,             -- docker, containerd, crio
    address           TEXT,             -- sockets
    port              INTEGER,
    protocol          TEXT,             -- TCP, UDP
    cache_bytes       INTEGER,          -- bytes
    cache_level       INTEGER,          -- 1, 2, 3, … (0 = not a cache)
    attributes        TEXT              -- JSON object: every field of the source, see json_extract()
        CONSTRAINT attributes_is_json_object CHECK (attributes IS NULL OR
            CASE WHEN json_valid(attributes) THEN json_type(attributes) = 'object' ELSE 0 END),
    PRIMARY KEY (snapshot_id, id)
);
CREATE INDEX entities_by_kind ON entities(kind, snapshot_id);
CREATE INDEX entities_by_pid ON entities(pid) WHERE pid IS NOT NULL;

CREATE TABLE numastat (
    snapshot_id INTEGER NOT NULL,
    entity      INTEGER NOT NULL, -- entities.id of a NUMA node (or host)
    counter     TEXT NOT NULL,    -- numa_hit, numa_miss, numa_foreign, interleave_hit, local_node, other_node
    value       INTEGER NOT NULL, -- pages, as /sys/devices/system/node/node*/numastat counts them
    PRIMARY KEY (snapshot_id, entity, counter),
    FOREIGN KEY (snapshot_id, entity) REFERENCES entities(snapshot_id, id)
) WITHOUT ROWID;

CREATE TABLE edges (
    snapshot_id INTEGER NOT NULL REFERENCES snapshots(id),
    id          INTEGER NOT NULL, -- 0-based index in its snapshot
    kind        TEXT NOT NULL,    -- Contains, Own, Belong, Host, RunOn, NumaSetContain, AffinitativeToNuma, Access,
                                  -- SendToSocket, NumaAccess, AccessWithProcStatus, Bandwidth, Unknown
    type_name   TEXT NOT NULL,    -- the source's own type name (NumaAccessEdge) or the kind
    source      INTEGER NOT NULL, -- entities.id
    target      INTEGER NOT NULL, -- entities.id
    directed    INTEGER NOT NULL, -- 1 directed, 0 undirected
    weight      REAL,             -- NULL when the source had none
    payload     TEXT              -- JSON object: every other field of the source
        CONSTRAINT payload_is_json_object CHECK (payload IS NULL OR
            CASE WHEN json_valid(payload) THEN json_type(payload) = 'object' ELSE 0 END),
    PRIMARY KEY (snapshot_id, id),
    FOREIGN KEY (snapshot_id, source) REFERENCES entities(snapshot_id, id),
    FOREIGN KEY (snapshot_id, target) REFERENCES entities(snapshot_id, id)
);
CREATE INDEX edges_by_source ON edges(snapshot_id, source);
CREATE INDEX edges_by_target ON edges(snapshot_id, target);

CREATE TABLE distance_matrices (
    snapshot_id INTEGER NOT NULL REFERENCES snapshots(id),
    matrix      INTEGER NOT NULL, -- 0-based index in its snapshot
    name        TEXT,             -- NUMALatency, NUMABandwidth, …
    unit        TEXT,             -- relative (SLIT, 10 = local), ns, MB/s, …
    from_os     INTEGER NOT NULL, -- 1 reported by firmware or the OS, 0 by a user or tool
    PRIMARY KEY (snapshot_id, matrix)
) WITHOUT ROWID;

CREATE TABLE distance_objects (
    snapshot_id INTEGER NOT NULL,
    matrix      INTEGER NOT NULL,
    idx         INTEGER NOT NULL, -- row and column number of this object, 0-based
    entity      INTEGER NOT NULL, -- entities.id
    PRIMARY KEY (snapshot_id, matrix, idx),
    FOREIGN KEY (snapshot_id, matrix) REFERENCES distance_matrices(snapshot_id, matrix)
) WITHOUT ROWID;

CREATE TABLE distance_values (
    snapshot_id INTEGER NOT NULL,
    matrix      INTEGER NOT NULL,
    row         INTEGER NOT NULL, -- distance_objects.idx of the initiator
    col         INTEGER NOT NULL, -- distance_objects.idx of the target
    value       REAL,             -- in the matrix's unit; NULL for a value that was not a number
    PRIMARY KEY (snapshot_id, matrix, row, col),
    FOREIGN KEY (snapshot_id, matrix) REFERENCES distance_matrices(snapshot_id, matrix)
) WITHOUT ROWID;

CREATE TABLE memory_attributes (
    snapshot_id INTEGER NOT NULL REFERENCES snapshots(id),
    id          INTEGER NOT NULL, -- 0-based index in its snapshot
    attribute   TEXT NOT NULL,    -- Latency, Bandwidth, ReadBandwidth, Capacity, Locality, …
    unit        TEXT,             -- ns, MiB/s, bytes, …
    target      INTEGER,          -- entities.id of the NUMA node measured
    initiator   TEXT,             -- CPU list of the initiator, NULL when the attribute has none
    value       INTEGER NOT NULL,
    PRIMARY KEY (snapshot_id, id)
) WITHOUT ROWID;

CREATE VIEW numa_nodes AS
    SELECT snapshot_id, id, ns, os_index AS node, logical_index, cpus, memory_bytes, memory_free_bytes,
           memory_tier, name
    FROM entities WHERE kind = 'NUMANode';

CREATE VIEW processes AS
    SELECT p.snapshot_id, p.id, p.ns, p.pid, p.ppid, p.name, p.cmdline, p.cpus, p.nodes,
           (SELECT c.id FROM edges g JOIN entities c ON c.snapshot_id = g.snapshot_id
             WHERE g.snapshot_id = p.snapshot_id AND c.kind = 'Container'
               AND ((g.kind = 'Host' AND g.source = c.id AND g.target = p.id)
                 OR (g.kind = 'RunOn' AND g.target = c.id AND g.source = p.id))
             LIMIT 1) AS container
    FROM entities p WHERE p.kind = 'Process';

CREATE VIEW threads AS
    SELECT t.snapshot_id, t.id, t.ns, t.tid, p.pid, t.name, t.cpus, t.nodes, t.parent AS process
    FROM entities t LEFT JOIN entities p ON p.snapshot_id = t.snapshot_id AND p.id = t.parent
    WHERE t.kind = 'Thread';

CREATE VIEW distances AS
    SELECT v.snapshot_id, v.matrix, m.name AS matrix_name, m.unit,
           a.entity AS from_entity, fa.kind AS from_kind, fa.os_index AS from_index,
           b.entity AS to_entity, fb.kind AS to_kind, fb.os_index AS to_index, v.value
    FROM distance_values v
    JOIN distance_matrices m ON m.snapshot_id = v.snapshot_id AND m.matrix = v.matrix
    JOIN distance_objects a ON a.snapshot_id = v.snapshot_id AND a.matrix = v.matrix AND a.idx = v.row
    JOIN distance_objects b ON b.snapshot_id = v.snapshot_id AND b.matrix = v.matrix AND b.idx = v.col
    JOIN entities fa ON fa.snapshot_id = v.snapshot_id AND fa.id = a.entity
    JOIN entities fb ON fb.snapshot_id = v.snapshot_id AND fb.id = b.entity;
)sql";

// Version 2 adds the time series of a recording (Capture::samples). Every table is keyed by its position in
// the model's vectors, like entities and edges, so a sample reads back exactly as it was written; the views
// join them into the forms people query.
constexpr const char* kSchemaV2 = R"sql(
CREATE TABLE samples (
    id             INTEGER PRIMARY KEY NOT NULL, -- 0-based, in time order
    snapshot_id    INTEGER NOT NULL REFERENCES snapshots(id), -- the workload (processes, threads) in force
    time_ns        INTEGER NOT NULL, -- CLOCK_REALTIME at the end of the interval, ns since 1970 UTC
    interval_ns    INTEGER NOT NULL, -- length of the interval; 0 for the first sample (no deltas yet)
    numa_balancing INTEGER           -- /proc/sys/kernel/numa_balancing, NULL when unknown
);
CREATE INDEX samples_by_snapshot ON samples(snapshot_id);
CREATE INDEX samples_by_time ON samples(time_ns);

CREATE TABLE sample_threads (
    sample_id                    INTEGER NOT NULL REFERENCES samples(id),
    idx                          INTEGER NOT NULL, -- 0-based position in the sample
    pid                          INTEGER,
    tid                          INTEGER,
    comm                         TEXT,
    cpu_ns                       INTEGER NOT NULL, -- on-CPU time in the interval
    last_cpu                     INTEGER,          -- CPU the thread was last seen on (stat field 39)
    voluntary_switches           INTEGER NOT NULL, -- cumulative
    involuntary_switches         INTEGER NOT NULL, -- cumulative
    voluntary_switches_per_sec   REAL NOT NULL,    -- over the interval; 0 in the first sample
    involuntary_switches_per_sec REAL NOT NULL,
    cpus_allowed                 TEXT,             -- Cpus_allowed_list: '0-23,48'
    mems_allowed                 TEXT,             -- Mems_allowed_list: '0,2-3'
    mode                         TEXT NOT NULL,    -- procfs or ebpf: where cpu_ns and the per-CPU rows came from
    PRIMARY KEY (sample_id, idx)
) WITHOUT ROWID;
CREATE INDEX sample_threads_by_tid ON sample_threads(tid, sample_id);
CREATE INDEX sample_threads_by_pid ON sample_threads(pid, sample_id);

CREATE TABLE sample_thread_cpus (
    sample_id INTEGER NOT NULL,
    thread    INTEGER NOT NULL, -- sample_threads.idx
    idx       INTEGER NOT NULL, -- 0-based position in the thread's list
    cpu       INTEGER NOT NULL, -- CPU OS index
    ns        INTEGER NOT NULL, -- on-CPU time on that CPU in the interval (procfs: all of cpu_ns on last_cpu)
    PRIMARY KEY (sample_id, thread, idx),
    FOREIGN KEY (sample_id, thread) REFERENCES sample_threads(sample_id, idx)
) WITHOUT ROWID;

CREATE TABLE sample_processes (
    sample_id INTEGER NOT NULL REFERENCES samples(id),
    idx       INTEGER NOT NULL, -- 0-based position in the sample
    pid       INTEGER,
    policy    TEXT,             -- default memory policy of the mappings: default, bind:0, interleave:0-3
    mode      TEXT NOT NULL,    -- procfs (/proc/<pid>/numa_maps)
    PRIMARY KEY (sample_id, idx)
) WITHOUT ROWID;
CREATE INDEX sample_processes_by_pid ON sample_processes(pid, sample_id);

CREATE TABLE sample_process_nodes (
    sample_id        INTEGER NOT NULL,
    process          INTEGER NOT NULL, -- sample_processes.idx
    idx              INTEGER NOT NULL, -- 0-based position in the process's list (sorted by node)
    node             INTEGER NOT NULL, -- NUMA node OS index
    total_pages      INTEGER NOT NULL, -- every N<node>= count of numa_maps
    anon_pages       INTEGER NOT NULL, -- anon=… mappings
    dirty_anon_pages INTEGER NOT NULL, -- witty's rule: lines with anon>0 and dirty>0 add all their N<node>
    file_pages       INTEGER NOT NULL, -- file= mappings without anon
    huge_pages       INTEGER NOT NULL, -- pages of huge-page mappings
    bytes            INTEGER NOT NULL, -- pages times their mapping's page size
    PRIMARY KEY (sample_id, process, idx),
    FOREIGN KEY (sample_id, process) REFERENCES sample_processes(sample_id, idx)
) WITHOUT ROWID;

CREATE TABLE sample_nodes (
    sample_id       INTEGER NOT NULL REFERENCES samples(id),
    idx             INTEGER NOT NULL, -- 0-based position in the sample
    node            INTEGER NOT NULL, -- NUMA node OS index
    mem_total_bytes INTEGER NOT NULL, -- node meminfo MemTotal
    mem_free_bytes  INTEGER NOT NULL, -- node meminfo MemFree
    mode            TEXT NOT NULL,    -- procfs (sysfs node files)
    PRIMARY KEY (sample_id, idx)
) WITHOUT ROWID;

CREATE TABLE sample_node_numastat (
    sample_id INTEGER NOT NULL,
    entry     INTEGER NOT NULL, -- sample_nodes.idx
    counter   TEXT NOT NULL,    -- numa_hit, numa_miss, numa_foreign, interleave_hit, local_node, other_node
    value     INTEGER NOT NULL, -- pages, cumulative since boot
    PRIMARY KEY (sample_id, entry, counter),
    FOREIGN KEY (sample_id, entry) REFERENCES sample_nodes(sample_id, idx)
) WITHOUT ROWID;

CREATE TABLE sample_vmstat (
    sample_id INTEGER NOT NULL REFERENCES samples(id),
    counter   TEXT NOT NULL,    -- the numa_* lines of /proc/vmstat
    value     INTEGER NOT NULL, -- cumulative since boot
    PRIMARY KEY (sample_id, counter)
) WITHOUT ROWID;

CREATE TABLE sample_flows (
    sample_id      INTEGER NOT NULL REFERENCES samples(id),
    idx            INTEGER NOT NULL, -- 0-based position in the sample
    pid            INTEGER,
    tid            INTEGER,          -- NULL when only the process is known (procfs)
    protocol       TEXT,             -- TCP, UDP, UNIX, PIPE
    local_address  TEXT,
    local_port     INTEGER,
    remote_address TEXT,
    remote_port    INTEGER,
    peer_pid       INTEGER,          -- the other end when it is on this machine
    bytes_sent     INTEGER NOT NULL, -- in the interval
    bytes_received INTEGER NOT NULL,
    volumes_known  INTEGER NOT NULL, -- 1 when bytes_* were measured (ebpf), 0 when only the endpoints are known
    mode           TEXT NOT NULL,    -- procfs or ebpf
    PRIMARY KEY (sample_id, idx)
) WITHOUT ROWID;
CREATE INDEX sample_flows_by_pid ON sample_flows(pid, sample_id);

-- Derived from the NUMA nodes' CPU lists when the file is written, so that SQL can map a CPU to its node;
-- numasight itself does not read it.
CREATE TABLE cpu_nodes (
    snapshot_id INTEGER NOT NULL REFERENCES snapshots(id),
    ns          TEXT NOT NULL, -- namespace of the node
    cpu         INTEGER NOT NULL, -- CPU OS index
    node        INTEGER NOT NULL, -- NUMA node OS index
    PRIMARY KEY (snapshot_id, ns, cpu)
) WITHOUT ROWID;

CREATE VIEW thread_cpu AS
    SELECT t.sample_id, s.time_ns, s.interval_ns, t.pid, t.tid, t.comm, t.cpu_ns,
           CASE WHEN s.interval_ns > 0 THEN 1.0 * t.cpu_ns / s.interval_ns END AS cpu_share,
           t.last_cpu, t.voluntary_switches_per_sec, t.involuntary_switches_per_sec, t.cpus_allowed,
           t.mems_allowed, t.mode
    FROM sample_threads t JOIN samples s ON s.id = t.sample_id;

CREATE VIEW thread_cpu_by_node AS
    SELECT t.sample_id, s.time_ns, t.pid, t.tid, t.comm, n.node, sum(c.ns) AS ns,
           CASE WHEN t.cpu_ns > 0 THEN 1.0 * sum(c.ns) / t.cpu_ns END AS share, t.mode
    FROM sample_thread_cpus c
    JOIN sample_threads t ON t.sample_id = c.sample_id AND t.idx = c.thread
    JOIN samples s ON s.id = c.sample_id
    LEFT JOIN cpu_nodes n ON n.snapshot_id = s.snapshot_id AND n.cpu = c.cpu
    GROUP BY t.sample_id, t.idx, n.node;

CREATE VIEW process_pages_by_node AS
    SELECT p.sample_id, s.time_ns, p.pid, n.node, n.total_pages, n.anon_pages, n.dirty_anon_pages,
           n.file_pages, n.huge_pages, n.bytes, p.policy, p.mode
    FROM sample_process_nodes n
    JOIN sample_processes p ON p.sample_id = n.sample_id AND p.idx = n.process
    JOIN samples s ON s.id = n.sample_id;

CREATE VIEW node_counters AS
    SELECT n.sample_id, s.time_ns, n.node, n.mem_total_bytes, n.mem_free_bytes, c.counter, c.value, n.mode
    FROM sample_nodes n JOIN samples s ON s.id = n.sample_id
    LEFT JOIN sample_node_numastat c ON c.sample_id = n.sample_id AND c.entry = n.idx;
)sql";

// Version 3 lists the hosts of a fleet capture (numasight-cli merge). A capture of one machine leaves the
// table empty: its entities are in namespace 'local' and `meta` describes it.
constexpr const char* kSchemaV3 = R"sql(
CREATE TABLE hosts (
    idx  INTEGER PRIMARY KEY NOT NULL, -- 0-based, in the order the inputs were merged
    ns   TEXT NOT NULL UNIQUE,         -- the namespace of the host's entities (entities.ns)
    name TEXT NOT NULL,                -- as people call it: host name, or the name given to merge
    meta TEXT NOT NULL                 -- JSON object: the host's own meta keys (host, kernel, captured_at, mode,
                                       -- source_format, source_path, numasight_version, extra.<name>)
);
)sql";

} // namespace

QString createCaptureSchema(sqlite3* db)
{
    QString error = sqliteExec(db, kSchemaV1);
    if (error.isEmpty())
        error = sqliteExec(db, kSchemaV2);
    if (error.isEmpty())
        error = sqliteExec(db, kSchemaV3);
    if (!error.isEmpty())
        return error;
    const QByteArray pragmas =
        QByteArrayLiteral("PRAGMA application_id = ") + QByteArray::number(kCaptureApplicationId) +
        QByteArrayLiteral("; PRAGMA user_version = ") + QByteArray::number(kCaptureSchemaVersion) + ';';
    return sqliteExec(db, pragmas.constData());
}

QStringList captureTables(int version)
{
    QStringList tables;
    if (version >= 1)
        tables << QStringLiteral("meta") << QStringLiteral("snapshots") << QStringLiteral("entities")
               << QStringLiteral("numastat") << QStringLiteral("edges") << QStringLiteral("distance_matrices")
               << QStringLiteral("distance_objects") << QStringLiteral("distance_values")
               << QStringLiteral("memory_attributes");
    // cpu_nodes is derived data for SQL users and is not required.
    if (version >= 2)
        tables << QStringLiteral("samples") << QStringLiteral("sample_threads")
               << QStringLiteral("sample_thread_cpus") << QStringLiteral("sample_processes")
               << QStringLiteral("sample_process_nodes") << QStringLiteral("sample_nodes")
               << QStringLiteral("sample_node_numastat") << QStringLiteral("sample_vmstat")
               << QStringLiteral("sample_flows");
    if (version >= 3)
        tables << QStringLiteral("hosts");
    return tables;
}

} // namespace numasight
