// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDateTime>
#include <QMap>
#include <QString>

namespace numasight {

enum class SourceFormat
{
    Unknown,
    WittyJson,
    WittyEnvelope,
    WittyJsonLines,
    HwlocXml,
    LocalMachine,
    Capture
};

QString sourceFormatName(
    SourceFormat f); // "witty-json", "witty-envelope", "witty-jsonl", "hwloc-xml", "local", "capture"
SourceFormat sourceFormatFromName(QStringView name);

// Where a capture came from. Witty graphs store no host, kernel or time: those stay empty rather than
// being guessed.
struct SourceInfo
{
    SourceFormat format = SourceFormat::Unknown;
    SourceFormat originalFormat = SourceFormat::Unknown; // for a capture file: what it was made from
    QString path;
    QString hostname;
    QString kernel;
    QDateTime capturedAt;
    QString numasightVersion;     // version that wrote the capture
    QString mode;                 // how it was collected: "import", "hwloc", "procfs", "ebpf"
    QMap<QString, QString> extra; // witty envelope env (local_ip, hostname, machine_id), hwloc infos, …
};

} // namespace numasight
