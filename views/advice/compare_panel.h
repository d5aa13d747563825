// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "views/jobs/compare_job.h"

#include <QSet>
#include <QWidget>

class QLabel;
class QLineEdit;
class QProgressBar;
class QTableView;
class QTreeView;

namespace numasight {

class CompareFilterProxy;
class CompareFlowModel;
class CompareModel;

// The "Compare" tab: what changed between the capture shown (A) and another one (B), process by process
// (highest change first) with each process's threads under it, a filter, and the flows. diffCaptures() runs
// on a worker (both captures go through the advisor); a result for a comparison no longer asked for is
// dropped. Rows whose change reaches kDiffThreshold are emphasised, and changedPids()/changedTids() are what
// the window highlights in the graph and the heatmaps. Picking a row says which process or thread of A it is.
class ComparePanel : public QWidget
{
    Q_OBJECT
public:
    explicit ComparePanel(QWidget* parent = nullptr);

    void compare(CapturePtr a, CapturePtr b, const QString& labelA, const QString& labelB);
    void clear();
    bool isRunning() const { return m_job->isRunning(); }
    CaptureDiffPtr diff() const { return m_diff; }
    CapturePtr captureA() const { return m_a; }
    CapturePtr captureB() const { return m_b; }
    QString labelB() const { return m_labelB; }

    // Pids and tids (of either side) of the rows whose change reaches kDiffThreshold.
    static QSet<std::int64_t> changedPids(const CaptureDiffPtr& diff);
    static QSet<std::int64_t> changedTids(const CaptureDiffPtr& diff);

    CompareModel* model() const { return m_model; }
    CompareFilterProxy* proxy() const { return m_proxy; }
    QTreeView* table() const { return m_table; }
    QLineEdit* filterEdit() const { return m_filter; }
    // Puts the window's A | B | Δ strip at the top of the tab.
    void addComparisonBar(QWidget* bar);
    CompareFlowModel* flowModel() const { return m_flowModel; }
    QTableView* flowTable() const { return m_flows; }
    QLabel* headerLabel() const { return m_header; }

signals:
    void diffShown(numasight::CaptureDiffPtr diff);
    void diffFailed(const QString& message);
    void processSelected(qint64 pid, qint64 tid); // of capture A

private:
    void onDiff(CaptureDiffPtr diff);
    void onFailed(const QString& message);
    void onCurrentRowChanged();

    CompareJob* m_job; // destroyed first of the children: it waits for the worker
    QLabel* m_header;
    QLabel* m_notes;
    QProgressBar* m_busy;
    CompareModel* m_model;
    CompareFilterProxy* m_proxy;
    QLineEdit* m_filter;
    QTreeView* m_table;
    CompareFlowModel* m_flowModel;
    QTableView* m_flows;
    QLabel* m_flowsTitle;

    CapturePtr m_a, m_b;
    QString m_labelA, m_labelB;
    CaptureDiffPtr m_diff;
};

} // namespace numasight
