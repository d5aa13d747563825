// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/snapshot.h"

#include <QWidget>

#include <memory>

class QJsonValue;
class QSplitter;
class QTreeWidget;
class QTreeWidgetItem;

namespace numasight {

// Everything known about one entity: its typed fields, then every attribute the source had (the JSON
// object, nested values expandable), then its edges in and out. Double-clicking an edge's row asks to
// show the entity at its other end; Ctrl+C or the context menu copies the selected value.
class DetailsPane : public QWidget
{
    Q_OBJECT
public:
    explicit DetailsPane(QWidget* parent = nullptr);

    void setSnapshot(SnapshotPtr snapshot);
    void setEntity(EntityId id);
    EntityId entity() const { return m_entity; }

    QTreeWidget* fieldsTree() const { return m_fields; }
    QTreeWidget* edgesTree() const { return m_edges; }
    QByteArray saveSplitterState() const;
    void restoreSplitterState(const QByteArray& state);

signals:
    void entityActivated(numasight::EntityId id);

private:
    void rebuild();
    void addEdges(QTreeWidgetItem* section, bool outgoing);
    static void addJson(QTreeWidgetItem* parent, const QString& key, const QJsonValue& value);
    static void installCopyActions(QTreeWidget* tree);

    SnapshotPtr m_snapshot;
    EntityId m_entity;
    QSplitter* m_splitter;
    QTreeWidget* m_fields;
    QTreeWidget* m_edges;
};

} // namespace numasight
