// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/snapshot.h"

#include <QWidget>

#include <functional>

class QLabel;
class QLineEdit;
class QToolButton;
class QSplitter;
class QTableView;

namespace numasight {

class ProcessMemoryModel;
class SampleFilterProxy;
class ThreadTableModel;

// The "Threads" dock: for the sample the timeline selects, every thread's CPU time and where it ran
// (table one) and every process's pages per node (table two), both sortable and filtered by one box.
// Picking a row asks the window to select that thread or process in the entity browser. The picked row
// stays picked (by tid or pid) as new samples replace the tables, and while the pointer is over a table
// or it has the focus, new samples keep its rows where they are: it sorts again when a header is clicked,
// Re-sort is pressed or the pointer leaves it. A capture without samples shows its snapshot's threads.
class ThreadsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ThreadsPanel(QWidget* parent = nullptr);

    void setSample(SamplePtr sample, SnapshotPtr snapshot, const QString& caption);
    // The threads of a snapshot without samples, with the CPU time its source counted (witty's).
    void setSnapshot(SnapshotPtr snapshot);
    void clear();
    void resort(); // both tables, by their sorted column

    ThreadTableModel* threadModel() const { return m_threads; }
    SampleFilterProxy* threadProxy() const { return m_threadProxy; }
    ProcessMemoryModel* memoryModel() const { return m_memory; }
    SampleFilterProxy* memoryProxy() const { return m_memoryProxy; }
    QTableView* threadView() const { return m_threadView; }
    QTableView* memoryView() const { return m_memoryView; }
    QLineEdit* filterEdit() const { return m_filter; }
    QLabel* captionLabel() const { return m_caption; }
    QToolButton* resortButton() const { return m_resort; }
    QByteArray saveState() const;
    void restoreState(const QByteArray& state);

signals:
    void threadActivated(qint64 pid, qint64 tid);
    void processActivated(qint64 pid);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void replaceRows(const std::function<void()>& replace);
    bool isHeld(const QTableView* view) const;
    void reselect();
    void onThreadCurrentChanged();
    void onProcessCurrentChanged();

    ThreadTableModel* m_threads;
    SampleFilterProxy* m_threadProxy;
    ProcessMemoryModel* m_memory;
    SampleFilterProxy* m_memoryProxy;
    QLineEdit* m_filter;
    QLabel* m_caption;
    QToolButton* m_resort;
    QSplitter* m_split;
    QTableView* m_threadView;
    QTableView* m_memoryView;
    const QWidget* m_hovered = nullptr; // the viewport under the pointer
    qint64 m_selectedTid = -1;
    qint64 m_selectedPid = -1;
    bool m_restoring = false; // re-selecting after an update: not the user's pick, so nothing is emitted
};

} // namespace numasight
