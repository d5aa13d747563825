// SPDX-License-Identifier: GPL-3.0-or-later
#include "collect/bpf/netflow_program.h"

#include "collect/bpf/bpf_support.h"

#include <QStringList>

#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <linux/types.h>
#include <sys/utsname.h>

// The shared header needs the kernel's __u32 types first.
// clang-format off
#include "netflow.h"
#include "netflow.skel.h"
// clang-format on

namespace numasight {

using bpf::Step;
using bpf::stepError;

namespace {

// One hooked kernel function and its programs in each set.
struct HookSet
{
    const char* function;
    bpf_program* fexit;
    bpf_program* kprobe;
    bpf_program* kretprobe;
    bool ipv6; // missing when IPv6 is off or a module not loaded: counted without, with a note
};

std::vector<HookSet> hookSets(netflow* skel)
{
    auto& p = skel->progs;
    return {
        {"tcp_sendmsg", p.ns_tcp_snd_fx, p.ns_tcp_snd_kp, p.ns_tcp_snd_kr, false},
        {"tcp_recvmsg", p.ns_tcp_rcv_fx, p.ns_tcp_rcv_kp, p.ns_tcp_rcv_kr, false},
        {"udp_sendmsg", p.ns_udp_snd_fx, p.ns_udp_snd_kp, p.ns_udp_snd_kr, false},
        {"udp_recvmsg", p.ns_udp_rcv_fx, p.ns_udp_rcv_kp, p.ns_udp_rcv_kr, false},
        {"udpv6_sendmsg", p.ns_udp6_snd_fx, p.ns_udp6_snd_kp, p.ns_udp6_snd_kr, true},
        {"udpv6_recvmsg", p.ns_udp6_rcv_fx, p.ns_udp6_rcv_kp, p.ns_udp6_rcv_kr, true},
    };
}

// Where `flags` sits in the recvmsg functions, for the kprobe path (fexit asks the kernel for the
// argument count): from the kernel's BTF when it has one, else from the release (the `nonblock`
// argument was removed in 5.19).
int recvFlagsArgument()
{
    int count = bpf::vmlinuxFunctionArgCount("tcp_recvmsg");
    if (count > 0)
        return count >= 6 ? 4 : 3;
    struct utsname name = {};
    int major = 0;
    int minor = 0;
    if (uname(&name) == 0 && std::sscanf(name.release, "%d.%d", &major, &minor) == 2)
        return (major > 5 || (major == 5 && minor >= 19)) ? 3 : 4;
    return 3;
}

} // namespace

QString NetflowProgram::hooksName() const
{
    switch (m_hooks) {
    case Hooks::Fexit:
        return QStringLiteral("fexit");
    case Hooks::Tracepoint:
        return QStringLiteral("tp_btf");
    case Hooks::Kprobe:
        return QStringLiteral("kprobe");
    case Hooks::Auto:
        break;
    }
    return QStringLiteral("auto");
}

std::optional<QString> NetflowProgram::start(const Options& options)
{
    destroy();
    bpf::installLibbpfLogger();
    m_fallbackReason.clear();
    if (options.hooks != Hooks::Auto)
        return tryStart(options.hooks, options);

    // Each set is probed with the kernel first; a set whose probe passes but which still fails to load or
    // attach hands over to the next one. The reasons are kept for the collector's warning.
    QStringList skipped;
    int err = 0;
    const bool btf = bpf::hasVmlinuxBtf();
    if (!btf)
        skipped << QStringLiteral("fexit and tp_btf: no kernel BTF (/sys/kernel/btf/vmlinux)");
    else if (!bpf::tracingProgramLoads(BPF_TRACE_FEXIT, "tcp_sendmsg", BTF_KIND_FUNC, true, &err))
        skipped << QStringLiteral("fexit: a trivial fexit program on tcp_sendmsg fails (%1)")
                       .arg(QString::fromLocal8Bit(strerror(err)));
    else if (auto error = tryStart(Hooks::Fexit, options))
        skipped << QStringLiteral("fexit: ") + *error;
    else
        return std::nullopt;

    if (btf) {
        if (!bpf::tracingProgramLoads(BPF_TRACE_RAW_TP, "btf_trace_sock_send_length", BTF_KIND_TYPEDEF, false,
                                      &err))
            skipped << QStringLiteral("tp_btf: no usable sock:sock_send_length tracepoint (Linux 6.3+) (%1)")
                           .arg(QString::fromLocal8Bit(strerror(err)));
        else if (auto error = tryStart(Hooks::Tracepoint, options))
            skipped << QStringLiteral("tp_btf: ") + *error;
        else {
            m_fallbackReason = skipped.join(QStringLiteral("; "));
            return std::nullopt;
        }
    }

    auto error = tryStart(Hooks::Kprobe, options);
    m_fallbackReason = skipped.join(QStringLiteral("; "));
    if (error)
        return *error + QStringLiteral(" (also tried: %1)").arg(m_fallbackReason);
    return std::nullopt;
}

std::optional<QString> NetflowProgram::tryStart(Hooks hooks, const Options& options)
{
    destroy();
    bpf::takeLibbpfLog();
    m_hooks = hooks;
    m_notes.clear();

    m_skel = netflow::open();
    if (!m_skel)
        return stepError(Step::Open, "netflow", errno);

    // Configure: the chosen set loads, every other program is switched off.
    m_cpus = libbpf_num_possible_cpus();
    m_skel->rodata->filter_tgids = options.filterTgids;
    m_skel->rodata->recv_flags_arg = recvFlagsArgument();
    std::vector<HookSet> sets = hookSets(m_skel);
    struct Wanted
    {
        bpf_program* program;
        QString hook; // for error messages: "fexit/tcp_sendmsg"
    };
    std::vector<Wanted> wanted;
    if (hooks == Hooks::Tracepoint) {
        wanted.push_back({m_skel->progs.ns_sock_snd_tp, QStringLiteral("tp_btf/sock_send_length")});
        wanted.push_back({m_skel->progs.ns_sock_rcv_tp, QStringLiteral("tp_btf/sock_recv_length")});
    } else {
        if (hooks == Hooks::Kprobe && !bpf::kprobesSupported()) {
            destroy();
            return stepError(Step::Configure, "netflow", EOPNOTSUPP,
                             QStringLiteral("this kernel has no kprobes (CONFIG_KPROBES)"));
        }
        std::vector<const char*> names;
        for (const HookSet& set : sets)
            names.push_back(set.function);
        std::vector<const char*> missing;
        if (hooks == Hooks::Fexit) {
            for (const char* name : names) {
                if (bpf::vmlinuxFunctionArgCount(name) < 0)
                    missing.push_back(name);
            }
        } else {
            bpf::kallsymsHasAll(names, &missing);
        }
        for (const HookSet& set : sets) {
            const bool absent = std::find_if(missing.begin(), missing.end(), [&](const char* name) {
                                    return std::string_view(name) == set.function;
                                }) != missing.end();
            if (absent && !set.ipv6) {
                destroy();
                return stepError(
                    Step::Configure, "netflow", ENOENT,
                    QStringLiteral("%1 not found in this kernel").arg(QLatin1String(set.function)));
            }
            if (absent) {
                m_notes.push_back(
                    QStringLiteral("%1 is not in this kernel (IPv6 off?): IPv6 UDP is not counted")
                        .arg(QLatin1String(set.function)));
                continue;
            }
            const QString function = QLatin1String(set.function);
            if (hooks == Hooks::Fexit) {
                wanted.push_back({set.fexit, QStringLiteral("fexit/") + function});
            } else {
                wanted.push_back({set.kprobe, QStringLiteral("kprobe/") + function});
                wanted.push_back({set.kretprobe, QStringLiteral("kretprobe/") + function});
            }
        }
    }
    int rc = 0;
    bpf_program* program = nullptr;
    bpf_object__for_each_program(program, m_skel->obj)
    {
        const bool on =
            std::any_of(wanted.begin(), wanted.end(), [&](const Wanted& w) { return w.program == program; });
        rc = rc ? rc : bpf_program__set_autoload(program, on);
    }
    if (rc != 0) {
        destroy();
        return stepError(Step::Configure, "netflow", rc);
    }

    rc = netflow::load(m_skel);
    if (rc != 0) {
        destroy();
        return stepError(Step::Load, "netflow", rc, hooksName());
    }

    // Attach program by program, so the error names the hook that failed; destroy() undoes the others.
    for (std::size_t i = 0; i < wanted.size(); ++i) {
        bpf_link* link = nullptr;
        QString what = wanted[i].hook;
        if (i == 1 && !options.secondAttachOverride.empty()) {
            const char* name = options.secondAttachOverride.c_str();
            what = QStringLiteral("%1 as %2").arg(what, QString::fromStdString(options.secondAttachOverride));
            if (hooks == Hooks::Kprobe)
                link = bpf_program__attach_kprobe(wanted[i].program, what.startsWith(QLatin1String("kret")),
                                                  name);
            else
                link = bpf_program__attach_raw_tracepoint(wanted[i].program, name);
        } else {
            link = bpf_program__attach(wanted[i].program);
        }
        if (!link) {
            int err = errno;
            destroy();
            return stepError(Step::Attach, "netflow", err, what);
        }
        m_links.push_back(link);
    }
    return std::nullopt;
}

void NetflowProgram::destroy()
{
    for (bpf_link* link : m_links)
        bpf_link__destroy(link);
    m_links.clear();
    if (m_skel) {
        netflow::destroy(m_skel);
        m_skel = nullptr;
    }
}

int NetflowProgram::bytesFd() const
{
    return m_skel ? bpf_map__fd(m_skel->maps.netflow_bytes) : -1;
}

bool NetflowProgram::addTgid(std::uint32_t tgid)
{
    __u8 one = 1;
    return m_skel && bpf_map_update_elem(bpf_map__fd(m_skel->maps.netflow_tgids), &tgid, &one, BPF_ANY) == 0;
}

std::uint64_t NetflowProgram::drops() const
{
    if (!m_skel || m_cpus <= 0)
        return 0;
    std::vector<__u64> perCpu(static_cast<std::size_t>(m_cpus));
    __u32 zero = 0;
    if (bpf_map_lookup_elem(bpf_map__fd(m_skel->maps.netflow_drops), &zero, perCpu.data()) != 0)
        return 0;
    std::uint64_t total = 0;
    for (__u64 value : perCpu)
        total += value;
    return total;
}

std::vector<std::uint32_t> NetflowProgram::programIds() const
{
    std::vector<std::uint32_t> ids;
    if (!m_skel)
        return ids;
    bpf_program* program = nullptr;
    bpf_object__for_each_program(program, m_skel->obj)
    {
        if (std::uint32_t id = bpf::programId(bpf_program__fd(program)))
            ids.push_back(id);
    }
    return ids;
}

} // namespace numasight
