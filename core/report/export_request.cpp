// SPDX-License-Identifier: GPL-3.0-or-later
#include "export_request.h"

#include <QCoreApplication>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::ExportCommandLine)
};
} // namespace

namespace {

constexpr ExportView kHeatmapViews[] = {ExportView::CpuHeatmap, ExportView::MemHeatmap, ExportView::Distance,
                                        ExportView::Latency, ExportView::Bandwidth};

} // namespace

QString exportViewName(ExportView view)
{
    switch (view) {
    case ExportView::Graph:
        return {};
    case ExportView::CpuHeatmap:
        return QStringLiteral("cpu-heatmap");
    case ExportView::MemHeatmap:
        return QStringLiteral("mem-heatmap");
    case ExportView::Distance:
        return QStringLiteral("distance");
    case ExportView::Latency:
        return QStringLiteral("latency");
    case ExportView::Bandwidth:
        return QStringLiteral("bandwidth");
    }
    return {};
}

std::optional<ExportView> heatmapViewFromName(QStringView name)
{
    for (ExportView v : kHeatmapViews)
        if (name.compare(exportViewName(v), Qt::CaseInsensitive) == 0)
            return v;
    return std::nullopt;
}

bool isMatrixView(ExportView view)
{
    return view == ExportView::Distance || view == ExportView::Latency || view == ExportView::Bandwidth;
}

std::optional<EntityKind> kindFromCliName(QStringView name)
{
    const QString n = name.trimmed().toString().toLower();
    if (n.isEmpty())
        return std::nullopt;
    if (n == u"cpu" || n == u"cpus")
        return EntityKind::Pu;
    if (n == u"gpu" || n == u"gpus" || n == u"npu" || n == u"npus")
        return EntityKind::Accelerator;
    if (n == u"pci" || n == u"pci-device" || n == u"pci-devices")
        return EntityKind::PciDevice;
    if (n == u"numa" || n == u"node" || n == u"nodes")
        return EntityKind::NumaNode;
    for (int k = 0; k < kEntityKindCount; ++k) {
        const QString kind = entityKindName(EntityKind(k)).toLower();
        if (n == kind || n == kind + QLatin1Char('s') || n == kind + QLatin1String("es"))
            return EntityKind(k);
    }
    return std::nullopt;
}

QString cliKindNames()
{
    QStringList names;
    for (int k = 0; k < kEntityKindCount; ++k)
        if (EntityKind(k) != EntityKind::Unknown && EntityKind(k) != EntityKind::Host)
            names << entityKindName(EntityKind(k)).toLower();
    return names.join(QStringLiteral(", ")) + Tr::tr(" (or cpu, gpu, npu, pci)");
}

std::optional<QSizeF> pageSizeFromName(QStringView name)
{
    struct Paper
    {
        QLatin1StringView name;
        QSizeF portrait;
    };
    static const Paper kPapers[] = {{QLatin1StringView("a4"), QSizeF(595, 842)},
                                    {QLatin1StringView("a3"), QSizeF(842, 1191)},
                                    {QLatin1StringView("letter"), QSizeF(612, 792)}};
    for (const Paper& p : kPapers) {
        if (name == p.name || name == QString(p.name) + QStringLiteral("-landscape"))
            return p.portrait.transposed();
        if (name == QString(p.name) + QStringLiteral("-portrait"))
            return p.portrait;
    }
    return std::nullopt;
}

QString pageNames()
{
    return Tr::tr("a4, a3 or letter, each with -landscape (the default) or -portrait");
}

int ExportRequest::rowLimit() const
{
    if (rowsSet)
        return rows;
    return format == u"csv" ? kAllRows : kPictureRows;
}

} // namespace numasight
