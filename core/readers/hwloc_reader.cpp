// SPDX-License-Identifier: GPL-3.0-or-later
#include "hwloc_reader.h"

#include "hwloc_convert.h"
#include "hwloc_sysfs.h"
#include "hwloc_xml_sniff.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <hwloc.h>

#include <cerrno>
#include <cstring>

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

    if (input == Input::Xml) {
        if (auto e = precheckHwlocXml(what))
            return *e;
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
        const QByteArray path = QFile::encodeName(what);
        if (hwloc_topology_set_xml(t, path.constData()) != 0)
            return diagnoseHwlocXml(what);
    } else if (input == Input::Synthetic) {
        const QByteArray description = what.toUtf8();
        if (hwloc_topology_set_synthetic(t, description.constData()) != 0)
            return fail(Tr::tr("invalid synthetic topology description; expected hwloc's syntax, e.g. "
                               "\"pack:2 [numa] core:4 pu:2\""));
    }
    // Files keep every device they describe; on this machine bridges and unnamed functions are noise.
    hwloc_topology_set_io_types_filter(t, input == Input::Local ? HWLOC_TYPE_FILTER_KEEP_IMPORTANT
                                                                : HWLOC_TYPE_FILTER_KEEP_ALL);
    hwloc_topology_set_icache_types_filter(t, HWLOC_TYPE_FILTER_KEEP_ALL);
    // hwloc drops memory-side caches unless asked; the graph shows them on the nodes they serve.
    hwloc_topology_set_type_filter(t, HWLOC_OBJ_MEMCACHE, HWLOC_TYPE_FILTER_KEEP_ALL);
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
        applyNodeSysfsStats(builder, QStringLiteral("/sys"));
        source.capturedAt = QDateTime::currentDateTimeUtc();
        builder.setTakenAt(source.capturedAt);
    }
    builder.setLabel(!source.hostname.isEmpty() ? source.hostname
                     : input == Input::Xml      ? QFileInfo(what).fileName()
                                                : label);
    capture->snapshots.push_back(builder.finish());
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
