// SPDX-License-Identifier: GPL-3.0-or-later
#include "advice/live_apply.h"
#include "cli_support.h"
#include "collect/procfs/numa_maps.h"
#include "commands.h"
#include "record/recorder.h"
#include "util/printable_text.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTextStream>

#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <unistd.h>

namespace numasight::cli {

namespace {

const char* kApplyUsage = "usage: numasight-cli apply PID --cpus LIST [--mems NODES] [--verify TIME] "
                          "[--dir DIR] [--dry-run] [--yes] [--force] [--json]";

QString threadName(const AffinityChange& c)
{
    return c.comm.isEmpty() ? Cli::tr("thread %1").arg(c.tid)
                            : Cli::tr("thread %1 (%2)").arg(c.tid).arg(printableText(c.comm));
}

// One line per thread, each restoring exactly that thread's mask: `taskset -a` would give every thread the
// same one, and they did not all have the same before.
QStringList undoCommands(const ApplyResult& result)
{
    QStringList lines;
    for (const AffinityChange& c : result.applied)
        lines << QStringLiteral("taskset -cp %1 %2").arg(c.before.toRangeString()).arg(c.tid);
    return lines;
}

QString pagesText(const std::vector<NodePages>& nodes)
{
    QStringList parts;
    for (const NodePages& n : nodes)
        parts << QStringLiteral("N%1 %2").arg(n.node).arg(n.totalPages);
    return parts.isEmpty() ? Cli::tr("no resident page") : parts.join(QStringLiteral(", "));
}

QJsonValue number(double v)
{
    return std::isnan(v) ? QJsonValue() : QJsonValue(v);
}

QJsonValue localityJson(const std::optional<Locality>& l)
{
    if (!l)
        return QJsonValue();
    return QJsonObject{{QStringLiteral("witty_similarity"), number(l->wittySimilarity)},
                       {QStringLiteral("remote_share"), number(l->remoteShare)},
                       {QStringLiteral("cpu_node"), l->cpuNode.value},
                       {QStringLiteral("memory_node"), l->memoryNode.value}};
}

QString localityText(const std::optional<Locality>& l)
{
    if (!l)
        return Cli::tr("no figures (the process was not seen)");
    auto fmt = [](double v) { return std::isnan(v) ? QStringLiteral("?") : QString::number(v, 'f', 3); };
    return Cli::tr("witty similarity %1, remote share %2, CPU node %3, memory node %4")
        .arg(fmt(l->wittySimilarity), fmt(l->remoteShare))
        .arg(l->cpuNode.value)
        .arg(l->memoryNode.value);
}

QJsonObject resultJson(const ApplyResult& r, const std::vector<NodePages>& pagesAfter)
{
    QJsonArray applied;
    for (const AffinityChange& c : r.applied)
        applied.append(QJsonObject{{QStringLiteral("tid"), qint64(c.tid)},
                                   {QStringLiteral("comm"), c.comm},
                                   {QStringLiteral("before"), c.before.toRangeString()},
                                   {QStringLiteral("after"), c.after.toRangeString()}});
    auto pages = [](const std::vector<NodePages>& nodes) {
        QJsonObject o;
        for (const NodePages& n : nodes)
            o.insert(QString::number(n.node), qint64(n.totalPages));
        return o;
    };
    return {{QStringLiteral("applied"), applied},
            {QStringLiteral("pages_before"), pages(r.plan.pagesBefore)},
            {QStringLiteral("pages_after"), pages(pagesAfter)},
            {QStringLiteral("pages_not_moved"), qint64(r.pagesNotMoved)},
            {QStringLiteral("warnings"), QJsonArray::fromStringList(r.warnings)},
            {QStringLiteral("undo"), QJsonArray::fromStringList(undoCommands(r))}};
}

// The CPUs each thread of `pid` spent time on in a recording: on a one-node machine the node shares of the
// diff cannot change, and this is where a re-binding shows.
std::map<std::int64_t, CpuSet> cpusUsed(const Capture& capture, std::int64_t pid)
{
    std::map<std::int64_t, CpuSet> used;
    for (const SamplePtr& sample : capture.samples)
        for (const ThreadCpuSample& t : sample->threads)
            if (t.pid == pid)
                for (const auto& [cpu, ns] : t.cpuNsByCpu)
                    if (ns > 0)
                        used[t.tid].insert(cpu);
    return used;
}

struct ThreadEvidence
{
    AffinityChange thread;
    CpuSet before, after; // CPUs with time in each recording
};

std::vector<ThreadEvidence> evidence(const ApplyRun& run)
{
    std::vector<ThreadEvidence> out;
    if (!run.before || !run.after)
        return out;
    const auto before = cpusUsed(*run.before, run.result.plan.pid);
    const auto after = cpusUsed(*run.after, run.result.plan.pid);
    for (const AffinityChange& c : run.result.applied) {
        const auto b = before.find(c.tid);
        const auto a = after.find(c.tid);
        if (b != before.end() || a != after.end())
            out.push_back(
                {c, b != before.end() ? b->second : CpuSet{}, a != after.end() ? a->second : CpuSet{}});
    }
    return out;
}

QString usedText(const CpuSet& cpus)
{
    return cpus.isEmpty() ? Cli::tr("no CPU") : Cli::tr("CPUs %1").arg(cpus.toRangeString());
}

// Asks on the terminal; anything but y/yes is a no.
bool confirmed()
{
    std::fputs("Apply this change? [y/N] ", stderr);
    std::fflush(stderr);
    char line[64] = {};
    if (!std::fgets(line, sizeof line, stdin))
        return false;
    const QString answer = QString::fromLocal8Bit(line).trimmed().toLower();
    return answer == QLatin1String("y") || answer == QLatin1String("yes");
}

} // namespace

CommandLineSpec applyCommandLine()
{
    CommandLineSpec spec;
    spec.setApplicationDescription(Cli::tr(
        "Bind every thread of a running process to CPUs and move its pages to NUMA nodes, after showing the "
        "change and asking. Prints the taskset lines that undo it. See docs/apply.md."));
    spec.addOption({QStringLiteral("cpus"), Cli::tr("The CPUs every thread may run on: 0-23,48."),
                    QStringLiteral("LIST")});
    spec.addOption({QStringLiteral("mems"),
                    Cli::tr("Move the process's pages to these NUMA nodes (default: leave them)."),
                    QStringLiteral("NODES")});
    spec.addOption({QStringLiteral("verify"),
                    Cli::tr("Record the process for TIME before and after the change and compare."),
                    QStringLiteral("TIME")});
    spec.addOption({QStringLiteral("dir"),
                    Cli::tr("Keep --verify's before.numasight and after.numasight here (default: a "
                            "temporary folder, removed)."),
                    QStringLiteral("DIR")});
    spec.addOption({QStringLiteral("dry-run"), Cli::tr("Show the change and make none.")});
    spec.addOption({QStringLiteral("yes"), Cli::tr("Apply without asking.")});
    spec.addOption(
        {QStringLiteral("force"), Cli::tr("Change pid 1 or a kernel thread too (refused without it).")});
    spec.addOption({QStringLiteral("json"), Cli::tr("Print the plan and the result as JSON.")});
    spec.addPositionalArgument(QStringLiteral("PID"), Cli::tr("The process to change."));
    spec.completions.insert(QStringLiteral("dir"), CommandLineSpec::Completion::Directories);
    return spec;
}

int runApply(const QStringList& args)
{
    QCommandLineParser parser;
    applyCommandLine().applyTo(parser);
    if (const auto stop = parseCommandLine(parser, args))
        return *stop;

    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 1 || !parser.isSet(QStringLiteral("cpus"))) {
        printError(QString::fromLatin1(kApplyUsage));
        return Usage;
    }
    bool ok = false;
    const qlonglong pid = positional.first().toLongLong(&ok);
    if (!ok || pid <= 0) {
        printError(Cli::tr("PID must be a process id above 0, not '%1'").arg(positional.first()));
        return Usage;
    }
    const QString cpuText = parser.value(QStringLiteral("cpus"));
    const auto cpus = IndexSet::fromRangeString(QStringView(cpuText));
    if (!cpus || cpus->isEmpty()) {
        printError(QStringLiteral("--cpus takes a CPU list such as 0-3,8, not '%1'").arg(cpuText));
        return Usage;
    }
    NodeSet mems;
    if (parser.isSet(QStringLiteral("mems"))) {
        const QString memText = parser.value(QStringLiteral("mems"));
        const auto parsed = IndexSet::fromRangeString(QStringView(memText));
        if (!parsed || parsed->isEmpty()) {
            printError(
                QStringLiteral("--mems takes a NUMA node list such as 0 or 0-1, not '%1'").arg(memText));
            return Usage;
        }
        mems = *parsed;
    }
    std::optional<std::int64_t> verifyNs;
    if (parser.isSet(QStringLiteral("verify"))) {
        QString why;
        verifyNs = parseDurationNs(parser.value(QStringLiteral("verify")), &why);
        if (!verifyNs) {
            printError(QStringLiteral("--verify: %1").arg(why));
            return Usage;
        }
    }
    if (parser.isSet(QStringLiteral("dir")) && !verifyNs) {
        printError(
            QStringLiteral("--dir is where --verify keeps its recordings: give --verify TIME with it"));
        return Usage;
    }
    const bool dryRun = parser.isSet(QStringLiteral("dry-run"));
    const bool yes = parser.isSet(QStringLiteral("yes"));
    const bool json = parser.isSet(QStringLiteral("json"));
    // Changing another process must never happen unasked: with nobody at a terminal to answer, only an
    // explicit --yes stands for the answer.
    if (!dryRun && !yes && !isatty(STDIN_FILENO)) {
        printError(Cli::tr("standard input is not a terminal, so there is nobody to confirm the change: "
                           "add --yes to apply without asking, or --dry-run to only show it"));
        return Usage;
    }

    ApplyOptions applyOptions;
    applyOptions.force = parser.isSet(QStringLiteral("force"));
    const auto planned = planApply(pid, *cpus, mems, applyOptions);
    if (!planned) {
        printError(planned.error().toString());
        return Failed;
    }
    const ApplyPlan& plan = planned.value();
    QTextStream out(stdout);
    QJsonObject report{{QStringLiteral("pid"), qint64(pid)},
                       {QStringLiteral("name"), plan.name},
                       {QStringLiteral("cpus"), plan.cpus.toRangeString()},
                       {QStringLiteral("mems"), plan.memoryNodes.toRangeString()},
                       {QStringLiteral("plan"), QJsonArray::fromStringList(plan.describe())},
                       {QStringLiteral("dry_run"), dryRun}};
    // The plan goes to stderr under --json so stdout stays one JSON document; the question needs it anyway.
    {
        QTextStream planOut(json ? stderr : stdout);
        for (const QString& line : plan.describe())
            planOut << printableText(line) << '\n';
    }
    if (dryRun) {
        if (json)
            out << QJsonDocument(report).toJson(QJsonDocument::Indented);
        else
            out << Cli::tr("Dry run: nothing was changed.") << '\n';
        return Ok;
    }
    if (!yes && !confirmed()) {
        printError(Cli::tr("not applied: nothing was changed"));
        return Failed;
    }

    ApplyResult result;
    std::optional<ApplyRun> run;
    std::unique_ptr<QTemporaryDir> temporary;
    if (verifyNs) {
        QString dir = parser.value(QStringLiteral("dir"));
        if (dir.isEmpty()) {
            temporary = std::make_unique<QTemporaryDir>();
            if (!temporary->isValid()) {
                printError(Cli::tr("cannot create a temporary folder for the recordings (%1): give one "
                                   "with --dir")
                               .arg(temporary->errorString()));
                return Failed;
            }
            dir = temporary->path();
        }
        auto verified = applyAndVerify(plan, *verifyNs, dir, terminalProgress(QStringLiteral("Verifying")));
        if (!verified) {
            printError(verified.error().toString());
            return verified.error().cancelled ? Cancelled : Failed;
        }
        run = std::move(verified).value();
        result = run->result;
    } else {
        auto applied = applyPlan(plan);
        if (!applied) {
            printError(applied.error().toString());
            return Failed;
        }
        result = std::move(applied).value();
    }

    const ProcessMemorySample pagesAfter = readNumaMaps(FsRoot{}, pid);
    for (const QString& w : result.warnings)
        printError(Cli::tr("warning: %1").arg(w));
    const bool cancelled = run && run->cancelled;
    if (json) {
        report.insert(QStringLiteral("result"), resultJson(result, pagesAfter.nodes));
        report.insert(QStringLiteral("cancelled"), cancelled);
        if (run && run->diff) {
            QJsonObject verify{
                {QStringLiteral("before_file"),
                 parser.isSet(QStringLiteral("dir")) ? QJsonValue(run->beforePath) : QJsonValue()},
                {QStringLiteral("after_file"),
                 parser.isSet(QStringLiteral("dir")) ? QJsonValue(run->afterPath) : QJsonValue()},
                {QStringLiteral("measured_before"), localityJson(run->measuredBefore)},
                {QStringLiteral("measured_after"), localityJson(run->measuredAfter)},
                {QStringLiteral("diff"), diffJson(*run->diff)}};
            QJsonArray threads;
            for (const ThreadEvidence& e : evidence(*run))
                threads.append(QJsonObject{{QStringLiteral("tid"), qint64(e.thread.tid)},
                                           {QStringLiteral("cpus_used_before"), e.before.toRangeString()},
                                           {QStringLiteral("cpus_used_after"), e.after.toRangeString()}});
            verify.insert(QStringLiteral("threads"), threads);
            report.insert(QStringLiteral("verify"), verify);
        }
        out << QJsonDocument(report).toJson(QJsonDocument::Indented);
        return cancelled ? Cancelled : Ok;
    }

    out << Cli::tr("Applied to %1 thread(s):").arg(result.applied.size()) << '\n';
    for (const AffinityChange& c : result.applied)
        out << "  " << threadName(c) << ": "
            << Cli::tr("CPUs %1 → %2").arg(c.before.toRangeString(), c.after.toRangeString()) << '\n';
    if (!plan.memoryNodes.isEmpty())
        out << Cli::tr("Pages: before %1; now %2 (%3 could not be moved)")
                   .arg(pagesText(plan.pagesBefore), pagesText(pagesAfter.nodes))
                   .arg(result.pagesNotMoved)
            << '\n';
    if (run && run->diff) {
        out << '\n' << Cli::tr("Measured before: %1").arg(localityText(run->measuredBefore)) << '\n';
        out << Cli::tr("Measured after:  %1").arg(localityText(run->measuredAfter)) << '\n';
        const std::vector<ThreadEvidence> threads = evidence(*run);
        if (!threads.empty())
            out << '\n' << Cli::tr("Where the threads ran (CPUs with time in each recording):") << '\n';
        for (const ThreadEvidence& e : threads)
            out << "  " << threadName(e.thread) << ": "
                << Cli::tr("%1 before, %2 after").arg(usedText(e.before), usedText(e.after)) << '\n';
        out << '\n' << printableText(diffText(*run->diff), LineBreaks::Keep);
        if (!temporary)
            out << Cli::tr("Recordings: %1, %2").arg(run->beforePath, run->afterPath) << '\n';
    }
    if (cancelled)
        out << Cli::tr("Verification stopped by Ctrl-C after the change was applied.") << '\n';
    out << '\n' << Cli::tr("To undo (each thread back to its own CPUs; pages are not moved back):") << '\n';
    for (const QString& line : undoCommands(result))
        out << "  " << line << '\n';
    return cancelled ? Cancelled : Ok;
}

} // namespace numasight::cli
