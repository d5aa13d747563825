// SPDX-License-Identifier: GPL-3.0-or-later
#include "advice/advice.h"
#include "advice/advice_support.h"
#include "util/format.h"

#include <QJsonArray>
#include <QTextStream>

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
        suggestions.append(QJsonObject{
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
        });
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
    return QJsonObject{{QStringLiteral("source"), advice.source},
                       {QStringLiteral("notes"), QJsonArray::fromStringList(advice.notes)},
                       {QStringLiteral("findings"), findings},
                       {QStringLiteral("suggestions"), suggestions},
                       {QStringLiteral("processes"), processes},
                       {QStringLiteral("threads"), threads},
                       {QStringLiteral("devices"), devices},
                       {QStringLiteral("hot_threads"), hot}};
}

QString adviceText(const Advice& advice)
{
    QString text;
    QTextStream out(&text);
    out << "Source: " << advice.source << "\n";
    for (const QString& n : advice.notes)
        out << "  note: " << n << "\n";
    out << "\nFindings (" << advice.findings.size() << ")\n";
    for (const Finding& f : advice.findings)
        out << "  [" << severityName(f.severity) << "] " << f.kind << ": " << f.message << "\n";

    out << "\nLocality per process (witty similarity, cosine, remote share, expected distance, CPU node → "
           "memory node)\n";
    for (const Locality& l : advice.processes)
        out << "  " << l.pid << " " << l.name << ": " << fixed(l.wittySimilarity) << ", " << fixed(l.cosine)
            << ", " << fixed(l.remoteShare) << ", " << fixed(l.expectedDistance, 2) << ", " << l.cpuNode.value
            << " → " << l.memoryNode.value << "\n";

    if (!advice.hotThreads.empty()) {
        out << "\nHot threads\n";
        for (const HotThread& h : advice.hotThreads)
            out << "  " << h.tid << " " << h.name << " (pid " << h.pid << ", " << h.role << "): score "
                << h.score << " " << h.grade << ", " << h.bottleneck << "\n";
    }

    out << "\nSuggestions (" << advice.suggestions.size() << ")\n";
    if (advice.suggestions.empty())
        out << "  none\n";
    for (const Suggestion& s : advice.suggestions) {
        out << "\n  pid " << s.pid << " (" << s.name << ") → node " << nodeListText(s.targetNodes)
            << ", CPUs " << s.cpus << " (" << s.reason << ")\n";
        if (!s.relaunch.isEmpty())
            out << "    relaunch: " << s.relaunch << "\n";
        for (const QString& l : s.live)
            out << "    live:     " << l << "\n";
        if (!s.docker.isEmpty())
            out << "    docker:   " << s.docker << "\n";
        for (const ThreadGroup& g : s.threadGroups) {
            out << "    threads:  " << g.name << " (" << g.tids.size() << " thread(s), " << g.role
                << ", node " << g.cpuNode.value << " now, " << formatPercent(g.cpuShareOnTargets)
                << " on the targets)\n";
            for (const QString& l : g.live)
                out << "              " << l << "\n";
        }
        out << "    systemd:  "
            << QString(s.systemd).trimmed().replace(QLatin1Char('\n'), QLatin1String("; ")) << "\n";
        out << "    predicted similarity " << fixed(s.before.similarity) << " → " << fixed(s.after.similarity)
            << ", remote share " << fixed(s.before.remoteShare) << " → " << fixed(s.after.remoteShare)
            << ", expected distance " << fixed(s.before.expectedDistance, 2) << " → "
            << fixed(s.after.expectedDistance, 2) << "\n";
        out << "    (" << s.assumptions << ")\n";
        for (const QString& n : s.notes)
            out << "    note: " << n << "\n";
    }
    out.flush();
    return text;
}

} // namespace numasight
