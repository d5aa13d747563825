# procfs/sysfs collectors and the workload snapshot: no root or BPF needed.
target_sources(numasight_core PRIVATE
  collect/procfs/fs_root.cpp collect/procfs/fs_root.h
  collect/procfs/text_fields.h
  collect/procfs/numa_maps.cpp collect/procfs/numa_maps.h
  collect/procfs/proc_status.cpp collect/procfs/proc_status.h
  collect/procfs/task_stat.cpp collect/procfs/task_stat.h
  collect/procfs/proc_sched.cpp collect/procfs/proc_sched.h
  collect/procfs/system_counters.cpp collect/procfs/system_counters.h
  collect/procfs/cgroup_container.cpp collect/procfs/cgroup_container.h
  collect/procfs/fd_targets.cpp collect/procfs/fd_targets.h
  collect/procfs/net_tables.cpp collect/procfs/net_tables.h
  collect/procfs/unix_peers.cpp collect/procfs/unix_peers.h
  collect/procfs/scope_resolver.cpp collect/procfs/scope_resolver.h
  collect/procfs/warning_log.h
  collect/procfs/procfs_collectors.h
  collect/procfs/cpu_collector.cpp
  collect/procfs/memory_collector.cpp
  collect/procfs/system_collector.cpp
  collect/procfs/flow_collector.cpp
  collect/procfs/workload.cpp collect/procfs/workload.h
)
