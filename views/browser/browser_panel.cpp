// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/browser/browser_panel.h"

#include "views/browser/entity_filter_proxy.h"
#include "views/browser/entity_tree_model.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QStyle>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace numasight {

BrowserPanel::BrowserPanel(QWidget* parent)
    : QWidget(parent)
    , m_model(new EntityTreeModel(this))
    , m_proxy(new EntityFilterProxy(this))
    , m_filter(new QLineEdit(this))
    , m_kind(new QComboBox(this))
    , m_view(new QTreeView(this))
{
    setObjectName(QStringLiteral("entityBrowser"));
    m_proxy->setSourceModel(m_model);

    m_filter->setObjectName(QStringLiteral("filterEdit"));
    m_filter->setPlaceholderText(tr("Filter by name, pid, tid, PCI id, or cpu:N (Ctrl+F)"));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, this, &BrowserPanel::onFilterTextChanged);
    m_kind->setObjectName(QStringLiteral("kindFilter"));
    m_kind->setToolTip(tr("Show only entities of one kind (with the path to them)"));
    m_kind->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &BrowserPanel::onKindChanged);

    m_view->setObjectName(QStringLiteral("entityView"));
    m_view->setModel(m_proxy);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->header()->setSortIndicator(-1, Qt::AscendingOrder);
    m_view->setSortingEnabled(true);
    m_view->header()->setStretchLastSection(false);
    // The name (the tree, cut with its tooltip) takes what the figures leave; each figure column is as wide
    // as its header or a typical value, whichever is wider, so none is cut at any window size.
    m_view->header()->setSectionResizeMode(EntityTreeModel::NameColumn, QHeaderView::Stretch);
    m_view->header()->setMinimumSectionSize(fontMetrics().horizontalAdvance(QStringLiteral("CPU node")));
    const std::pair<EntityTreeModel::Column, QString> typical[] = {
        {EntityTreeModel::KindColumn, QStringLiteral("Accelerator (NPU)")},
        {EntityTreeModel::IdColumn, QStringLiteral("0000:c1:00.0")},
        {EntityTreeModel::CpusColumn, QStringLiteral("0-47,96-143")},
        {EntityTreeModel::NodeColumn, QStringLiteral("0-7")},
        {EntityTreeModel::MemoryColumn, QStringLiteral("999.9 GiB")},
        {EntityTreeModel::CpuShareColumn, QStringLiteral("100.0 %")},
        {EntityTreeModel::CpuNodeColumn, QStringLiteral("node12")},
    };
    m_padding = 2 * style()->pixelMetric(QStyle::PM_HeaderMargin) + 12;
    for (const auto& [column, sample] : typical) {
        const QString header = m_model->headerData(column, Qt::Horizontal).toString();
        m_view->setColumnWidth(column, std::max(fontMetrics().horizontalAdvance(header),
                                                fontMetrics().horizontalAdvance(sample)) +
                                           m_padding);
    }
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this] { emit currentEntityChanged(currentEntity()); });

    auto* bar = new QHBoxLayout;
    bar->addWidget(m_filter, 1);
    bar->addWidget(m_kind);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_view, 1);
    updateKindFilter();
}

const Snapshot* BrowserPanel::snapshot() const
{
    return m_model->snapshot();
}

void BrowserPanel::setSnapshot(SnapshotPtr snapshot)
{
    const Snapshot* old = m_model->snapshot();
    if (snapshot.get() == old && old)
        return;
    // Keep the selected entity selected across snapshots, by identity.
    QString type, ns, key;
    if (const EntityId selected = currentEntity(); old && selected.isValid()) {
        const Entity& e = old->entity(selected);
        type = e.typeName;
        ns = e.ns;
        key = e.key;
    }
    m_model->setSnapshot(snapshot);
    fitIdColumn();
    updateKindFilter();
    // Sections and their first levels open; deeper levels (cores, threads) stay closed until asked for.
    m_view->expandToDepth(1);
    if (snapshot && !key.isEmpty())
        selectEntity(snapshot->find(type, ns, key));
}

// Ids that are keys outgrow the PCI id the column was sized for (a socket's "127.0.0.1:34726/TCP" showed as
// "127.0.0.1:34…"): the column grows to the longest, up to an IPv4 socket's, and never shrinks under a width
// the user chose. Longer ones (IPv6, a type nobody knows) are cut, with the whole id in the tooltip.
void BrowserPanel::fitIdColumn()
{
    const int most = fontMetrics().horizontalAdvance(QStringLiteral("255.255.255.255:65535/TCP")) + m_padding;
    const int current = m_view->columnWidth(EntityTreeModel::IdColumn);
    if (current >= most)
        return;
    const QString longest = m_model->longestIdText();
    const int wanted = std::min(fontMetrics().horizontalAdvance(longest) + m_padding, most);
    if (wanted > current)
        m_view->setColumnWidth(EntityTreeModel::IdColumn, wanted);
}

EntityId BrowserPanel::currentEntity() const
{
    return m_model->entityAt(m_proxy->mapToSource(m_view->currentIndex()));
}

bool BrowserPanel::selectEntity(EntityId id)
{
    const QModelIndex source = m_model->indexOf(id);
    if (!source.isValid())
        return false;
    QModelIndex proxy = m_proxy->mapFromSource(source);
    if (!proxy.isValid()) {
        // Hidden by the filter: clear it rather than refuse.
        m_filter->clear();
        m_kind->setCurrentIndex(0);
        proxy = m_proxy->mapFromSource(source);
    }
    m_view->setCurrentIndex(proxy);
    m_view->scrollTo(proxy);
    return true;
}

void BrowserPanel::selectProcess(qint64 pid, qint64 tid)
{
    const Snapshot* s = m_model->snapshot();
    if (!s)
        return;
    const EntityId process = s->processByPid(pid);
    if (tid >= 0 && process.isValid())
        for (EntityId t : s->threadsOf(process))
            if (s->entity(t).tid == tid) {
                selectEntity(t);
                return;
            }
    selectEntity(process);
}

void BrowserPanel::expandMatches()
{
    if (!m_filter->text().isEmpty())
        m_view->expandAll();
}

QByteArray BrowserPanel::saveState() const
{
    return m_view->header()->saveState();
}

void BrowserPanel::restoreState(const QByteArray& state)
{
    if (!state.isEmpty())
        m_view->header()->restoreState(state);
}

void BrowserPanel::onFilterTextChanged(const QString& text)
{
    const EntityId current = currentEntity();
    m_proxy->setFilterText(text);
    refiltered(current);
}

void BrowserPanel::refiltered(EntityId current)
{
    // The proxy was reset: open again what a filter shows (every match) or the first levels, and keep the
    // entity that was selected where it is still shown.
    if (!m_proxy->filterText().isEmpty() || m_proxy->kindFilter())
        m_view->expandAll();
    else
        m_view->expandToDepth(1);
    const QModelIndex proxy = m_proxy->mapFromSource(m_model->indexOf(current));
    if (proxy.isValid()) {
        m_view->setCurrentIndex(proxy);
        m_view->scrollTo(proxy);
    }
}

void BrowserPanel::onKindChanged(int index)
{
    const QVariant v = m_kind->itemData(index);
    const EntityId current = currentEntity();
    m_proxy->setKindFilter(v.isValid() ? std::optional(EntityKind(v.toInt())) : std::nullopt);
    refiltered(current);
}

// Lists "All kinds" and each kind the snapshot has, with its count; the kind chosen stays when it is there.
void BrowserPanel::updateKindFilter()
{
    const QVariant current = m_kind->currentData();
    const QSignalBlocker block(m_kind);
    m_kind->clear();
    m_kind->addItem(tr("All kinds"));
    const Snapshot* s = m_model->snapshot();
    for (int k = 0; k < kEntityKindCount && s; ++k) {
        const int count = s->countOf(EntityKind(k));
        if (count > 0)
            m_kind->addItem(QStringLiteral("%1 (%2)").arg(entityKindName(EntityKind(k))).arg(count), k);
    }
    const int keep = current.isValid() ? m_kind->findData(current) : 0;
    m_kind->setCurrentIndex(std::max(0, keep));
    const QVariant now = m_kind->currentData();
    m_proxy->setKindFilter(now.isValid() ? std::optional(EntityKind(now.toInt())) : std::nullopt);
}

} // namespace numasight
