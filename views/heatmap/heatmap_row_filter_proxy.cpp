// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/heatmap/heatmap_row_filter_proxy.h"

#include "report/cpu_share.h"
#include "views/heatmap/heatmap_row_model.h"

#include <algorithm>
#include <cmath>

namespace numasight {

HeatmapRowFilterProxy::HeatmapRowFilterProxy(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setRecursiveFilteringEnabled(true); // a process stays while one of its threads matches
    setDynamicSortFilter(true);
    setSortRole(HeatmapRowModel::RankRole);
}

const HeatmapRowModel* HeatmapRowFilterProxy::rows() const
{
    return qobject_cast<const HeatmapRowModel*>(sourceModel());
}

void HeatmapRowFilterProxy::setFilterText(const QString& text)
{
    const QString t = text.trimmed().toLower();
    if (t == m_text)
        return;
    m_text = t;
    invalidateFilter();
}

void HeatmapRowFilterProxy::setMinCpuShare(double share)
{
    const double s = std::clamp(share, 0.0, 1.0);
    if (std::abs(s - m_minShare) < 1e-12)
        return;
    m_minShare = s;
    invalidateFilter();
}

void HeatmapRowFilterProxy::resort()
{
    invalidate();
    sort(0, Qt::AscendingOrder);
}

bool HeatmapRowFilterProxy::accepts(int row) const
{
    const HeatmapRowModel* m = rows();
    if (row == m->summedRow())
        return true; // it sums what the filter let through
    if (m_minShare > 0 && m->cpuShare(row) < m_minShare)
        return false;
    if (m_text.isEmpty() || m->matches(row, m_text))
        return true;
    // A thread of a matching process stays with it.
    const HeatmapRow& r = m->heatmap()->rows[size_t(row)];
    return r.kind == HeatmapRowKind::Thread && r.parentRow >= 0 && m->matches(r.parentRow, m_text);
}

std::vector<int> HeatmapRowFilterProxy::shownRows(const NodeHeatmap& heatmap,
                                                  std::span<const int> order) const
{
    const double total = totalCpuNs(heatmap);
    const size_t n = heatmap.rows.size();
    std::vector<char> matches(n, m_text.isEmpty() ? 1 : 0);
    if (!m_text.isEmpty())
        for (size_t i = 0; i < n; ++i)
            matches[i] = HeatmapRowModel::searchText(heatmap.rows[i]).contains(m_text);
    // As accepts() and the recursive filtering: a row passes on its own share and its text or its
    // process's; a process stays while one of its threads passes.
    std::vector<char> shown(n, 0);
    for (size_t i = 0; i < n; ++i) {
        const HeatmapRow& r = heatmap.rows[i];
        if (m_minShare > 0 && cpuTimeShare(r.cpuNs, total) < m_minShare)
            continue;
        const bool parentMatches = r.kind == HeatmapRowKind::Thread && r.parentRow >= 0 &&
                                   size_t(r.parentRow) < n && matches[size_t(r.parentRow)];
        if (!matches[i] && !parentMatches)
            continue;
        shown[i] = 1;
        if (r.kind == HeatmapRowKind::Thread && r.parentRow >= 0 && size_t(r.parentRow) < n)
            shown[size_t(r.parentRow)] = 1;
    }
    std::vector<int> out;
    out.reserve(order.size());
    for (int i : order)
        if (i >= 0 && size_t(i) < n && shown[size_t(i)])
            out.push_back(i);
    return out;
}

bool HeatmapRowFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    const HeatmapRowModel* m = rows();
    if (!m || !m->heatmap())
        return false;
    return accepts(m->heatmapRow(m->index(sourceRow, 0, sourceParent)));
}

bool HeatmapRowFilterProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    // Straight from the model: 10 000 rows sort without a QVariant per comparison.
    const HeatmapRowModel* m = rows();
    return m->rank(m->heatmapRow(left)) < m->rank(m->heatmapRow(right));
}

} // namespace numasight
