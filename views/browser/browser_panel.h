// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/snapshot.h"

#include <QWidget>

class QComboBox;
class QLineEdit;
class QTreeView;

namespace numasight {

class EntityFilterProxy;
class EntityTreeModel;

// The "Entities" tab: the entity tree of the snapshot shown, a filter box (name, pid, tid, PCI id, cpu:N) and
// a kind filter listing the kinds the snapshot has. Its current entity is the window's selection: every pick
// elsewhere (graph, heatmaps, advice, threads, details) lands here, and currentEntityChanged() tells the
// others. The pick survives a change of snapshot when the same entity (by identity) is in the new one.
class BrowserPanel : public QWidget
{
    Q_OBJECT
public:
    explicit BrowserPanel(QWidget* parent = nullptr);

    // Shows `snapshot` (nothing for null) with its sections open; the entity selected before is selected
    // again when the snapshot has it. The same snapshot again changes nothing.
    void setSnapshot(SnapshotPtr snapshot);
    const Snapshot* snapshot() const;

    // Makes `id` current and scrolls to it; the filters are cleared when they hide it. False when the
    // snapshot shown has no such entity.
    bool selectEntity(EntityId id);
    // The thread `tid` of process `pid` (of namespace "local"), or the process when `tid` < 0 or it has no
    // such thread.
    void selectProcess(qint64 pid, qint64 tid = -1);
    EntityId currentEntity() const;
    // Opens every row the filter keeps (after a load: the matches are what was asked for).
    void expandMatches();

    QByteArray saveState() const; // the header's columns
    void restoreState(const QByteArray& state);

    EntityTreeModel* model() const { return m_model; }
    EntityFilterProxy* proxy() const { return m_proxy; }
    QTreeView* view() const { return m_view; }
    QLineEdit* filterEdit() const { return m_filter; }
    QComboBox* kindFilter() const { return m_kind; }

signals:
    // The current row changed, by a click or by the program; invalid for a group row or nothing.
    void currentEntityChanged(numasight::EntityId id);

private:
    void onFilterTextChanged(const QString& text);
    void onKindChanged(int index);
    void updateKindFilter();
    void fitIdColumn();
    void refiltered(EntityId current);

    EntityTreeModel* m_model;
    EntityFilterProxy* m_proxy;
    QLineEdit* m_filter;
    QComboBox* m_kind;
    QTreeView* m_view;
    int m_padding = 0; // around a column's text
};

} // namespace numasight
