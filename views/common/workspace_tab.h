// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/snapshot.h"

#include <functional>
#include <vector>

class QWidget;

namespace numasight {

// What the workspace shows: a capture, the snapshot in force, and the timeline's position (an index into the
// samples of a recording, else into the snapshots).
struct ShownPosition
{
    CapturePtr capture;
    int snapshotIndex = -1;
    int position = -1;

    bool isValid() const;
    SnapshotPtr snapshot() const; // null unless isValid()
    // The timeline's sample when it was taken while the snapshot shown was in force (what the graph sums).
    std::vector<SamplePtr> positionSamples() const;
};

// One tab of the workspace as the window feeds it: the page says how it shows a position and how it selects
// an entity; the tab keeps the two flags every page would otherwise repeat. "Fresh": the next position shown
// is of another capture (so the page forgets what it expanded or picked), said once. "Picking": a selection
// that started in this page goes everywhere else but is not echoed back to it.
//
// Pages build their content only while seen (the graph's pending layout, DeferredBuild), so show() is cheap
// for a tab in the background.
class WorkspaceTab
{
public:
    struct Page
    {
        QWidget* widget = nullptr;
        std::function<void(const ShownPosition& shown, bool fresh)> show;
        std::function<void()> clear;
        std::function<void(const Snapshot& snapshot, EntityId id)> select; // `id` is valid, of `snapshot`
    };

    explicit WorkspaceTab(Page page);

    QWidget* widget() const { return m_page.widget; }
    void markFresh() { m_fresh = true; }
    bool isFresh() const { return m_fresh; }
    // Shows `shown`, or clears the page when it shows nothing (the next capture is still fresh then).
    void show(const ShownPosition& shown);
    // Selects `id` unless the selection came from this page.
    void select(const Snapshot& snapshot, EntityId id);
    // Runs `selectElsewhere` as a pick made in this page: select() leaves the page alone meanwhile.
    void pick(const std::function<void()>& selectElsewhere);
    bool isPicking() const { return m_picking; }

private:
    Page m_page;
    bool m_fresh = false;
    bool m_picking = false;
};

} // namespace numasight
