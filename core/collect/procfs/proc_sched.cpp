// SPDX-License-Identifier: GPL-3.0-or-later
#include "proc_sched.h"

#include "text_fields.h"

namespace numasight {

using namespace procfs;

namespace {

QString str(std::string_view s)
{
    return QString::fromLatin1(s.data(), qsizetype(s.size()));
}

bool isNumaKey(std::string_view key)
{
    return key.find("numa") != std::string_view::npos || key == "current_node";
}

} // namespace

QMap<QString, std::int64_t> parseSchedNumaFields(std::string_view text)
{
    QMap<QString, std::int64_t> out;
    forEachLine(text, [&](std::string_view line) {
        line = trimmed(line);
        // "key   :   value"
        if (const size_t colon = line.find(" :"); colon != std::string_view::npos) {
            const std::string_view key = trimmed(line.substr(0, colon));
            if (isNumaKey(key))
                if (const auto v = toI64(trimmed(line.substr(colon + 2))))
                    out.insert(str(key), *v);
            return;
        }
        // "numa_faults node=0 task_private=0 …": one group of counters per node.
        if (line.starts_with("numa_faults ")) {
            const std::vector<std::string_view> words = splitWords(line.substr(12));
            if (words.empty() || !words[0].starts_with("node="))
                return;
            const std::string_view node = words[0].substr(5);
            if (!toU64(node))
                return;
            for (size_t i = 1; i < words.size(); ++i) {
                const size_t eq = words[i].find('=');
                if (eq == std::string_view::npos)
                    continue;
                if (const auto v = toI64(words[i].substr(eq + 1)))
                    out.insert(QStringLiteral("numa_faults.node") + str(node) + QLatin1Char('.') +
                                   str(words[i].substr(0, eq)),
                               *v);
            }
            return;
        }
        // "current_node=0, numa_group_id=0"
        if (line.find('=') != std::string_view::npos) {
            while (!line.empty()) {
                const size_t comma = line.find(',');
                const std::string_view item = trimmed(line.substr(0, comma));
                const size_t eq = item.find('=');
                if (eq != std::string_view::npos && isNumaKey(item.substr(0, eq)))
                    if (const auto v = toI64(item.substr(eq + 1)))
                        out.insert(str(item.substr(0, eq)), *v);
                if (comma == std::string_view::npos)
                    break;
                line.remove_prefix(comma + 1);
            }
        }
    });
    return out;
}

QMap<QString, std::int64_t> readSchedNumaFields(const FsRoot& root, std::int64_t pid, ReadOutcome* status)
{
    const FileText file = readFileText(root.pidPath(pid, u"sched"));
    if (status)
        *status = {file.status, file.error};
    return parseSchedNumaFields(std::string_view(file.text.constData(), size_t(file.text.size())));
}

} // namespace numasight
