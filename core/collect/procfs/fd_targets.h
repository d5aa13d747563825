// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fs_root.h"
#include "model/entity.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace numasight {

// What one /proc/<pid>/fd/<n> link points at, as far as the collectors care.
struct FdTarget
{
    enum Kind
    {
        Other,
        Accelerator, // /dev/nvidia<N>, /dev/davinci<N>, /dev/dri/renderD<N>
        Socket,      // socket:[inode]
        Pipe         // pipe:[inode]
    };
    Kind kind = Other;
    QString path;            // the link target as read
    std::uint64_t inode = 0; // sockets and pipes
    DeviceClass deviceClass = DeviceClass::None;
    QString family; // "nvidia", "davinci", "renderD"
    int index = -1; // the N of the device node
};

FdTarget classifyFdTarget(QStringView target);

// Every fd link of a process, classified; fds closed while listing are skipped.
std::vector<FdTarget> readFdTargets(const FsRoot& root, std::int64_t pid, ReadOutcome* status = nullptr);

} // namespace numasight
