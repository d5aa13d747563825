// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/heatmap/time_heatmap_panel.h"

#include "report/heatmap_csv.h"
#include "views/common/message_bar.h"
#include "views/common/tool_button.h"
#include "views/heatmap/heatmap_plot.h"
#include "views/jobs/heatmap_job.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>

namespace numasight {

namespace {

bool sameSubject(const HeatmapSubject& a, const HeatmapSubject& b)
{
    return a.pid == b.pid && a.tid == b.tid && a.ns == b.ns;
}

} // namespace

bool TimeHeatmapPanel::Input::operator==(const Input& other) const
{
    return capture == other.capture && metric == other.metric &&
           subject.has_value() == other.subject.has_value() &&
           (!subject || sameSubject(*subject, *other.subject));
}

TimeHeatmapPanel::TimeHeatmapPanel(QWidget* parent)
    : HeatmapPanelBase(tr("The heatmap could not be built."), parent)
    , m_plot(new HeatmapPlot(this))
    , m_metricCombo(new QComboBox(this))
    , m_caption(newCaption(this, QStringLiteral("timeHeatmapCaption")))
    , m_error(new MessageBar(this))
{
    setObjectName(QStringLiteral("timeHeatmapPanel"));
    m_plot->setObjectName(QStringLiteral("timeHeatmapPlot"));
    m_plot->setShowAllRows(true);
    m_metricCombo->setObjectName(QStringLiteral("timeHeatmapMetric"));
    m_metricCombo->addItem(tr("Share of CPU time"), int(HeatmapMetric::CpuShare));
    m_metricCombo->addItem(tr("CPU time"), int(HeatmapMetric::CpuNs));
    m_metricCombo->addItem(tr("Busy CPUs"), int(HeatmapMetric::CpuBusy));
    m_metricCombo->addItem(tr("Pages"), int(HeatmapMetric::TotalPages));
    m_metricCombo->addItem(tr("Anonymous pages"), int(HeatmapMetric::AnonPages));
    m_metricCombo->addItem(tr("Dirty anonymous pages"), int(HeatmapMetric::DirtyAnonPages));
    m_metricCombo->addItem(tr("Bytes"), int(HeatmapMetric::Bytes));
    auto* exportButton = makeToolButton(this, QStringLiteral("timeHeatmapExport"), tr("Export…"),
                                        QStringLiteral("document-export"), tr("Export this heatmap"));
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    auto* metricLabel = new QLabel(tr("M&etric:"), this);
    metricLabel->setBuddy(m_metricCombo);
    bar->addWidget(metricLabel);
    bar->addWidget(m_metricCombo);
    bar->addStretch(1);
    bar->addWidget(exportButton);
    QVBoxLayout* layout = newPanelLayout(bar, m_caption, m_error);
    layout->addWidget(m_plot, 1);

    connect(m_metricCombo, &QComboBox::currentIndexChanged, this,
            [this](int i) { setMetric(HeatmapMetric(m_metricCombo->itemData(i).toInt())); });
    connect(exportButton, &QToolButton::clicked, this, &TimeHeatmapPanel::exportRequested);
    connect(m_plot, &HeatmapPlot::columnClicked, this, [this](int column) {
        const HeatmapPicture& p = m_plot->picture();
        if (column >= 0 && column < p.columnCount())
            emit positionRequested(p.columns[size_t(column)].source);
    });
    connect(m_plot, &HeatmapPlot::cellClicked, this, [this](int, int column) {
        const HeatmapPicture& p = m_plot->picture();
        if (column >= 0 && column < p.columnCount())
            emit positionRequested(p.columns[size_t(column)].source);
    });
    updateCaption();
}

void TimeHeatmapPanel::setCapture(CapturePtr capture, bool fresh)
{
    if (!fresh && capture == m_input.capture)
        return;
    if (fresh)
        m_input.subject.reset();
    m_input.capture = std::move(capture);
    if (!m_input.capture) {
        clear();
        return;
    }
    inputChanged();
}

void TimeHeatmapPanel::clear()
{
    stopBuilding();
    m_input.capture.reset();
    m_building.capture.reset();
    m_shown.capture.reset();
    m_input.subject.reset();
    m_heatmap.reset();
    m_plot->clear();
    m_error->dismiss();
    updateCaption();
}

void TimeHeatmapPanel::setSubject(const HeatmapSubject& subject)
{
    if (m_input.subject && sameSubject(*m_input.subject, subject))
        return;
    m_input.subject = subject;
    inputChanged();
}

void TimeHeatmapPanel::setMetric(HeatmapMetric metric)
{
    {
        const QSignalBlocker block(m_metricCombo);
        m_metricCombo->setCurrentIndex(m_metricCombo->findData(int(metric)));
    }
    if (metric == m_input.metric)
        return;
    m_input.metric = metric;
    inputChanged();
    emit metricChanged(metric);
}

void TimeHeatmapPanel::setCursorSource(int source)
{
    m_cursorSource = source;
    const HeatmapPicture& p = m_plot->picture();
    int column = -1;
    for (int c = 0; c < p.columnCount(); ++c)
        if (p.columns[size_t(c)].source == source)
            column = c;
    m_plot->setCursorColumn(column);
}

void TimeHeatmapPanel::inputChanged()
{
    updateCaption();
    scheduleBuild();
}

std::function<HeatmapResult()> TimeHeatmapPanel::startBuild()
{
    m_building = m_input;
    return [capture = m_input.capture, subject = *m_input.subject, metric = m_input.metric] {
        HeatmapResult r;
        r.time = timeHeatmap(*capture, subject, metric);
        if (!r.time)
            r.error =
                QCoreApplication::translate("numasight::TimeHeatmapPanel", "the capture has no snapshot");
        return r;
    };
}

bool TimeHeatmapPanel::showResult(const HeatmapResult& result)
{
    if (!result.time)
        return false;
    m_error->dismiss();
    m_heatmap = result.time;
    m_shown = m_building;
    m_plot->setPicture(timeHeatmapPicture(*m_heatmap, m_cursorSource));
    updateCaption();
    return true;
}

void TimeHeatmapPanel::updateCaption()
{
    if (!m_input.capture) {
        m_caption->setText(tr("Nothing loaded"));
        return;
    }
    if (!m_input.subject) {
        m_caption->setText(
            tr("Pick a thread or process — in the browser, the graph or a heatmap — to see where "
               "it ran and kept its memory over time."));
        return;
    }
    if (m_input.capture->samples.empty() && m_input.capture->snapshots.size() < 2) {
        m_caption->setText(
            tr("Over time needs a recording, or witty-profiler JSON Lines with several rounds; "
               "this capture has one moment."));
    }
    if (m_heatmap)
        m_caption->setText(captionText(m_heatmap->title, m_plot->picture().subtitle, m_heatmap->notes));
}

HeatmapPicture TimeHeatmapPanel::exportPicture() const
{
    return m_heatmap ? timeHeatmapPicture(*m_heatmap, m_plot->cursorColumn() >= 0 ? m_cursorSource : -1)
                     : HeatmapPicture();
}

QByteArray TimeHeatmapPanel::csv() const
{
    return m_heatmap ? timeHeatmapCsv(*m_heatmap) : QByteArray();
}

} // namespace numasight
