// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Helpers shared by the eBPF loaders and collectors: error texts that say what to do, kernel feature
// probes, and reading whole BPF hash maps. Internal to core/collect/bpf (and its tests).

#include <QString>

#include <bpf/bpf.h>

#include <cerrno>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace numasight::bpf {

// The kernel's internal ENOTSUPP, which some BPF commands leak to user space.
inline constexpr int kKernelEnotsupp = 524;

// The steps of an owner object's life, each with its own error text.
enum class Step
{
    Open,
    Configure,
    Load,
    Attach
};

// "loading oncpu failed: Operation not permitted — run as root or grant cap_bpf,cap_perfmon (see README)".
// `err` is an errno value (sign ignored); `what` names the hook or item when there is one. The last
// libbpf warning (e.g. the verifier's verdict) is appended when it says more than errno.
QString stepError(Step step, const char* program, int err, const QString& what = {});
// The same, for a caller that is (or is not) privileged; stepError() asks geteuid().
QString stepError(Step step, const char* program, int err, const QString& what, bool privileged);

// Routes libbpf's messages into a small buffer instead of stderr (probing fallbacks would otherwise print
// alarming warnings on every start); NUMASIGHT_BPF_VERBOSE=1 prints them too. Idempotent, thread-safe.
void installLibbpfLogger();
// The last libbpf warnings since the previous call, oldest first.
QString takeLibbpfLog();

// Kernel features. Each is probed with the kernel itself, not guessed from its version.
bool hasVmlinuxBtf();                              // /sys/kernel/btf/vmlinux loads as BTF
bool vmlinuxHasType(const char* name, int kind);   // e.g. ("btf_trace_sched_switch", BTF_KIND_TYPEDEF)
int vmlinuxFunctionArgCount(const char* name);     // -1 when the function is not in the BTF
bool programTypeSupported(int progType, int* err); // loads a trivial program of that type
// Loads (and with `attach`, attaches and detaches) a trivial BPF_PROG_TYPE_TRACING program of
// `attachType` (BPF_TRACE_FENTRY, BPF_TRACE_FEXIT, BPF_TRACE_RAW_TP) on the vmlinux BTF object `btfName`
// of `btfKind`. libbpf's own type probe cannot answer for tracing programs (they need a target).
bool tracingProgramLoads(int attachType, const char* btfName, int btfKind, bool attach, int* err);
bool kprobesSupported(); // a kprobe PMU or tracefs kprobe_events exists
bool kallsymsHasAll(const std::vector<const char*>& names, std::vector<const char*>* missing);

// Whether thread `tid` of process `tgid` still exists (/proc/<tgid>/task/<tid>): the map entries of one that
// does not can no longer grow.
bool threadExists(std::uint32_t tgid, std::uint32_t tid);

// Programs loaded in the kernel right now (every owner), for diagnostics and tests.
struct LoadedProgram
{
    std::uint32_t id = 0;
    QString name;
};
std::vector<LoadedProgram> loadedPrograms(int* err);
std::uint32_t programId(int progFd); // 0 when unknown

// Reads every entry of a BPF hash map: one bpf_map_lookup_batch call per 4096 entries (Linux 5.6+), or
// key-by-key iteration when batches are not supported. Entries created or deleted meanwhile may or may not
// be seen, which the delta logic of the callers tolerates. Returns 0 or a negative errno.
template <class Key, class Value>
int readHashMap(int fd, std::vector<std::pair<Key, Value>>& out)
{
    out.clear();
    constexpr std::uint32_t chunk = 4096;
    std::vector<Key> keys(chunk);
    std::vector<Value> values(chunk);
    std::uint64_t token = 0; // the hash map's batch cursor is a bucket index (u32); room to spare
    bool first = true;
    for (;;) {
        std::uint32_t count = chunk;
        LIBBPF_OPTS(bpf_map_batch_opts, opts);
        int rc = bpf_map_lookup_batch(fd, first ? nullptr : &token, &token, keys.data(), values.data(),
                                      &count, &opts);
        int err = rc < 0 ? errno : 0;
        if (rc < 0 && err != ENOENT) {
            if (first && (err == EINVAL || err == ENOTSUP || err == EOPNOTSUPP || err == kKernelEnotsupp))
                break; // batch operations missing: iterate below
            return -err;
        }
        for (std::uint32_t i = 0; i < count; ++i)
            out.emplace_back(keys[i], values[i]);
        if (rc < 0) // ENOENT: that was the last batch
            return 0;
        first = false;
    }
    // Fallback: one get_next_key + lookup per entry.
    Key key{};
    Key next{};
    const Key* previous = nullptr;
    while (bpf_map_get_next_key(fd, previous, &next) == 0) {
        Value value{};
        if (bpf_map_lookup_elem(fd, &next, &value) == 0)
            out.emplace_back(next, value);
        key = next;
        previous = &key;
    }
    return errno == ENOENT ? 0 : -errno;
}

} // namespace numasight::bpf
