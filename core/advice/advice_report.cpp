// SPDX-License-Identifier: GPL-3.0-or-later
#include "advice/advice.h"
#include "advice/advice_support.h"
#include "advice/advisor.h"
#include "util/format.h"
#include "util/printable_text.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QTextStream>

#include <algorithm>
#include <cmath>

namespace numasight {

namespace {

QJsonObject figuresJson(const LocalityFigures& f)
{
    return QJsonObject{{QStringLiteral("witty_similarity"), jsonNumber(f.similarity)},
                       {QStringLiteral("cosine"), jsonNumber(f.cosine)},
                       {QStringLiteral("remote_share"), jsonNumber(f.remoteShare)},
                       {QStringLiteral("expected_distance"), jsonNumber(f.expectedDistance)}};
}

// Node numbers as the JSON has always written them: -1 for a node that is not known.
QJsonArray nodeArray(std::span<const NodeId> nodes)
{
    QJsonArray a;
    for (NodeId n : nodes)
        a.append(n.value);
    return a;
}

QJsonObject localityJson(const Locality& l)
{
    QJsonObject o{{QStringLiteral("pid"), qint64(l.pid)},
                  {QStringLiteral("namespace"), l.ns},
                  {QStringLiteral("name"), l.name},
                  {QStringLiteral("witty_similarity"), jsonNumber(l.wittySimilarity)},
                  {QStringLiteral("cosine"), jsonNumber(l.cosine)},
                  {QStringLiteral("remote_share"), jsonNumber(l.remoteShare)},
                  {QStringLiteral("expected_distance"), jsonNumber(l.expectedDistance)},
                  {QStringLiteral("expected_ns"), jsonNumber(l.expectedNs)},
                  {QStringLiteral("cpu_node"), l.cpuNode.value},
                  {QStringLiteral("memory_node"), l.memoryNode.value}};
    if (l.tid >= 0)
        o.insert(QStringLiteral("tid"), qint64(l.tid));
    return o;
}

// The longest list the text prints of processes or threads.
constexpr int kTextListRows = 50;

QString fixed(double x, int decimals = 3)
{
    return std::isnan(x) ? QStringLiteral("?") : QString::number(x, 'f', decimals);
}

} // namespace

QJsonObject adviceJson(const Advice& advice)
{
    QJsonArray findings;
    for (const Finding& f : advice.findings) {
        QJsonObject numbers;
        for (auto it = f.numbers.constBegin(); it != f.numbers.constEnd(); ++it)
            numbers.insert(it.key(), jsonNumber(it.value()));
        QJsonObject o{{QStringLiteral("severity"), severityName(f.severity)},
                      {QStringLiteral("kind"), f.kind},
                      {QStringLiteral("pid"), jsonId(f.pid)},
                      {QStringLiteral("message"), f.message},
                      {QStringLiteral("numbers"), numbers}};
        if (f.tid)
            o.insert(QStringLiteral("tid"), qint64(*f.tid));
        if (!f.command.isEmpty()) {
            o.insert(QStringLiteral("namespace"), f.ns);
            o.insert(QStringLiteral("command"), f.command);
        }
        if (!f.container.isEmpty())
            o.insert(QStringLiteral("container"), f.container);
        if (!advice.host.isEmpty())
            o.insert(QStringLiteral("host"), advice.host);
        findings.append(o);
    }
    QJsonArray suggestions;
    for (const Suggestion& s : advice.suggestions) {
        QJsonObject commands{{QStringLiteral("relaunch"), s.relaunch},
                             {QStringLiteral("live"), QJsonArray::fromStringList(s.live)},
                             {QStringLiteral("systemd"), s.systemd}};
        if (!s.docker.isEmpty())
            commands.insert(QStringLiteral("docker"), s.docker);
        QJsonArray groups;
        for (const ThreadGroup& g : s.threadGroups) {
            QJsonArray tids;
            for (std::int64_t tid : g.tids)
                tids.append(qint64(tid));
            groups.append(
                QJsonObject{{QStringLiteral("name"), g.name},
                            {QStringLiteral("role"), g.role},
                            {QStringLiteral("tids"), tids},
                            {QStringLiteral("cpu_node"), g.cpuNode.value},
                            {QStringLiteral("cpu_share_on_targets"), jsonNumber(g.cpuShareOnTargets)},
                            {QStringLiteral("live"), QJsonArray::fromStringList(g.live)}});
        }
        QJsonObject suggestion{
            {QStringLiteral("pid"), qint64(s.pid)},
            {QStringLiteral("namespace"), s.ns},
            {QStringLiteral("name"), s.name},
            {QStringLiteral("reason"), s.reason},
            {QStringLiteral("target_nodes"), nodeArray(s.targetNodes)},
            {QStringLiteral("cpus"), s.cpus},
            {QStringLiteral("commands"), commands},
            {QStringLiteral("thread_groups"), groups},
            {QStringLiteral("notes"), QJsonArray::fromStringList(s.notes)},
            {QStringLiteral("predicted"), QJsonObject{{QStringLiteral("before"), figuresJson(s.before)},
                                                      {QStringLiteral("after"), figuresJson(s.after)},
                                                      {QStringLiteral("assumptions"), s.assumptions}}},
        };
        if (!advice.host.isEmpty())
            suggestion.insert(QStringLiteral("host"), advice.host);
        suggestions.append(suggestion);
    }
    QJsonArray processes, threads, devices;
    for (const Locality& l : advice.processes)
        processes.append(localityJson(l));
    for (const Locality& l : advice.threads)
        threads.append(localityJson(l));
    for (const DeviceAffinity& d : advice.devices)
        devices.append(QJsonObject{
            {QStringLiteral("pid"), qint64(d.pid)},
            {QStringLiteral("namespace"), d.ns},
            {QStringLiteral("name"), d.name},
            {QStringLiteral("accelerators"), QJsonArray::fromStringList(d.accelerators)},
            {QStringLiteral("device_nodes"), nodeArray(d.deviceNodes)},
            {QStringLiteral("allowed_cpus"), d.allowedCpus.toRangeString()},
            {QStringLiteral("allowed_nodes"), nodeArray(d.allowedNodes)},
            {QStringLiteral("cpu_node"), d.cpuNode.value},
            {QStringLiteral("memory_node"), d.memoryNode.value},
            {QStringLiteral("cpu_share_on_device_nodes"), jsonNumber(d.cpuShareOnDeviceNodes)},
            {QStringLiteral("memory_share_on_device_nodes"), jsonNumber(d.memoryShareOnDeviceNodes)},
            {QStringLiteral("away"), d.away}});
    QJsonArray hot;
    for (const HotThread& h : advice.hotThreads)
        hot.append(QJsonObject{{QStringLiteral("pid"), qint64(h.pid)},
                               {QStringLiteral("tid"), qint64(h.tid)},
                               {QStringLiteral("name"), h.name},
                               {QStringLiteral("role"), h.role},
                               {QStringLiteral("cpu_percent"), jsonNumber(h.cpuPercent)},
                               {QStringLiteral("switches_per_sec"), jsonNumber(h.switchesPerSec)},
                               {QStringLiteral("remote_share"), jsonNumber(h.remoteShare)},
                               {QStringLiteral("score"), h.score},
                               {QStringLiteral("grade"), h.grade},
                               {QStringLiteral("bottleneck"), h.bottleneck}});
    QJsonObject out{{QStringLiteral("source"), advice.source},
                    {QStringLiteral("notes"), QJsonArray::fromStringList(advice.notes)},
                    {QStringLiteral("findings"), findings},
                    {QStringLiteral("suggestions"), suggestions},
                    {QStringLiteral("processes"), processes},
                    {QStringLiteral("threads"), threads},
                    {QStringLiteral("devices"), devices},
                    {QStringLiteral("hot_threads"), hot}};
    if (!advice.host.isEmpty())
        out.insert(QStringLiteral("host"), advice.host);
    return out;
}

std::vector<FindingGroup> groupFindings(const Advice& advice)
{
    std::vector<FindingGroup> groups;
    QHash<QStringList, int> at;
    for (size_t i = 0; i < advice.findings.size(); ++i) {
        const Finding& f = advice.findings[i];
        if (f.command.isEmpty()) { // about the machine, or a process no figure names: alone
            groups.push_back(FindingGroup{f.kind, f.ns, f.command, f.container, f.severity, {int(i)}});
            continue;
        }
        // Copies of one service run in containers numbered by the orchestrator ("vllm-7", "vllm-8"): one
        // container name without its number, as thread pools are named (advisor::baseThreadName).
        const QString container = advisor::baseThreadName(f.container);
        const QStringList key{f.kind, f.ns, f.command, container};
        const auto it = at.constFind(key);
        if (it == at.constEnd()) {
            at.insert(key, int(groups.size()));
            groups.push_back(FindingGroup{f.kind, f.ns, f.command, f.container, f.severity, {int(i)}});
        } else {
            FindingGroup& g = groups[size_t(*it)];
            g.findings.push_back(int(i));
            g.worst = std::max(g.worst, f.severity);
            if (g.container != f.container && !g.container.endsWith(QLatin1Char('*')))
                g.container = container + QLatin1Char('*');
        }
    }
    return groups;
}

QString findingCountText(const Advice& advice)
{
    const int n = int(advice.findings.size());
    const int info = int(std::count_if(advice.findings.begin(), advice.findings.end(),
                                       [](const Finding& f) { return f.severity == Severity::Info; }));
    if (n == 0)
        return QCoreApplication::translate("numasight::Advice", "no findings");
    const QString all =
        pluralized(QCoreApplication::translate("numasight::Advice", "%n finding(s)", nullptr, n), n);
    return info == 0
               ? all
               : QCoreApplication::translate("numasight::Advice", "%1 (%n info)", nullptr, info).arg(all);
}

QString findingGroupTitle(const Advice& advice, const FindingGroup& g)
{
    const Finding& worst = advice.findings[size_t(g.findings.front())];
    if (g.count() == 1)
        return worst.message;
    QString who = g.command;
    if (!g.container.isEmpty())
        who = QCoreApplication::translate("numasight::Advice", "%1 in container %2").arg(who, g.container);
    if (g.ns != u"local" && !g.ns.isEmpty())
        who = g.ns + QStringLiteral(": ") + who;
    return pluralized(QCoreApplication::translate("numasight::Advice", "%n process(es) running %1; worst: %2",
                                                  nullptr, g.count()),
                      g.count())
        .arg(who, worst.message);
}

QString adviceText(const Advice& advice)
{
    QString text;
    QTextStream out(&text);
    // Names and command lines come from the machine observed or the file read: a terminal must not act on
    // what they hold (docs/advice.md, "Control characters").
    const auto shown = [](QStringView field) { return printableText(field); };
    if (!advice.host.isEmpty())
        out << "Host: " << shown(advice.host) << "\n";
    out << "Source: " << shown(advice.source) << "\n";
    // In a fleet every finding and command line names its host, so a line copied out of the report still says
    // where it applies.
    const QString on = advice.host.isEmpty() ? QString() : QStringLiteral(" on ") + shown(advice.host);
    const QString hostPrefix = advice.host.isEmpty() ? QString() : shown(advice.host) + QStringLiteral(": ");
    for (const QString& n : advice.notes)
        out << "  note: " << shown(n) << "\n";
    // One line per group: thousands of copies of one worker read as one finding with its count and pids
    // (every finding is in adviceJson()).
    const std::vector<FindingGroup> groups = groupFindings(advice);
    out << "\n"
        << pluralized(QCoreApplication::translate("numasight::Advice", "Findings: %1 in %n group(s)", nullptr,
                                                  int(groups.size())),
                      qint64(groups.size()))
               .arg(findingCountText(advice))
        << "\n";
    for (const FindingGroup& g : groups) {
        out << "  [" << severityName(g.worst) << "] " << hostPrefix << g.kind << ": "
            << shown(findingGroupTitle(advice, g)) << "\n";
        if (g.count() > 1) {
            QStringList pids;
            for (int i : g.findings) {
                const Finding& f = advice.findings[size_t(i)];
                pids << (f.tid ? QStringLiteral("%1/%2").arg(f.pid).arg(*f.tid) : QString::number(f.pid));
            }
            constexpr qsizetype kShownPids = 20;
            const qsizetype more = pids.size() - kShownPids;
            if (more > 0) {
                pids.resize(kShownPids);
                pids << QCoreApplication::translate("numasight::Advice", "… %n more", nullptr, int(more));
            }
            out << "      "
                << QCoreApplication::translate("numasight::Advice", "pids: %1").arg(pids.join(u' ')) << "\n";
        }
    }

    // A huge workload lists its most remote processes, not 12 000 lines: --json has every one.
    std::vector<const Locality*> listed;
    for (const Locality& l : advice.processes)
        listed.push_back(&l);
    const bool cut = listed.size() > size_t(kTextListRows);
    if (cut) {
        std::stable_sort(listed.begin(), listed.end(), [](const Locality* a, const Locality* b) {
            return (std::isnan(b->remoteShare) ? -1.0 : b->remoteShare) <
                   (std::isnan(a->remoteShare) ? -1.0 : a->remoteShare);
        });
        listed.resize(size_t(kTextListRows));
    }
    out << "\nLocality per process (witty similarity, cosine, remote share, expected distance, CPU node → "
           "memory node)"
        << (cut ? QCoreApplication::translate("numasight::Advice",
                                              ": the %1 most remote of %2 (--json lists all)")
                      .arg(kTextListRows)
                      .arg(advice.processes.size())
                : QString())
        << "\n";
    for (const Locality* l : listed)
        out << "  " << l->pid << " " << shown(l->name) << ": " << fixed(l->wittySimilarity) << ", "
            << fixed(l->cosine) << ", " << fixed(l->remoteShare) << ", " << fixed(l->expectedDistance, 2)
            << ", " << l->cpuNode.value << " → " << l->memoryNode.value << "\n";

    if (!advice.hotThreads.empty()) {
        const size_t hot = std::min(advice.hotThreads.size(), size_t(kTextListRows));
        out << "\nHot threads"
            << (hot < advice.hotThreads.size()
                    ? QCoreApplication::translate("numasight::Advice",
                                                  ": the %1 hottest of %2 (--json lists all)")
                          .arg(hot)
                          .arg(advice.hotThreads.size())
                    : QString())
            << "\n";
        for (size_t i = 0; i < hot; ++i) {
            const HotThread& h = advice.hotThreads[i];
            out << "  " << h.tid << " " << shown(h.name) << " (pid " << h.pid << ", " << h.role << "): score "
                << h.score << " " << h.grade << ", " << h.bottleneck << "\n";
        }
    }

    out << "\nSuggestions (" << advice.suggestions.size() << ")\n";
    if (advice.suggestions.empty())
        out << "  none\n";
    for (const Suggestion& s : advice.suggestions) {
        out << "\n  pid " << s.pid << " (" << shown(s.name) << ")" << on << " → node "
            << nodeListText(s.targetNodes) << ", CPUs " << s.cpus << " (" << shown(s.reason) << ")\n";
        bool escaped = false;
        const auto command = [&](const QString& c) {
            escaped = escaped || hasUnprintableText(c);
            return printableText(c);
        };
        if (!s.relaunch.isEmpty())
            out << "    relaunch" << on << ": " << command(s.relaunch) << "\n";
        for (const QString& l : s.live)
            out << "    live" << on << ":     " << command(l) << "\n";
        if (!s.docker.isEmpty())
            out << "    docker" << on << ":   " << command(s.docker) << "\n";
        for (const ThreadGroup& g : s.threadGroups) {
            out << "    threads:  " << shown(g.name) << " (" << g.tids.size() << " thread(s), " << g.role
                << ", node " << g.cpuNode.value << " now, " << formatPercent(g.cpuShareOnTargets)
                << " on the targets)\n";
            for (const QString& l : g.live)
                out << "              " << command(l) << "\n";
        }
        out << "    systemd:  "
            << QString(s.systemd).trimmed().replace(QLatin1Char('\n'), QLatin1String("; ")) << "\n";
        out << "    predicted similarity " << fixed(s.before.similarity) << " → " << fixed(s.after.similarity)
            << ", remote share " << fixed(s.before.remoteShare) << " → " << fixed(s.after.remoteShare)
            << ", expected distance " << fixed(s.before.expectedDistance, 2) << " → "
            << fixed(s.after.expectedDistance, 2) << "\n";
        out << "    (" << s.assumptions << ")\n";
        for (const QString& n : s.notes)
            out << "    note: " << shown(n) << "\n";
        if (escaped)
            out << "    note: "
                << QCoreApplication::translate("numasight::Advice",
                                               "a command above holds control characters, shown escaped "
                                               "(\\e, \\r, …): take the exact command from --json")
                << "\n";
    }
    out.flush();
    // Whatever a field above let through, the report's own line breaks are the only controls it prints.
    return printableText(text, LineBreaks::Keep);
}

} // namespace numasight
