// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fs_root.h"

#include <QString>

#include <optional>
#include <string_view>

namespace numasight {

// The container a process runs in, recognised from its cgroup path.
struct ContainerRef
{
    QString id;      // the runtime's full id (64 hex digits)
    QString shortId; // its first 8 hex digits: how witty-profiler keys containers
    QString runtime; // "docker", "containerd", "crio", "podman", or "kubepods" when only Kubernetes shows
    QString podUid;  // Kubernetes pod uid when the path names one
};

// /proc/<pid>/cgroup text, cgroup v1 ("4:memory:/docker/<id>") or v2 ("0::/system.slice/docker-<id>.scope"),
// cgroupfs and systemd drivers, Kubernetes pods
// ("…/kubepods-burstable-pod<uid>.slice/cri-containerd-<id>.scope"), CRI-O ("crio-<id>.scope"; its
// "crio-conmon-<id>" monitor is not the container). nullopt outside containers.
std::optional<ContainerRef> parseCgroupContainer(std::string_view text);
std::optional<ContainerRef> readCgroupContainer(const FsRoot& root, std::int64_t pid,
                                                ReadOutcome* status = nullptr);

} // namespace numasight
