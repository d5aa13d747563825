// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/heatmap/mismatch_panel.h"

#include "report/mismatch_csv.h"
#include "views/common/message_bar.h"
#include "views/common/tool_button.h"
#include "views/heatmap/heatmap_plot.h"
#include "views/jobs/heatmap_job.h"

#include <QCheckBox>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSplitter>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace numasight {

MismatchPanel::MismatchPanel(QWidget* parent)
    : HeatmapPanelBase(tr("The mismatch view could not be built."), parent)
    , m_processes(new HeatmapPlot(this))
    , m_matrix(new HeatmapPlot(this))
    , m_filter(new QLineEdit(this))
    , m_only(new QCheckBox(tr("Only &mismatched"), this))
    , m_caption(newCaption(this, QStringLiteral("mismatchCaption")))
    , m_error(new MessageBar(this))
{
    setObjectName(QStringLiteral("mismatchPanel"));
    m_filter->setObjectName(QStringLiteral("mismatchFilter"));
    m_filter->setPlaceholderText(tr("Filter by name or pid"));
    m_filter->setClearButtonEnabled(true);
    m_only->setObjectName(QStringLiteral("mismatchOnly"));
    m_only->setToolTip(tr("Show only processes whose memory or accelerators are away from their CPU time"));
    m_processes->setObjectName(QStringLiteral("mismatchPlot"));
    m_matrix->setObjectName(QStringLiteral("accessMatrixPlot"));
    m_matrix->setShowAllRows(true);
    m_matrix->setDecorated(true);

    auto* exportRows =
        makeToolButton(this, QStringLiteral("mismatchExport"), tr("Export…"),
                       QStringLiteral("document-export"), tr("Export the processes' picture or CSV"));
    auto* exportMatrix =
        makeToolButton(this, QStringLiteral("accessMatrixExport"), tr("Export Matrix…"),
                       QStringLiteral("document-export"), tr("Export the CPU node × memory node matrix"));
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addWidget(m_filter, 1);
    bar->addWidget(m_only);
    bar->addWidget(exportRows);
    bar->addWidget(exportMatrix);

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_processes);
    split->addWidget(m_matrix);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({600, 400}); // the processes need room for their labels and markers
    split->setChildrenCollapsible(false);

    QVBoxLayout* layout = newPanelLayout(bar, m_caption, m_error);
    layout->addWidget(split, 1);

    connect(m_filter, &QLineEdit::textChanged, this, [this] { updatePictures(); });
    connect(m_only, &QCheckBox::toggled, this, [this] { updatePictures(); });
    connect(exportRows, &QToolButton::clicked, this, [this] { emit exportRequested(false); });
    connect(exportMatrix, &QToolButton::clicked, this, [this] { emit exportRequested(true); });
    connect(m_processes, &HeatmapPlot::rowClicked, this, [this](int position) {
        if (!m_view || position < 0 || size_t(position) >= m_rows.size())
            return;
        const MismatchRow& r = m_view->rows[size_t(m_rows[size_t(position)])];
        m_selectedPid = r.pid;
        m_selectedNs = r.ns;
        emit rowSelected(m_shown.snapshot == m_input.snapshot ? r.process : EntityId(), r.pid, -1, r.ns);
    });
}

void MismatchPanel::setInput(SnapshotPtr snapshot, std::vector<SamplePtr> samples, bool fresh)
{
    setSampledInput(m_input, std::move(snapshot), std::move(samples), fresh);
}

void MismatchPanel::forgetSelection()
{
    m_selectedPid = -1;
}

void MismatchPanel::clear()
{
    stopBuilding();
    m_input = m_building = m_shown = {};
    m_view.reset();
    m_rows.clear();
    m_processes->clear();
    m_matrix->clear();
    m_caption->clear();
    m_error->dismiss();
}

std::function<HeatmapResult()> MismatchPanel::startBuild()
{
    m_building = m_input;
    return [snapshot = m_input.snapshot, samples = m_input.samples] {
        HeatmapResult r;
        r.mismatch = mismatchRows(*snapshot, samples);
        return r;
    };
}

bool MismatchPanel::showResult(const HeatmapResult& result)
{
    if (!result.mismatch)
        return false;
    m_error->dismiss();
    m_view = result.mismatch;
    m_shown = m_building;
    updateCaption();
    updatePictures();
    return true;
}

// The legend names every mark the window shows: Δ only while a comparison marks rows.
void MismatchPanel::updateCaption()
{
    if (!m_view)
        return;
    QString legend =
        QCoreApplication::translate("numasight::MismatchPanel", " · colour: share of the process's memory · "
                                                                "● main CPU node · ◆ accelerator · ⚠ away");
    if (!m_changedPids.isEmpty())
        legend += tr(" · Δ changed in the comparison");
    m_caption->setText(
        captionText(QCoreApplication::translate("numasight::MismatchPanel",
                                                "Where each process runs against where its memory is"),
                    m_view->source + legend, m_view->notes));
}

// Mismatched processes first (they are what the tab is for), the busiest first among them.
void MismatchPanel::updatePictures()
{
    m_rows.clear();
    if (!m_view) {
        m_processes->clear();
        m_matrix->clear();
        return;
    }
    const QString text = m_filter->text().trimmed().toLower();
    for (size_t i = 0; i < m_view->rows.size(); ++i) {
        const MismatchRow& r = m_view->rows[i];
        const bool away = r.memoryAway || r.acceleratorAway;
        if (m_only->isChecked() && !away)
            continue;
        if (!text.isEmpty() && !r.name.toLower().contains(text) && !QString::number(r.pid).contains(text))
            continue;
        m_rows.push_back(int(i));
    }
    std::stable_sort(m_rows.begin(), m_rows.end(), [this](int a, int b) {
        const MismatchRow& x = m_view->rows[size_t(a)];
        const MismatchRow& y = m_view->rows[size_t(b)];
        const bool ax = x.memoryAway || x.acceleratorAway, ay = y.memoryAway || y.acceleratorAway;
        if (ax != ay)
            return ax;
        return x.cpuNs > y.cpuNs;
    });
    m_processes->setPicture(processesPicture());
    m_matrix->setPicture(accessMatrixPicture(*m_view));
    if (m_selectedPid >= 0)
        selectRow(m_selectedPid, m_selectedNs);
}

void MismatchPanel::setFilterText(const QString& text)
{
    m_filter->setText(text);
}

void MismatchPanel::setMismatchedOnly(bool only)
{
    m_only->setChecked(only);
}

bool MismatchPanel::selectRow(std::int64_t pid, QStringView ns)
{
    m_selectedPid = pid;
    m_selectedNs = ns.toString();
    if (!m_view)
        return false;
    for (size_t i = 0; i < m_rows.size(); ++i) {
        const MismatchRow& r = m_view->rows[size_t(m_rows[i])];
        if (r.pid == pid && r.ns == ns) {
            m_processes->setSelectedRow(int(i));
            m_processes->scrollToRow(int(i));
            return true;
        }
    }
    m_processes->setSelectedRow(-1);
    return false;
}

HeatmapPicture MismatchPanel::processesPicture() const
{
    if (!m_view)
        return {};
    HeatmapPicture p = mismatchPicture(*m_view, m_rows);
    bool changed = false;
    for (HeatmapPictureRow& row : p.rows) {
        const MismatchRow& r = m_view->rows[size_t(row.source)];
        if (r.ns == u"local" && m_changedPids.contains(r.pid)) {
            row.label = QStringLiteral("Δ ") + row.label;
            row.detail += tr("\nChanged in the comparison");
            changed = true;
        }
    }
    // The legend of every picture (the window's and each export's) explains every mark the rows carry.
    if (changed)
        p.subtitle += tr(" · Δ changed in the comparison");
    return p;
}

void MismatchPanel::setHighlighted(const QSet<std::int64_t>& pids)
{
    if (pids == m_changedPids)
        return;
    m_changedPids = pids;
    updateCaption();
    if (m_view)
        m_processes->setPicture(processesPicture());
}

HeatmapPicture MismatchPanel::matrixPicture() const
{
    return m_view ? accessMatrixPicture(*m_view) : HeatmapPicture();
}

QByteArray MismatchPanel::processesCsv() const
{
    return m_view ? mismatchProcessesCsv(*m_view) : QByteArray();
}

QByteArray MismatchPanel::matrixCsv() const
{
    return m_view ? mismatchAccessMatrixCsv(*m_view) : QByteArray();
}

} // namespace numasight
