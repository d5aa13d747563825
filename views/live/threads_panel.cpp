// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/live/threads_panel.h"

#include "util/format.h"
#include "views/live/process_memory_model.h"
#include "views/live/sample_filter_proxy.h"
#include "views/live/sample_roles.h"
#include "views/live/thread_table_model.h"

#include <QDataStream>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QIODevice>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QSplitter>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace numasight {

namespace {

QTableView* makeTable(QWidget* parent, QAbstractItemModel* model, const QString& name)
{
    auto* view = new QTableView(parent);
    view->setObjectName(name);
    view->setModel(model);
    view->setSortingEnabled(true);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setAlternatingRowColors(true);
    view->setWordWrap(false);
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    view->horizontalHeader()->setHighlightSections(false);
    view->horizontalHeader()->setStretchLastSection(true);
    return view;
}

} // namespace

ThreadsPanel::ThreadsPanel(QWidget* parent)
    : QWidget(parent)
    , m_threads(new ThreadTableModel(this))
    , m_threadProxy(new SampleFilterProxy(this))
    , m_memory(new ProcessMemoryModel(this))
    , m_memoryProxy(new SampleFilterProxy(this))
    , m_filter(new QLineEdit(this))
    , m_caption(new QLabel(this))
    , m_resort(new QToolButton(this))
    , m_split(new QSplitter(Qt::Vertical, this))
{
    setObjectName(QStringLiteral("threadsPanel"));
    m_threadProxy->setSourceModel(m_threads);
    m_memoryProxy->setSourceModel(m_memory);
    m_memoryProxy->setKeyRole(SamplePidRole);
    m_filter->setObjectName(QStringLiteral("threadsFilter"));
    m_filter->setPlaceholderText(tr("Filter by comm, pid, tid, or cpu:N"));
    m_filter->setClearButtonEnabled(true);
    m_caption->setObjectName(QStringLiteral("threadsCaption"));
    m_caption->setWordWrap(true);
    m_resort->setObjectName(QStringLiteral("threadsResort"));
    m_resort->setText(tr("Re-sort"));
    m_resort->setToolTip(tr("Sort the rows again by the sorted column. While the pointer is over a table or "
                            "it has the focus, new samples keep its rows in place; leaving it sorts too."));
    m_resort->setAutoRaise(true);
    m_threadView = makeTable(m_split, m_threadProxy, QStringLiteral("threadTable"));
    m_memoryView = makeTable(m_split, m_memoryProxy, QStringLiteral("memoryTable"));
    m_threadView->sortByColumn(ThreadTableModel::CpuMsColumn, Qt::DescendingOrder);
    m_memoryView->sortByColumn(ProcessMemoryModel::BytesColumn, Qt::DescendingOrder);
    m_split->addWidget(m_threadView);
    m_split->addWidget(m_memoryView);
    m_split->setStretchFactor(0, 3);
    m_split->setStretchFactor(1, 1);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addWidget(m_filter, 1);
    bar->addWidget(m_resort);
    layout->addLayout(bar);
    layout->addWidget(m_caption);
    layout->addWidget(m_split, 1);

    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString& text) {
        m_threadProxy->setFilterText(text);
        m_memoryProxy->setFilterText(text);
    });
    connect(m_resort, &QToolButton::clicked, this, &ThreadsPanel::resort);
    for (QTableView* view : {m_threadView, m_memoryView})
        view->viewport()->installEventFilter(this);
    connect(m_threadView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &ThreadsPanel::onThreadCurrentChanged);
    connect(m_memoryView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &ThreadsPanel::onProcessCurrentChanged);
    clear();
}

void ThreadsPanel::setSample(SamplePtr sample, SnapshotPtr snapshot, const QString& caption)
{
    replaceRows([&] {
        m_threads->setSample(sample, snapshot);
        m_memory->setSample(sample, snapshot);
    });
    m_caption->setText(caption);
}

void ThreadsPanel::setSnapshot(SnapshotPtr snapshot)
{
    replaceRows([&] {
        m_threads->setSnapshotThreads(snapshot);
        m_memory->setSample(nullptr, nullptr);
    });
    const int withTime = m_threads->threadsWithCpuTime();
    if (m_threads->rowCount() == 0)
        m_caption->setText(tr("No samples and no threads in this capture: record this machine (File ▸ "
                              "Attach to This Machine) or open a recording."));
    else
        m_caption->setText(pluralized(tr("The snapshot's %n thread(s), %1 with CPU time: the time its source "
                                         "counted per NUMA node since each thread started, not over an "
                                         "interval. Per-process memory needs a recording.",
                                         nullptr, m_threads->rowCount()),
                                      m_threads->rowCount())
                               .arg(withTime));
}

bool ThreadsPanel::isHeld(const QTableView* view) const
{
    return m_hovered == view->viewport() || view->hasFocus();
}

// New rows keep the order of the tables the user is at, and the scroll position with it, so the row under
// the pointer is still the same thread.
void ThreadsPanel::replaceRows(const std::function<void()>& replace)
{
    const std::pair<QTableView*, SampleFilterProxy*> tables[] = {{m_threadView, m_threadProxy},
                                                                 {m_memoryView, m_memoryProxy}};
    int scroll[2] = {};
    for (int i = 0; i < 2; ++i) {
        const auto [view, proxy] = tables[i];
        scroll[i] = view->verticalScrollBar()->value();
        if (isHeld(view))
            proxy->holdOrder();
        else
            proxy->resort();
    }
    m_restoring = true;
    replace();
    reselect();
    m_restoring = false;
    for (int i = 0; i < 2; ++i)
        if (tables[i].second->isOrderHeld())
            tables[i].first->verticalScrollBar()->setValue(scroll[i]);
}

void ThreadsPanel::resort()
{
    m_threadProxy->resort();
    m_memoryProxy->resort();
}

bool ThreadsPanel::eventFilter(QObject* watched, QEvent* event)
{
    switch (event->type()) {
    case QEvent::Enter:
    case QEvent::MouseMove:
    case QEvent::MouseButtonPress:
        m_hovered = qobject_cast<QWidget*>(watched);
        break;
    case QEvent::Leave:
        if (m_hovered == watched) {
            m_hovered = nullptr;
            (watched == m_threadView->viewport() ? m_threadProxy : m_memoryProxy)->resort();
        }
        break;
    default:
        break;
    }
    return QWidget::eventFilter(watched, event);
}

void ThreadsPanel::clear()
{
    m_restoring = true;
    m_threadProxy->resort();
    m_memoryProxy->resort();
    m_threads->setSample(nullptr, nullptr);
    m_memory->setSample(nullptr, nullptr);
    m_caption->setText(tr("No samples: record this machine (File ▸ Attach to This Machine) or open a "
                          "recording."));
    m_restoring = false;
}

void ThreadsPanel::reselect()
{
    if (m_selectedTid >= 0) {
        const int row = m_threads->rowOfTid(m_selectedTid);
        if (row >= 0)
            m_threadView->setCurrentIndex(m_threadProxy->mapFromSource(m_threads->index(row, 0)));
    }
    if (m_selectedPid >= 0) {
        const int row = m_memory->rowOfPid(m_selectedPid);
        if (row >= 0)
            m_memoryView->setCurrentIndex(m_memoryProxy->mapFromSource(m_memory->index(row, 0)));
    }
}

void ThreadsPanel::onThreadCurrentChanged()
{
    const QModelIndex index = m_threadView->currentIndex();
    if (m_restoring || !index.isValid())
        return;
    m_selectedTid = index.data(SampleTidRole).toLongLong();
    emit threadActivated(index.data(SamplePidRole).toLongLong(), m_selectedTid);
}

void ThreadsPanel::onProcessCurrentChanged()
{
    const QModelIndex index = m_memoryView->currentIndex();
    if (m_restoring || !index.isValid())
        return;
    m_selectedPid = index.data(SamplePidRole).toLongLong();
    emit processActivated(m_selectedPid);
}

// The splitter and each table's sort order. Column widths are not kept: node columns come and go with
// the machine, and a header state saved with 8 nodes does not fit one with 2.
QByteArray ThreadsPanel::saveState() const
{
    QByteArray out;
    QDataStream stream(&out, QIODevice::WriteOnly);
    stream << m_split->saveState();
    for (const QTableView* view : {m_threadView, m_memoryView})
        stream << qint32(view->horizontalHeader()->sortIndicatorSection())
               << qint32(view->horizontalHeader()->sortIndicatorOrder());
    return out;
}

void ThreadsPanel::restoreState(const QByteArray& state)
{
    if (state.isEmpty())
        return;
    QDataStream stream(state);
    QByteArray split;
    qint32 sort[2][2] = {};
    stream >> split >> sort[0][0] >> sort[0][1] >> sort[1][0] >> sort[1][1];
    if (stream.status() != QDataStream::Ok)
        return;
    m_split->restoreState(split);
    QTableView* views[2] = {m_threadView, m_memoryView};
    for (int i = 0; i < 2; ++i)
        if (sort[i][0] >= 0 && sort[i][0] < ThreadTableModel::FirstNodeColumn)
            views[i]->sortByColumn(sort[i][0], sort[i][1] ? Qt::DescendingOrder : Qt::AscendingOrder);
}

} // namespace numasight
