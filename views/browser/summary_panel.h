// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/snapshot.h"

#include <QWidget>

class QFormLayout;
class QLabel;
class QSplitter;
class QTableWidget;

namespace numasight {

class ElidedLabel;

// What a capture holds at a glance: where it came from, how many entities and edges of each type, and the
// NUMA nodes with their CPUs, memory, tier and firmware distances (one column per node, tinted by
// distance, so a 24-node matrix stays readable).
class SummaryPanel : public QWidget
{
    Q_OBJECT
public:
    enum NumaColumn
    {
        OsIndexColumn,
        LogicalIndexColumn,
        CpusColumn,
        MemoryColumn,
        FreeColumn,
        TierColumn,
        FirstDistanceColumn
    };

    explicit SummaryPanel(QWidget* parent = nullptr);

    void setCapture(CapturePtr capture, int snapshotIndex);
    QTableWidget* numaTable() const { return m_numa; }
    QTableWidget* entityCountsTable() const { return m_entityCounts; }
    QTableWidget* edgeCountsTable() const { return m_edgeCounts; }
    // The distances of table row `row` joined by spaces: "10 11 24 …".
    QString distanceRowText(int row) const;
    QByteArray saveSplitterState() const;
    void restoreSplitterState(const QByteArray& state);

private:
    void fillSource(const Capture& capture, const Snapshot& snapshot);
    void fillCounts(const Snapshot& snapshot);
    void fillNuma(const Snapshot& snapshot);

    ElidedLabel* m_file;
    ElidedLabel* m_format;
    ElidedLabel* m_host;
    ElidedLabel* m_kernel;
    ElidedLabel* m_time;
    ElidedLabel* m_snapshot;
    QTableWidget* m_entityCounts;
    QTableWidget* m_edgeCounts;
    QTableWidget* m_numa;
    QSplitter* m_split = nullptr;
};

} // namespace numasight
