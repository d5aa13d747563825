// SPDX-License-Identifier: GPL-3.0-or-later
#include "fd_targets.h"

namespace numasight {

namespace {

// "socket:[12345]" -> 12345, 0 when malformed.
std::uint64_t bracketInode(QStringView target, QStringView prefix)
{
    if (!target.startsWith(prefix) || !target.endsWith(QLatin1Char(']')))
        return 0;
    bool ok = false;
    const std::uint64_t inode = target.mid(prefix.size(), target.size() - prefix.size() - 1).toULongLong(&ok);
    return ok ? inode : 0;
}

// The decimal suffix of `target` after `prefix`, or -1 (so "/dev/nvidiactl" and "/dev/davinci_manager" fail).
int deviceIndex(QStringView target, QStringView prefix)
{
    if (!target.startsWith(prefix) || target.size() == prefix.size() || target.size() - prefix.size() > 6)
        return -1;
    const QStringView digits = target.mid(prefix.size());
    for (QChar c : digits)
        if (!c.isDigit())
            return -1;
    return digits.toInt();
}

} // namespace

FdTarget classifyFdTarget(QStringView target)
{
    FdTarget t;
    t.path = target.toString();
    if (const std::uint64_t inode = bracketInode(target, u"socket:[")) {
        t.kind = FdTarget::Socket;
        t.inode = inode;
    } else if (const std::uint64_t pipe = bracketInode(target, u"pipe:[")) {
        t.kind = FdTarget::Pipe;
        t.inode = pipe;
    } else if (const int n = deviceIndex(target, u"/dev/nvidia"); n >= 0) {
        t = {FdTarget::Accelerator, t.path, 0, DeviceClass::Gpu, QStringLiteral("nvidia"), n};
    } else if (const int d = deviceIndex(target, u"/dev/davinci"); d >= 0) {
        t = {FdTarget::Accelerator, t.path, 0, DeviceClass::Npu, QStringLiteral("davinci"), d};
    } else if (const int r = deviceIndex(target, u"/dev/dri/renderD"); r >= 0) {
        t = {FdTarget::Accelerator, t.path, 0, DeviceClass::Gpu, QStringLiteral("renderD"), r};
    }
    return t;
}

std::vector<FdTarget> readFdTargets(const FsRoot& root, std::int64_t pid, ReadOutcome* status)
{
    std::vector<FdTarget> out;
    const QString dir = root.pidPath(pid, u"fd/");
    const std::vector<std::int64_t> fds = listNumericEntries(dir, status);
    out.reserve(fds.size());
    for (const std::int64_t fd : fds) {
        ReadOutcome link;
        const QString target = readLinkTarget(dir + QString::number(fd), &link);
        if (link.ok())
            out.push_back(classifyFdTarget(target));
    }
    return out;
}

} // namespace numasight
