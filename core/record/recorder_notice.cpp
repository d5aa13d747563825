// SPDX-License-Identifier: GPL-3.0-or-later
#include "recorder_notice.h"

#include "recorder.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace numasight {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::RecorderNotice)
};

const QString kSetcap = QStringLiteral(
    "sudo setcap cap_sys_ptrace,cap_dac_read_search,cap_perfmon,cap_bpf+ep $(command -v numasight)");

// Why a read of another process's /proc files was refused, from what this process holds. The kernel checks
// ptrace read access (PTRACE_MODE_READ_FSCREDS): without CAP_SYS_PTRACE in the target's user namespace it
// takes the same uid, a dumpable target and (the capability module's check) a target whose permitted
// capabilities are a subset of the caller's, which is why root in a container that dropped capabilities is
// refused pid 1. Security modules may refuse too. Yama's ptrace_scope limits attaching only, not these
// reads, so it is never the reason.
QString refusedReason(const OwnCapabilities& caps)
{
    if (!caps.known)
        return Tr::tr("reading the /proc files of processes of other users (or that are not dumpable) needs "
                      "CAP_SYS_PTRACE. Grant it with `%1`, or run numasight as root.")
            .arg(kSetcap);
    if (caps.sysPtrace)
        return Tr::tr(
            "numasight has CAP_SYS_PTRACE, so a security module (AppArmor or SELinux) denies ptrace read "
            "access to those processes, or they run in a user namespace its capability does not cover "
            "(a container's root is not the host's). Yama's ptrace_scope is not the cause: it limits "
            "attaching, not reading /proc.");
    if (caps.root)
        return Tr::tr(
            "numasight runs as root but without CAP_SYS_PTRACE in its effective set (a container or "
            "service dropped it; Docker does by default). Without it the kernel lets root read only "
            "processes whose permitted capabilities are a subset of its own and that are dumpable: pid 1 "
            "and other daemons that keep capabilities numasight lacks are refused. Add it (docker run "
            "--cap-add SYS_PTRACE, or AmbientCapabilities=CAP_SYS_PTRACE for a service).");
    return Tr::tr(
               "reading the /proc files of other users' processes (or ones that are not dumpable) needs "
               "CAP_SYS_PTRACE, which numasight does not have. Grant it with `%1`, or run numasight as root.")
        .arg(kSetcap);
}

} // namespace

RecorderNotice explainRecorderWarning(const QString& warning, const OwnCapabilities& caps)
{
    // The procfs collectors' "pid 1: cannot read numa_maps: Permission denied": WarningLog says only
    // refusals (EACCES, EPERM), with strerror() in the locale's words.
    static const QRegularExpression refused(QStringLiteral("^pid (\\d+): cannot read (.+): (.+)$"));
    if (const auto m = refused.match(warning); m.hasMatch()) {
        const QString what = m.captured(2);
        return {
            QStringLiteral("refused:") + what,
            Tr::tr(
                "Cannot read %1 of some processes (the first: pid %2, %3); their rows lack those figures: %4")
                .arg(what, m.captured(1), m.captured(3), refusedReason(caps)),
            true};
    }
    if (isEbpfFallback(warning)) {
        const bool missing = caps.known && !(caps.bpf && caps.perfmon) && !caps.sysAdmin;
        QString text = warning + QStringLiteral(". ");
        text += missing
                    ? Tr::tr("eBPF needs CAP_BPF and CAP_PERFMON (CAP_SYS_ADMIN before Linux 5.8), which "
                             "numasight does not have: grant them with `%1`, or run numasight as root.")
                          .arg(kSetcap)
                    : Tr::tr("numasight has the capabilities eBPF needs; the reason above is the kernel's.");
        return {QStringLiteral("ebpf"), text, missing};
    }
    return {warning, warning, false};
}

} // namespace numasight
