// SPDX-License-Identifier: GPL-3.0-or-later
#include "mismatch_csv.h"

#include "report/heatmap_csv.h"

namespace numasight {

QByteArray mismatchProcessesCsv(const MismatchView& v)
{
    QStringList header{QStringLiteral("pid"),
                       QStringLiteral("name"),
                       QStringLiteral("cpu_node"),
                       QStringLiteral("memory_node"),
                       QStringLiteral("accelerator_nodes"),
                       QStringLiteral("local_share")};
    for (const HeatmapColumn& c : v.columns)
        header << QStringLiteral("cpu:") + c.label;
    for (const HeatmapColumn& c : v.columns)
        header << QStringLiteral("memory:") + c.label;
    QByteArray out = csvRecord(header);
    const size_t cols = v.columns.size();
    const auto label = [&v](int c) {
        return c >= 0 && size_t(c) < v.columns.size() ? v.columns[size_t(c)].label : QString();
    };
    for (size_t i = 0; i < v.rows.size(); ++i) {
        const MismatchRow& r = v.rows[i];
        QStringList accelerators;
        for (int c : r.acceleratorColumns)
            accelerators << label(c);
        QStringList fields{QString::number(r.pid),
                           r.name,
                           label(r.cpuColumn),
                           label(r.memoryColumn),
                           accelerators.join(QLatin1Char(' ')),
                           csvNumber(r.localShare)};
        for (size_t c = 0; c < cols; ++c)
            fields << csvNumber(v.cpuShares[i * cols + c]);
        for (size_t c = 0; c < cols; ++c)
            fields << csvNumber(v.memoryShares[i * cols + c]);
        out += csvRecord(fields);
    }
    return out;
}

QByteArray mismatchAccessMatrixCsv(const MismatchView& v)
{
    QStringList header{QStringLiteral("cpu\\memory")};
    for (const HeatmapColumn& c : v.columns)
        header << c.label;
    QByteArray out = csvRecord(header);
    const size_t n = v.columns.size();
    for (size_t r = 0; r < n; ++r) {
        QStringList fields{v.columns[r].label};
        for (size_t c = 0; c < n; ++c)
            fields << csvNumber(r * n + c < v.accessMatrix.size() ? v.accessMatrix[r * n + c] : kUnknown);
        out += csvRecord(fields);
    }
    return out;
}

} // namespace numasight
