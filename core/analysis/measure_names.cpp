// SPDX-License-Identifier: GPL-3.0-or-later
#include "measure_names.h"

#include "heatmap_data.h"

#include <QCoreApplication>

namespace numasight {

namespace {

constexpr Measure kAll[] = {Measure::CpuTime,        Measure::AllPages,         Measure::AnonPages,
                            Measure::DirtyAnonPages, Measure::AnonElseAllPages, Measure::Bytes};

const char* source(Measure m)
{
    switch (m) {
    case Measure::CpuTime:
        return QT_TRANSLATE_NOOP("numasight::Measure", "on-CPU time");
    case Measure::AllPages:
        return QT_TRANSLATE_NOOP("numasight::Measure", "all pages (numa_maps)");
    case Measure::AnonPages:
        return QT_TRANSLATE_NOOP("numasight::Measure", "anon pages (numa_maps)");
    case Measure::DirtyAnonPages:
        return QT_TRANSLATE_NOOP("numasight::Measure", "dirty anon pages (witty)");
    case Measure::AnonElseAllPages:
        return QT_TRANSLATE_NOOP("numasight::Measure", "anon pages, else all (numa_maps)");
    case Measure::Bytes:
        return QT_TRANSLATE_NOOP("numasight::Measure", "bytes (numa_maps)");
    }
    return "";
}

const char* remoteSource(Measure m)
{
    switch (m) {
    case Measure::CpuTime:
        return QT_TRANSLATE_NOOP("numasight::Measure", "remote share of on-CPU time");
    case Measure::AllPages:
        return QT_TRANSLATE_NOOP("numasight::Measure", "remote share of all pages (numa_maps)");
    case Measure::AnonPages:
        return QT_TRANSLATE_NOOP("numasight::Measure", "remote share of anon pages (numa_maps)");
    case Measure::DirtyAnonPages:
        return QT_TRANSLATE_NOOP("numasight::Measure", "remote share of dirty anon pages (witty)");
    case Measure::AnonElseAllPages:
        return QT_TRANSLATE_NOOP("numasight::Measure", "remote share of anon pages, else all (numa_maps)");
    case Measure::Bytes:
        return QT_TRANSLATE_NOOP("numasight::Measure", "remote share of bytes (numa_maps)");
    }
    return "";
}

} // namespace

QString measureName(Measure measure)
{
    return QCoreApplication::translate("numasight::Measure", source(measure));
}

QString remoteShareName(Measure measure)
{
    return QCoreApplication::translate("numasight::Measure", remoteSource(measure));
}

QString measureKey(Measure measure)
{
    return QString::fromLatin1(source(measure));
}

QString remoteShareKey(Measure measure)
{
    return QString::fromLatin1(remoteSource(measure));
}

QStringList measureKeys()
{
    QStringList keys;
    for (Measure m : kAll)
        keys << measureKey(m) << remoteShareKey(m);
    return keys;
}

Measure measureOf(MemoryMeasure measure)
{
    switch (measure) {
    case MemoryMeasure::TotalPages:
        return Measure::AllPages;
    case MemoryMeasure::AnonPages:
        return Measure::AnonPages;
    case MemoryMeasure::DirtyAnonPages:
        return Measure::DirtyAnonPages;
    case MemoryMeasure::Bytes:
        return Measure::Bytes;
    }
    return Measure::AllPages;
}

Measure memoryReferenceMeasure(bool fromWitty)
{
    return fromWitty ? Measure::DirtyAnonPages : Measure::AnonElseAllPages;
}

} // namespace numasight
