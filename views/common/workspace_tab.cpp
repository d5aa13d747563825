// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/common/workspace_tab.h"

#include <QScopedValueRollback>

#include <algorithm>

namespace numasight {

bool ShownPosition::isValid() const
{
    return capture && snapshotIndex >= 0 && snapshotIndex < int(capture->snapshots.size());
}

SnapshotPtr ShownPosition::snapshot() const
{
    return isValid() ? capture->snapshots[size_t(snapshotIndex)] : nullptr;
}

std::vector<SamplePtr> ShownPosition::positionSamples() const
{
    if (!isValid() || position < 0 || position >= int(capture->samples.size()))
        return {};
    const SamplePtr& sample = capture->samples[size_t(position)];
    if (std::clamp(sample->snapshotIndex, 0, int(capture->snapshots.size()) - 1) != snapshotIndex)
        return {};
    return {sample};
}

WorkspaceTab::WorkspaceTab(Page page)
    : m_page(std::move(page))
{
}

void WorkspaceTab::show(const ShownPosition& shown)
{
    if (!shown.isValid()) {
        m_page.clear();
        return;
    }
    m_page.show(shown, std::exchange(m_fresh, false));
}

void WorkspaceTab::select(const Snapshot& snapshot, EntityId id)
{
    if (!m_picking)
        m_page.select(snapshot, id);
}

void WorkspaceTab::pick(const std::function<void()>& selectElsewhere)
{
    const QScopedValueRollback picking(m_picking, true);
    selectElsewhere();
}

} // namespace numasight
