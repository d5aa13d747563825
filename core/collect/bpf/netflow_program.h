// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Owner of the netflow eBPF programs (bpf/netflow.bpf.c): open → configure → load → attach, and destroy
// on every exit path. Nothing stays loaded after start() failed or after the object is gone.

#include <QString>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

struct netflow; // the generated skeleton (build folder, netflow.skel.h)
struct bpf_link;

namespace numasight {

class NetflowProgram
{
public:
    enum class Hooks
    {
        Auto,
        Fexit,
        Tracepoint,
        Kprobe
    };
    struct Options
    {
        Hooks hooks = Hooks::Auto;
        bool filterTgids = false; // count only the tgids added with addTgid()
        // Test seam: attach the second program by this name instead (a kprobe on this function, or a raw
        // tracepoint of this name, which the kernel refuses for tracing programs), so that an attach that
        // fails after another program was attached is exercised for real.
        std::string secondAttachOverride;
    };

    NetflowProgram() = default;
    ~NetflowProgram() { destroy(); }
    NetflowProgram(const NetflowProgram&) = delete;
    NetflowProgram& operator=(const NetflowProgram&) = delete;

    // Returns the error of the step that failed; then nothing is loaded. With Hooks::Auto the sets are
    // tried in order, each only when its probe passes: fexit (kernel BTF, an fexit program attaches to
    // tcp_sendmsg), then tp_btf on sock_send_length/sock_recv_length (the tracepoints are in the BTF and
    // a tp_btf program loads on them), then kprobes (the kernel has a kprobe PMU or kprobe_events).
    std::optional<QString> start(const Options& options);
    void destroy();

    bool isRunning() const { return !m_links.empty(); }
    Hooks hooks() const { return m_hooks; }
    QString hooksName() const; // "fexit", "tp_btf" or "kprobe"
    QString fallbackReason() const { return m_fallbackReason; }
    // Things that work partially, e.g. "udpv6_sendmsg is not in this kernel (IPv6 off): IPv6 UDP not
    // counted".
    std::vector<QString> notes() const { return m_notes; }

    int bytesFd() const;
    bool addTgid(std::uint32_t tgid);
    std::uint64_t drops() const;
    std::vector<std::uint32_t> programIds() const;

private:
    std::optional<QString> tryStart(Hooks hooks, const Options& options);

    netflow* m_skel = nullptr;
    std::vector<bpf_link*> m_links;
    Hooks m_hooks = Hooks::Auto;
    QString m_fallbackReason;
    std::vector<QString> m_notes;
    int m_cpus = 0;
};

} // namespace numasight
