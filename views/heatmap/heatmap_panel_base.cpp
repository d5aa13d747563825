// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/heatmap/heatmap_panel_base.h"

#include "views/common/deferred_build.h"
#include "views/common/message_bar.h"
#include "views/jobs/heatmap_job.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QToolButton>
#include <QVBoxLayout>

namespace numasight {

HeatmapPanelBase::HeatmapPanelBase(const QString& failure, QWidget* parent)
    : QWidget(parent)
    , m_job(new HeatmapJob(this))
    , m_deferred(new DeferredBuild(this, [this] { build(); }))
    , m_failure(failure)
{
    connect(m_job, &HeatmapJob::resultAvailable, this,
            [this](quint64, const HeatmapResult& result) { onResult(result); });
}

HeatmapPanelBase::~HeatmapPanelBase()
{
    // Cancelling emits signals the panel's own slots would handle, and the panel is half gone.
    m_job->blockSignals(true);
    m_job->cancel();
}

void HeatmapPanelBase::setSampledInput(SampledInput& input, SnapshotPtr snapshot,
                                       std::vector<SamplePtr> samples, bool fresh)
{
    if (!fresh && snapshot == input.snapshot && samples == input.samples)
        return;
    if (fresh)
        forgetSelection();
    input.snapshot = std::move(snapshot);
    input.samples = std::move(samples);
    if (!input.snapshot) {
        clear();
        return;
    }
    scheduleBuild();
}

void HeatmapPanelBase::scheduleBuild()
{
    if (hasInput())
        m_deferred->request();
}

void HeatmapPanelBase::stopBuilding()
{
    m_deferred->cancel();
    m_job->cancel();
}

void HeatmapPanelBase::ensureBuilt()
{
    if (hasInput())
        m_deferred->runNow();
}

bool HeatmapPanelBase::isBuilding() const
{
    return m_job->isRunning() || m_deferred->isQueued();
}

bool HeatmapPanelBase::isCurrent() const
{
    return isShownCurrent() && !m_deferred->isWaitingForShow() && !isBuilding();
}

void HeatmapPanelBase::build()
{
    if (!hasInput())
        return;
    if (std::function<HeatmapResult()> work = startBuild())
        m_job->start(std::move(work));
}

void HeatmapPanelBase::onResult(const HeatmapResult& result)
{
    if (!showResult(result)) {
        errorBar()->showMessage(result.error.isEmpty() ? m_failure : result.error);
        return;
    }
    emit heatmapShown();
}

QLabel* HeatmapPanelBase::newCaption(QWidget* parent, const QString& objectName)
{
    auto* label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

QString HeatmapPanelBase::captionText(const QString& title, const QString& source, const QStringList& notes)
{
    QString text = QStringLiteral("<b>%1</b>").arg(title.toHtmlEscaped());
    if (!source.isEmpty())
        text += QStringLiteral(" · ") + source.toHtmlEscaped();
    if (!notes.isEmpty())
        text +=
            QStringLiteral("<br><small>%1</small>").arg(notes.join(QStringLiteral(" · ")).toHtmlEscaped());
    return text;
}

QVBoxLayout* HeatmapPanelBase::newPanelLayout(QLayout* toolRow, QLabel* caption, MessageBar* error)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(toolRow);
    layout->addWidget(caption);
    layout->addWidget(error);
    return layout;
}

void HeatmapPanelBase::layOutProgressRow(QWidget* row, const QString& text, QProgressBar* bar,
                                         QToolButton* cancel)
{
    cancel->setText(tr("Cancel"));
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(new QLabel(text, row));
    layout->addWidget(bar);
    layout->addWidget(cancel);
    layout->addStretch(1);
    row->hide();
}

} // namespace numasight
