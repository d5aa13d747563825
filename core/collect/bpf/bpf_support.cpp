// SPDX-License-Identifier: GPL-3.0-or-later
#include "collect/bpf/bpf_support.h"

#include <QCoreApplication>
#include <QStringList>

#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <deque>
#include <linux/bpf.h>
#include <mutex>
#include <string>
#include <unistd.h>

namespace numasight::bpf {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::BpfSupport)
};
} // namespace
namespace {

std::mutex logMutex;
std::deque<std::string> logLines; // guarded by logMutex
bool logVerbose = false;

int libbpfPrint(enum libbpf_print_level level, const char* format, va_list args)
{
    if (level == LIBBPF_DEBUG)
        return 0;
    char buffer[1024];
    va_list copy;
    va_copy(copy, args);
    int n = std::vsnprintf(buffer, sizeof(buffer), format, copy);
    va_end(copy);
    if (n < 0)
        return 0;
    if (logVerbose)
        std::fputs(buffer, stderr);
    std::lock_guard lock(logMutex);
    std::string text(buffer);
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos)
            end = text.size();
        if (end > start)
            logLines.emplace_back(text.substr(start, end - start));
        start = end + 1;
    }
    while (logLines.size() > 64)
        logLines.pop_front();
    return n;
}

// The last libbpf line worth showing: the verifier's or libbpf's own reason, not the closing banner.
QString lastUsefulLogLine()
{
    QString log = takeLibbpfLog();
    const QStringList lines = log.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (auto it = lines.crbegin(); it != lines.crend(); ++it) {
        const QString line = it->trimmed();
        if (line.startsWith(QLatin1String("--")) || line.contains(QLatin1String("failed to load object")) ||
            line.contains(QLatin1String("failed to load program")) ||
            line.contains(QLatin1String("processed ")) || line.isEmpty())
            continue;
        return line;
    }
    return {};
}

const char* stepVerb(Step step)
{
    switch (step) {
    case Step::Open:
        return "opening";
    case Step::Configure:
        return "configuring";
    case Step::Load:
        return "loading";
    case Step::Attach:
        return "attaching";
    }
    return "?";
}

QString hintFor(Step step, int err, bool root)
{
    switch (err) {
    case EPERM:
    case EACCES:
        if (!root)
            return Tr::tr("run as root or grant cap_bpf,cap_perfmon (see README)");
        if (err == EPERM)
            return Tr::tr("the kernel refused it although we run as root: check kernel lockdown "
                          "(/sys/kernel/security/lockdown), the LSM policy and ulimit -l");
        return Tr::tr("the kernel verifier rejected the program; report it with the kernel version");
    case ENOENT:
    case ESRCH:
        if (step == Step::Attach)
            return Tr::tr("the hook does not exist in this kernel; numasight falls back to procfs");
        return Tr::tr("this kernel lacks a function or BTF type the program needs (kernel BTF: %1); "
                      "a kernel built with CONFIG_DEBUG_INFO_BTF=y is needed")
            .arg(hasVmlinuxBtf() ? Tr::tr("present") : Tr::tr("missing"));
    case EINVAL:
    case ENOTSUP:
    case kKernelEnotsupp:
        return Tr::tr("this kernel does not support this kind of program; Linux 5.5 or later with BTF "
                      "is needed for tp_btf and fentry, 4.17 for raw tracepoints");
    case E2BIG:
    case ENOMEM:
        return Tr::tr("raise the locked-memory limit (ulimit -l) or free memory");
    case EBUSY:
        return Tr::tr("another tool holds this hook exclusively; stop it and retry");
    default:
        break;
    }
    if (step == Step::Open)
        return Tr::tr("the program embedded in this build is unusable; rebuild numasight");
    return Tr::tr("see NUMASIGHT_BPF_VERBOSE=1 output for libbpf's details");
}

} // namespace

void installLibbpfLogger()
{
    static std::once_flag once;
    std::call_once(once, [] {
        logVerbose = qEnvironmentVariableIntValue("NUMASIGHT_BPF_VERBOSE") != 0;
        libbpf_set_print(libbpfPrint);
    });
}

QString takeLibbpfLog()
{
    std::lock_guard lock(logMutex);
    QString text;
    for (const std::string& line : logLines) {
        text += QString::fromStdString(line);
        text += QLatin1Char('\n');
    }
    logLines.clear();
    return text;
}

QString stepError(Step step, const char* program, int err, const QString& what)
{
    return stepError(step, program, err, what, geteuid() == 0);
}

QString stepError(Step step, const char* program, int err, const QString& what, bool privileged)
{
    err = err < 0 ? -err : err;
    if (err == 0)
        err = EINVAL;
    QString message =
        QStringLiteral("%1 %2 failed").arg(QLatin1String(stepVerb(step)), QLatin1String(program));
    if (!what.isEmpty())
        message += QStringLiteral(" (%1)").arg(what);
    message += QStringLiteral(": %1 — %2")
                   .arg(QString::fromLocal8Bit(std::strerror(err)), hintFor(step, err, privileged));
    const QString detail = lastUsefulLogLine();
    if (!detail.isEmpty())
        message += Tr::tr(" [libbpf: %1]").arg(detail);
    return message;
}

namespace {

// The kernel's BTF is parsed once (a few MB) and kept: probes run at every start.
const struct btf* vmlinuxBtf()
{
    static const struct btf* btf = [] {
        installLibbpfLogger();
        struct btf* loaded = btf__load_vmlinux_btf();
        return loaded; // NULL (errno set) on kernels without BTF; kept for the process lifetime on purpose
    }();
    return btf;
}

} // namespace

bool hasVmlinuxBtf()
{
    return vmlinuxBtf() != nullptr;
}

bool vmlinuxHasType(const char* name, int kind)
{
    const struct btf* btf = vmlinuxBtf();
    return btf && btf__find_by_name_kind(btf, name, static_cast<__u32>(kind)) > 0;
}

int vmlinuxFunctionArgCount(const char* name)
{
    const struct btf* btf = vmlinuxBtf();
    if (!btf)
        return -1;
    int id = btf__find_by_name_kind(btf, name, BTF_KIND_FUNC);
    if (id <= 0)
        return -1;
    const struct btf_type* func = btf__type_by_id(btf, static_cast<__u32>(id));
    const struct btf_type* proto = func ? btf__type_by_id(btf, func->type) : nullptr;
    return proto && btf_is_func_proto(proto) ? btf_vlen(proto) : -1;
}

bool programTypeSupported(int progType, int* err)
{
    installLibbpfLogger();
    int rc = libbpf_probe_bpf_prog_type(static_cast<enum bpf_prog_type>(progType), nullptr);
    if (err)
        *err = rc < 0 ? -rc : (rc == 0 ? EOPNOTSUPP : 0);
    return rc == 1;
}

bool tracingProgramLoads(int attachType, const char* btfName, int btfKind, bool attach, int* err)
{
    auto fail = [err](int code) {
        if (err)
            *err = code;
        return false;
    };
    const struct btf* btf = vmlinuxBtf();
    if (!btf)
        return fail(ENOENT);
    const int btfId = btf__find_by_name_kind(btf, btfName, static_cast<__u32>(btfKind));
    if (btfId <= 0)
        return fail(ENOENT);
    // r0 = 0; exit
    const struct bpf_insn program[] = {
        {BPF_ALU64 | BPF_MOV | BPF_K, BPF_REG_0, 0, 0, 0},
        {BPF_JMP | BPF_EXIT, 0, 0, 0, 0},
    };
    LIBBPF_OPTS(bpf_prog_load_opts, options,
                .expected_attach_type = static_cast<enum bpf_attach_type>(attachType),
                .attach_btf_id = static_cast<__u32>(btfId));
    const int fd = bpf_prog_load(BPF_PROG_TYPE_TRACING, "ns_probe", "GPL", program, 2, &options);
    if (fd < 0)
        return fail(errno);
    bool ok = true;
    int code = 0;
    if (attach) {
        const int link = bpf_link_create(fd, 0, static_cast<enum bpf_attach_type>(attachType), nullptr);
        ok = link >= 0;
        code = ok ? 0 : errno;
        if (link >= 0)
            close(link);
    }
    close(fd);
    if (err)
        *err = code;
    return ok;
}

bool kprobesSupported()
{
    // libbpf creates kprobes through the kprobe PMU, or through tracefs on older kernels.
    for (const char* path : {"/sys/bus/event_source/devices/kprobe/type", "/sys/kernel/tracing/kprobe_events",
                             "/sys/kernel/debug/tracing/kprobe_events"}) {
        if (access(path, F_OK) == 0)
            return true;
    }
    return false;
}

bool kallsymsHasAll(const std::vector<const char*>& names, std::vector<const char*>* missing)
{
    std::vector<bool> found(names.size(), false);
    // stdio, not QFile: /proc files report size 0, and QFile::atEnd() believes it.
    if (FILE* file = std::fopen("/proc/kallsyms", "re")) {
        char line[512];
        char symbol[256];
        while (std::fgets(line, sizeof(line), file)) {
            // "address type name [module]": compare the name only.
            if (std::sscanf(line, "%*s %*s %255s", symbol) != 1)
                continue;
            for (std::size_t i = 0; i < names.size(); ++i) {
                if (!found[i] && std::strcmp(symbol, names[i]) == 0)
                    found[i] = true;
            }
        }
        std::fclose(file);
    }
    bool all = true;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (!found[i]) {
            all = false;
            if (missing)
                missing->push_back(names[i]);
        }
    }
    return all;
}

std::uint32_t programId(int progFd)
{
    struct bpf_prog_info info = {};
    __u32 length = sizeof(info);
    if (progFd < 0 || bpf_obj_get_info_by_fd(progFd, &info, &length) != 0)
        return 0;
    return info.id;
}

std::vector<LoadedProgram> loadedPrograms(int* err)
{
    std::vector<LoadedProgram> programs;
    if (err)
        *err = 0;
    __u32 id = 0;
    while (bpf_prog_get_next_id(id, &id) == 0) {
        int fd = bpf_prog_get_fd_by_id(id);
        if (fd < 0)
            continue; // unloaded between the two calls
        struct bpf_prog_info info = {};
        __u32 length = sizeof(info);
        if (bpf_obj_get_info_by_fd(fd, &info, &length) == 0)
            programs.push_back({id, QString::fromLatin1(info.name)});
        close(fd);
    }
    if (errno != ENOENT && err)
        *err = errno;
    return programs;
}

bool threadExists(std::uint32_t tgid, std::uint32_t tid)
{
    char path[64];
    std::snprintf(path, sizeof(path), "/proc/%u/task/%u", tgid, tid);
    return access(path, F_OK) == 0;
}

} // namespace numasight::bpf
