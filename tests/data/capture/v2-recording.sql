-- A recording of schema version 2, as numasight 0.1.0 wrote it (tst_capture_file's richRecording()), dumped
-- with `sqlite3 FILE .dump`. tst_capture_file::goldenVersion2 loads it and must read back the same samples.
-- Never regenerate it: it stands for recordings already on users' disks.
-- Edited by hand where .dump falls short: the two header PRAGMAs, and names holding a NUL character
-- ('with' || char(0) || 'nul').
PRAGMA application_id = 1314213185;
PRAGMA user_version = 2;
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE meta (
    key   TEXT PRIMARY KEY NOT NULL, -- host, kernel, created_at, captured_at, numasight_version,
                                     -- source_format, original_format, source_path, mode, extra.<name>
    value TEXT NOT NULL
) WITHOUT ROWID;
INSERT INTO meta VALUES('captured_at','2024-05-01T11:59:59.999Z');
INSERT INTO meta VALUES('created_at','2026-11-30T12:06:07.091Z');
INSERT INTO meta VALUES('extra.empty','');
INSERT INTO meta VALUES('extra.local_ip','10.0.0.1');
INSERT INTO meta VALUES('extra.machine_id','4f2c');
INSERT INTO meta VALUES('host','ascend-01');
INSERT INTO meta VALUES('kernel','5.10.0-153.12.0.92.oe2203sp2.aarch64');
INSERT INTO meta VALUES('mode','ebpf');
INSERT INTO meta VALUES('numasight_version','0.1.0');
INSERT INTO meta VALUES('original_format','local');
INSERT INTO meta VALUES('source_format','local');
INSERT INTO meta VALUES('source_path','/data/rounds.jsonl');
CREATE TABLE snapshots (
    id       INTEGER PRIMARY KEY NOT NULL, -- position in the capture, 0-based, in time order as recorded
    taken_at TEXT,                         -- ISO 8601 UTC with milliseconds, NULL when unknown
    label    TEXT
);
INSERT INTO snapshots VALUES(0,'2024-05-01T12:00:00.123Z','round 1');
INSERT INTO snapshots VALUES(1,'2024-05-01T12:00:05.007Z',NULL);
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
INSERT INTO entities VALUES(0,0,'Host','Host','local','host','ascend-01',NULL,NULL,NULL,NULL,NULL,1099511627776,549755813905,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{"os":"openEuler 22.03","note":"quote \" and backslash \\ and ü"}');
INSERT INTO entities VALUES(0,1,'Package','Package','local','0','Package',0,0,0,'0-7',NULL,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(0,2,'Package','Package','local','1','Package',0,1,1,'8-15',NULL,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(0,3,'NUMANode','NUMANode','local','0',NULL,1,0,3,'0-3',NULL,17179869184,1073741824,'DRAM',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{"numa_id":0,"distance_to_all_numa":{"0":10,"1":20}}');
INSERT INTO entities VALUES(0,4,'NUMANode','NUMANode','local','1',NULL,1,1,2,'4-7',NULL,34359738368,2147483648,'DRAM',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{"numa_id":1,"distance_to_all_numa":{"0":10,"1":20}}');
INSERT INTO entities VALUES(0,5,'NUMANode','NUMANode','local','2',NULL,2,2,1,'8-11',NULL,51539607552,3221225472,'HBM',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{"numa_id":2,"distance_to_all_numa":{"0":10,"1":20}}');
INSERT INTO entities VALUES(0,6,'NUMANode','NUMANode','local','3',NULL,2,3,0,NULL,NULL,68719476736,0,'CXL-DRAM',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{"numa_id":3,"distance_to_all_numa":{"0":10,"1":20}}');
INSERT INTO entities VALUES(0,7,'PU','PU','local','0',NULL,3,0,0,'0',NULL,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(0,8,'PU','PU','local','1',NULL,3,1,1,'1',NULL,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(0,9,'PU','PU','local','2',NULL,3,2,2,'2',NULL,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(0,10,'PU','PU','local','3',NULL,3,3,3,'3',NULL,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(0,11,'Core','Core','local','0',NULL,1,0,NULL,'0-1',NULL,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(0,12,'Cache','Cache','local','L3#0','L3',1,NULL,NULL,'0-7',NULL,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,33554432,3,'{}');
INSERT INTO entities VALUES(0,13,'Accelerator','NPUEntity','local','0','NPU0',NULL,0,NULL,'8-11','2',0,0,NULL,NULL,NULL,NULL,NULL,'npu','0000:c1:00.0','Huawei',2,NULL,NULL,NULL,NULL,NULL,0,0,'{"id":0,"cpu_affinity":"8-11","device_type":"npu","pci_bus_id":"0000:c1:00.0"}');
INSERT INTO entities VALUES(0,14,'NIC','NIC','local','0000:3b:00.0','eth0',NULL,NULL,NULL,NULL,NULL,0,0,NULL,NULL,NULL,NULL,NULL,'nic','0000:3b:00.0','Mellanox',0,NULL,NULL,NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(0,15,'Accelerator','Accelerator','local','gpu1','GPU1',NULL,1,NULL,NULL,NULL,0,0,NULL,NULL,NULL,NULL,NULL,'gpu',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(0,16,'OSDevice','OSDevice','local','dma0','dma0',NULL,NULL,NULL,NULL,NULL,0,0,NULL,NULL,NULL,NULL,NULL,'other',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(0,17,'PCIDevice','PCIDevice','local','0000:00:01.0',NULL,NULL,NULL,NULL,NULL,NULL,0,0,NULL,NULL,NULL,NULL,NULL,NULL,'0000:00:01.0',NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(0,18,'Container','ContainerEntity','local','a1b2c3d4','vllm',NULL,NULL,NULL,NULL,NULL,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'a1b2c3d4','docker',NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(0,19,'Process','ProcessEntity','local','1000','python3',NULL,NULL,NULL,'0-15','0,2-3',0,0,NULL,1000,1,NULL,replace('vllm serve "model"\n--tp 4 ü 日本','\n',char(10)),NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{"pid":1000,"name":"python3"}');
INSERT INTO entities VALUES(0,20,'Process','ProcessEntity','local','1001','python3',NULL,NULL,NULL,'0-15','0,2-3',0,0,NULL,1001,1000,NULL,replace('vllm serve "model"\n--tp 4 ü 日本','\n',char(10)),NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{"pid":1001,"name":"python3"}');
INSERT INTO entities VALUES(0,21,'Process','ProcessEntity','local','1002','python3',NULL,NULL,NULL,'0-15','0,2-3',0,0,NULL,1002,1000,NULL,replace('vllm serve "model"\n--tp 4 ü 日本','\n',char(10)),NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{"pid":1002,"name":"python3"}');
INSERT INTO entities VALUES(0,22,'Process','Process','local','big',NULL,NULL,NULL,NULL,NULL,NULL,0,0,NULL,2147483647,0,-7,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(0,23,'Thread','ThreadEntity','local','2000','worker_0',19,NULL,NULL,'0,8',NULL,0,0,NULL,1000,NULL,2000,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(0,24,'Thread','ThreadEntity','local','2001','worker_1',19,NULL,NULL,'1,9',NULL,0,0,NULL,1000,NULL,2001,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(0,25,'Thread','ThreadEntity','local','2002','worker_2',19,NULL,NULL,'2,10',NULL,0,0,NULL,1000,NULL,2002,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(0,26,'Socket','SocketEntity','local','127.0.0.1:34726/TCP',NULL,NULL,NULL,NULL,NULL,NULL,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'127.0.0.1',34726,'TCP',0,0,'{}');
INSERT INTO entities VALUES(0,27,'SharedMemory','SharedMemory','local','/dev/shm/x',NULL,NULL,NULL,NULL,NULL,NULL,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(0,28,'NumaSet','NumaSet','local','0,2-3',NULL,NULL,NULL,NULL,NULL,'0,2-3',0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(0,29,'Unknown','RdmaLocalQueuePairEntity','10.0.0.2','mlx5_0|qp 7','with' || char(0) || 'nul',NULL,NULL,NULL,NULL,NULL,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{"qpn":7,"nested":{"list":[1,2.5,null,true,"x"],"empty":{}},"big":18446744073709551615,"text":"line\nbreak \u0000 nul","unicode":"日本"}');
INSERT INTO entities VALUES(0,30,'Unknown','Bare','','',NULL,NULL,NULL,NULL,NULL,NULL,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,NULL);
INSERT INTO entities VALUES(1,0,'Host','Host','local','host','ascend-01',NULL,NULL,NULL,NULL,NULL,1099511627776,549755813905,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{"os":"openEuler 22.03","note":"quote \" and backslash \\ and ü"}');
INSERT INTO entities VALUES(1,1,'Package','Package','local','0','Package',0,0,0,'0-7',NULL,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(1,2,'Package','Package','local','1','Package',0,1,1,'8-15',NULL,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(1,3,'NUMANode','NUMANode','local','0',NULL,1,0,3,'0-3',NULL,17179869184,1073741824,'DRAM',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{"numa_id":0,"distance_to_all_numa":{"0":10,"1":20}}');
INSERT INTO entities VALUES(1,4,'NUMANode','NUMANode','local','1',NULL,1,1,2,'4-7',NULL,34359738368,2147483648,'DRAM',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{"numa_id":1,"distance_to_all_numa":{"0":10,"1":20}}');
INSERT INTO entities VALUES(1,5,'NUMANode','NUMANode','local','2',NULL,2,2,1,'8-11',NULL,51539607552,3221225472,'HBM',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{"numa_id":2,"distance_to_all_numa":{"0":10,"1":20}}');
INSERT INTO entities VALUES(1,6,'NUMANode','NUMANode','local','3',NULL,2,3,0,NULL,NULL,68719476736,0,'CXL-DRAM',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{"numa_id":3,"distance_to_all_numa":{"0":10,"1":20}}');
INSERT INTO entities VALUES(1,7,'PU','PU','local','0',NULL,3,0,0,'0',NULL,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(1,8,'PU','PU','local','1',NULL,3,1,1,'1',NULL,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(1,9,'PU','PU','local','2',NULL,3,2,2,'2',NULL,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(1,10,'PU','PU','local','3',NULL,3,3,3,'3',NULL,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(1,11,'Core','Core','local','0',NULL,1,0,NULL,'0-1',NULL,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(1,12,'Cache','Cache','local','L3#0','L3',1,NULL,NULL,'0-7',NULL,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,33554432,3,'{}');
INSERT INTO entities VALUES(1,13,'Accelerator','NPUEntity','local','0','NPU0',NULL,0,NULL,'8-11','2',0,0,NULL,NULL,NULL,NULL,NULL,'npu','0000:c1:00.0','Huawei',2,NULL,NULL,NULL,NULL,NULL,0,0,'{"id":0,"cpu_affinity":"8-11","device_type":"npu","pci_bus_id":"0000:c1:00.0"}');
INSERT INTO entities VALUES(1,14,'NIC','NIC','local','0000:3b:00.0','eth0',NULL,NULL,NULL,NULL,NULL,0,0,NULL,NULL,NULL,NULL,NULL,'nic','0000:3b:00.0','Mellanox',0,NULL,NULL,NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(1,15,'Accelerator','Accelerator','local','gpu1','GPU1',NULL,1,NULL,NULL,NULL,0,0,NULL,NULL,NULL,NULL,NULL,'gpu',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(1,16,'OSDevice','OSDevice','local','dma0','dma0',NULL,NULL,NULL,NULL,NULL,0,0,NULL,NULL,NULL,NULL,NULL,'other',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(1,17,'PCIDevice','PCIDevice','local','0000:00:01.0',NULL,NULL,NULL,NULL,NULL,NULL,0,0,NULL,NULL,NULL,NULL,NULL,NULL,'0000:00:01.0',NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(1,18,'Container','ContainerEntity','local','a1b2c3d4','vllm',NULL,NULL,NULL,NULL,NULL,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'a1b2c3d4','docker',NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(1,19,'Process','ProcessEntity','local','1000','python3',NULL,NULL,NULL,'0-15','0,2-3',0,0,NULL,1000,1,NULL,replace('vllm serve "model"\n--tp 4 ü 日本','\n',char(10)),NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{"pid":1000,"name":"python3"}');
INSERT INTO entities VALUES(1,20,'Process','ProcessEntity','local','1001','python3',NULL,NULL,NULL,'0-15','0,2-3',0,0,NULL,1001,1000,NULL,replace('vllm serve "model"\n--tp 4 ü 日本','\n',char(10)),NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{"pid":1001,"name":"python3"}');
INSERT INTO entities VALUES(1,21,'Process','Process','local','big',NULL,NULL,NULL,NULL,NULL,NULL,0,0,NULL,2147483647,0,-7,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(1,22,'Thread','ThreadEntity','local','2000','worker_0',19,NULL,NULL,'0,8',NULL,0,0,NULL,1000,NULL,2000,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(1,23,'Thread','ThreadEntity','local','2001','worker_1',19,NULL,NULL,'1,9',NULL,0,0,NULL,1000,NULL,2001,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(1,24,'Thread','ThreadEntity','local','2002','worker_2',19,NULL,NULL,'2,10',NULL,0,0,NULL,1000,NULL,2002,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(1,25,'Socket','SocketEntity','local','127.0.0.1:34726/TCP',NULL,NULL,NULL,NULL,NULL,NULL,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'127.0.0.1',34726,'TCP',0,0,'{}');
INSERT INTO entities VALUES(1,26,'SharedMemory','SharedMemory','local','/dev/shm/x',NULL,NULL,NULL,NULL,NULL,NULL,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,1,NULL,NULL,NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(1,27,'NumaSet','NumaSet','local','0,2-3',NULL,NULL,NULL,NULL,NULL,'0,2-3',0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{}');
INSERT INTO entities VALUES(1,28,'Unknown','RdmaLocalQueuePairEntity','10.0.0.2','mlx5_0|qp 7','with' || char(0) || 'nul',NULL,NULL,NULL,NULL,NULL,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,'{"qpn":7,"nested":{"list":[1,2.5,null,true,"x"],"empty":{}},"big":18446744073709551615,"text":"line\nbreak \u0000 nul","unicode":"日本"}');
INSERT INTO entities VALUES(1,29,'Unknown','Bare','','',NULL,NULL,NULL,NULL,NULL,NULL,0,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0,0,NULL);
CREATE TABLE numastat (
    snapshot_id INTEGER NOT NULL,
    entity      INTEGER NOT NULL, -- entities.id of a NUMA node (or host)
    counter     TEXT NOT NULL,    -- numa_hit, numa_miss, numa_foreign, interleave_hit, local_node, other_node
    value       INTEGER NOT NULL, -- pages, as /sys/devices/system/node/node*/numastat counts them
    PRIMARY KEY (snapshot_id, entity, counter),
    FOREIGN KEY (snapshot_id, entity) REFERENCES entities(snapshot_id, id)
) WITHOUT ROWID;
INSERT INTO numastat VALUES(0,3,'numa_hit',123456789);
INSERT INTO numastat VALUES(0,3,'numa_miss',0);
INSERT INTO numastat VALUES(0,3,'other_node',0);
INSERT INTO numastat VALUES(0,4,'numa_hit',246913578);
INSERT INTO numastat VALUES(0,4,'numa_miss',1);
INSERT INTO numastat VALUES(0,4,'other_node',0);
INSERT INTO numastat VALUES(0,5,'numa_hit',370370367);
INSERT INTO numastat VALUES(0,5,'numa_miss',2);
INSERT INTO numastat VALUES(0,5,'other_node',X'3138343436373434303733373039353531363135');
INSERT INTO numastat VALUES(0,6,'numa_hit',493827156);
INSERT INTO numastat VALUES(0,6,'numa_miss',3);
INSERT INTO numastat VALUES(0,6,'other_node',0);
INSERT INTO numastat VALUES(1,3,'numa_hit',123456789);
INSERT INTO numastat VALUES(1,3,'numa_miss',0);
INSERT INTO numastat VALUES(1,3,'other_node',0);
INSERT INTO numastat VALUES(1,4,'numa_hit',246913578);
INSERT INTO numastat VALUES(1,4,'numa_miss',1);
INSERT INTO numastat VALUES(1,4,'other_node',0);
INSERT INTO numastat VALUES(1,5,'numa_hit',370370367);
INSERT INTO numastat VALUES(1,5,'numa_miss',2);
INSERT INTO numastat VALUES(1,5,'other_node',X'3138343436373434303733373039353531363135');
INSERT INTO numastat VALUES(1,6,'numa_hit',493827156);
INSERT INTO numastat VALUES(1,6,'numa_miss',3);
INSERT INTO numastat VALUES(1,6,'other_node',0);
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
INSERT INTO edges VALUES(0,0,'Contains','Contains',0,1,1,NULL,'{}');
INSERT INTO edges VALUES(0,1,'Own','Own',19,23,1,0.0,'{}');
INSERT INTO edges VALUES(0,2,'Own','Own',23,26,1,1.5,'{}');
INSERT INTO edges VALUES(0,3,'Belong','Belong',26,23,1,NULL,'{}');
INSERT INTO edges VALUES(0,4,'Host','Host',18,19,1,NULL,'{}');
INSERT INTO edges VALUES(0,5,'RunOn','RunOn',20,18,1,0.0,'{}');
INSERT INTO edges VALUES(0,6,'Access','Access',19,13,1,1.0000000000000000047e+300,'{}');
INSERT INTO edges VALUES(0,7,'Access','Access',19,27,1,-2.25,'{}');
INSERT INTO edges VALUES(0,8,'SendToSocket','SendToSocket',24,26,1,0.0,'{"connection_type":"tcp","data_flow":{"start_time":1714564800000000000,"end_time":1714564830000000000,"data_size":4096,"packets_cnt":12}}');
INSERT INTO edges VALUES(0,9,'NumaAccess','NumaAccess',19,28,1,NULL,'{"numa_access_info":{"total_pages":{"0":10,"2":5},"numa_affinity_info":{"cpu_runtime_pct_in_each_numa":[0.5,0.25,0.25,0.0]}}}');
INSERT INTO edges VALUES(0,10,'AccessWithProcStatus','AccessWithProcStatus',25,28,1,NULL,'{"proc_status":{"voluntary_ctxt_switches":5}}');
INSERT INTO edges VALUES(0,11,'AffinitativeToNuma','AffinitativeToNuma',13,28,1,NULL,'{}');
INSERT INTO edges VALUES(0,12,'NumaSetContain','NumaSetContain',28,5,1,NULL,'{}');
INSERT INTO edges VALUES(0,13,'Bandwidth','HHABandwidthEdge',4,4,0,3.0,'{"bandwidth_info":{"read":1}}');
INSERT INTO edges VALUES(0,14,'Unknown','RdmaQpEdge',22,15,1,NULL,NULL);
INSERT INTO edges VALUES(1,0,'Contains','Contains',0,1,1,NULL,'{}');
INSERT INTO edges VALUES(1,1,'Own','Own',19,22,1,0.0,'{}');
INSERT INTO edges VALUES(1,2,'Own','Own',22,25,1,1.5,'{}');
INSERT INTO edges VALUES(1,3,'Belong','Belong',25,22,1,NULL,'{}');
INSERT INTO edges VALUES(1,4,'Host','Host',18,19,1,NULL,'{}');
INSERT INTO edges VALUES(1,5,'RunOn','RunOn',20,18,1,0.0,'{}');
INSERT INTO edges VALUES(1,6,'Access','Access',19,13,1,1.0000000000000000047e+300,'{}');
INSERT INTO edges VALUES(1,7,'Access','Access',19,26,1,-2.25,'{}');
INSERT INTO edges VALUES(1,8,'SendToSocket','SendToSocket',23,25,1,0.0,'{"connection_type":"tcp","data_flow":{"start_time":1714564800000000000,"end_time":1714564830000000000,"data_size":4096,"packets_cnt":12}}');
INSERT INTO edges VALUES(1,9,'NumaAccess','NumaAccess',19,27,1,NULL,'{"numa_access_info":{"total_pages":{"0":10,"2":5},"numa_affinity_info":{"cpu_runtime_pct_in_each_numa":[0.5,0.25,0.25,0.0]}}}');
INSERT INTO edges VALUES(1,10,'AccessWithProcStatus','AccessWithProcStatus',24,27,1,NULL,'{"proc_status":{"voluntary_ctxt_switches":5}}');
INSERT INTO edges VALUES(1,11,'AffinitativeToNuma','AffinitativeToNuma',13,27,1,NULL,'{}');
INSERT INTO edges VALUES(1,12,'NumaSetContain','NumaSetContain',27,5,1,NULL,'{}');
INSERT INTO edges VALUES(1,13,'Bandwidth','HHABandwidthEdge',4,4,0,3.0,'{"bandwidth_info":{"read":1}}');
INSERT INTO edges VALUES(1,14,'Unknown','RdmaQpEdge',21,15,1,NULL,NULL);
INSERT INTO edges VALUES(1,15,'Access','Access',20,15,1,0.5,'{}');
CREATE TABLE distance_matrices (
    snapshot_id INTEGER NOT NULL REFERENCES snapshots(id),
    matrix      INTEGER NOT NULL, -- 0-based index in its snapshot
    name        TEXT,             -- NUMALatency, NUMABandwidth, …
    unit        TEXT,             -- relative (SLIT, 10 = local), ns, MB/s, …
    from_os     INTEGER NOT NULL, -- 1 reported by firmware or the OS, 0 by a user or tool
    PRIMARY KEY (snapshot_id, matrix)
) WITHOUT ROWID;
INSERT INTO distance_matrices VALUES(0,0,'NUMALatency','relative',1);
INSERT INTO distance_matrices VALUES(0,1,'GPU↔NIC','ns',0);
INSERT INTO distance_matrices VALUES(0,2,'empty',NULL,1);
INSERT INTO distance_matrices VALUES(1,0,'NUMALatency','relative',1);
INSERT INTO distance_matrices VALUES(1,1,'GPU↔NIC','ns',0);
INSERT INTO distance_matrices VALUES(1,2,'empty',NULL,1);
CREATE TABLE distance_objects (
    snapshot_id INTEGER NOT NULL,
    matrix      INTEGER NOT NULL,
    idx         INTEGER NOT NULL, -- row and column number of this object, 0-based
    entity      INTEGER NOT NULL, -- entities.id
    PRIMARY KEY (snapshot_id, matrix, idx),
    FOREIGN KEY (snapshot_id, matrix) REFERENCES distance_matrices(snapshot_id, matrix)
) WITHOUT ROWID;
INSERT INTO distance_objects VALUES(0,0,0,3);
INSERT INTO distance_objects VALUES(0,0,1,4);
INSERT INTO distance_objects VALUES(0,0,2,5);
INSERT INTO distance_objects VALUES(0,0,3,6);
INSERT INTO distance_objects VALUES(0,1,0,13);
INSERT INTO distance_objects VALUES(0,1,1,14);
INSERT INTO distance_objects VALUES(1,0,0,3);
INSERT INTO distance_objects VALUES(1,0,1,4);
INSERT INTO distance_objects VALUES(1,0,2,5);
INSERT INTO distance_objects VALUES(1,0,3,6);
INSERT INTO distance_objects VALUES(1,1,0,13);
INSERT INTO distance_objects VALUES(1,1,1,14);
CREATE TABLE distance_values (
    snapshot_id INTEGER NOT NULL,
    matrix      INTEGER NOT NULL,
    row         INTEGER NOT NULL, -- distance_objects.idx of the initiator
    col         INTEGER NOT NULL, -- distance_objects.idx of the target
    value       REAL,             -- in the matrix's unit; NULL for a value that was not a number
    PRIMARY KEY (snapshot_id, matrix, row, col),
    FOREIGN KEY (snapshot_id, matrix) REFERENCES distance_matrices(snapshot_id, matrix)
) WITHOUT ROWID;
INSERT INTO distance_values VALUES(0,0,0,0,10.0);
INSERT INTO distance_values VALUES(0,0,0,1,12.0);
INSERT INTO distance_values VALUES(0,0,0,2,14.0);
INSERT INTO distance_values VALUES(0,0,0,3,16.0);
INSERT INTO distance_values VALUES(0,0,1,0,12.0);
INSERT INTO distance_values VALUES(0,0,1,1,10.0);
INSERT INTO distance_values VALUES(0,0,1,2,12.0);
INSERT INTO distance_values VALUES(0,0,1,3,14.0);
INSERT INTO distance_values VALUES(0,0,2,0,14.0);
INSERT INTO distance_values VALUES(0,0,2,1,12.0);
INSERT INTO distance_values VALUES(0,0,2,2,10.0);
INSERT INTO distance_values VALUES(0,0,2,3,12.0);
INSERT INTO distance_values VALUES(0,0,3,0,16.0);
INSERT INTO distance_values VALUES(0,0,3,1,14.0);
INSERT INTO distance_values VALUES(0,0,3,2,12.0);
INSERT INTO distance_values VALUES(0,0,3,3,10.0);
INSERT INTO distance_values VALUES(0,1,0,0,0.0);
INSERT INTO distance_values VALUES(0,1,0,1,1.5);
INSERT INTO distance_values VALUES(0,1,1,0,NULL);
INSERT INTO distance_values VALUES(0,1,1,1,1.0000000000000000622e-09);
INSERT INTO distance_values VALUES(1,0,0,0,10.0);
INSERT INTO distance_values VALUES(1,0,0,1,13.0);
INSERT INTO distance_values VALUES(1,0,0,2,15.0);
INSERT INTO distance_values VALUES(1,0,0,3,17.0);
INSERT INTO distance_values VALUES(1,0,1,0,13.0);
INSERT INTO distance_values VALUES(1,0,1,1,10.0);
INSERT INTO distance_values VALUES(1,0,1,2,13.0);
INSERT INTO distance_values VALUES(1,0,1,3,15.0);
INSERT INTO distance_values VALUES(1,0,2,0,15.0);
INSERT INTO distance_values VALUES(1,0,2,1,13.0);
INSERT INTO distance_values VALUES(1,0,2,2,10.0);
INSERT INTO distance_values VALUES(1,0,2,3,13.0);
INSERT INTO distance_values VALUES(1,0,3,0,17.0);
INSERT INTO distance_values VALUES(1,0,3,1,15.0);
INSERT INTO distance_values VALUES(1,0,3,2,13.0);
INSERT INTO distance_values VALUES(1,0,3,3,10.0);
INSERT INTO distance_values VALUES(1,1,0,0,0.0);
INSERT INTO distance_values VALUES(1,1,0,1,1.5);
INSERT INTO distance_values VALUES(1,1,1,0,NULL);
INSERT INTO distance_values VALUES(1,1,1,1,1.0000000000000000622e-09);
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
INSERT INTO memory_attributes VALUES(0,0,'Latency','ns',3,'0-3',120);
INSERT INTO memory_attributes VALUES(0,1,'Capacity','bytes',6,NULL,X'3138343436373434303733373039353531363135');
INSERT INTO memory_attributes VALUES(0,2,'Locality',NULL,NULL,NULL,0);
INSERT INTO memory_attributes VALUES(1,0,'Latency','ns',3,'0-3',120);
INSERT INTO memory_attributes VALUES(1,1,'Capacity','bytes',6,NULL,X'3138343436373434303733373039353531363135');
INSERT INTO memory_attributes VALUES(1,2,'Locality',NULL,NULL,NULL,0);
CREATE TABLE samples (
    id             INTEGER PRIMARY KEY NOT NULL, -- 0-based, in time order
    snapshot_id    INTEGER NOT NULL REFERENCES snapshots(id), -- the workload (processes, threads) in force
    time_ns        INTEGER NOT NULL, -- CLOCK_REALTIME at the end of the interval, ns since 1970 UTC
    interval_ns    INTEGER NOT NULL, -- length of the interval; 0 for the first sample (no deltas yet)
    numa_balancing INTEGER           -- /proc/sys/kernel/numa_balancing, NULL when unknown
);
INSERT INTO samples VALUES(0,0,1714564800000000000,0,0);
INSERT INTO samples VALUES(1,0,1714564801000000000,1000000001,NULL);
INSERT INTO samples VALUES(2,1,1714564802000000000,1000000002,2);
INSERT INTO samples VALUES(3,1,1714564900000000000,0,NULL);
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
INSERT INTO sample_threads VALUES(0,0,1000,2000,'worker_0 ü',0,0,7,X'3138343436373434303733373039353531363134',0.0,1.000000000000000025e-300,'0-15','0,2','procfs');
INSERT INTO sample_threads VALUES(0,1,1000,2001,'worker_1 ü',X'3138343436373434303733373039353531363135',1,7,X'3138343436373434303733373039353531363134',0.0,1.000000000000000025e-300,'0-15','0,2','ebpf');
INSERT INTO sample_threads VALUES(0,2,1000,2002,NULL,2,NULL,7,X'3138343436373434303733373039353531363134',0.0,1.000000000000000025e-300,NULL,'0,2','procfs');
INSERT INTO sample_threads VALUES(1,0,1000,2000,'worker_0 ü',1000,0,7,X'3138343436373434303733373039353531363134',0.125,1.000000000000000025e-300,'0-15','0,2','procfs');
INSERT INTO sample_threads VALUES(1,1,1000,2001,'worker_1 ü',X'3138343436373434303733373039353531363135',1,7,X'3138343436373434303733373039353531363134',0.125,1.000000000000000025e-300,'0-15','0,2','ebpf');
INSERT INTO sample_threads VALUES(1,2,1000,2002,NULL,1002,NULL,7,X'3138343436373434303733373039353531363134',0.125,1.000000000000000025e-300,NULL,'0,2','procfs');
INSERT INTO sample_threads VALUES(2,0,1000,2000,'worker_0 ü',2000,0,7,X'3138343436373434303733373039353531363134',0.25,1.000000000000000025e-300,'0-15','0,2','procfs');
INSERT INTO sample_threads VALUES(2,1,1000,2001,'worker_1 ü',X'3138343436373434303733373039353531363135',1,7,X'3138343436373434303733373039353531363134',0.25,1.000000000000000025e-300,'0-15','0,2','ebpf');
INSERT INTO sample_threads VALUES(2,2,1000,2002,NULL,2002,NULL,7,X'3138343436373434303733373039353531363134',0.25,1.000000000000000025e-300,NULL,'0,2','procfs');
CREATE TABLE sample_thread_cpus (
    sample_id INTEGER NOT NULL,
    thread    INTEGER NOT NULL, -- sample_threads.idx
    idx       INTEGER NOT NULL, -- 0-based position in the thread's list
    cpu       INTEGER NOT NULL, -- CPU OS index
    ns        INTEGER NOT NULL, -- on-CPU time on that CPU in the interval (procfs: all of cpu_ns on last_cpu)
    PRIMARY KEY (sample_id, thread, idx),
    FOREIGN KEY (sample_id, thread) REFERENCES sample_threads(sample_id, idx)
) WITHOUT ROWID;
INSERT INTO sample_thread_cpus VALUES(0,0,0,3,10);
INSERT INTO sample_thread_cpus VALUES(0,0,1,0,20);
INSERT INTO sample_thread_cpus VALUES(0,0,2,3,5);
INSERT INTO sample_thread_cpus VALUES(1,0,0,3,10);
INSERT INTO sample_thread_cpus VALUES(1,0,1,0,20);
INSERT INTO sample_thread_cpus VALUES(1,0,2,3,5);
INSERT INTO sample_thread_cpus VALUES(2,0,0,3,10);
INSERT INTO sample_thread_cpus VALUES(2,0,1,0,20);
INSERT INTO sample_thread_cpus VALUES(2,0,2,3,5);
CREATE TABLE sample_processes (
    sample_id INTEGER NOT NULL REFERENCES samples(id),
    idx       INTEGER NOT NULL, -- 0-based position in the sample
    pid       INTEGER,
    policy    TEXT,             -- default memory policy of the mappings: default, bind:0, interleave:0-3
    mode      TEXT NOT NULL,    -- procfs (/proc/<pid>/numa_maps)
    PRIMARY KEY (sample_id, idx)
) WITHOUT ROWID;
INSERT INTO sample_processes VALUES(0,0,1000,'interleave:0-3','procfs');
INSERT INTO sample_processes VALUES(0,1,9223372036854775807,NULL,'procfs');
INSERT INTO sample_processes VALUES(1,0,1000,'interleave:0-3','procfs');
INSERT INTO sample_processes VALUES(1,1,9223372036854775807,NULL,'procfs');
INSERT INTO sample_processes VALUES(2,0,1000,'interleave:0-3','procfs');
INSERT INTO sample_processes VALUES(2,1,9223372036854775807,NULL,'procfs');
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
INSERT INTO sample_process_nodes VALUES(0,0,0,0,100,60,50,40,2,409600);
INSERT INTO sample_process_nodes VALUES(0,0,1,2,X'3138343436373434303733373039353531363135',0,0,0,0,X'3138343436373434303733373039353531363135');
INSERT INTO sample_process_nodes VALUES(1,0,0,0,100,60,50,40,2,409600);
INSERT INTO sample_process_nodes VALUES(1,0,1,2,X'3138343436373434303733373039353531363135',0,0,0,0,X'3138343436373434303733373039353531363135');
INSERT INTO sample_process_nodes VALUES(2,0,0,0,100,60,50,40,2,409600);
INSERT INTO sample_process_nodes VALUES(2,0,1,2,X'3138343436373434303733373039353531363135',0,0,0,0,X'3138343436373434303733373039353531363135');
CREATE TABLE sample_nodes (
    sample_id       INTEGER NOT NULL REFERENCES samples(id),
    idx             INTEGER NOT NULL, -- 0-based position in the sample
    node            INTEGER NOT NULL, -- NUMA node OS index
    mem_total_bytes INTEGER NOT NULL, -- node meminfo MemTotal
    mem_free_bytes  INTEGER NOT NULL, -- node meminfo MemFree
    mode            TEXT NOT NULL,    -- procfs (sysfs node files)
    PRIMARY KEY (sample_id, idx)
) WITHOUT ROWID;
INSERT INTO sample_nodes VALUES(0,0,0,68719476736,0,'procfs');
INSERT INTO sample_nodes VALUES(0,1,3,0,0,'procfs');
INSERT INTO sample_nodes VALUES(1,0,0,68719476736,1073741824,'procfs');
INSERT INTO sample_nodes VALUES(1,1,3,0,0,'procfs');
INSERT INTO sample_nodes VALUES(2,0,0,68719476736,2147483648,'procfs');
INSERT INTO sample_nodes VALUES(2,1,3,0,0,'procfs');
CREATE TABLE sample_node_numastat (
    sample_id INTEGER NOT NULL,
    entry     INTEGER NOT NULL, -- sample_nodes.idx
    counter   TEXT NOT NULL,    -- numa_hit, numa_miss, numa_foreign, interleave_hit, local_node, other_node
    value     INTEGER NOT NULL, -- pages, cumulative since boot
    PRIMARY KEY (sample_id, entry, counter),
    FOREIGN KEY (sample_id, entry) REFERENCES sample_nodes(sample_id, idx)
) WITHOUT ROWID;
INSERT INTO sample_node_numastat VALUES(0,0,'numa_hit',99);
INSERT INTO sample_node_numastat VALUES(0,0,'other_node',X'3138343436373434303733373039353531363135');
INSERT INTO sample_node_numastat VALUES(1,0,'numa_hit',99);
INSERT INTO sample_node_numastat VALUES(1,0,'other_node',X'3138343436373434303733373039353531363135');
INSERT INTO sample_node_numastat VALUES(2,0,'numa_hit',99);
INSERT INTO sample_node_numastat VALUES(2,0,'other_node',X'3138343436373434303733373039353531363135');
CREATE TABLE sample_vmstat (
    sample_id INTEGER NOT NULL REFERENCES samples(id),
    counter   TEXT NOT NULL,    -- the numa_* lines of /proc/vmstat
    value     INTEGER NOT NULL, -- cumulative since boot
    PRIMARY KEY (sample_id, counter)
) WITHOUT ROWID;
INSERT INTO sample_vmstat VALUES(0,'numa_hint_faults',X'3138343436373434303733373039353531363135');
INSERT INTO sample_vmstat VALUES(0,'numa_pages_migrated',12);
INSERT INTO sample_vmstat VALUES(1,'numa_hint_faults',X'3138343436373434303733373039353531363135');
INSERT INTO sample_vmstat VALUES(1,'numa_pages_migrated',12);
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
INSERT INTO sample_flows VALUES(0,0,1000,2001,'TCP','::1',34726,'127.0.0.1',0,1001,4096,X'3138343436373434303733373039353531363135',1,'ebpf');
INSERT INTO sample_flows VALUES(0,1,NULL,NULL,'PIPE',NULL,NULL,NULL,NULL,NULL,0,0,0,'procfs');
INSERT INTO sample_flows VALUES(1,0,1000,2001,'TCP','::1',34726,'127.0.0.1',0,1001,4096,X'3138343436373434303733373039353531363135',1,'ebpf');
INSERT INTO sample_flows VALUES(1,1,NULL,NULL,'PIPE',NULL,NULL,NULL,NULL,NULL,0,0,0,'procfs');
INSERT INTO sample_flows VALUES(2,0,1000,2001,'TCP','::1',34726,'127.0.0.1',0,1001,4096,X'3138343436373434303733373039353531363135',1,'ebpf');
INSERT INTO sample_flows VALUES(2,1,NULL,NULL,'PIPE',NULL,NULL,NULL,NULL,NULL,0,0,0,'procfs');
CREATE TABLE cpu_nodes (
    snapshot_id INTEGER NOT NULL REFERENCES snapshots(id),
    ns          TEXT NOT NULL, -- namespace of the node
    cpu         INTEGER NOT NULL, -- CPU OS index
    node        INTEGER NOT NULL, -- NUMA node OS index
    PRIMARY KEY (snapshot_id, ns, cpu)
) WITHOUT ROWID;
INSERT INTO cpu_nodes VALUES(0,'local',0,0);
INSERT INTO cpu_nodes VALUES(0,'local',1,0);
INSERT INTO cpu_nodes VALUES(0,'local',2,0);
INSERT INTO cpu_nodes VALUES(0,'local',3,0);
INSERT INTO cpu_nodes VALUES(0,'local',4,1);
INSERT INTO cpu_nodes VALUES(0,'local',5,1);
INSERT INTO cpu_nodes VALUES(0,'local',6,1);
INSERT INTO cpu_nodes VALUES(0,'local',7,1);
INSERT INTO cpu_nodes VALUES(0,'local',8,2);
INSERT INTO cpu_nodes VALUES(0,'local',9,2);
INSERT INTO cpu_nodes VALUES(0,'local',10,2);
INSERT INTO cpu_nodes VALUES(0,'local',11,2);
INSERT INTO cpu_nodes VALUES(1,'local',0,0);
INSERT INTO cpu_nodes VALUES(1,'local',1,0);
INSERT INTO cpu_nodes VALUES(1,'local',2,0);
INSERT INTO cpu_nodes VALUES(1,'local',3,0);
INSERT INTO cpu_nodes VALUES(1,'local',4,1);
INSERT INTO cpu_nodes VALUES(1,'local',5,1);
INSERT INTO cpu_nodes VALUES(1,'local',6,1);
INSERT INTO cpu_nodes VALUES(1,'local',7,1);
INSERT INTO cpu_nodes VALUES(1,'local',8,2);
INSERT INTO cpu_nodes VALUES(1,'local',9,2);
INSERT INTO cpu_nodes VALUES(1,'local',10,2);
INSERT INTO cpu_nodes VALUES(1,'local',11,2);
CREATE INDEX entities_by_kind ON entities(kind, snapshot_id);
CREATE INDEX entities_by_pid ON entities(pid) WHERE pid IS NOT NULL;
CREATE INDEX edges_by_source ON edges(snapshot_id, source);
CREATE INDEX edges_by_target ON edges(snapshot_id, target);
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
CREATE INDEX samples_by_snapshot ON samples(snapshot_id);
CREATE INDEX samples_by_time ON samples(time_ns);
CREATE INDEX sample_threads_by_tid ON sample_threads(tid, sample_id);
CREATE INDEX sample_threads_by_pid ON sample_threads(pid, sample_id);
CREATE INDEX sample_processes_by_pid ON sample_processes(pid, sample_id);
CREATE INDEX sample_flows_by_pid ON sample_flows(pid, sample_id);
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
    LEFT JOIN cpu_nodes n ON n.snapshot_id = s.snapshot_id AND n.ns = 'local' AND n.cpu = c.cpu
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
COMMIT;
