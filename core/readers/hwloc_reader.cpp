// SPDX-License-Identifier: GPL-3.0-or-later
#include "hwloc_reader.h"

#include "hwloc_convert.h"
#include "hwloc_sysfs.h"
#include "hwloc_xml_sniff.h"
#include "hwloc_xml_v3.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <hwloc.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <limits>
#include <sys/wait.h>
#include <unistd.h>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::HwlocReader)
};
} // namespace

namespace {

// Synthetic descriptions multiply their arities; hwloc would happily try to build billions of objects.
constexpr double kMaxSyntheticObjects = 1 << 20;

enum class Input
{
    Xml,
    Local,
    Synthetic
};

struct TopologyGuard
{
    hwloc_topology_t topology = nullptr;
    ~TopologyGuard()
    {
        if (topology)
            hwloc_topology_destroy(topology);
    }
};

std::optional<LoadError> checkSyntheticSize(const QString& description, const QString& label)
{
    static const QRegularExpression kArity(QStringLiteral("(?:^|\\s)[A-Za-z0-9]+:(\\d+)"));
    double objects = 1;
    double total = 0;
    for (auto it = kArity.globalMatch(description); it.hasNext();) {
        objects *= it.next().captured(1).toDouble();
        total += objects;
    }
    if (total <= kMaxSyntheticObjects)
        return std::nullopt;
    LoadError e;
    e.file = label;
    e.message = Tr::tr("synthetic topology too large (%1 objects, at most %2 allowed)")
                    .arg(total, 0, 'g', 3)
                    .arg(kMaxSyntheticObjects, 0, 'f', 0);
    return e;
}

void setFilters(hwloc_topology_t t, Input input)
{
    // Files keep every device they describe; on this machine bridges and unnamed functions are noise.
    hwloc_topology_set_io_types_filter(t, input == Input::Local ? HWLOC_TYPE_FILTER_KEEP_IMPORTANT
                                                                : HWLOC_TYPE_FILTER_KEEP_ALL);
    hwloc_topology_set_icache_types_filter(t, HWLOC_TYPE_FILTER_KEEP_ALL);
    // hwloc drops memory-side caches unless asked; the graph shows them on the nodes they serve.
    hwloc_topology_set_type_filter(t, HWLOC_OBJ_MEMCACHE, HWLOC_TYPE_FILTER_KEEP_ALL);
}

// libhwloc 2.9's XML importer trusts the file: an object without complete_cpuset, and other hand-made
// mutations, crash it (lstopo too). No precheck can know every such case, so the import is first tried in
// a child process on the same bytes; only a document the child imported cleanly is imported here.
enum class Trial
{
    Imported,
    Refused,
    Crashed,
    Failed,
    TimedOut
};

// The child gets this long; a child that hung is tried again, because a fork() taken while another thread
// held an allocator lock leaves the child waiting on it for ever (seen under AddressSanitizer, whose
// allocator is not fork-safe), and the next fork() finds the lock free.
#if defined(__SANITIZE_ADDRESS__)
constexpr unsigned kTrialSeconds =
    5; // there a hang is common (4 opens in 10 in a GUI test) and imports quick
#else
constexpr unsigned kTrialSeconds = 15;
#endif
constexpr int kTrialAttempts = 3;

Trial tryImportInChildOnce(const QByteArray& xml, int* signal)
{
    const pid_t pid = ::fork();
    if (pid < 0)
        return Trial::Failed;
    if (pid == 0) {
        // hwloc's warnings belong to the real import; a hang must not outlive its parent's patience.
        if (const int null = ::open("/dev/null", O_WRONLY | O_CLOEXEC); null >= 0)
            ::dup2(null, STDERR_FILENO);
        // The alarm must end the child whatever handler the parent had (a fuzzer's watchdog, say).
        ::signal(SIGALRM, SIG_DFL);
        ::alarm(kTrialSeconds);
        // A crash here must end the child by its signal, which is how the parent tells a crash from a
        // refusal; a sanitizer's or a debugger's handler would turn it into an ordinary exit.
        for (const int fatal : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT})
            ::signal(fatal, SIG_DFL);
        hwloc_topology_t t = nullptr;
        if (hwloc_topology_init(&t) != 0)
            ::_exit(2);
        if (hwloc_topology_set_xmlbuffer(t, xml.constData(), int(xml.size() + 1)) != 0)
            ::_exit(1);
        setFilters(t, Input::Xml);
        ::_exit(hwloc_topology_load(t) == 0 ? 0 : 1);
    }
    int status = 0;
    pid_t waited = -1;
    do
        waited = ::waitpid(pid, &status, 0);
    while (waited < 0 && errno == EINTR);
    if (waited != pid)
        return Trial::Failed;
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
        return Trial::TimedOut;
    if (WIFSIGNALED(status)) {
        *signal = WTERMSIG(status);
        return Trial::Crashed;
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return Trial::Imported;
    return WIFEXITED(status) && WEXITSTATUS(status) == 1 ? Trial::Refused : Trial::Failed;
}

Trial tryImportInChild(const QByteArray& xml, int* signal)
{
    Trial trial = Trial::TimedOut;
    for (int attempt = 0; attempt < kTrialAttempts && trial == Trial::TimedOut; ++attempt)
        trial = tryImportInChildOnce(xml, signal);
    return trial;
}

Result<CapturePtr> load(Input input, const QString& what, const Progress& progress)
{
    const QString label = input == Input::Xml         ? what
                          : input == Input::Synthetic ? QStringLiteral("synthetic:\"%1\"").arg(what)
                                                      : QStringLiteral("local machine");
    const auto fail = [&](const QString& message) {
        LoadError e;
        e.file = label;
        e.message = message;
        return e;
    };

    QByteArray xml;
    if (input == Input::Xml) {
        QFile file(what);
        if (QFileInfo(what).isDir() || !file.open(QIODevice::ReadOnly)) {
            if (auto e = precheckHwlocXml(what))
                return *e;
            return fail(Tr::tr("cannot read the file: %1").arg(file.errorString()));
        }
        if (file.size() >= std::numeric_limits<int>::max())
            return fail(Tr::tr("the file is larger than the 2 GB hwloc reads"));
        xml = normalizedHwlocXml(file.readAll());
        // The checks and both imports see these bytes, whatever happens to the file meanwhile.
        if (auto e = precheckHwlocXml(what, xml))
            return *e;
        if (const int major = hwlocXmlMajorVersion(xml); major > 3) {
            return fail(
                Tr::tr("written in hwloc's XML format %1.x, newer than this build reads (2.x and 3.x); "
                       "export it with `lstopo --of v2xml`")
                    .arg(major));
        } else if (major == 3) {
            QString problem;
            auto v2 = downgradeHwlocXmlV3(xml, &problem);
            if (!v2)
                return fail(Tr::tr("hwloc 3 XML (format 3.x) that could not be turned into format 2.0 for "
                                   "hwloc 2.x: %1; export it with `lstopo --of v2xml`")
                                .arg(problem));
            xml = std::move(*v2);
        }
    } else if (input == Input::Synthetic) {
        if (auto e = checkSyntheticSize(what, label))
            return *e;
    }
    if (progress.isCancelled())
        return LoadError::cancel(label);
    progress(0.05);

    TopologyGuard guard;
    if (hwloc_topology_init(&guard.topology) != 0) {
        guard.topology = nullptr;
        return fail(Tr::tr("hwloc could not initialise a topology (out of memory?)"));
    }
    hwloc_topology_t t = guard.topology;
    if (input == Input::Xml) {
        // After hwloc_topology_init(): hwloc's plugins are loaded here, so the child never runs dlopen(),
        // whose lock another thread of this process may have held at fork().
        int signal = 0;
        switch (tryImportInChild(xml, &signal)) {
        case Trial::Imported:
            break;
        case Trial::Refused:
            return diagnoseHwlocXml(what);
        case Trial::Crashed:
            return fail(Tr::tr("libhwloc crashed (signal %1, %2) importing this XML, so it is not read: the "
                               "topology is malformed (e.g. an object without complete_cpuset); export it "
                               "again with `lstopo --of xml`")
                            .arg(signal)
                            .arg(QString::fromLocal8Bit(strsignal(signal))));
        case Trial::Failed:
            return fail(Tr::tr("could not start a process to import the XML safely: %1")
                            .arg(QString::fromLocal8Bit(strerror(errno))));
        case Trial::TimedOut:
            return fail(Tr::tr("libhwloc did not finish importing this XML in %1 tries of %2 s, so it is not "
                               "read: export the topology again with `lstopo --of xml`")
                            .arg(kTrialAttempts)
                            .arg(kTrialSeconds));
        }
        if (hwloc_topology_set_xmlbuffer(t, xml.constData(), int(xml.size() + 1)) != 0)
            return diagnoseHwlocXml(what);
    } else if (input == Input::Synthetic) {
        const QByteArray description = what.toUtf8();
        if (hwloc_topology_set_synthetic(t, description.constData()) != 0)
            return fail(Tr::tr("invalid synthetic topology description; expected hwloc's syntax, e.g. "
                               "\"pack:2 [numa] core:4 pu:2\""));
    }
    setFilters(t, input);
    if (hwloc_topology_load(t) != 0) {
        if (input == Input::Xml)
            return diagnoseHwlocXml(what);
        return fail(input == Input::Synthetic ? Tr::tr("hwloc could not build this synthetic topology")
                                              : Tr::tr("hwloc could not read this machine's topology: %1")
                                                    .arg(QString::fromLocal8Bit(strerror(errno))));
    }
    if (progress.isCancelled())
        return LoadError::cancel(label);
    progress(0.5);

    auto capture = std::make_shared<Capture>();
    SourceInfo& source = capture->source;
    source.format = input == Input::Local ? SourceFormat::LocalMachine : SourceFormat::HwlocXml;
    if (input != Input::Local)
        source.path = input == Input::Xml ? what : label;
    SnapshotBuilder builder;
    convertHwlocTopology(t, builder, source);
    if (progress.isCancelled())
        return LoadError::cancel(label);
    progress(0.85);

    if (input == Input::Local) {
        // hwloc read the machine under HWLOC_FSROOT when it is set (a saved sysfs tree); so must these.
        QString fsRoot = qEnvironmentVariable("HWLOC_FSROOT");
        while (fsRoot.endsWith(QLatin1Char('/')))
            fsRoot.chop(1);
        const QString sys = fsRoot + QStringLiteral("/sys");
        applyNodeSysfsStats(builder, sys);
        applyNodeSysfsDistances(builder, sys);
        source.capturedAt = QDateTime::currentDateTimeUtc();
        builder.setTakenAt(source.capturedAt);
    }
    builder.setLabel(!source.hostname.isEmpty() ? source.hostname
                     : input == Input::Xml      ? QFileInfo(what).fileName()
                                                : label);
    SnapshotPtr snapshot = builder.finish();
    if (const QString problem = snapshot->duplicateNumaNodeProblem(); !problem.isEmpty())
        return fail(problem);
    capture->snapshots.push_back(std::move(snapshot));
    progress(1.0);
    return CapturePtr(std::move(capture));
}

} // namespace

Result<CapturePtr> readHwlocXmlFile(const QString& path, const Progress& progress)
{
    return load(Input::Xml, path, progress);
}

Result<CapturePtr> readLocalTopology(const Progress& progress)
{
    return load(Input::Local, {}, progress);
}

Result<CapturePtr> readHwlocSynthetic(const QString& description, const Progress& progress)
{
    return load(Input::Synthetic, description, progress);
}

} // namespace numasight
