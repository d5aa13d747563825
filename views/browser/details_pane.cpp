// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/browser/details_pane.h"

#include "util/format.h"
#include "util/json_text.h"
#include "views/browser/entity_tree_model.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCoreApplication>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <cmath>

namespace numasight {

namespace {

constexpr int kEntityRole = Qt::UserRole + 1;

QString jsonScalar(const QJsonValue& v)
{
    switch (v.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double: {
        const double d = v.toDouble();
        // Integers (pids, byte counts) print without exponent; 2^53 bounds what a double holds exactly.
        if (d == double(qint64(d)) && std::abs(d) < 9007199254740992.0)
            return QString::number(qint64(d));
        return QString::number(d, 'g', 15);
    }
    case QJsonValue::String:
        return v.toString();
    case QJsonValue::Array:
        return QObject::tr("[%n item(s)]", nullptr, int(v.toArray().size()));
    case QJsonValue::Object:
        return QObject::tr("{%n key(s)}", nullptr, int(v.toObject().size()));
    case QJsonValue::Undefined:
        break;
    }
    return {};
}

QString bytes(std::uint64_t n)
{
    return QCoreApplication::translate("numasight::DetailsPane", "%1 (%2 bytes)")
        .arg(formatBytes(double(n)))
        .arg(n);
}

QTreeWidgetItem* row(QTreeWidgetItem* parent, const QString& field, const QString& value)
{
    auto* item = new QTreeWidgetItem(parent, {field, value});
    item->setToolTip(1, value);
    return item;
}

} // namespace

DetailsPane::DetailsPane(QWidget* parent)
    : QWidget(parent)
    , m_splitter(new QSplitter(Qt::Vertical, this))
    , m_fields(new QTreeWidget(m_splitter))
    , m_edges(new QTreeWidget(m_splitter))
{
    setObjectName(QStringLiteral("detailsPane"));
    m_splitter->setObjectName(QStringLiteral("detailsSplitter"));
    m_fields->setObjectName(QStringLiteral("detailsFields"));
    m_edges->setObjectName(QStringLiteral("detailsEdges"));
    m_fields->setHeaderLabels({tr("Field"), tr("Value")});
    m_edges->setHeaderLabels({tr("Edge"), tr("Other end"), tr("Payload")});
    for (QTreeWidget* t : {m_fields, m_edges}) {
        t->setUniformRowHeights(true);
        t->setAlternatingRowColors(true);
        t->header()->setStretchLastSection(true);
        // Field and edge names are short: as wide as the longest, the values get the rest of a narrow dock.
        t->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
        installCopyActions(t);
    }
    m_edges->setColumnWidth(1, 180);
    m_edges->setToolTip(tr("Double-click an edge to show the entity at its other end"));
    connect(m_edges, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
        const QVariant v = item->data(0, kEntityRole);
        if (v.isValid())
            emit entityActivated(EntityId(v.toInt()));
    });
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);
    rebuild();
}

void DetailsPane::installCopyActions(QTreeWidget* tree)
{
    tree->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto* copyValue = new QAction(tr("Copy Value"), tree);
    copyValue->setShortcut(QKeySequence::Copy);
    copyValue->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(copyValue, &QAction::triggered, tree, [tree] {
        if (QTreeWidgetItem* item = tree->currentItem()) {
            // The value column, or the chosen column when the row has no value (edge rows, sections).
            const int column = item->text(1).isEmpty() ? std::max(0, tree->currentColumn()) : 1;
            QApplication::clipboard()->setText(item->text(column));
        }
    });
    auto* copyRow = new QAction(tr("Copy Row"), tree);
    connect(copyRow, &QAction::triggered, tree, [tree] {
        if (QTreeWidgetItem* item = tree->currentItem()) {
            QStringList parts;
            for (int c = 0; c < tree->columnCount(); ++c)
                parts << item->text(c);
            QApplication::clipboard()->setText(parts.join(QLatin1Char('\t')));
        }
    });
    tree->addAction(copyValue);
    tree->addAction(copyRow);
}

QByteArray DetailsPane::saveSplitterState() const
{
    return m_splitter->saveState();
}
void DetailsPane::restoreSplitterState(const QByteArray& state)
{
    m_splitter->restoreState(state);
}

void DetailsPane::setSnapshot(SnapshotPtr snapshot)
{
    m_snapshot = std::move(snapshot);
    m_entity = {};
    rebuild();
}

void DetailsPane::setEntity(EntityId id)
{
    m_entity = id;
    rebuild();
}

void DetailsPane::addJson(QTreeWidgetItem* parent, const QString& key, const QJsonValue& value)
{
    QTreeWidgetItem* item = row(parent, key, jsonScalar(value));
    if (value.isObject()) {
        const QJsonObject o = value.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            addJson(item, it.key(), it.value());
    } else if (value.isArray()) {
        const QJsonArray a = value.toArray();
        for (qsizetype i = 0; i < a.size(); ++i)
            addJson(item, QStringLiteral("[%1]").arg(i), a.at(i));
    }
}

void DetailsPane::rebuild()
{
    m_fields->clear();
    m_edges->clear();
    if (!m_snapshot || !m_entity.isValid() || size_t(m_entity.value) >= m_snapshot->entities().size()) {
        auto* hint = new QTreeWidgetItem(m_fields, {tr("Select an entity in the browser")});
        hint->setFlags(Qt::ItemIsEnabled);
        hint->setFirstColumnSpanned(true); // a sentence, not a field name: the whole width
        hint->setToolTip(0, hint->text(0));
        return;
    }
    const Snapshot& s = *m_snapshot;
    const Entity& e = s.entity(m_entity);

    auto* fields = new QTreeWidgetItem(m_fields, {tr("Fields"), EntityTreeModel::entityLabel(e)});
    row(fields, QStringLiteral("type"), e.typeName);
    row(fields, QStringLiteral("kind"), entityKindName(e.kind));
    row(fields, QStringLiteral("namespace"), e.ns);
    row(fields, QStringLiteral("key"), e.key);
    if (!e.name.isEmpty())
        row(fields, QStringLiteral("name"), e.name);
    if (e.parent.isValid())
        row(fields, QStringLiteral("parent"), EntityTreeModel::entityLabel(s.entity(e.parent)));
    if (e.osIndex >= 0)
        row(fields, QStringLiteral("os index"), QString::number(e.osIndex));
    if (e.logicalIndex >= 0)
        row(fields, QStringLiteral("logical index"), QString::number(e.logicalIndex));
    if (!e.cpus.isEmpty())
        row(fields, QStringLiteral("cpus"),
            e.cpus.toRangeString() + tr("  (%n CPU(s))", nullptr, e.cpus.count()));
    if (!e.nodes.isEmpty())
        row(fields, QStringLiteral("nodes"), e.nodes.toRangeString());
    if (e.detail->memoryBytes)
        row(fields, QStringLiteral("memory"), bytes(e.detail->memoryBytes));
    if (e.detail->memoryFreeBytes)
        row(fields, QStringLiteral("memory free"), bytes(e.detail->memoryFreeBytes));
    if (!e.detail->memoryTier.isEmpty())
        row(fields, QStringLiteral("memory tier"), e.detail->memoryTier);
    if (!e.detail->numastat.isEmpty()) {
        QTreeWidgetItem* stat = row(fields, QStringLiteral("numastat"), QString());
        for (auto it = e.detail->numastat.begin(); it != e.detail->numastat.end(); ++it)
            row(stat, it.key(), QString::number(it.value()));
    }
    if (e.pid >= 0)
        row(fields, QStringLiteral("pid"), QString::number(e.pid));
    if (e.ppid >= 0) {
        const EntityId parent = s.processByPid(e.ppid, e.ns.view());
        row(fields, QStringLiteral("ppid"),
            QString::number(e.ppid) + (parent.isValid() ? QStringLiteral(" (%1)").arg(
                                                              EntityTreeModel::entityLabel(s.entity(parent)))
                                                        : QString()));
    }
    if (e.tid >= 0)
        row(fields, QStringLiteral("tid"), QString::number(e.tid));
    if (!e.detail->cmdline.isEmpty())
        row(fields, QStringLiteral("cmdline"), e.detail->cmdline);
    if (e.kind == EntityKind::Process) {
        if (const EntityId c = s.containerOf(m_entity); c.isValid())
            row(fields, QStringLiteral("container"), EntityTreeModel::entityLabel(s.entity(c)));
        row(fields, QStringLiteral("threads"), QString::number(s.threadsOf(m_entity).size()));
    }
    if (e.deviceClass != DeviceClass::None)
        row(fields, QStringLiteral("device class"), deviceClassName(e.deviceClass));
    if (!e.detail->pciBusId.isEmpty())
        row(fields, QStringLiteral("pci bus id"), e.detail->pciBusId);
    if (!e.detail->vendor.isEmpty())
        row(fields, QStringLiteral("vendor"), e.detail->vendor);
    if (e.numaNode.isValid())
        row(fields, QStringLiteral("numa node"), QString::number(e.numaNode.value));
    if (!e.detail->containerId.isEmpty())
        row(fields, QStringLiteral("container id"), e.detail->containerId);
    if (!e.detail->containerType.isEmpty())
        row(fields, QStringLiteral("container type"), e.detail->containerType);
    if (const QString address = e.address(); !address.isEmpty())
        row(fields, QStringLiteral("address"), address);
    if (e.port >= 0)
        row(fields, QStringLiteral("port"), QString::number(e.port));
    if (const QString protocol = e.protocol(); !protocol.isEmpty())
        row(fields, QStringLiteral("protocol"), protocol);
    if (e.cacheLevel > 0)
        row(fields, QStringLiteral("cache level"), QString::number(e.cacheLevel));
    if (e.detail->cacheBytes)
        row(fields, QStringLiteral("cache size"), bytes(e.detail->cacheBytes));
    fields->setExpanded(true);

    const QJsonObject attributes = parseJsonObject(e.attributes.text());
    auto* attrs = new QTreeWidgetItem(m_fields, {tr("Attributes"), jsonScalar(QJsonValue(attributes))});
    for (auto it = attributes.begin(); it != attributes.end(); ++it)
        addJson(attrs, it.key(), it.value());
    attrs->setExpanded(true);
    if (attributes.isEmpty() && !e.attributes.isEmpty() && e.attributes != "{}")
        row(attrs, tr("(raw)"), QString::fromUtf8(e.attributes.text()));

    addEdges(new QTreeWidgetItem(m_edges), true);
    addEdges(new QTreeWidgetItem(m_edges), false);
}

void DetailsPane::addEdges(QTreeWidgetItem* section, bool outgoing)
{
    const Snapshot& s = *m_snapshot;
    const auto ids = outgoing ? s.outEdges(m_entity) : s.inEdges(m_entity);
    section->setText(0, outgoing ? tr("Out (%1)").arg(ids.size()) : tr("In (%1)").arg(ids.size()));
    for (EdgeId id : ids) {
        const Edge& edge = s.edge(id);
        const EntityId other = outgoing ? edge.target : edge.source;
        QString payload = QString::fromUtf8(edge.payload.text());
        if (payload == u"{}")
            payload.clear();
        const QString summary = payload.size() > 160 ? payload.left(157) + QStringLiteral("…") : payload;
        const QString arrow = !edge.directed ? QStringLiteral("— ")
                              : outgoing     ? QStringLiteral("→ ")
                                             : QStringLiteral("← ");
        const QString type = edge.typeName.isEmpty() ? edgeKindName(edge.kind) : edge.typeName.str();
        auto* item = new QTreeWidgetItem(
            section,
            {arrow + type, other.isValid() ? EntityTreeModel::entityLabel(s.entity(other)) : tr("(missing)"),
             summary});
        item->setToolTip(2, payload);
        if (other.isValid()) {
            item->setData(0, kEntityRole, other.value);
            item->setToolTip(1, s.entity(other).typeName + QStringLiteral(" · ") + s.entity(other).key);
        }
        if (edge.weight)
            row(item, QStringLiteral("weight"), QString::number(*edge.weight, 'g', 15));
        row(item, QStringLiteral("directed"),
            edge.directed ? QStringLiteral("true") : QStringLiteral("false"));
        const QJsonObject p = parseJsonObject(edge.payload.text());
        for (auto it = p.begin(); it != p.end(); ++it)
            addJson(item, it.key(), it.value());
    }
    section->setExpanded(true);
}

} // namespace numasight
