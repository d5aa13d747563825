// SPDX-License-Identifier: GPL-3.0-or-later
#include "numa_maps.h"

#include "text_fields.h"

#include <algorithm>
#include <map>

namespace numasight {

using namespace procfs;

namespace {

// Node numbers beyond this are garbage, not a machine (Linux caps MAX_NUMNODES at 1024).
constexpr std::uint64_t kMaxNode = 1023;

bool isHexAddress(std::string_view word)
{
    return !word.empty() && word.size() <= 16 && toU64(word, 16).has_value();
}

} // namespace

ProcessMemorySample parseNumaMaps(std::string_view text, std::int64_t pid)
{
    ProcessMemorySample sample;
    sample.pid = pid;
    std::map<int, NodePages> nodes;
    std::vector<std::pair<std::string, int>> policyVotes; // in first-seen order, so ties go to the first

    std::vector<std::pair<int, std::uint64_t>> linePages;
    forEachLine(text, [&](std::string_view line) {
        const std::vector<std::string_view> words = splitWords(line);
        if (words.size() < 2 || !isHexAddress(words[0]))
            return;
        // The policy is one word except "prefer (many):0-1" and "weighted interleave:0-3".
        size_t next = 2;
        std::string policy(words[1]);
        if (words.size() > 2 && (words[1] == "weighted" || words[2].starts_with("(many)"))) {
            policy += ' ';
            policy += words[2];
            next = 3;
        }
        const auto vote = std::find_if(policyVotes.begin(), policyVotes.end(),
                                       [&](const auto& v) { return v.first == policy; });
        if (vote == policyVotes.end())
            policyVotes.emplace_back(std::move(policy), 1);
        else
            ++vote->second;

        std::uint64_t anon = 0, dirty = 0, pageKb = 4;
        bool file = false, huge = false;
        linePages.clear();
        for (size_t i = next; i < words.size(); ++i) {
            const std::string_view w = words[i];
            const size_t eq = w.find('=');
            if (eq == std::string_view::npos) {
                huge = huge || w == "huge";
                continue;
            }
            const std::string_view key = w.substr(0, eq);
            const std::string_view value = w.substr(eq + 1);
            if (key == "file") {
                file = true;
                continue;
            }
            const auto number = toU64(value);
            if (!number)
                continue; // a truncated "N0=" or a future non-numeric field
            if (key == "anon")
                anon = *number;
            else if (key == "dirty")
                dirty = *number;
            else if (key == "kernelpagesize_kB")
                pageKb = *number;
            else if (key.size() > 1 && key[0] == 'N') {
                const auto node = toU64(key.substr(1));
                if (node && *node <= kMaxNode)
                    linePages.emplace_back(int(*node), *number);
            }
        }
        huge = huge || pageKb > 4;
        for (const auto& [node, pages] : linePages) {
            NodePages& n = nodes[node];
            n.node = node;
            n.totalPages += pages;
            if (anon > 0)
                n.anonPages += pages;
            if (anon > 0 && dirty > 0)
                n.dirtyAnonPages += pages;
            if (file && anon == 0)
                n.filePages += pages;
            if (huge)
                n.hugePages += pages;
            n.bytes += pages * pageKb * 1024;
        }
    });

    for (auto& [node, pages] : nodes)
        if (pages.totalPages > 0)
            sample.nodes.push_back(pages);
    int best = 0;
    for (const auto& [policy, votes] : policyVotes) {
        if (votes > best) {
            best = votes;
            sample.memoryPolicy = QString::fromStdString(policy);
        }
    }
    return sample;
}

ProcessMemorySample readNumaMaps(const FsRoot& root, std::int64_t pid, ReadOutcome* status)
{
    ProcessMemorySample sample =
        readParsed(root.pidPath(pid, u"numa_maps"), status,
                   [pid](std::string_view text) { return parseNumaMaps(text, pid); });
    sample.pid = pid; // also when the read failed
    return sample;
}

} // namespace numasight
