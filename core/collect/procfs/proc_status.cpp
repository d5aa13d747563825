// SPDX-License-Identifier: GPL-3.0-or-later
#include "proc_status.h"

#include "text_fields.h"

namespace numasight {

using namespace procfs;

namespace {

QString unescapeName(std::string_view raw)
{
    std::string out;
    out.reserve(raw.size());
    for (size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] == '\\' && i + 1 < raw.size() && (raw[i + 1] == 'n' || raw[i + 1] == '\\')) {
            out += raw[i + 1] == 'n' ? '\n' : '\\';
            ++i;
        } else {
            out += raw[i];
        }
    }
    return QString::fromUtf8(out.data(), qsizetype(out.size()));
}

} // namespace

std::optional<ProcStatus> parseProcStatus(std::string_view text)
{
    ProcStatus s;
    bool any = false;
    forEachLine(text, [&](std::string_view line) {
        const size_t colon = line.find(':');
        if (colon == std::string_view::npos)
            return;
        const std::string_view key = line.substr(0, colon);
        std::string_view value = line.substr(colon + 1);
        // Name keeps inner spaces; only the tab after the colon is the separator.
        if (key == "Name") {
            while (!value.empty() && (value.front() == '\t' || value.front() == ' '))
                value.remove_prefix(1);
            s.name = unescapeName(value);
            any = true;
            return;
        }
        value = trimmed(value);
        if (key == "Tgid") {
            if (const auto v = toI64(value)) {
                s.tgid = *v;
                any = true;
            }
        } else if (key == "Pid") {
            if (const auto v = toI64(value))
                s.pid = *v;
        } else if (key == "PPid") {
            if (const auto v = toI64(value))
                s.ppid = *v;
        } else if (key == "Cpus_allowed_list") {
            s.cpusAllowed = IndexSet::fromRangeString(value);
            if (s.cpusAllowed)
                s.cpusAllowedText = QString::fromLatin1(value.data(), qsizetype(value.size()));
        } else if (key == "Mems_allowed_list") {
            s.memsAllowed = IndexSet::fromRangeString(value);
            if (s.memsAllowed)
                s.memsAllowedText = QString::fromLatin1(value.data(), qsizetype(value.size()));
        } else if (key == "voluntary_ctxt_switches") {
            s.voluntarySwitches = toU64(value).value_or(0);
        } else if (key == "nonvoluntary_ctxt_switches") {
            s.involuntarySwitches = toU64(value).value_or(0);
        }
    });
    if (!any)
        return std::nullopt;
    return s;
}

std::optional<ProcStatus> readProcStatus(const FsRoot& root, std::int64_t pid, std::int64_t tid,
                                         ReadOutcome* status)
{
    return readParsed(root.pidOrTaskPath(pid, tid, u"status"), status, parseProcStatus);
}

QString parseCmdline(std::string_view text)
{
    // The kernel ends every argument with a NUL; a process that rewrote its argv may leave several.
    while (!text.empty() && text.back() == '\0')
        text.remove_suffix(1);
    std::string joined(text);
    for (char& c : joined)
        if (c == '\0')
            c = ' ';
    return QString::fromUtf8(joined.data(), qsizetype(joined.size()));
}

QString readCmdline(const FsRoot& root, std::int64_t pid, ReadOutcome* status)
{
    const FileText file = readFileText(root.pidPath(pid, u"cmdline"), 1 << 20);
    if (status)
        *status = {file.status, file.error};
    return parseCmdline(std::string_view(file.text.constData(), size_t(file.text.size())));
}

} // namespace numasight
