// SPDX-License-Identifier: GPL-3.0-or-later
#include "cgroup_container.h"

#include "text_fields.h"

#include <array>
#include <vector>

namespace numasight {

using namespace procfs;

namespace {

bool isContainerId(std::string_view s)
{
    if (s.size() != 64)
        return false;
    for (char c : s)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
            return false;
    return true;
}

QString str(std::string_view s)
{
    return QString::fromLatin1(s.data(), qsizetype(s.size()));
}

// "pod1b2c…" (cgroupfs) or "kubepods-burstable-pod1b2c_…" (systemd, '-' written as '_').
QString podUidOf(std::string_view component)
{
    if (component.ends_with(".slice"))
        component.remove_suffix(6);
    const size_t at = component.rfind("pod");
    if (at == std::string_view::npos || (at > 0 && component[at - 1] != '-'))
        return {};
    QString uid = str(component.substr(at + 3));
    uid.replace(QLatin1Char('_'), QLatin1Char('-'));
    return uid.size() >= 32 ? uid : QString();
}

std::optional<ContainerRef> fromPath(std::string_view path)
{
    std::vector<std::string_view> parts;
    while (!path.empty()) {
        const size_t slash = path.find('/');
        if (slash != 0)
            parts.push_back(path.substr(0, slash));
        if (slash == std::string_view::npos)
            break;
        path.remove_prefix(slash + 1);
    }
    struct Prefix
    {
        std::string_view text;
        const char* runtime;
    };
    static constexpr std::array<Prefix, 5> kPrefixes = {{{"docker-", "docker"},
                                                         {"cri-containerd-", "containerd"},
                                                         {"crio-", "crio"},
                                                         {"libpod-", "podman"},
                                                         {"containerd-", "containerd"}}};
    // The innermost component naming a container wins: nested cgroups (a container's own sub-cgroups) sit
    // below.
    for (size_t i = parts.size(); i-- > 0;) {
        std::string_view c = parts[i];
        if (c.ends_with(".scope"))
            c.remove_suffix(6);
        if (c.starts_with("crio-conmon-"))
            continue;
        QString runtime;
        for (const Prefix& p : kPrefixes) {
            if (c.starts_with(p.text)) {
                c.remove_prefix(p.text.size());
                runtime = QLatin1String(p.runtime);
                break;
            }
        }
        if (!isContainerId(c))
            continue;
        ContainerRef ref;
        ref.id = str(c);
        ref.shortId = ref.id.left(8);
        bool kube = false;
        for (size_t j = 0; j < i; ++j) {
            kube = kube || parts[j].starts_with("kubepods");
            if (ref.podUid.isEmpty())
                ref.podUid = podUidOf(parts[j]);
        }
        if (runtime.isEmpty()) {
            // cgroupfs driver: the runtime shows only in the parent folder, if at all.
            if (i > 0 && parts[i - 1] == "docker")
                runtime = QStringLiteral("docker");
            else if (kube)
                runtime = QStringLiteral("kubepods");
            else
                runtime = QStringLiteral("containerd"); // containerd's own layout: /<namespace>/<id>
        }
        ref.runtime = runtime;
        return ref;
    }
    return std::nullopt;
}

} // namespace

std::optional<ContainerRef> parseCgroupContainer(std::string_view text)
{
    std::optional<ContainerRef> found;
    forEachLine(text, [&](std::string_view line) {
        if (found)
            return;
        // "<hierarchy>:<controllers>:<path>"; the path may itself contain ':'.
        const size_t a = line.find(':');
        if (a == std::string_view::npos)
            return;
        const size_t b = line.find(':', a + 1);
        if (b == std::string_view::npos)
            return;
        found = fromPath(trimmed(line.substr(b + 1)));
    });
    return found;
}

std::optional<ContainerRef> readCgroupContainer(const FsRoot& root, std::int64_t pid, ReadOutcome* status)
{
    return readParsed(root.pidPath(pid, u"cgroup"), status, parseCgroupContainer, 1 << 20);
}

} // namespace numasight
