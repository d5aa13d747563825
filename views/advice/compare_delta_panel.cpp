// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/advice/compare_delta_panel.h"

#include "advice/capture_diff.h"
#include "util/format.h"
#include "views/advice/compare_model.h"
#include "views/heatmap/heatmap_plot.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <numeric>

namespace numasight {

namespace {

QString idPair(std::int64_t a, std::int64_t b)
{
    if (a < 0)
        return QString::number(b);
    return b < 0 || a == b ? QString::number(a) : QStringLiteral("%1 → %2").arg(a).arg(b);
}

// Entry `node` of a per-node vector (OS index), 0 past its end: a side that lacks the row has nothing there.
template <typename T>
double at(const std::vector<T>& values, int node)
{
    return node >= 0 && size_t(node) < values.size() ? double(values[size_t(node)]) : 0.0;
}

double pageShare(const std::vector<std::uint64_t>& pages, int node)
{
    const double total = std::accumulate(pages.begin(), pages.end(), 0.0);
    return total > 0 ? at(pages, node) / total : 0.0;
}

double delta(const LocalityChange& c, CompareDeltaMeasure measure, int node)
{
    return measure == CompareDeltaMeasure::CpuShare ? at(c.cpuSharesB, node) - at(c.cpuSharesA, node)
                                                    : pageShare(c.pagesB, node) - pageShare(c.pagesA, node);
}

} // namespace

HeatmapPicture compareDeltaPicture(const CompareModel& model, CompareDeltaMeasure measure)
{
    HeatmapPicture p;
    const CaptureDiffPtr diff = model.diff();
    const bool cpu = measure == CompareDeltaMeasure::CpuShare;
    p.title = cpu ? CompareDeltaPanel::tr("Δ share of on-CPU time per node: B − A")
                  : CompareDeltaPanel::tr("Δ share of pages per node: B − A");
    p.valueName = cpu ? CompareDeltaPanel::tr("B − A, share of on-CPU time")
                      : CompareDeltaPanel::tr("B − A, share of pages");
    p.format = HeatmapValueFormat::ShareChange;
    p.palette = HeatmapPalette::Diverging;
    p.blankZeros = true;
    p.rowAxisLabel = CompareDeltaPanel::tr("Changed processes and threads");
    p.columnAxisLabel = CompareDeltaPanel::tr("NUMA node");
    if (!diff)
        return p;
    p.subtitle = CompareDeltaPanel::tr("A: %1 · B: %2").arg(diff->labelA, diff->labelB);
    for (int node : diff->nodes)
        p.columns.push_back({QStringLiteral("node%1").arg(node), {}, node});
    const auto addRow = [&](const LocalityChange& c, bool thread) {
        HeatmapPictureRow row;
        row.label = thread ? QStringLiteral("%1 %2").arg(c.name, idPair(c.tidA, c.tidB))
                           : QStringLiteral("%1 (%2)").arg(c.name, idPair(c.pidA, c.pidB));
        row.detail = !c.inA()   ? CompareDeltaPanel::tr("Only in B")
                     : !c.inB() ? CompareDeltaPanel::tr("Only in A")
                                : CompareDeltaPanel::tr("Changed by %1").arg(formatPercent(c.change, 1));
        row.indent = thread ? 1 : 0;
        row.emphasis = !thread;
        row.pid = c.pidA;
        row.tid = thread ? c.tidA : -1;
        row.source = int(p.rows.size());
        p.rows.push_back(row);
        for (int node : diff->nodes)
            p.values.push_back(delta(c, measure, node));
    };
    for (int r = 0; r < model.rowCount(); ++r) {
        const QModelIndex process = model.index(r, 0);
        const LocalityChange* c = model.change(process);
        if (!c || c->change <= 0)
            continue;
        const bool thread = model.isThread(process);
        if (thread && !cpu)
            continue;
        addRow(*c, thread);
        if (!cpu)
            continue;
        for (int t = 0; t < model.rowCount(process); ++t)
            if (const LocalityChange* tc = model.change(model.index(t, 0, process)); tc && tc->change > 0)
                addRow(*tc, true);
    }
    return p;
}

CompareDeltaPanel::CompareDeltaPanel(CompareModel* model, QWidget* parent)
    : QWidget(parent)
    , m_model(model)
    , m_measure(new QComboBox(this))
    , m_empty(new QLabel(tr("Nothing moved between A and B."), this))
    , m_plot(new HeatmapPlot(this))
{
    setObjectName(QStringLiteral("compareDeltaPanel"));
    m_measure->setObjectName(QStringLiteral("compareDeltaMeasure"));
    m_measure->addItem(tr("Share of on-CPU time"), int(CompareDeltaMeasure::CpuShare));
    m_measure->addItem(tr("Share of pages"), int(CompareDeltaMeasure::PageShare));
    m_measure->setToolTip(tr("What the Δ map subtracts, node by node: B − A"));
    auto* label = new QLabel(tr("Δ &map:"), this);
    label->setBuddy(m_measure);
    m_plot->setObjectName(QStringLiteral("compareDeltaPlot"));
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->hide();

    auto* tools = new QHBoxLayout;
    tools->setContentsMargins(0, 0, 0, 0);
    tools->addWidget(label);
    tools->addWidget(m_measure);
    tools->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 0, 4, 4);
    layout->addLayout(tools);
    layout->addWidget(m_empty);
    layout->addWidget(m_plot, 1);

    connect(m_measure, &QComboBox::currentIndexChanged, this, &CompareDeltaPanel::refresh);
    connect(m_model, &QAbstractItemModel::modelReset, this, &CompareDeltaPanel::refresh);
    connect(m_plot, &HeatmapPlot::rowClicked, this, [this](int row) {
        const HeatmapPicture& p = m_plot->picture();
        if (row >= 0 && row < p.rowCount() && p.rows[size_t(row)].pid >= 0)
            emit processSelected(p.rows[size_t(row)].pid, p.rows[size_t(row)].tid);
    });
    refresh();
}

void CompareDeltaPanel::setMeasure(CompareDeltaMeasure measure)
{
    m_measure->setCurrentIndex(m_measure->findData(int(measure)));
}

CompareDeltaMeasure CompareDeltaPanel::measure() const
{
    return CompareDeltaMeasure(m_measure->currentData().toInt());
}

// A third of a laptop's page: room for a dozen rows while the heatmaps keep the rest.
QSize CompareDeltaPanel::sizeHint() const
{
    return {QWidget::sizeHint().width(), fontMetrics().height() * 16};
}

void CompareDeltaPanel::refresh()
{
    HeatmapPicture picture = compareDeltaPicture(*m_model, measure());
    const bool empty = picture.rows.empty();
    m_empty->setVisible(empty);
    m_plot->setVisible(!empty);
    m_plot->setPicture(std::move(picture));
}

} // namespace numasight
