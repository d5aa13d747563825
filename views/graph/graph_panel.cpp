// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/graph/graph_panel.h"

#include "util/format.h"
#include "views/common/fitting_placeholder.h"
#include "views/common/message_bar.h"
#include "views/common/tool_button.h"
#include "views/graph/graph_canvas.h"
#include "views/graph/graph_export_flow.h"
#include "views/graph/graph_scene.h"
#include "views/jobs/graph_layout_job.h"

#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QProgressBar>
#include <QSpinBox>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <utility>

namespace numasight {

namespace {

QString kindMenuText(EntityKind k)
{
    switch (k) {
    case EntityKind::Pu:
        return QObject::tr("CPUs");
    case EntityKind::Core:
        return QObject::tr("Cores");
    case EntityKind::PciDevice:
        return QObject::tr("PCI devices");
    case EntityKind::OsDevice:
        return QObject::tr("OS devices");
    case EntityKind::Accelerator:
        return QObject::tr("Accelerators (GPU, NPU)");
    case EntityKind::Nic:
        return QObject::tr("Network interfaces");
    case EntityKind::NumaNode:
        return QObject::tr("NUMA nodes");
    case EntityKind::Process:
        return QObject::tr("Processes");
    case EntityKind::Thread:
        return QObject::tr("Threads");
    case EntityKind::Container:
        return QObject::tr("Containers");
    case EntityKind::Socket:
        return QObject::tr("Sockets (flow endpoints)");
    default:
        return entityKindName(k);
    }
}

} // namespace

GraphPanel::GraphPanel(QWidget* parent)
    : QWidget(parent)
    , m_job(new GraphLayoutJob(this))
    , m_scene(new GraphScene(this))
    , m_canvas(new GraphCanvas(m_scene, this))
    , m_viewCombo(new QComboBox(this))
    , m_engineCombo(new QComboBox(this))
    , m_kindsButton(makeToolButton(this, QStringLiteral("graphKindsButton"), tr("Show"),
                                   QStringLiteral("view-filter"), tr("Entity kinds to show in the graph"),
                                   Qt::ToolButtonIconOnly))
    , m_kindsMenu(new QMenu(this))
    , m_minSpin(new QDoubleSpinBox(this))
    , m_perNodeSpin(new QSpinBox(this))
    , m_cachesButton(new QToolButton(this))
    , m_unknownFlowsButton(new QToolButton(this))
    , m_search(new QLineEdit(this))
    , m_progressRow(new QWidget(this))
    , m_progress(new QProgressBar(m_progressRow))
    , m_cancel(new QToolButton(m_progressRow))
    , m_progressLabel(new QLabel(m_progressRow))
    , m_error(new MessageBar(this))
    , m_status(new QLabel(this))
    , m_relayoutTimer(new QTimer(this))
    , m_progressDelay(new QTimer(this))
{
    setObjectName(QStringLiteral("graphPanel"));
    m_viewCombo->setObjectName(QStringLiteral("graphViewCombo"));
    m_viewCombo->setToolTip(tr("Machine: packages, NUMA nodes, CPUs and devices\n"
                               "Dataflow: containers, processes, threads and what they use\n"
                               "Combined: processes inside the node where they run"));
    m_viewCombo->addItem(tr("Machine"), int(GraphView::Machine));
    m_viewCombo->addItem(tr("Dataflow"), int(GraphView::Dataflow));
    m_viewCombo->addItem(tr("Combined"), int(GraphView::Combined));
    m_viewCombo->setCurrentIndex(m_viewCombo->findData(int(m_options.view)));
    m_engineCombo->setObjectName(QStringLiteral("graphEngineCombo"));
    m_engineCombo->setToolTip(tr("Layout: boxes nested and packed from the hierarchy, Graphviz routing the "
                                 "edges. Graphviz's own engines let boxes overlap, so they are offered for "
                                 "DOT files only (Export ▸ DOT)"));
    m_engineCombo->addItems(engines());

    m_perNodeSpin->setObjectName(QStringLiteral("graphPerNode"));
    m_perNodeSpin->setRange(0, 10000);
    m_perNodeSpin->setSpecialValueText(tr("all"));
    m_perNodeSpin->setValue(m_options.processesPerNode);
    m_perNodeSpin->setToolTip(tr("Processes drawn per box, the largest first; the others form one “N more” "
                                 "group per box (double-click opens it). 0: all"));
    m_cachesButton->setObjectName(QStringLiteral("graphCaches"));
    m_cachesButton->setText(tr("Caches"));
    m_cachesButton->setCheckable(true);
    m_cachesButton->setToolTip(tr("Draw the cores inside their caches, as lstopo does"));
    m_unknownFlowsButton->setObjectName(QStringLiteral("graphUnknownFlows"));
    m_unknownFlowsButton->setText(tr("Unknown flows"));
    m_unknownFlowsButton->setCheckable(true);
    m_unknownFlowsButton->setToolTip(
        tr("Draw the flows whose volume is unknown too (procfs sees which sockets connect, not the bytes); "
           "the status line counts them while hidden"));

    m_kindsButton->setMenu(m_kindsMenu);
    m_kindsButton->setPopupMode(QToolButton::InstantPopup);
    m_kindsButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_kindsMenu->setObjectName(QStringLiteral("graphKindsMenu"));

    m_minSpin->setObjectName(QStringLiteral("graphMinMetric"));
    m_minSpin->setRange(0, 100);
    m_minSpin->setDecimals(1);
    m_minSpin->setSingleStep(1);
    m_minSpin->setSuffix(QStringLiteral(" %"));
    m_minSpin->setPrefix(tr("≥ "));
    m_minSpin->setToolTip(tr("Hide processes and threads with a smaller share of the CPU time"));

    m_search->setObjectName(QStringLiteral("graphSearch"));
    m_search->setClearButtonEnabled(true);
    new FittingPlaceholder(m_search, {tr("Find pid, tid, name, PCI id, CPU (Enter: next)"),
                                      tr("Find pid, tid, name, CPU"), tr("Find…")});

    auto* zoomOut = makeToolButton(this, QStringLiteral("graphZoomOut"), tr("−"), QStringLiteral("zoom-out"),
                                   tr("Zoom out (-)"), Qt::ToolButtonIconOnly);
    auto* zoomIn = makeToolButton(this, QStringLiteral("graphZoomIn"), tr("+"), QStringLiteral("zoom-in"),
                                  tr("Zoom in (+)"), Qt::ToolButtonIconOnly);
    auto* fit = makeToolButton(this, QStringLiteral("graphFit"), tr("Fit"), QStringLiteral("zoom-fit-best"),
                               tr("Fit the graph (Ctrl+0); 100 % with 0"), Qt::ToolButtonIconOnly);
    auto* exportButton = makeToolButton(this, QStringLiteral("graphExport"), tr("Export…"),
                                        QStringLiteral("document-export"), tr("Export the graph (Ctrl+E)"));

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    auto* viewLabel = new QLabel(tr("&Graph:"), this);
    viewLabel->setBuddy(m_viewCombo);
    bar->addWidget(viewLabel);
    bar->addWidget(m_viewCombo);
    auto* engineLabel = new QLabel(tr("&Layout:"), this);
    engineLabel->setBuddy(m_engineCombo);
    bar->addWidget(engineLabel);
    bar->addWidget(m_engineCombo);
    // One engine keeps containment and order for every view today: no choice to show.
    engineLabel->setVisible(engines().size() > 1);
    m_engineCombo->setVisible(engines().size() > 1);
    bar->addWidget(m_kindsButton);
    bar->addWidget(m_cachesButton);
    bar->addWidget(m_unknownFlowsButton);
    auto* minLabel = new QLabel(tr("CPU &share:"), this);
    minLabel->setBuddy(m_minSpin);
    bar->addWidget(minLabel);
    bar->addWidget(m_minSpin);
    auto* perNodeLabel = new QLabel(tr("&Per box:"), this);
    perNodeLabel->setBuddy(m_perNodeSpin);
    bar->addWidget(perNodeLabel);
    bar->addWidget(m_perNodeSpin);
    bar->addWidget(m_search, 1);
    bar->addWidget(zoomOut);
    bar->addWidget(zoomIn);
    bar->addWidget(fit);
    bar->addWidget(exportButton);

    m_progress->setObjectName(QStringLiteral("graphProgress"));
    m_progress->setRange(0, 100);
    m_progress->setMaximumWidth(240);
    m_cancel->setObjectName(QStringLiteral("graphCancel"));
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop laying out; the graph shown stays"));
    m_progressLabel->setText(tr("Laying out…"));
    auto* progressLayout = new QHBoxLayout(m_progressRow);
    progressLayout->setContentsMargins(0, 0, 0, 0);
    progressLayout->addWidget(m_progressLabel);
    progressLayout->addWidget(m_progress);
    progressLayout->addWidget(m_cancel);
    progressLayout->addStretch(1);
    m_progressRow->setObjectName(QStringLiteral("graphProgressRow"));
    m_progressRow->hide();

    m_error->setObjectName(QStringLiteral("graphError"));
    m_status->setObjectName(QStringLiteral("graphStatus"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(bar);
    layout->addWidget(m_error);
    layout->addWidget(m_progressRow);
    layout->addWidget(m_canvas, 1);
    layout->addWidget(m_status);

    m_relayoutTimer->setSingleShot(true);
    connect(m_relayoutTimer, &QTimer::timeout, this, &GraphPanel::relayout);
    // A layout that comes back quickly (cached, small) shows no progress bar that would only flicker.
    m_progressDelay->setSingleShot(true);
    m_progressDelay->setInterval(150);
    connect(m_progressDelay, &QTimer::timeout, this, [this] {
        if (isLayoutRunning())
            m_progressRow->show();
    });

    connect(m_viewCombo, &QComboBox::currentIndexChanged, this,
            [this](int index) { setViewKind(GraphView(m_viewCombo->itemData(index).toInt())); });
    connect(m_engineCombo, &QComboBox::currentTextChanged, this, &GraphPanel::setEngine);
    connect(m_minSpin, &QDoubleSpinBox::valueChanged, this, [this](double percent) {
        if (std::abs(m_options.minMetric - percent / 100.0) < 1e-9)
            return;
        m_options.minMetric = percent / 100.0;
        m_stableNext = false;
        scheduleRelayout(250); // typing "12" must not lay out for "1" first
    });
    connect(m_perNodeSpin, &QSpinBox::valueChanged, this, [this](int count) {
        if (count == m_options.processesPerNode)
            return;
        m_options.processesPerNode = count;
        m_stableNext = false;
        scheduleRelayout(250);
        emit levelOfDetailChanged();
    });
    // The switches of the level of detail: each lays out again and is remembered by the window.
    for (const auto& [button, option] : {std::pair{m_cachesButton, &GraphOptions::showCaches},
                                         std::pair{m_unknownFlowsButton, &GraphOptions::showUnknownFlows}})
        connect(button, &QToolButton::toggled, this, [this, option](bool on) {
            if (on == m_options.*option)
                return;
            m_options.*option = on;
            m_stableNext = false;
            scheduleRelayout();
            emit levelOfDetailChanged();
        });
    connect(m_search, &QLineEdit::textEdited, this, [this](const QString& text) { find(text, false); });
    connect(m_search, &QLineEdit::returnPressed, this, [this] { find(m_search->text(), true); });
    connect(zoomIn, &QToolButton::clicked, m_canvas, [this] { m_canvas->zoomBy(GraphCanvas::kZoomStep); });
    connect(zoomOut, &QToolButton::clicked, m_canvas,
            [this] { m_canvas->zoomBy(1.0 / GraphCanvas::kZoomStep); });
    connect(fit, &QToolButton::clicked, m_canvas, &GraphCanvas::fitGraph);
    connect(exportButton, &QToolButton::clicked, this, &GraphPanel::exportRequested);
    connect(m_cancel, &QToolButton::clicked, m_job, &GraphLayoutJob::cancel);

    auto* fitAction = m_fitAction = new QAction(tr("&Fit Graph"), this);
    fitAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    fitAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(fitAction, &QAction::triggered, m_canvas, &GraphCanvas::fitGraph);
    addAction(fitAction);

    connect(m_job, &GraphLayoutJob::started, this, [this] {
        m_progress->setValue(0);
        m_progressLabel->setText(tr("Laying out…"));
        if (!m_progressDelay->isActive() && !m_progressRow->isVisible())
            m_progressDelay->start();
    });
    connect(m_job, &GraphLayoutJob::progressChanged, this,
            [this](quint64, double fraction) { m_progress->setValue(int(fraction * 100.0)); });
    connect(m_job, &GraphLayoutJob::layoutAvailable, this, &GraphPanel::onLayoutAvailable);
    connect(m_job, &GraphLayoutJob::layoutFailed, this, &GraphPanel::onLayoutFailed);
    connect(m_job, &GraphLayoutJob::cancelled, this, [this] {
        if (!m_job->isRunning())
            m_status->setText(m_layout
                                  ? tr("Layout cancelled; the graph shown is the previous one.")
                                  : tr("Layout cancelled: change what to show, or press Fit to try again."));
    });
    connect(m_job, &GraphLayoutJob::finished, this, &GraphPanel::onJobFinished);
    connect(m_scene, &GraphScene::entitiesSelected, this, &GraphPanel::onSceneSelection);
    connect(m_scene, &GraphScene::toggleRequested, this, &GraphPanel::toggleNode);
    // Last: its handlers of the layout job run after the panel's own.
    m_exportFlow = new GraphExportFlow(this);
    updateStatus();
}

GraphPanel::~GraphPanel()
{
    m_job->blockSignals(true);
    m_job->cancel();
}

QStringList GraphPanel::engines()
{
    return {kPackedEngine};
}

void GraphPanel::setLive(bool live)
{
    m_live = live;
}

void GraphPanel::setProcessesPerNode(int count)
{
    m_perNodeSpin->setValue(std::max(0, count)); // the spin box's handler lays out
}

void GraphPanel::setShowCaches(bool on)
{
    m_cachesButton->setChecked(on);
}

void GraphPanel::setShowUnknownFlows(bool on)
{
    m_unknownFlowsButton->setChecked(on);
}

bool GraphPanel::isLayoutRunning() const
{
    return m_job->isRunning() || m_relayoutTimer->isActive() || m_relayoutDeferred;
}

void GraphPanel::setSnapshot(SnapshotPtr snapshot, std::vector<SamplePtr> samples, bool fresh)
{
    if (!fresh && snapshot == m_snapshot && samples == m_samples)
        return;
    // A live session or the timeline moving within one snapshot: only the figures change.
    const bool figuresOnly = !fresh && snapshot && snapshot == m_snapshot;
    if (fresh || !snapshot) {
        m_options.expanded.clear();
        m_options.folded.clear();
        m_fitNext = true;
        m_pendingSelection = EntityId();
    }
    // An entity id belongs to its snapshot: one waiting for the previous snapshot means nothing now.
    if (snapshot != m_snapshot)
        m_pendingSelection = EntityId();
    // The next snapshot of the same capture (a recording, the timeline): what is still there stays where it
    // was. Another capture is packed afresh.
    m_stableNext = !fresh && m_snapshot && snapshot;
    m_snapshot = std::move(snapshot);
    m_samples = std::move(samples);
    updateKindsMenu();
    if (!m_snapshot) {
        clear();
        return;
    }
    scheduleRelayout(0, figuresOnly);
}

void GraphPanel::clear()
{
    m_relayoutTimer->stop();
    m_relayoutPending = false;
    m_relayoutDeferred = false;
    m_relayoutSoft = false;
    m_job->cancel();
    m_exportFlow->cancel(); // nothing left to export
    m_snapshot.reset();
    m_samples.clear();
    m_jobSnapshot.reset();
    m_shownSnapshot.reset();
    m_jobSamples.clear();
    m_shownSamples.clear();
    m_layout.reset();
    m_scene->clearGraph();
    m_error->dismiss();
    m_fitNext = true;
    m_pendingSelection = EntityId();
    m_searchIndex = -1;
    updateKindsMenu();
    updateStatus();
}

void GraphPanel::setViewKind(GraphView view)
{
    {
        const QSignalBlocker block(m_viewCombo);
        m_viewCombo->setCurrentIndex(m_viewCombo->findData(int(view)));
    }
    if (view == m_options.view)
        return;
    m_options.view = view;
    m_fitNext = true;
    m_stableNext = false;
    scheduleRelayout();
    emit viewKindChanged(view);
}

void GraphPanel::setEngine(const QString& engine)
{
    if (!engines().contains(engine))
        return;
    {
        const QSignalBlocker block(m_engineCombo);
        m_engineCombo->setCurrentText(engine);
    }
    if (engine == m_engine)
        return;
    m_engine = engine;
    m_fitNext = true;
    scheduleRelayout();
    emit engineChanged(engine);
}

void GraphPanel::setHiddenKinds(const QSet<EntityKind>& kinds)
{
    if (kinds == m_options.hiddenKinds)
        return;
    m_options.hiddenKinds = kinds;
    m_stableNext = false;
    for (QAction* a : m_kindsMenu->actions()) {
        const QSignalBlocker block(a);
        a->setChecked(!kinds.contains(EntityKind(a->data().toInt())));
    }
    scheduleRelayout();
}

void GraphPanel::setMinMetric(double share)
{
    m_minSpin->setValue(share * 100.0); // the spin box's handler schedules the layout
}

void GraphPanel::toggleNode(const QString& nodeId)
{
    const GraphNode* n = m_layout ? m_layout->spec->node(nodeId) : nullptr;
    if (!n)
        return;
    if (n->expandable && !n->expanded) {
        m_options.folded.remove(n->id);
        m_options.expanded.insert(n->id);
        m_focusNode = n->id;
    } else if (n->expanded || !n->foldGroup.isEmpty()) {
        const QString group = n->foldGroup.isEmpty() ? n->id : n->foldGroup;
        m_options.expanded.remove(group);
        m_options.folded.insert(group);
        m_focusNode = group;
    } else {
        return;
    }
    scheduleRelayout();
}

void GraphPanel::scheduleRelayout(int delayMs, bool figuresOnly)
{
    if (!m_snapshot)
        return;
    // Soft only while every change waiting is soft: one change of what to show makes the next layout urgent.
    const bool waiting = m_relayoutPending || m_relayoutTimer->isActive() || m_relayoutDeferred;
    m_relayoutSoft = figuresOnly && (!waiting || m_relayoutSoft);
    if (!isVisible()) {
        m_relayoutPending = true;
        m_relayoutTimer->stop();
        return;
    }
    m_relayoutPending = false;
    // Changes arriving together (a new snapshot and its samples, a burst of timeline steps) make one layout.
    m_relayoutTimer->start(delayMs);
}

void GraphPanel::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_relayoutPending)
        scheduleRelayout();
}

void GraphPanel::ensureLayout()
{
    if (!m_snapshot || !(m_relayoutPending || m_relayoutTimer->isActive()))
        return;
    m_relayoutPending = false;
    m_relayoutTimer->stop();
    relayout();
}

QString GraphPanel::requestKey() const
{
    return m_options.cacheKey() + QLatin1Char('|') + m_engine;
}

bool GraphPanel::isLayoutCurrent() const
{
    return m_layout && !m_relayoutPending && !m_relayoutDeferred && !isLayoutRunning() &&
           m_shownSnapshot == m_snapshot && m_shownSamples == m_samples && m_shownKey == requestKey();
}

void GraphPanel::relayout()
{
    if (!m_snapshot)
        return;
    // New figures for the same graph wait for the layout running to finish instead of killing it: samples
    // arriving faster than Graphviz lays out would otherwise never let one finish.
    if (m_relayoutSoft && m_job->isRunning()) {
        m_relayoutDeferred = true;
        return;
    }
    m_relayoutSoft = false;
    m_relayoutDeferred = false;
    m_jobSamples = m_samples;
    m_jobKey = requestKey();
    GraphRequest request;
    request.snapshot = m_snapshot;
    request.samples = m_samples;
    request.options = m_options;
    request.layout.engine = m_engine;
    request.layout.method = LayoutMethod::Subprocess; // cancellable, and a Graphviz crash stays outside
    request.layout.live = m_live;
    // New figures or the next sample: everything still there keeps its place, so the view does not jump.
    if (m_stableNext && m_layout && m_shownKey == m_jobKey)
        request.layout.previous = m_layout;
    m_jobSnapshot = m_snapshot;
    m_job->start(std::move(request));
}

void GraphPanel::setHighlighted(const QSet<std::int64_t>& pids, const QSet<std::int64_t>& tids)
{
    m_highlightPids = pids;
    m_highlightTids = tids;
    applyHighlight();
}

void GraphPanel::addComparisonBar(QWidget* bar)
{
    static_cast<QVBoxLayout*>(layout())->insertWidget(1, bar);
}

QSet<EntityId> GraphPanel::highlightedEntities() const
{
    QSet<EntityId> entities;
    if (!m_shownSnapshot || (m_highlightPids.isEmpty() && m_highlightTids.isEmpty()))
        return entities;
    const Snapshot& s = *m_shownSnapshot;
    for (EntityId p : s.ofKind(EntityKind::Process))
        if (s.entity(p).ns == u"local" && m_highlightPids.contains(s.entity(p).pid))
            entities.insert(p);
    if (!m_highlightTids.isEmpty())
        for (EntityId t : s.ofKind(EntityKind::Thread))
            if (s.entity(t).ns == u"local" && m_highlightTids.contains(s.entity(t).tid))
                entities.insert(t);
    return entities;
}

void GraphPanel::applyHighlight()
{
    m_scene->setMarkedEntities(highlightedEntities());
}

void GraphPanel::onLayoutAvailable(GraphLayoutPtr layout)
{
    m_error->dismiss();
    // The progress bar leaves before the graph is placed, not when the job finishes after this: the canvas
    // grows by the bar's height then, and a fit or centring done on the smaller canvas would be off.
    if (!m_job->isRunning() && !m_relayoutDeferred) {
        hideProgress();
        this->layout()->activate();
    }
    const bool sameSnapshot = m_shownSnapshot == m_jobSnapshot;
    const QPointF oldCenter = m_canvas->mapToScene(m_canvas->viewport()->rect().center());
    m_layout = layout;
    m_shownSnapshot = m_jobSnapshot;
    m_shownSamples = m_jobSamples;
    m_shownKey = m_jobKey;
    m_scene->setGraphLayout(layout);
    applyHighlight();
    if (!sameSnapshot && !m_pendingSelection.isValid())
        m_scene->clearSelection(); // node ids are stable across snapshots, but the user's pick may be gone
    if (m_pendingSelection.isValid() && m_shownSnapshot == m_snapshot) {
        if (QGraphicsItem* item = m_scene->selectEntity(m_pendingSelection); item && !m_fitNext)
            m_canvas->centerOnItem(item);
        m_pendingSelection = EntityId();
    }
    if (m_fitNext) {
        m_fitNext = false;
        m_canvas->fitGraph();
    } else if (!m_focusNode.isEmpty()) {
        QGraphicsItem* item = m_scene->nodeItem(m_focusNode);
        for (const GraphNode& n : layout->spec->nodes)
            if (!item && n.foldGroup == m_focusNode)
                item = m_scene->nodeItem(n.id);
        if (item)
            m_canvas->centerOnItem(item);
        else
            m_canvas->centerOn(oldCenter);
    } else {
        m_canvas->centerOn(oldCenter);
    }
    m_focusNode.clear();
    m_searchIndex = -1;
    updateStatus();
    if (!m_searchAfterLayout.isEmpty())
        find(std::exchange(m_searchAfterLayout, QString()), false);
    emit layoutShown();
}

void GraphPanel::onLayoutFailed(const QString& message)
{
    m_focusNode.clear();
    m_error->showMessage(message, MessageBar::Kind::Error);
    updateStatus();
    if (!m_job->isRunning())
        m_status->setText(m_layout ? tr("The layout failed; the graph shown is the previous one.")
                                   : tr("No graph: the layout failed (the reason is above)."));
}

void GraphPanel::onJobFinished()
{
    if (m_job->isRunning())
        return; // a newer layout took over; its own finish hides the bar
    if (m_relayoutDeferred) {
        relayout();
        return;
    }
    hideProgress();
}

void GraphPanel::hideProgress()
{
    m_progressDelay->stop();
    m_progressRow->hide();
}

void GraphPanel::onSceneSelection(const QList<EntityId>& entities)
{
    // While the next snapshot's graph is being laid out the one on screen is the previous snapshot's, and
    // its entity ids would name other entities in the browser.
    if (m_shownSnapshot != m_snapshot)
        return;
    m_pendingSelection = EntityId();
    emit entitiesSelected(entities);
}

bool GraphPanel::selectEntity(EntityId id)
{
    if (!id.isValid())
        return false;
    if (m_shownSnapshot != m_snapshot || isLayoutRunning())
        m_pendingSelection = id; // applied to the graph of m_snapshot when it arrives
    if (m_shownSnapshot != m_snapshot)
        return false;
    QGraphicsItem* item = m_scene->selectEntity(id);
    if (item)
        m_canvas->centerOnItem(item);
    return item != nullptr;
}

bool GraphPanel::find(const QString& text, bool next)
{
    const QStringList matches = m_scene->search(text);
    if (text.trimmed().isEmpty()) {
        m_searchText.clear();
        m_searchIndex = -1;
        setSearchFeedback(true);
        return false;
    }
    if (matches.isEmpty()) {
        // What an earlier, shorter text matched is not what is asked for now.
        if (m_searchIndex >= 0)
            m_scene->clearSelection();
        m_searchIndex = -1;
        setSearchFeedback(false);
        m_status->setText(tr("No node matches “%1”; a filter may hide it.").arg(text.trimmed()));
        return false;
    }
    if (!next || text != m_searchText || m_searchIndex < 0)
        m_searchIndex = 0;
    else
        m_searchIndex = (m_searchIndex + 1) % int(matches.size());
    m_searchText = text;
    setSearchFeedback(true);
    // A process folded into a box's "N more" group: the group opens and the search runs again on the
    // graph that draws it.
    if (const GraphNode* n = m_layout ? m_layout->spec->node(matches[m_searchIndex]) : nullptr;
        n && n->expandable && !n->expanded && n->id.startsWith(QLatin1String("more_")) &&
        !n->label.contains(text.trimmed(), Qt::CaseInsensitive)) {
        m_searchAfterLayout = text;
        toggleNode(n->id);
        m_status->setText(
            tr("Opening %1 to show “%2”…").arg(n->label.section(QLatin1Char('\n'), 0, 0), text.trimmed()));
        return true;
    }
    QGraphicsItem* item = m_scene->selectNode(matches[m_searchIndex]);
    // A match is looked for to be read: a graph zoomed out to fit is brought to a legible scale first.
    if (m_canvas->zoom() < 0.75)
        m_canvas->setZoom(1.0);
    m_canvas->centerOnItem(item);
    m_status->setText(tr("Match %1 of %2").arg(m_searchIndex + 1).arg(matches.size()));
    return item != nullptr;
}

void GraphPanel::setSearchFeedback(bool found)
{
    QPalette p = m_search->palette();
    p.setColor(QPalette::Base, found ? palette().color(QPalette::Base) : QColor(0xff, 0xe3, 0xe3));
    m_search->setPalette(p);
}

void GraphPanel::updateKindsMenu()
{
    QList<EntityKind> present;
    if (m_snapshot)
        for (int k = 0; k < kEntityKindCount; ++k) {
            const auto kind = EntityKind(k);
            // The host is the whole picture and NUMA sets are drawn as the nodes they name.
            if (kind != EntityKind::Host && kind != EntityKind::NumaSet && m_snapshot->countOf(kind) > 0)
                present << kind;
        }
    QList<EntityKind> listed;
    for (QAction* a : m_kindsMenu->actions())
        listed << EntityKind(a->data().toInt());
    if (listed == present)
        return;
    m_kindsMenu->clear();
    for (EntityKind k : present) {
        QAction* a = m_kindsMenu->addAction(kindMenuText(k));
        a->setObjectName(QStringLiteral("graphShow") + entityKindName(k));
        a->setCheckable(true);
        a->setChecked(!m_options.hiddenKinds.contains(k));
        a->setData(int(k));
        connect(a, &QAction::toggled, this, [this, k](bool shown) {
            QSet<EntityKind> hidden = m_options.hiddenKinds;
            if (shown)
                hidden.remove(k);
            else
                hidden.insert(k);
            setHiddenKinds(hidden);
        });
    }
    m_kindsButton->setEnabled(!present.isEmpty());
}

void GraphPanel::updateStatus()
{
    if (!m_layout) {
        m_status->setText(!m_snapshot         ? tr("Nothing loaded")
                          : isLayoutRunning() ? tr("Laying out…")
                                              : QString());
        m_status->setToolTip(QString());
        return;
    }
    const GraphSpec& s = *m_layout->spec;
    QString text = tr("%1 nodes · %2 edges · %3 boxes · laid out in %4")
                       .arg(s.nodes.size())
                       .arg(s.edges.size())
                       .arg(s.clusters.size())
                       .arg(formatDuration(m_layout->seconds * 1e9, 2));
    // What is not on the picture is said, not left to guess: filters, folded groups, labels on hover.
    QStringList notes = s.hiddenNotes + m_layout->notes;
    if (m_layout->labelsOnHover > 0)
        notes << tr("%n edge label(s) on hover (no free room beside the edge)", nullptr,
                    m_layout->labelsOnHover);
    for (const QString& note : notes)
        text += QStringLiteral(" · ") + note;
    m_status->setText(text);
    m_status->setToolTip(notes.join(QLatin1Char('\n')));
}

} // namespace numasight
