// SPDX-License-Identifier: GPL-3.0-or-later
#include "memory_budget.h"

#include <QCoreApplication>
#include <QFile>

#include <sys/resource.h>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::MemoryBudget)
};

QByteArray readSmall(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.read(64 * 1024);
}

// The value of `key` in a "Key:   123 kB" file, in bytes.
std::optional<std::uint64_t> kibField(const QByteArray& text, const QByteArray& key)
{
    for (const QByteArray& line : text.split('\n')) {
        if (!line.startsWith(key + ':'))
            continue;
        const QList<QByteArray> parts = line.mid(key.size() + 1).simplified().split(' ');
        bool ok = false;
        const qulonglong value = parts.value(0).toULongLong(&ok);
        if (!ok)
            return std::nullopt;
        return parts.value(1) == "kB" ? value * 1024 : value;
    }
    return std::nullopt;
}

std::optional<std::uint64_t> number(const QByteArray& text)
{
    bool ok = false;
    const qulonglong value = text.trimmed().toULongLong(&ok);
    return ok ? std::optional<std::uint64_t>(value) : std::nullopt;
}

void consider(MemoryBudget& budget, std::optional<std::uint64_t> bytes, const QString& by)
{
    if (bytes && (!budget.available || *bytes < *budget.available)) {
        budget.available = bytes;
        budget.limitedBy = by;
    }
}

QString megabytes(std::uint64_t bytes)
{
    return QString::number(double(bytes) / 1e6, 'f', 0);
}
} // namespace

MemoryBudget memoryBudget(const QString& procRoot, const QString& cgroupRoot)
{
    MemoryBudget budget;
    consider(budget, kibField(readSmall(procRoot + QStringLiteral("/meminfo")), "MemAvailable"),
             QStringLiteral("MemAvailable"));

    // cgroup v2: "0::/user.slice/user-1000.slice/session-2.scope". Every level's limit applies.
    for (const QByteArray& line : readSmall(procRoot + QStringLiteral("/self/cgroup")).split('\n')) {
        if (!line.startsWith("0::"))
            continue;
        QString group = QString::fromUtf8(line.mid(3)).trimmed();
        while (!group.isEmpty()) {
            const QString dir = cgroupRoot + (group == QLatin1String("/") ? QString() : group);
            const QByteArray max = readSmall(dir + QStringLiteral("/memory.max")).trimmed();
            const auto current = number(readSmall(dir + QStringLiteral("/memory.current")));
            if (const auto limit = number(max); limit && current)
                consider(budget, *limit > *current ? *limit - *current : 0,
                         QStringLiteral("cgroup %1").arg(group));
            if (group == QLatin1String("/"))
                break;
            const qsizetype slash = group.lastIndexOf(QLatin1Char('/'));
            group = slash <= 0 ? QStringLiteral("/") : group.left(slash);
        }
    }

    rlimit as{};
    if (getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY) {
        const auto mapped = kibField(readSmall(procRoot + QStringLiteral("/self/status")), "VmSize");
        if (mapped)
            consider(budget, as.rlim_cur > *mapped ? as.rlim_cur - *mapped : 0, QStringLiteral("RLIMIT_AS"));
    }
    return budget;
}

QString memoryShortfall(std::uint64_t fileBytes, double bytesPerFileByte, const MemoryBudget& budget)
{
    const auto needed = std::uint64_t(double(fileBytes) * bytesPerFileByte);
    if (!budget.available || needed <= *budget.available)
        return {};
    return Tr::tr(
               "out of memory: opening this %1 MB file needs at least %2 MB and %3 MB is available "
               "(%4); close other programs, raise the limit or open the file on a machine with more memory")
        .arg(megabytes(fileBytes), megabytes(needed), megabytes(*budget.available), budget.limitedBy);
}

} // namespace numasight
