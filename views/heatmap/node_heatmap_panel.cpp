// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/heatmap/node_heatmap_panel.h"

#include "report/cpu_share.h"
#include "report/export_request.h"
#include "report/heatmap_csv.h"
#include "util/format.h"
#include "views/common/message_bar.h"
#include "views/common/tool_button.h"
#include "views/heatmap/heatmap_plot.h"
#include "views/heatmap/heatmap_row_filter_proxy.h"
#include "views/heatmap/heatmap_row_model.h"
#include "views/heatmap/row_height_delegate.h"
#include "views/heatmap/sort_arrow_header.h"
#include "views/jobs/heatmap_job.h"

#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QResizeEvent>
#include <QScrollBar>
#include <QSplitter>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

#include <cmath>

namespace numasight {

namespace {

QString processKey(QStringView ns, std::int64_t pid)
{
    return ns.toString() + QLatin1Char('/') + QString::number(pid);
}

QString prefixOf(NodeHeatmapPanel::Kind kind)
{
    return kind == NodeHeatmapPanel::Kind::Cpu ? QStringLiteral("cpuHeatmap") : QStringLiteral("memHeatmap");
}

} // namespace

NodeHeatmapPanel::NodeHeatmapPanel(Kind kind, QWidget* parent)
    : HeatmapPanelBase(tr("The heatmap could not be built."), parent)
    , m_kind(kind)
    , m_model(new HeatmapRowModel(this))
    , m_filter(new HeatmapRowFilterProxy(this))
    , m_tree(new QTreeView(this))
    , m_rowHeight(new RowHeightDelegate(this))
    , m_plot(new HeatmapPlot(this))
    , m_split(new QSplitter(Qt::Horizontal, this))
    , m_sortCombo(new QComboBox(this))
    , m_descending(new QToolButton(this))
    , m_rowsCombo(new QComboBox(this))
    , m_filterEdit(new QLineEdit(this))
    , m_minSpin(new QDoubleSpinBox(this))
    , m_caption(newCaption(this, prefixOf(kind) + QStringLiteral("Caption")))
    , m_status(new QLabel(this))
    , m_error(new MessageBar(this))
    , m_progressRow(new QWidget(this))
    , m_progress(new QProgressBar(m_progressRow))
    , m_cancel(new QToolButton(m_progressRow))
    , m_pictureTimer(new QTimer(this))
    , m_progressDelay(new QTimer(this))
    , m_rowLimit(kPictureRows)
{
    const QString prefix = prefixOf(kind);
    setObjectName(prefix + QStringLiteral("Panel"));
    m_filter->setSourceModel(m_model);
    m_filter->sort(0, Qt::AscendingOrder); // by rank; the order itself is HeatmapRowModel's

    m_sortCombo->setObjectName(prefix + QStringLiteral("Sort"));
    m_sortCombo->addItem(tr("Remote share"), int(HeatmapSortKey::RemoteShare));
    m_sortCombo->addItem(tr("CPU time"), int(HeatmapSortKey::CpuTime));
    m_sortCombo->addItem(kind == Kind::Cpu ? tr("Memory") : tr("Memory (this measure)"),
                         int(HeatmapSortKey::Memory));
    m_sortCombo->addItem(tr("Process"), int(HeatmapSortKey::Process));
    m_sortCombo->addItem(tr("Name"), int(HeatmapSortKey::Name));
    m_sortCombo->setToolTip(tr("Order of the rows; threads stay under their process"));
    m_descending->setObjectName(prefix + QStringLiteral("Descending"));
    m_descending->setCheckable(true);
    m_descending->setAutoRaise(true);
    m_descending->setToolTip(tr("Largest first"));

    m_filterEdit->setObjectName(prefix + QStringLiteral("Filter"));
    m_filterEdit->setPlaceholderText(tr("Filter by name, pid or tid"));
    m_filterEdit->setClearButtonEnabled(true);
    m_minSpin->setObjectName(prefix + QStringLiteral("MinShare"));
    m_minSpin->setRange(0, 100);
    m_minSpin->setDecimals(1);
    m_minSpin->setSuffix(QStringLiteral(" %"));
    m_minSpin->setPrefix(tr("≥ "));
    m_minSpin->setToolTip(tr("Hide processes and threads with a smaller share of all the CPU time"));

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    auto* sortLabel = new QLabel(tr("S&ort:"), this);
    sortLabel->setBuddy(m_sortCombo);
    bar->addWidget(sortLabel);
    bar->addWidget(m_sortCombo);
    bar->addWidget(m_descending);
    if (kind == Kind::Memory) {
        m_measureCombo = new QComboBox(this);
        m_measureCombo->setObjectName(prefix + QStringLiteral("Measure"));
        m_measureCombo->addItem(tr("Pages"), int(MemoryMeasure::TotalPages));
        m_measureCombo->addItem(tr("Anonymous pages"), int(MemoryMeasure::AnonPages));
        m_measureCombo->addItem(tr("Dirty anonymous pages"), int(MemoryMeasure::DirtyAnonPages));
        m_measureCombo->addItem(tr("Bytes"), int(MemoryMeasure::Bytes));
        m_measureCombo->setToolTip(tr("What the cells count: every page (numa_maps), anonymous ones, witty's "
                                      "dirty anonymous pages, or bytes (pages × their page size)"));
        auto* measureLabel = new QLabel(tr("&Measure:"), this);
        measureLabel->setBuddy(m_measureCombo);
        bar->addWidget(measureLabel);
        bar->addWidget(m_measureCombo);
        connect(m_measureCombo, &QComboBox::currentIndexChanged, this,
                [this](int i) { setMeasure(MemoryMeasure(m_measureCombo->itemData(i).toInt())); });
    }
    m_rowsCombo->setObjectName(prefix + QStringLiteral("Rows"));
    for (int rows : rowLimitChoices())
        m_rowsCombo->addItem(rows == kAllRows ? tr("All") : tr("Top %1").arg(rows), rows);
    m_rowsCombo->setCurrentIndex(m_rowsCombo->findData(m_rowLimit));
    m_rowsCombo->setToolTip(tr("The processes shown: the first ones by the sort key, after the filter, with "
                               "one row summing the rest; or all of them"));
    auto* rowsLabel = new QLabel(tr("Ro&ws:"), this);
    rowsLabel->setBuddy(m_rowsCombo);
    bar->addWidget(rowsLabel);
    bar->addWidget(m_rowsCombo);
    connect(m_rowsCombo, &QComboBox::currentIndexChanged, this,
            [this](int i) { setRowLimit(m_rowsCombo->itemData(i).toInt()); });
    bar->addWidget(m_filterEdit, 1);
    auto* minLabel = new QLabel(tr("CPU s&hare:"), this);
    minLabel->setBuddy(m_minSpin);
    bar->addWidget(minLabel);
    bar->addWidget(m_minSpin);
    if (kind == Kind::Cpu) {
        auto* unfold = makeToolButton(this, prefix + QStringLiteral("Unfold"), tr("Unfold"),
                                      QStringLiteral("view-list-tree"), tr("Show every process's threads"));
        auto* fold = makeToolButton(this, prefix + QStringLiteral("Fold"), tr("Fold"),
                                    QStringLiteral("view-list-details"), tr("Show processes only"));
        bar->addWidget(unfold);
        bar->addWidget(fold);
        connect(unfold, &QToolButton::clicked, this, &NodeHeatmapPanel::expandAll);
        connect(fold, &QToolButton::clicked, this, &NodeHeatmapPanel::collapseAll);
    }
    auto* exportButton = makeToolButton(this, prefix + QStringLiteral("Export"), tr("Export…"),
                                        QStringLiteral("document-export"),
                                        tr("Write this heatmap as PNG, PDF, SVG or its numbers as CSV"));
    bar->addWidget(exportButton);
    connect(exportButton, &QToolButton::clicked, this, &NodeHeatmapPanel::exportRequested);

    m_progress->setRange(0, 0); // the core builders report no fraction: a busy bar
    m_progress->setMaximumWidth(200);
    m_progress->setObjectName(prefix + QStringLiteral("Progress"));
    m_cancel->setObjectName(prefix + QStringLiteral("Cancel"));
    m_cancel->setToolTip(tr("Stop building; the heatmap shown stays"));
    layOutProgressRow(m_progressRow, tr("Building the heatmap…"), m_progress, m_cancel);

    m_tree->setObjectName(prefix + QStringLiteral("Rows"));
    m_tree->setHeader(new SortArrowHeader(Qt::Horizontal, m_tree));
    m_tree->setModel(m_filter);
    m_tree->setItemDelegate(m_rowHeight);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->setSelectionMode(QAbstractItemView::SingleSelection);
    m_tree->setSelectionBehavior(QAbstractItemView::SelectRows);
    // Whole rows at the top, so the map beside it can draw row for row.
    m_tree->setVerticalScrollMode(QAbstractItemView::ScrollPerItem);
    m_tree->setRootIsDecorated(kind == Kind::Cpu);
    m_tree->setExpandsOnDoubleClick(true);
    m_tree->setAllColumnsShowFocus(true);
    QHeaderView* header = m_tree->header();
    header->setSectionsClickable(true);
    header->setSortIndicatorShown(true);
    header->setStretchLastSection(false);
    header->setMinimumSectionSize(24);
    // fitColumns() sizes every column to the list's width.

    m_plot->setObjectName(prefix + QStringLiteral("Plot"));
    m_plot->setExternalRows(true);
    m_split->addWidget(m_tree);
    m_split->addWidget(m_plot);
    m_split->setStretchFactor(0, 0);
    m_split->setStretchFactor(1, 1);
    m_split->setSizes({440, 700});
    m_split->setChildrenCollapsible(false);
    connect(m_split, &QSplitter::splitterMoved, this, [this] { m_splitMoved = true; });

    m_status->setObjectName(prefix + QStringLiteral("Status"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setObjectName(prefix + QStringLiteral("Error"));

    QVBoxLayout* layout = newPanelLayout(bar, m_caption, m_error);
    layout->addWidget(m_progressRow);
    layout->addWidget(m_split, 1);
    layout->addWidget(m_status);

    m_pictureTimer->setSingleShot(true);
    connect(m_pictureTimer, &QTimer::timeout, this, &NodeHeatmapPanel::updatePicture);
    m_progressDelay->setSingleShot(true);
    m_progressDelay->setInterval(150);
    connect(m_progressDelay, &QTimer::timeout, this, [this] {
        if (job()->isRunning())
            m_progressRow->show();
    });

    // A quick build shows no progress row at all; a slow one shows it until the last build is done.
    connect(job(), &HeatmapJob::started, this, [this] {
        if (!m_progressDelay->isActive() && !m_progressRow->isVisible())
            m_progressDelay->start();
    });
    connect(job(), &HeatmapJob::finished, this, [this] {
        if (job()->isRunning())
            return;
        m_progressDelay->stop();
        m_progressRow->hide();
        updateStatus();
    });
    connect(m_cancel, &QToolButton::clicked, job(), &HeatmapJob::cancel);

    connect(m_sortCombo, &QComboBox::currentIndexChanged, this, [this](int i) {
        setSort(HeatmapSortKey(m_sortCombo->itemData(i).toInt()), m_descending->isChecked());
    });
    connect(m_descending, &QToolButton::toggled, this,
            [this](bool descending) { setSort(sortKey(), descending); });
    connect(header, &QHeaderView::sortIndicatorChanged, this, [this](int section, Qt::SortOrder order) {
        setSort(HeatmapRowModel::sortKeyOfColumn(section), order == Qt::DescendingOrder);
    });
    connect(m_filterEdit, &QLineEdit::textChanged, this, &NodeHeatmapPanel::setFilterText);
    connect(m_minSpin, &QDoubleSpinBox::valueChanged, this, [this](double percent) {
        m_filter->setMinCpuShare(percent / 100.0);
        applyRows();
        schedulePicture();
    });

    connect(m_filter, &QAbstractItemModel::modelReset, this, &NodeHeatmapPanel::schedulePicture);
    connect(m_filter, &QAbstractItemModel::layoutChanged, this, &NodeHeatmapPanel::schedulePicture);
    connect(m_filter, &QAbstractItemModel::rowsInserted, this, &NodeHeatmapPanel::schedulePicture);
    connect(m_filter, &QAbstractItemModel::rowsRemoved, this, &NodeHeatmapPanel::schedulePicture);
    connect(m_tree, &QTreeView::expanded, this, [this](const QModelIndex& index) {
        const QModelIndex source = m_filter->mapToSource(index);
        const int row = m_model->heatmapRow(source);
        if (row >= 0) {
            const HeatmapRow& r = m_model->heatmap()->rows[size_t(row)];
            m_expanded.insert(processKey(r.ns, r.pid));
        }
        schedulePicture();
    });
    connect(m_tree, &QTreeView::collapsed, this, [this](const QModelIndex& index) {
        const int row = m_model->heatmapRow(m_filter->mapToSource(index));
        if (row >= 0) {
            const HeatmapRow& r = m_model->heatmap()->rows[size_t(row)];
            m_expanded.remove(processKey(r.ns, r.pid));
        }
        schedulePicture();
    });
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex& current) { onCurrentRowChanged(current); });
    connect(m_tree->verticalScrollBar(), &QScrollBar::valueChanged, this, &NodeHeatmapPanel::syncPlotWindow);
    connect(m_tree->verticalScrollBar(), &QScrollBar::rangeChanged, this, &NodeHeatmapPanel::syncPlotWindow);
    m_tree->viewport()->installEventFilter(this);
    m_tree->installEventFilter(this);
    m_plot->installEventFilter(this);

    connect(m_plot, &HeatmapPlot::rowClicked, this, &NodeHeatmapPanel::onPlotRowClicked);
    connect(m_plot, &HeatmapPlot::columnLabelsTurned, this, &NodeHeatmapPanel::syncPlotWindow);
    connect(m_plot, &HeatmapPlot::rowActivated, this, [this](int position) {
        if (position >= 0 && size_t(position) < m_visible.size())
            toggleRow(m_visible[size_t(position)]);
    });
    connect(m_plot, &HeatmapPlot::wheelRows, this, [this](int rows) {
        QScrollBar* s = m_tree->verticalScrollBar();
        s->setValue(s->value() + rows);
    });

    // Enter on a process row folds or unfolds it, as a double-click does.
    auto* toggle = new QAction(tr("Fold or Unfold"), m_tree);
    toggle->setShortcuts({QKeySequence(Qt::Key_Return), QKeySequence(Qt::Key_Enter)});
    toggle->setShortcutContext(Qt::WidgetShortcut);
    connect(toggle, &QAction::triggered, this, [this] {
        const int row = m_model->heatmapRow(m_filter->mapToSource(m_tree->currentIndex()));
        if (row >= 0)
            toggleRow(row);
    });
    m_tree->addAction(toggle);

    setSort(kind == Kind::Cpu ? HeatmapSortKey::CpuTime : HeatmapSortKey::Memory, true);
    updateStatus();
}

NodeHeatmapPanel::~NodeHeatmapPanel()
{
    // QWidget deletes the children after this class is gone, and some emit on their way out (the list's
    // scroll range changes as its model goes): none of that may reach this half-destroyed panel.
    for (QObject* child : findChildren<QObject*>())
        child->disconnect(this);
}

QString NodeHeatmapPanel::exportBaseName() const
{
    return m_kind == Kind::Cpu ? QStringLiteral("cpu-heatmap") : QStringLiteral("mem-heatmap");
}

bool NodeHeatmapPanel::isShownCurrent() const
{
    return m_model->heatmap() && m_shown == m_input;
}

NodeHeatmapPtr NodeHeatmapPanel::heatmap() const
{
    return m_full;
}

NodeHeatmapPtr NodeHeatmapPanel::shownHeatmap() const
{
    return m_model->heatmap();
}

QList<int> NodeHeatmapPanel::rowLimitChoices()
{
    return {25, 50, 100, 250, kAllRows};
}

void NodeHeatmapPanel::setRowLimit(int rows)
{
    if (rows != kAllRows && rows <= 0)
        rows = kPictureRows;
    {
        const QSignalBlocker block(m_rowsCombo);
        int i = m_rowsCombo->findData(rows);
        if (i < 0) { // a number from the settings that the box does not offer
            m_rowsCombo->addItem(tr("Top %1").arg(rows), rows);
            i = m_rowsCombo->count() - 1;
        }
        m_rowsCombo->setCurrentIndex(i);
    }
    if (rows == m_rowLimit)
        return;
    m_rowLimit = rows;
    applyRows();
    emit rowLimitChanged(rows);
}

// The filter and the sort pick which processes come first; the cut keeps the first m_rowLimit of them and
// sums the rest into one row, so 12 000 processes make a list of a hundred and one.
void NodeHeatmapPanel::applyRows()
{
    if (!m_full)
        return;
    NodeHeatmapPtr rows = m_full;
    int summed = -1;
    m_moreProcesses = 0;
    if (m_rowLimit != kAllRows) {
        const std::vector<int> order =
            m_filter->shownRows(*m_full, sortedRows(*m_full, sortKey(), sortDescending()));
        TopHeatmapRows top = topHeatmapRows(*m_full, order, m_rowLimit);
        if (top.moreProcesses > 0) {
            rows = std::move(top.heatmap);
            summed = top.rows.back();
            m_moreProcesses = top.moreProcesses;
        }
    }
    if (rows == m_model->heatmap() && summed == m_model->summedRow())
        return;
    {
        // The reset drops the current row; that is no pick of the user's to tell the other views about.
        const QSignalBlocker block(m_tree->selectionModel());
        m_model->setHeatmap(std::move(rows), summed, totalCpuNs(*m_full));
    }
    restoreFolds();
    updatePicture();
    if (m_selectedPid >= 0) {
        const QString ns = m_selectedNs;
        selectRow(m_selectedPid, m_selectedTid, ns);
    }
}

// Folds and the picked row are the user's: they survive new figures of the same processes.
void NodeHeatmapPanel::restoreFolds()
{
    const NodeHeatmapPtr h = m_model->heatmap();
    m_restoring = true;
    for (int top = 0; top < m_filter->rowCount(); ++top) {
        const QModelIndex index = m_filter->index(top, 0);
        const int row = m_model->heatmapRow(m_filter->mapToSource(index));
        const HeatmapRow& r = h->rows[size_t(row)];
        if (m_expanded.contains(processKey(r.ns, r.pid)))
            m_tree->setExpanded(index, true);
    }
    m_restoring = false;
}

void NodeHeatmapPanel::setInput(SnapshotPtr snapshot, std::vector<SamplePtr> samples, bool fresh)
{
    setSampledInput(m_input, std::move(snapshot), std::move(samples), fresh);
}

// Folds go with the selection: they are of the processes of another capture.
void NodeHeatmapPanel::forgetSelection()
{
    m_expanded.clear();
    m_selectedPid = m_selectedTid = -1;
}

void NodeHeatmapPanel::clear()
{
    stopBuilding();
    m_input.snapshot.reset();
    m_input.samples.clear();
    m_building = m_shown = {};
    m_full.reset();
    m_moreProcesses = 0;
    m_model->setHeatmap(nullptr);
    m_plot->clear();
    m_visible.clear();
    m_positionOfRow.clear();
    m_error->dismiss();
    m_caption->clear();
    updateStatus();
}

void NodeHeatmapPanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    placeSplitter();
}

void NodeHeatmapPanel::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    syncPlotWindow();
}

std::function<HeatmapResult()> NodeHeatmapPanel::startBuild()
{
    m_building = m_input;
    return [kind = m_kind, in = m_input] {
        HeatmapResult r;
        r.nodes = kind == Kind::Cpu ? cpuHeatmap(*in.snapshot, in.samples)
                                    : memoryHeatmap(*in.snapshot, in.samples, in.measure);
        return r;
    };
}

bool NodeHeatmapPanel::showResult(const HeatmapResult& result)
{
    if (!result.nodes)
        return false;
    m_error->dismiss();
    m_shown = m_building;
    m_full = result.nodes;
    m_caption->setText(captionText(result.nodes->title, result.nodes->source, result.nodes->notes));
    applyRows();
    updateStatus();
    return true;
}

void NodeHeatmapPanel::setSort(HeatmapSortKey key, bool descending)
{
    {
        const QSignalBlocker a(m_sortCombo), b(m_descending), c(m_tree->header());
        m_sortCombo->setCurrentIndex(m_sortCombo->findData(int(key)));
        m_descending->setChecked(descending);
        m_descending->setText(descending ? tr("↓") : tr("↑"));
        m_descending->setToolTip(descending ? tr("Largest first; click for smallest first")
                                            : tr("Smallest first; click for largest first"));
        m_tree->header()->setSortIndicator(HeatmapRowModel::columnOfSortKey(key),
                                           descending ? Qt::DescendingOrder : Qt::AscendingOrder);
    }
    if (key == m_model->sortKey() && descending == m_model->sortDescending())
        return;
    m_model->setSort(key, descending);
    m_filter->resort();
    applyRows(); // other processes come first
    schedulePicture();
    emit sortChanged(key, descending);
}

HeatmapSortKey NodeHeatmapPanel::sortKey() const
{
    return m_model->sortKey();
}

bool NodeHeatmapPanel::sortDescending() const
{
    return m_model->sortDescending();
}

void NodeHeatmapPanel::setMeasure(MemoryMeasure measure)
{
    if (m_measureCombo) {
        const QSignalBlocker block(m_measureCombo);
        m_measureCombo->setCurrentIndex(m_measureCombo->findData(int(measure)));
    }
    if (measure == m_input.measure)
        return;
    m_input.measure = measure;
    scheduleBuild();
    emit measureChanged(measure);
}

void NodeHeatmapPanel::setFilterText(const QString& text)
{
    if (m_filterEdit->text() != text) {
        const QSignalBlocker block(m_filterEdit);
        m_filterEdit->setText(text);
    }
    m_filter->setFilterText(text);
    applyRows();
    schedulePicture();
}

void NodeHeatmapPanel::setMinCpuShare(double share)
{
    m_minSpin->setValue(share * 100.0);
}

void NodeHeatmapPanel::expandAll()
{
    for (int top = 0; top < m_filter->rowCount(); ++top) {
        const QModelIndex index = m_filter->index(top, 0);
        const int row = m_model->heatmapRow(m_filter->mapToSource(index));
        const HeatmapRow& r = m_model->heatmap()->rows[size_t(row)];
        m_expanded.insert(processKey(r.ns, r.pid));
    }
    m_tree->expandAll(); // emits no expanded() per row
    updatePicture();
}

void NodeHeatmapPanel::collapseAll()
{
    m_expanded.clear();
    m_tree->collapseAll();
    updatePicture();
}

void NodeHeatmapPanel::toggleRow(int row)
{
    const NodeHeatmapPtr h = m_model->heatmap();
    if (!h || row < 0 || row >= h->rowCount())
        return;
    const HeatmapRow& r = h->rows[size_t(row)];
    const int process = r.kind == HeatmapRowKind::Thread && r.parentRow >= 0 ? r.parentRow : row;
    const QModelIndex index = m_filter->mapFromSource(m_model->indexOfRow(process));
    if (!index.isValid() || m_filter->rowCount(index) == 0)
        return;
    const bool expand = !m_tree->isExpanded(index);
    if (!expand && r.kind == HeatmapRowKind::Thread)
        m_tree->setCurrentIndex(index); // the thread picked disappears into its process
    m_tree->setExpanded(index, expand);
    updatePicture();
}

bool NodeHeatmapPanel::isExpanded(std::int64_t pid, QStringView ns) const
{
    return m_expanded.contains(processKey(ns, pid));
}

void NodeHeatmapPanel::schedulePicture()
{
    m_pictureTimer->start(0);
}

// The rows the list shows, in its order, become the map's rows.
void NodeHeatmapPanel::updatePicture()
{
    m_pictureTimer->stop();
    m_visible.clear();
    const NodeHeatmapPtr h = m_model->heatmap();
    m_positionOfRow.assign(h ? size_t(h->rowCount()) : 0, -1);
    if (h) {
        for (int top = 0; top < m_filter->rowCount(); ++top) {
            const QModelIndex index = m_filter->index(top, 0);
            m_visible.push_back(m_model->heatmapRow(m_filter->mapToSource(index)));
            if (!m_tree->isExpanded(index))
                continue;
            for (int child = 0; child < m_filter->rowCount(index); ++child)
                m_visible.push_back(
                    m_model->heatmapRow(m_filter->mapToSource(m_filter->index(child, 0, index))));
        }
        for (size_t i = 0; i < m_visible.size(); ++i)
            m_positionOfRow[size_t(m_visible[i])] = int(i);
        m_plot->setPicture(nodeHeatmapPicture(*h, m_visible));
    } else {
        m_plot->clear();
    }
    const int current = m_model->heatmapRow(m_filter->mapToSource(m_tree->currentIndex()));
    m_plot->setSelectedRow(
        current >= 0 && size_t(current) < m_positionOfRow.size() ? m_positionOfRow[size_t(current)] : -1);
    m_needs.reset(); // the rows changed: measure them again
    placeSplitter();
    fitColumns();
    growRows();
    syncPlotWindow();
    updateStatus();
}

// Few rows on a tall page get taller (up to three lines), so the map fills more of the page and its
// numbers grow with the cells.
void NodeHeatmapPanel::growRows()
{
    const int line = m_tree->fontMetrics().height() + 6;
    const int rows = std::max<int>(1, int(m_visible.size()));
    m_rowHeight->setMinimumRowHeight(std::min(line * 3, m_tree->viewport()->height() / rows));
}

// What the list's columns need: each figure column its widest value (so no number is cut) and its header's
// whole name; the name column a short process name. Measured once per picture (it walks up to a thousand
// rows per column), not on every resize.
const NodeHeatmapPanel::ColumnNeeds& NodeHeatmapPanel::columnNeeds()
{
    if (!m_needs)
        m_needs = measureColumns();
    return *m_needs;
}

NodeHeatmapPanel::ColumnNeeds NodeHeatmapPanel::measureColumns() const
{
    auto* header = static_cast<SortArrowHeader*>(m_tree->header());
    const int readable = header->widthFor(QStringLiteral("0000…"));
    ColumnNeeds needs;
    needs.values.assign(HeatmapRowModel::ColumnCount, 0);
    needs.full.assign(HeatmapRowModel::ColumnCount, 0);
    needs.nameMinimum = header->widthFor(QStringLiteral("containerd-shim"));
    for (int c = HeatmapRowModel::IdColumn; c < HeatmapRowModel::ColumnCount; ++c) {
        // QTreeView hides the measure QAbstractItemView offers; it measures a thousand rows at most.
        int value = static_cast<const QAbstractItemView*>(m_tree)->sizeHintForColumn(c) + 6;
        const int full = std::max(value, header->fullWidth(c));
        value = std::max(value, std::min(full, readable));
        needs.values[size_t(c)] = value;
        needs.full[size_t(c)] = full;
        needs.allFull += full;
    }
    return needs;
}

// The name column keeps a short process name and gives the rest to the figure headers first: the headers
// that lack least are shown whole first, so as many as possible read whole; one that still does not fit
// keeps a few letters and "…" (its tooltip has the whole name). The name takes what is left.
void NodeHeatmapPanel::fitColumns()
{
    const ColumnNeeds& needs = columnNeeds();
    std::vector<int> widths = needs.values;
    const int width = m_tree->viewport()->width();
    int spare = width - needs.nameMinimum;
    std::vector<int> lacking;
    for (int c = HeatmapRowModel::IdColumn; c < HeatmapRowModel::ColumnCount; ++c) {
        spare -= widths[size_t(c)];
        if (needs.full[size_t(c)] > widths[size_t(c)])
            lacking.push_back(c);
    }
    std::stable_sort(lacking.begin(), lacking.end(), [&](int a, int b) {
        return needs.full[size_t(a)] - needs.values[size_t(a)] <
               needs.full[size_t(b)] - needs.values[size_t(b)];
    });
    for (const int c : lacking) {
        if (spare <= 0)
            break;
        const int give = std::min(spare, needs.full[size_t(c)] - widths[size_t(c)]);
        widths[size_t(c)] += give;
        spare -= give;
    }
    auto* header = m_tree->header();
    int figures = 0;
    for (int c = HeatmapRowModel::IdColumn; c < HeatmapRowModel::ColumnCount; ++c) {
        figures += widths[size_t(c)];
        if (header->sectionSize(c) != widths[size_t(c)])
            header->resizeSection(c, widths[size_t(c)]);
    }
    const int name = std::max(needs.nameMinimum, width - figures);
    if (header->sectionSize(HeatmapRowModel::NameColumn) != name)
        header->resizeSection(HeatmapRowModel::NameColumn, name);
}

// Until the user moves the splitter, the list gets about a third of a wide page, and more where its headers
// need it to be read whole, as long as the map keeps 45 % of the page and a readable cell per node; never
// less than it needs for its figures.
void NodeHeatmapPanel::placeSplitter()
{
    if (m_splitMoved)
        return;
    const int total = m_split->width();
    if (total <= 0)
        return;
    const ColumnNeeds& needs = columnNeeds();
    const int chrome = m_tree->width() - m_tree->viewport()->width();
    const int wanted = std::max(std::min(total * 36 / 100, 760), needs.allFull + needs.nameMinimum + chrome);
    const int nodes = m_full ? m_full->columnCount() : 0;
    const int mapKeeps = std::max(total * 45 / 100, nodes * 60 + 150);
    const int list = std::max(std::min(440, total / 2), std::min(wanted, total - mapKeeps));
    if (m_split->sizes().value(0) == list)
        return;
    const QSignalBlocker block(m_split);
    m_split->setSizes({list, std::max(0, total - list)});
}

// The map's rows line up with the list's: the same first row, the same row height, the same top and bottom.
void NodeHeatmapPanel::syncPlotWindow()
{
    // The node labels above the map need their height; the list's header grows to give it, so the rows
    // still line up.
    QHeaderView* header = m_tree->header();
    if (const int labels = m_plot->columnLabelExtent(); header->minimumHeight() != labels) {
        header->setMinimumHeight(labels);
        emit header->geometriesChanged(); // the tree moves its viewport down
    }
    // Both sit side by side in the splitter, so the list's viewport gives the map's top and bottom.
    QWidget* viewport = m_tree->viewport();
    const QPoint origin = viewport->mapTo(m_split, QPoint(0, 0));
    const int top = origin.y() - m_plot->y();
    const int bottom = std::max(0, m_plot->y() + m_plot->height() - (origin.y() + viewport->height()));
    m_plot->setMargins(top, bottom);
    int rowHeight = 0;
    if (m_filter->rowCount() > 0)
        rowHeight = m_tree->visualRect(m_filter->index(0, 0)).height();
    if (rowHeight <= 0)
        rowHeight = std::max(1, m_tree->fontMetrics().height() + 4);
    int first = 0;
    const QModelIndex at = m_tree->indexAt(QPoint(1, 1));
    if (at.isValid()) {
        const int row = m_model->heatmapRow(m_filter->mapToSource(at.siblingAtColumn(0)));
        if (row >= 0 && size_t(row) < m_positionOfRow.size() && m_positionOfRow[size_t(row)] >= 0)
            first = m_positionOfRow[size_t(row)];
    }
    m_plot->setRowWindow(first, double(viewport->height()) / rowHeight);
}

bool NodeHeatmapPanel::eventFilter(QObject* watched, QEvent* event)
{
    if ((watched == m_tree->viewport() || watched == m_tree || watched == m_plot) &&
        (event->type() == QEvent::Resize || event->type() == QEvent::Move || event->type() == QEvent::Show)) {
        if (watched == m_tree->viewport() && event->type() == QEvent::Resize) {
            fitColumns();
            growRows();
        }
        syncPlotWindow();
    }
    return QWidget::eventFilter(watched, event);
}

void NodeHeatmapPanel::onCurrentRowChanged(const QModelIndex& current)
{
    const int row = m_model->heatmapRow(m_filter->mapToSource(current));
    const NodeHeatmapPtr h = m_model->heatmap();
    if (row < 0 || !h) {
        m_plot->setSelectedRow(-1);
        return;
    }
    const HeatmapRow& r = h->rows[size_t(row)];
    if (row == m_model->summedRow()) { // many processes: nothing to show in the other views
        m_plot->setSelectedRow(size_t(row) < m_positionOfRow.size() ? m_positionOfRow[size_t(row)] : -1);
        return;
    }
    m_selectedPid = r.pid;
    m_selectedTid = r.kind == HeatmapRowKind::Thread ? r.tid : -1;
    m_selectedNs = r.ns;
    m_plot->setSelectedRow(size_t(row) < m_positionOfRow.size() ? m_positionOfRow[size_t(row)] : -1);
    if (!m_restoring)
        emit rowSelected(m_shown.snapshot == m_input.snapshot ? r.entity : EntityId(), r.pid, m_selectedTid,
                         r.ns);
}

void NodeHeatmapPanel::onPlotRowClicked(int position)
{
    if (position < 0 || size_t(position) >= m_visible.size())
        return;
    const QModelIndex index = m_filter->mapFromSource(m_model->indexOfRow(m_visible[size_t(position)]));
    if (!index.isValid())
        return;
    if (index == m_tree->currentIndex()) {
        // Picked again: say so, so the other views come back to it.
        onCurrentRowChanged(index);
        return;
    }
    m_tree->setCurrentIndex(index);
    m_tree->scrollTo(index);
}

int NodeHeatmapPanel::rowOf(std::int64_t pid, std::int64_t tid, QStringView ns) const
{
    const NodeHeatmapPtr h = m_model->heatmap();
    if (!h)
        return -1;
    int process = -1;
    for (int i = 0; i < h->rowCount(); ++i) {
        const HeatmapRow& r = h->rows[size_t(i)];
        if (r.pid != pid || r.ns != ns)
            continue;
        if (r.kind == HeatmapRowKind::Thread && r.tid == tid)
            return i;
        if (r.kind == HeatmapRowKind::Process && process < 0)
            process = i;
    }
    // A thread without a row of its own (memory heatmaps list processes) picks its process.
    return process;
}

bool NodeHeatmapPanel::selectRow(std::int64_t pid, std::int64_t tid, QStringView ns)
{
    m_selectedPid = pid;
    m_selectedTid = tid;
    m_selectedNs = ns.toString();
    const int row = rowOf(pid, tid, ns);
    if (row < 0)
        return false;
    const QModelIndex index = m_filter->mapFromSource(m_model->indexOfRow(row));
    if (!index.isValid())
        return false;
    m_restoring = true;
    if (index.parent().isValid() && !m_tree->isExpanded(index.parent())) {
        m_tree->setExpanded(index.parent(), true);
        updatePicture();
    }
    m_tree->setCurrentIndex(index);
    m_tree->scrollTo(index);
    m_restoring = false;
    syncPlotWindow();
    return true;
}

void NodeHeatmapPanel::clearSelection()
{
    m_selectedPid = m_selectedTid = -1;
    const QSignalBlocker block(m_tree->selectionModel());
    m_tree->selectionModel()->clear();
    m_plot->setSelectedRow(-1);
}

HeatmapPicture NodeHeatmapPanel::exportPicture() const
{
    const NodeHeatmapPtr h = m_model->heatmap();
    if (!h)
        return {};
    return nodeHeatmapPicture(*h, m_visible);
}

QByteArray NodeHeatmapPanel::csv() const
{
    return m_full ? heatmapCsv(*m_full) : QByteArray();
}

void NodeHeatmapPanel::updateStatus()
{
    const NodeHeatmapPtr h = m_model->heatmap();
    if (!h || !m_full) {
        m_status->setText(m_input.snapshot ? tr("Building…") : tr("Nothing loaded"));
        return;
    }
    int processes = 0, threads = 0, shownThreads = 0;
    for (const HeatmapRow& r : m_full->rows)
        (r.kind == HeatmapRowKind::Thread ? threads : processes)++;
    int shownProcesses = 0;
    for (int row : m_visible)
        if (row != m_model->summedRow())
            (h->rows[size_t(row)].kind == HeatmapRowKind::Thread ? shownThreads : shownProcesses)++;
    QString text = m_kind == Kind::Cpu ? tr("%1 of %2 processes · %3 of %4 threads shown")
                                             .arg(shownProcesses)
                                             .arg(processes)
                                             .arg(shownThreads)
                                             .arg(threads)
                                       : tr("%1 of %2 processes shown").arg(shownProcesses).arg(processes);
    if (m_moreProcesses > 0)
        text += tr(" · %1 summed in the last row").arg(moreProcessesName(m_moreProcesses));
    text += pluralized(tr(" · %n NUMA node(s)", nullptr, int(h->columnCount())), h->columnCount());
    if (!m_filter->filterText().isEmpty() || m_filter->minCpuShare() > 0)
        text += tr(" · filtered");
    if (isBuilding())
        text += tr(" · updating…");
    m_status->setText(text);
}

} // namespace numasight
