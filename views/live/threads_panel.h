// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/snapshot.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QSplitter;
class QTableView;

namespace numasight {

class ProcessMemoryModel;
class SampleFilterProxy;
class ThreadTableModel;

// The "Threads" dock: for the sample the timeline selects, every thread's CPU time and where it ran
// (table one) and every process's pages per node (table two), both sortable and filtered by one box.
// Picking a row asks the window to select that thread or process in the entity browser. The picked row
// stays picked (by tid or pid) as new samples replace the tables.
class ThreadsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ThreadsPanel(QWidget* parent = nullptr);

    void setSample(SamplePtr sample, SnapshotPtr snapshot, const QString& caption);
    void clear();

    ThreadTableModel* threadModel() const { return m_threads; }
    SampleFilterProxy* threadProxy() const { return m_threadProxy; }
    ProcessMemoryModel* memoryModel() const { return m_memory; }
    SampleFilterProxy* memoryProxy() const { return m_memoryProxy; }
    QTableView* threadView() const { return m_threadView; }
    QTableView* memoryView() const { return m_memoryView; }
    QLineEdit* filterEdit() const { return m_filter; }
    QLabel* captionLabel() const { return m_caption; }
    QByteArray saveState() const;
    void restoreState(const QByteArray& state);

signals:
    void threadActivated(qint64 pid, qint64 tid);
    void processActivated(qint64 pid);

private:
    void reselect();
    void onThreadCurrentChanged();
    void onProcessCurrentChanged();

    ThreadTableModel* m_threads;
    SampleFilterProxy* m_threadProxy;
    ProcessMemoryModel* m_memory;
    SampleFilterProxy* m_memoryProxy;
    QLineEdit* m_filter;
    QLabel* m_caption;
    QSplitter* m_split;
    QTableView* m_threadView;
    QTableView* m_memoryView;
    qint64 m_selectedTid = -1;
    qint64 m_selectedPid = -1;
    bool m_restoring = false; // re-selecting after an update: not the user's pick, so nothing is emitted
};

} // namespace numasight
