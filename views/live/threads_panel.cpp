// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/live/threads_panel.h"

#include "views/live/process_memory_model.h"
#include "views/live/sample_filter_proxy.h"
#include "views/live/sample_roles.h"
#include "views/live/thread_table_model.h"

#include <QDataStream>
#include <QHeaderView>
#include <QIODevice>
#include <QLabel>
#include <QLineEdit>
#include <QSplitter>
#include <QTableView>
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
    , m_split(new QSplitter(Qt::Vertical, this))
{
    setObjectName(QStringLiteral("threadsPanel"));
    m_threadProxy->setSourceModel(m_threads);
    m_memoryProxy->setSourceModel(m_memory);
    m_filter->setObjectName(QStringLiteral("threadsFilter"));
    m_filter->setPlaceholderText(tr("Filter by comm, pid, tid, or cpu:N"));
    m_filter->setClearButtonEnabled(true);
    m_caption->setObjectName(QStringLiteral("threadsCaption"));
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
    layout->addWidget(m_filter);
    layout->addWidget(m_caption);
    layout->addWidget(m_split, 1);

    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString& text) {
        m_threadProxy->setFilterText(text);
        m_memoryProxy->setFilterText(text);
    });
    connect(m_threadView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &ThreadsPanel::onThreadCurrentChanged);
    connect(m_memoryView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &ThreadsPanel::onProcessCurrentChanged);
    clear();
}

void ThreadsPanel::setSample(SamplePtr sample, SnapshotPtr snapshot, const QString& caption)
{
    m_restoring = true;
    m_threads->setSample(sample, snapshot);
    m_memory->setSample(std::move(sample), std::move(snapshot));
    m_caption->setText(caption);
    reselect();
    m_restoring = false;
}

void ThreadsPanel::clear()
{
    m_restoring = true;
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
