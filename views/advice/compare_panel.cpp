// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/advice/compare_panel.h"

#include "advice/capture_diff.h"
#include "util/format.h"
#include "views/advice/compare_filter_proxy.h"
#include "views/advice/compare_model.h"

#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QSplitter>
#include <QTableView>
#include <QTreeView>
#include <QVBoxLayout>

namespace numasight {

ComparePanel::ComparePanel(QWidget* parent)
    : QWidget(parent)
    , m_job(new CompareJob(this))
    , m_model(new CompareModel(this))
    , m_proxy(new CompareFilterProxy(this))
    , m_flowModel(new CompareFlowModel(this))
{
    setObjectName(QStringLiteral("comparePanel"));
    connect(m_job, &CompareJob::diffAvailable, this, &ComparePanel::onDiff);
    connect(m_job, &CompareJob::diffFailed, this, &ComparePanel::onFailed);

    m_header = new QLabel(this);
    m_header->setObjectName(QStringLiteral("compareHeader"));
    m_header->setWordWrap(true);
    m_notes = new QLabel(this);
    m_notes->setObjectName(QStringLiteral("compareNotes"));
    m_notes->setWordWrap(true);
    m_notes->hide();
    m_busy = new QProgressBar(this);
    m_busy->setRange(0, 0);
    m_busy->setMaximumWidth(160);
    m_busy->setTextVisible(false);
    m_busy->hide();

    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("compareFilter"));
    m_filter->setPlaceholderText(tr("Filter by name, pid or tid"));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, m_proxy, &CompareFilterProxy::setFilterText);

    m_proxy->setSourceModel(m_model);
    m_table = new QTreeView(this);
    m_table->setObjectName(QStringLiteral("compareTable"));
    m_table->setModel(m_proxy);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->setUniformRowHeights(true); // 12 000 processes scroll without measuring each row
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // the model's order until a header is clicked
    m_table->header()->setStretchLastSection(true);
    m_table->header()->setResizeContentsPrecision(500); // widths from the first rows, at any size
    m_table->setTextElideMode(Qt::ElideMiddle);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &ComparePanel::onCurrentRowChanged);

    m_flows = new QTableView(this);
    m_flows->setObjectName(QStringLiteral("compareFlows"));
    m_flows->setModel(m_flowModel);
    m_flows->verticalHeader()->hide();
    m_flows->horizontalHeader()->setStretchLastSection(true);
    m_flows->setAlternatingRowColors(true);
    m_flowsTitle = new QLabel(tr("<b>Flows</b>"), this);

    auto* flowBox = new QWidget(this);
    auto* flowLayout = new QVBoxLayout(flowBox);
    flowLayout->setContentsMargins(0, 0, 0, 0);
    flowLayout->addWidget(m_flowsTitle);
    flowLayout->addWidget(m_flows, 1);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_table);
    splitter->addWidget(flowBox);
    splitter->setStretchFactor(0, 4);
    splitter->setStretchFactor(1, 1);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addWidget(m_header);
    layout->addWidget(m_filter);
    layout->addWidget(m_notes);
    layout->addWidget(m_busy);
    layout->addWidget(splitter, 1);
}

void ComparePanel::compare(CapturePtr a, CapturePtr b, const QString& labelA, const QString& labelB)
{
    m_a = std::move(a);
    m_b = std::move(b);
    m_labelA = labelA;
    m_labelB = labelB;
    m_busy->show();
    m_header->setText(tr("Comparing %1 (A) with %2 (B)…").arg(labelA, labelB));
    m_job->start(m_a, m_b, labelA, labelB);
}

void ComparePanel::clear()
{
    m_job->cancel();
    m_busy->hide();
    m_a.reset();
    m_b.reset();
    m_diff.reset();
    m_model->setDiff(nullptr);
    m_flowModel->setDiff(nullptr);
    m_header->clear();
    m_notes->hide();
    m_filter->clear();
}

void ComparePanel::addComparisonBar(QWidget* bar)
{
    static_cast<QVBoxLayout*>(layout())->insertWidget(0, bar);
}

void ComparePanel::onFailed(const QString& message)
{
    m_busy->hide();
    m_header->setText(message);
    emit diffFailed(message);
}

void ComparePanel::onDiff(CaptureDiffPtr diff)
{
    m_busy->hide();
    m_diff = std::move(diff);
    m_model->setDiff(m_diff);
    m_flowModel->setDiff(m_diff);
    // The changed processes open, so their threads show; the rest fold.
    for (int r = 0; r < m_proxy->rowCount(); ++r) {
        const QModelIndex index = m_proxy->index(r, 0);
        if (index.data(CompareModel::HighlightedRole).toBool() && m_proxy->hasChildren(index))
            m_table->expand(index);
    }
    // Columns as wide as what they hold ("0.059 → 1.000" whole); a cell still cut has its text in the
    // tooltip.
    for (int c = 0; c < CompareModel::ColumnCount; ++c)
        m_table->resizeColumnToContents(c);
    m_flows->resizeColumnsToContents();
    const int changed = int(changedPids(m_diff).size());
    m_header->setText(tr("<b>A</b> %1 → <b>B</b> %2 · %3 process(es), %4 thread(s) · %5 changed by ≥ %6")
                          .arg(m_diff->labelA.toHtmlEscaped(), m_diff->labelB.toHtmlEscaped())
                          .arg(m_diff->processes.size())
                          .arg(m_diff->threads.size())
                          .arg(changed)
                          .arg(formatPercent(kDiffThreshold)));
    m_notes->setText(m_diff->notes.join(QLatin1Char('\n')));
    m_notes->setVisible(!m_diff->notes.isEmpty());
    m_flowsTitle->setText(tr("<b>Flows</b> (%1)").arg(m_diff->flows.size()));
    emit diffShown(m_diff);
}

void ComparePanel::onCurrentRowChanged()
{
    const QModelIndex index = m_table->currentIndex();
    if (!index.isValid())
        return;
    const qint64 pid = index.data(CompareModel::PidARole).toLongLong();
    const qint64 tid = index.data(CompareModel::TidARole).toLongLong();
    if (pid >= 0)
        emit processSelected(pid, tid);
}

QSet<std::int64_t> ComparePanel::changedPids(const CaptureDiffPtr& ptr)
{
    QSet<std::int64_t> pids;
    if (!ptr)
        return pids;
    const CaptureDiff& diff = *ptr;
    for (const std::vector<LocalityChange>* rows : {&diff.processes, &diff.threads})
        for (const LocalityChange& c : *rows)
            if (c.change >= kDiffThreshold && c.tidA < 0 && c.tidB < 0) {
                if (c.pidA >= 0)
                    pids.insert(c.pidA);
                if (c.pidB >= 0)
                    pids.insert(c.pidB);
            }
    return pids;
}

QSet<std::int64_t> ComparePanel::changedTids(const CaptureDiffPtr& ptr)
{
    QSet<std::int64_t> tids;
    if (!ptr)
        return tids;
    const CaptureDiff& diff = *ptr;
    for (const LocalityChange& c : diff.threads)
        if (c.change >= kDiffThreshold) {
            if (c.tidA >= 0)
                tids.insert(c.tidA);
            if (c.tidB >= 0)
                tids.insert(c.tidB);
        }
    return tids;
}

} // namespace numasight
