// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "util/result.h"

#include <QString>
#include <QStringView>

#include <array>
#include <functional>
#include <optional>

class QIODevice;

namespace numasight {

// What the exporters (graph, heatmap) share: their formats are enums numbered from 0 in the order of their
// names ("svg", "pdf", …), and every file is written the same way.
template <class Format, std::size_t N>
QString exportFormatName(Format format, const std::array<QStringView, N>& names)
{
    return std::size_t(format) < N ? names[std::size_t(format)].toString() : QString();
}

// The format named `name` (case-insensitive); nullopt for any other name.
template <class Format, std::size_t N>
std::optional<Format> exportFormatFromName(QStringView name, const std::array<QStringView, N>& names)
{
    for (std::size_t i = 0; i < N; ++i)
        if (name.compare(names[i], Qt::CaseInsensitive) == 0)
            return Format(i);
    return std::nullopt;
}

// The resolutions a raster export takes (Export Graph, Export Plot, numasight-export).
inline constexpr int kMinExportDpi = 18;
inline constexpr int kMaxExportDpi = 1200;

// An export's failure: the file and what to do.
LoadError exportError(const QString& path, const QString& message);

// An XML document with every control character XML forbids replaced by U+FFFD.
QByteArray xmlSafe(QByteArray xml);

// Writes `path` through a temporary beside it, renamed at the end, so a failed export never leaves half a
// file (report/output_file.h; "-" is standard output). `write` fills the device and returns why it could not,
// or an empty string. An SVG (any XML) is made valid with xmlSafe(). Returns the bytes written,
// or an error naming the file and what to do.
Result<qint64> writeExportFile(const QString& path, const std::function<QString(QIODevice&)>& write);

} // namespace numasight
