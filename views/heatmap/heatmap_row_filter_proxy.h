// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/heatmap_data.h"

#include <QSortFilterProxyModel>
#include <QString>

#include <span>
#include <vector>

namespace numasight {

class HeatmapRowModel;

// Filters the rows by text (a substring of the name, pid or tid, case-insensitive; a process that matches
// keeps all its threads, a thread that matches keeps its process) and by a minimum share of the CPU time,
// and orders them by HeatmapRowModel's rank.
class HeatmapRowFilterProxy : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit HeatmapRowFilterProxy(QObject* parent = nullptr);

    void setFilterText(const QString& text);
    QString filterText() const { return m_text; }
    void setMinCpuShare(double share);
    double minCpuShare() const { return m_minShare; }
    // Sorts again by the source's ranks (after HeatmapRowModel::setSort).
    void resort();
    // The rows of `order` (rows of `heatmap`, not necessarily the source's) this filter would show, in that
    // order: a cut to the top rows applies after the filter.
    std::vector<int> shownRows(const NodeHeatmap& heatmap, std::span<const int> order) const;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    bool accepts(int heatmapRow) const;
    const HeatmapRowModel* rows() const;

    QString m_text; // lower case, trimmed
    double m_minShare = 0;
};

} // namespace numasight
