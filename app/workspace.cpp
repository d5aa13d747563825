// SPDX-License-Identifier: GPL-3.0-or-later
#include "workspace.h"

#include "advice/capture_diff.h"
#include "make_action.h"
#include "readers/open_input.h"
#include "views/advice/advice_panel.h"
#include "views/advice/apply_dialog.h"
#include "views/advice/compare_delta_panel.h"
#include "views/advice/compare_model.h"
#include "views/advice/compare_panel.h"
#include "views/browser/browser_panel.h"
#include "views/browser/details_pane.h"
#include "views/browser/summary_panel.h"
#include "views/fleet/hosts_panel.h"
#include "views/graph/graph_canvas.h"
#include "views/graph/graph_export_flow.h"
#include "views/graph/graph_panel.h"
#include "views/heatmap/heatmap_export_flow.h"
#include "views/heatmap/heatmap_tabs.h"
#include "views/heatmap/matrix_panel.h"
#include "views/heatmap/mismatch_panel.h"
#include "views/heatmap/node_heatmap_panel.h"
#include "views/jobs/report_job.h"
#include "views/live/log_panel.h"
#include "views/live/recording_prompts.h"
#include "views/live/session.h"
#include "views/live/threads_panel.h"
#include "views/live/timeline_bar.h"

#include <QActionGroup>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLineEdit>
#include <QProgressDialog>
#include <QSettings>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

namespace numasight {

namespace {

const QString kDetailsSplitterKey = QStringLiteral("window/detailsSplitter");
const QString kSummarySplitterKey = QStringLiteral("window/summarySplitter");
const QString kHeaderKey = QStringLiteral("window/browserHeader");
const QString kThreadsKey = QStringLiteral("window/threadsPanel");
const QString kTabKey = QStringLiteral("window/tab");
const QString kLastDirKey = QStringLiteral("window/lastDirectory");
const QString kGraphViewKey = QStringLiteral("graph/view");
const QString kGraphEngineKey = QStringLiteral("graph/engine");
const QString kGraphPerNodeKey = QStringLiteral("graph/perNode");
const QString kGraphCachesKey = QStringLiteral("graph/caches");
const QString kGraphUnknownFlowsKey = QStringLiteral("graph/unknownFlows");
// Each key of HeatmapTabs::state() is kept under this group: view, window, sorts, measure, metric, order.
const QString kHeatmapGroup = QStringLiteral("heatmaps");
const QString kAdviceSplitterKey = QStringLiteral("advice/splitter");
const QString kCompareDirKey = QStringLiteral("compare/lastDirectory");

} // namespace

Workspace::Workspace(Session* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_compareLoader(new LoadJob(this))
    , m_timeline(new TimelineBar(this))
    , m_tabs(new QTabWidget(this))
    , m_details(new DetailsPane(this))
    , m_summary(new SummaryPanel(this))
    , m_threads(new ThreadsPanel(this))
    , m_log(new LogPanel(this))
{
    setObjectName(QStringLiteral("workspace"));
    createPages();
    createActions();
    createComparisonViews();
    connect(m_timeline, &TimelineBar::positionChanged, session, &Session::setPosition);
    connect(m_details, &DetailsPane::entityActivated, this, &Workspace::selectEntity);
    connect(m_threads, &ThreadsPanel::threadActivated, this, &Workspace::selectProcess);
    connect(m_threads, &ThreadsPanel::processActivated, this, [this](qint64 pid) { selectProcess(pid); });

    connect(session, &Session::captureChanged, this, &Workspace::onCaptureChanged);
    connect(session, &Session::hostsChanged, this, &Workspace::onHostsChanged);
    connect(session, &Session::hostChanged, m_hostsPanel, &HostsPanel::setCurrentHost);
    connect(m_hostsPanel, &HostsPanel::hostActivated, session, &Session::setHost);
    connect(session, &Session::snapshotChanged, this, [this] {
        m_details->setSnapshot(m_session->shown().snapshot());
        m_summary->setCapture(m_session->capture(), m_session->snapshotIndex());
    });
    connect(session, &Session::positionChanged, this, &Workspace::onPositionChanged);
    connect(session, &Session::liveStateChanged, this, &Workspace::updateActions);
    connect(session, &Session::opened, m_browser, &BrowserPanel::expandMatches);
    connect(session, &Session::applyAllowedChanged, m_advice, &AdvicePanel::setApplyAllowed);
    connect(session, &Session::logged, m_log,
            [this](const QString& text, MessageBar::Kind kind) { m_log->add(text, kind); });
    connect(session, &Session::sizeLimitReached, this,
            [this](qint64 bytes, qint64 limit) { askPastSizeLimit(window(), m_session, bytes, limit); });
    QString reason;
    m_advice->setApplyAllowed(session->canApply(&reason), reason);

    // The timeline drives every tab, so it sits above them.
    m_tabs->setObjectName(QStringLiteral("workspaceTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_browser, tr("Entities"));
    m_tabs->addTab(m_graph, tr("Graph"));
    m_tabs->addTab(m_heatmaps, tr("Heatmaps"));
    m_tabs->addTab(m_advice, tr("Advice"));
    m_tabs->setTabToolTip(0, tr("The entity browser (Ctrl+B)"));
    m_tabs->setTabToolTip(1, tr("The topology graph, laid out by Graphviz (Ctrl+G)"));
    m_tabs->setTabToolTip(2, tr("CPU time and memory per NUMA node, mismatches, over time, and the node "
                                "matrices (Ctrl+H)"));
    m_tabs->setTabToolTip(3, tr("The advisor's findings and, per process, what to run to move it (Ctrl+I)"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_timeline);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_log);
    updateActions();
}

// The pages, how the session feeds them and how their picks reach the others.
void Workspace::createPages()
{
    m_hostsPanel = new HostsPanel(this); // a tab only while a fleet is open
    m_hostsPanel->hide();
    m_browser = new BrowserPanel(this);
    connect(m_browser, &BrowserPanel::currentEntityChanged, this, [this](EntityId id) {
        m_details->setEntity(id);
        if (id.isValid())
            for (WorkspaceTab& page : m_pages)
                page.select(*m_browser->snapshot(), id);
    });

    m_graph = new GraphPanel(this);
    connect(m_graph, &GraphPanel::entitiesSelected, this, [this](const QList<EntityId>& entities) {
        if (entities.isEmpty())
            return;
        if (m_compareSide == CompareSide::B) {
            // An entity of B: the same process or thread of A, when it has one.
            const SnapshotPtr b = m_graph->snapshot();
            const Entity& e = b->entity(entities.front());
            if (e.ns == u"local" && (e.kind == EntityKind::Process || e.kind == EntityKind::Thread))
                m_pages[GraphPage].pick(
                    [&] { selectFromB(e.pid, e.kind == EntityKind::Thread ? e.tid : -1); });
            return;
        }
        m_pages[GraphPage].pick([&] { selectEntity(entities.front()); });
    });
    connect(m_graph, &GraphPanel::exportRequested, this, &Workspace::showExportGraphDialog);
    connect(m_graph, &GraphPanel::viewKindChanged, this,
            [](GraphView v) { QSettings().setValue(kGraphViewKey, graphViewName(v)); });
    connect(m_graph, &GraphPanel::engineChanged, this,
            [](const QString& engine) { QSettings().setValue(kGraphEngineKey, engine); });
    connect(m_graph, &GraphPanel::levelOfDetailChanged, this, [this] {
        QSettings settings;
        settings.setValue(kGraphPerNodeKey, m_graph->options().processesPerNode);
        settings.setValue(kGraphCachesKey, m_graph->options().showCaches);
        settings.setValue(kGraphUnknownFlowsKey, m_graph->options().showUnknownFlows);
    });

    m_heatmaps = new HeatmapTabs(this);
    connect(m_heatmaps, &HeatmapTabs::rowSelected, this,
            [this](EntityId entity, qint64 pid, qint64 tid, const QString& ns) {
                m_pages[HeatmapsPage].pick([&] {
                    if (m_compareSide == CompareSide::B) {
                        if (ns == u"local")
                            selectFromB(pid, tid);
                    } else if (entity.isValid())
                        selectEntity(entity);
                    else if (ns == u"local")
                        selectProcess(pid, tid);
                });
            });
    connect(m_heatmaps, &HeatmapTabs::positionRequested, m_session, &Session::setPosition);
    connect(m_heatmaps, &HeatmapTabs::stateChanged, this, &Workspace::saveHeatmapSettings);
    connect(m_heatmaps, &HeatmapTabs::exportRequested, this, &Workspace::showExportPlotDialog);
    connect(m_heatmaps, &HeatmapTabs::measureRequested, this, &Workspace::showMeasureDialog);
    connect(m_heatmaps, &HeatmapTabs::captureMeasured, m_session, &Session::replaceMeasured);
    for (ExportFlow* flow : {static_cast<ExportFlow*>(m_graph->exportFlow()),
                             static_cast<ExportFlow*>(m_heatmaps->exportFlow())}) {
        connect(flow, &ExportFlow::statusMessage, this, &Workspace::statusMessage);
        connect(flow, &ExportFlow::message, this, &Workspace::message);
    }

    // A pick in the Compare tab is of capture A, which the advice shows too: neither echoes it back.
    const auto onAdvicePick = [this](qint64 pid, qint64 tid) {
        m_pages[AdvicePage].pick([&] { selectProcess(pid, tid); });
    };
    m_advice = new AdvicePanel(this);
    connect(m_advice, &AdvicePanel::processSelected, this, onAdvicePick);
    connect(m_advice, &AdvicePanel::applyRequested, this, &Workspace::showApplyDialog);
    m_compare = new ComparePanel(this);
    m_compare->hide();
    connect(m_compare, &ComparePanel::processSelected, this, onAdvicePick);
    connect(m_compare, &ComparePanel::diffShown, this, &Workspace::onDiffShown);
    connect(m_compare, &ComparePanel::diffFailed, this,
            [this](const QString& text) { emit message(text, MessageBar::Kind::Error); });
    connect(m_compareLoader, &LoadJob::captureAvailable, this, &Workspace::onCompareCapture);
    connect(m_compareLoader, &LoadJob::loadFailed, this, [this](const QString& text) {
        emit statusMessage(QString(), 0);
        emit message(tr("Cannot compare: %1").arg(text), MessageBar::Kind::Error);
    });

    // The graph and the heatmaps follow the timeline's sample; the advice the snapshot (the advisor reads
    // every sample of it).
    m_pages.emplace_back(
        WorkspaceTab::Page{m_graph,
                           [this](const ShownPosition& shown, bool fresh) {
                               const ShownPosition p = compareSource(shown);
                               m_graph->setLive(m_session->isLive() && m_compareSide != CompareSide::B);
                               m_graph->setSnapshot(p.snapshot(), p.positionSamples(), fresh);
                           },
                           [this] { m_graph->clear(); },
                           [this](const Snapshot& s, EntityId id) {
                               if (m_compareSide != CompareSide::B) {
                                   m_graph->selectEntity(id);
                                   return;
                               }
                               const MatchedIds b = idsInB(s, id);
                               if (b.pid >= 0 && m_graph->snapshot())
                                   m_graph->selectEntity(m_graph->snapshot()->processByPid(b.pid));
                           }});
    m_pages.emplace_back(WorkspaceTab::Page{m_heatmaps,
                                            [this](const ShownPosition& shown, bool fresh) {
                                                const ShownPosition p = compareSource(shown);
                                                m_heatmaps->setCapture(p.capture, p.snapshotIndex, p.position,
                                                                       fresh);
                                            },
                                            [this] { m_heatmaps->clear(); },
                                            [this](const Snapshot& s, EntityId id) {
                                                if (m_compareSide != CompareSide::B) {
                                                    m_heatmaps->selectEntity(id);
                                                    return;
                                                }
                                                const MatchedIds b = idsInB(s, id);
                                                if (b.pid >= 0)
                                                    m_heatmaps->selectThread(b.pid, b.tid);
                                            }});
    m_pages.emplace_back(WorkspaceTab::Page{
        m_advice,
        [this](const ShownPosition& p, bool fresh) {
            m_advice->setCapture(p.capture, p.snapshotIndex, fresh);
        },
        [this] { m_advice->clear(); },
        [this](const Snapshot& s, EntityId id) {
            const Entity& e = s.entity(id);
            if (e.ns == u"local" && (e.kind == EntityKind::Process || e.kind == EntityKind::Thread))
                m_advice->selectProcess(e.pid, e.kind == EntityKind::Thread ? e.tid : -1);
        }});
}

void Workspace::createActions()
{
    m_pageActions = {
        makeAction(this, tr("&Entity Browser"), Qt::CTRL | Qt::Key_B, &Workspace::showBrowser),
        makeAction(this, tr("Topology &Graph"), Qt::CTRL | Qt::Key_G, &Workspace::showGraph),
        makeAction(this, tr("&Heatmaps"), Qt::CTRL | Qt::Key_H, &Workspace::showHeatmaps),
        makeAction(this, tr("&Advice"), {}, &Workspace::showAdvice, nullptr,
                   tr("What runs away from its memory or accelerator, and what to run to fix it"))};
    // Ctrl+I ("insights") beside the letters of the other tabs; Ctrl+4 as the fourth tab.
    m_pageActions.back()->setShortcuts(
        {QKeySequence(Qt::CTRL | Qt::Key_I), QKeySequence(Qt::CTRL | Qt::Key_4)});
    m_hostsAction =
        makeAction(this, tr("H&osts"), Qt::CTRL | Qt::Key_5, &Workspace::showHosts, nullptr,
                   tr("The hosts of a fleet capture, side by side; pick the one the other tabs show"));
    m_pageActions << m_hostsAction;
    const QStringList heatmapViews{tr("&CPU Heatmap"), tr("&Memory Heatmap"), tr("Mi&smatch"),
                                   tr("&Over Time"), tr("M&atrices")};
    for (int i = 0; i < int(heatmapViews.size()); ++i)
        m_heatmapViewActions << makeAction(this, heatmapViews[i], Qt::CTRL | Qt::ALT | Qt::Key(Qt::Key_1 + i),
                                           [this, i] {
                                               m_heatmaps->setCurrentView(HeatmapTabs::View(i));
                                               showHeatmaps();
                                           });
    // Window-wide timeline keys; the slider itself also takes Left/Right/Home/End when focused.
    m_timelineActions = {
        makeAction(this, tr("&Previous Sample"), Qt::ALT | Qt::Key_Left,
                   [this] { m_session->setPosition(m_session->position() - 1); }),
        makeAction(this, tr("&Next Sample"), Qt::ALT | Qt::Key_Right,
                   [this] { m_session->setPosition(m_session->position() + 1); }),
        makeAction(this, tr("&First Sample"), Qt::ALT | Qt::Key_Home, [this] { m_session->setPosition(0); }),
        makeAction(this, tr("&Latest Sample"), Qt::ALT | Qt::Key_End,
                   [this] { m_session->setPosition(m_session->positionCount() - 1); })};
    m_findAction = makeAction(this, tr("&Find…"), Qt::CTRL | Qt::Key_F, [this] {
        // Find searches what is in front: the graph's search box on the graph tab, a heatmap's filter on the
        // heatmaps, the advice's filter on the advice, else the browser's filter.
        QWidget* front = m_tabs->currentWidget();
        const HeatmapTabs::View view = m_heatmaps->currentView();
        QLineEdit* edit = front == m_advice                     ? m_advice->filterEdit()
                          : front == m_compare                  ? m_compare->filterEdit()
                          : front == m_graph                    ? m_graph->searchEdit()
                          : front != m_heatmaps                 ? m_browser->filterEdit()
                          : view == HeatmapTabs::View::Memory   ? m_heatmaps->memoryPanel()->filterEdit()
                          : view == HeatmapTabs::View::Mismatch ? m_heatmaps->mismatchPanel()->filterEdit()
                                                                : m_heatmaps->cpuPanel()->filterEdit();
        edit->setFocus(Qt::ShortcutFocusReason);
        edit->selectAll();
    });
    m_compareAction = makeAction(
        this, tr("Compare &With…"), Qt::CTRL | Qt::SHIFT | Qt::Key_D, &Workspace::showCompareDialog, nullptr,
        tr("Compare the capture shown with another one: what moved, process by process"));
    m_exportGraphAction =
        makeAction(this, tr("&Export Graph…"), Qt::CTRL | Qt::Key_E, &Workspace::showExportGraphDialog,
                   "document-export", tr("Write the topology graph as SVG, PDF, PNG or Graphviz DOT"));
    m_exportPlotAction = makeAction(
        this, tr("Export &Plot…"), Qt::CTRL | Qt::SHIFT | Qt::Key_X, [this] { showExportPlotDialog(false); },
        "document-export", tr("Write the heatmap in front as PNG, PDF or SVG, or its numbers as CSV"));
    m_exportReportAction =
        makeAction(this, tr("Export &Report…"), Qt::CTRL | Qt::SHIFT | Qt::Key_R,
                   &Workspace::showExportReportDialog, "document-export",
                   tr("Write a whole report (diagrams, heatmaps, findings, commands) as HTML or PDF"));
    m_reportJob = new ReportJob(this);
    connect(m_reportJob, &ReportJob::exported, this,
            [this](const QString& path, qint64 bytes, double seconds) {
                emit statusMessage(tr("Report written to %1 (%2 kB, %3 s)")
                                       .arg(QDir::toNativeSeparators(path))
                                       .arg((bytes + 1023) / 1024)
                                       .arg(seconds, 0, 'f', 1),
                                   8000);
            });
    connect(m_reportJob, &ReportJob::failed, this, [this](const QString& text) {
        emit message(tr("Report not written: %1").arg(text), MessageBar::Kind::Error);
    });
    connect(m_reportJob, &WorkerJob::cancelled, this,
            [this] { emit statusMessage(tr("Report cancelled: nothing was written"), 5000); });
    connect(m_reportJob, &WorkerJob::progressChanged, this, [this](quint64, double fraction) {
        if (m_reportProgress)
            m_reportProgress->setValue(int(fraction * 100));
    });
    // The dialog goes when the planning ends (the drawing and writing that follow are quick, and say how they
    // end in the status or message bar).
    connect(m_reportJob, &WorkerJob::finished, this, [this] {
        if (m_reportProgress && !m_reportJob->isRunning()) {
            m_reportProgress->deleteLater();
            m_reportProgress = nullptr;
        }
    });
    m_measureAction = makeAction(this, tr("&Measure Latency/Bandwidth…"), Qt::CTRL | Qt::SHIFT | Qt::Key_M,
                                 &Workspace::showMeasureDialog, "chronometer",
                                 tr("Measure this machine's latency and bandwidth between NUMA nodes"));
    // One choice for the graph and the heatmaps, beside Ctrl+Alt+1…5 of the heatmap views.
    auto* sides = new QActionGroup(this);
    const struct
    {
        QString text, tip;
        Qt::Key key;
        CompareSide side;
        const char* name;
    } sideActions[] = {
        {tr("Show &A"), tr("The graph and heatmaps show capture A, the one opened"), Qt::Key_A,
         CompareSide::A, "compareShowA"},
        {tr("Show &B"), tr("The graph and heatmaps show capture B, the one compared with"), Qt::Key_B,
         CompareSide::B, "compareShowB"},
        {tr("Show &Δ"),
         tr("Capture A with what changed in B outlined, and B − A per node under the heatmaps"), Qt::Key_D,
         CompareSide::Delta, "compareShowDelta"},
    };
    for (const auto& a : sideActions) {
        const CompareSide side = a.side;
        QAction* action = makeAction(
            this, a.text, Qt::CTRL | Qt::ALT | a.key, [this, side] { showCompareSide(side); }, nullptr,
            a.tip);
        action->setObjectName(QLatin1String(a.name));
        action->setCheckable(true);
        action->setEnabled(false);
        action->setIconText(a.side == CompareSide::A   ? QStringLiteral("A")
                            : a.side == CompareSide::B ? QStringLiteral("B")
                                                       : QStringLiteral("Δ"));
        sides->addAction(action);
        m_compareSideActions << action;
    }
    m_compareSideActions.front()->setChecked(true);
}

void Workspace::createComparisonViews()
{
    for (int i = 0; i < 3; ++i) {
        auto* bar = new CompareBar(m_compareSideActions, this);
        bar->hide();
        m_compareBars << bar;
    }
    m_graph->addComparisonBar(m_compareBars[0]);
    m_compareDelta = new CompareDeltaPanel(m_compare->model(), this);
    m_compareDelta->hide();
    connect(m_compareDelta, &CompareDeltaPanel::processSelected, this,
            [this](qint64 pid, qint64 tid) { m_pages[HeatmapsPage].pick([&] { selectProcess(pid, tid); }); });
    m_heatmaps->addComparisonViews(m_compareBars[1], m_compareDelta);
    m_compare->addComparisonBar(m_compareBars[2]);
}

// Another capture (`fresh`; null when closed) or the one shown grown; Session::positionChanged follows.
void Workspace::onCaptureChanged(const CapturePtr& capture, bool fresh)
{
    if (fresh) {
        for (WorkspaceTab& page : m_pages)
            page.markFresh();
        closeComparison(); // it compared the capture shown before
    }
    {
        const QSignalBlocker block(m_timeline); // the session places it: onPositionChanged()
        if (fresh)
            m_timeline->clear(m_session->isFollowingLatest());
        if (capture)
            m_timeline->setCount(m_session->positionCount(),
                                 [this](int position) { return m_session->describePosition(position); });
    }
    if (capture)
        m_timeline->setVisible(m_session->positionCount() > 1 || m_session->isLive());
    updateActions();
}

void Workspace::onPositionChanged()
{
    const ShownPosition shown = m_session->shown();
    for (WorkspaceTab& page : m_pages)
        page.show(shown);
    // After the pages: the browser carries its selection over to a new snapshot and tells them.
    m_browser->setSnapshot(shown.snapshot());
    if (const SamplePtr sample = m_session->sample())
        m_threads->setSample(sample, m_session->sampleSnapshot(), m_session->sampleCaption());
    else if (const SnapshotPtr snapshot = shown.snapshot())
        m_threads->setSnapshot(snapshot);
    else
        m_threads->clear();
    if (shown.position >= 0 && m_timeline->position() != shown.position) {
        const QSignalBlocker block(m_timeline);
        m_timeline->setPosition(shown.position);
    }
    updateActions();
}

void Workspace::selectEntity(EntityId id)
{
    m_browser->selectEntity(id);
}

void Workspace::selectProcess(qint64 pid, qint64 tid)
{
    m_browser->selectProcess(pid, tid);
}

void Workspace::showBrowser()
{
    m_tabs->setCurrentWidget(m_browser);
    m_browser->view()->setFocus(Qt::ShortcutFocusReason);
}

void Workspace::showGraph()
{
    m_tabs->setCurrentWidget(m_graph);
    m_graph->canvas()->setFocus(Qt::ShortcutFocusReason);
}

void Workspace::showHeatmaps()
{
    m_tabs->setCurrentWidget(m_heatmaps);
    m_heatmaps->tabs()->currentWidget()->setFocus(Qt::ShortcutFocusReason);
}

void Workspace::showAdvice()
{
    m_tabs->setCurrentWidget(m_advice);
    m_advice->table()->setFocus(Qt::ShortcutFocusReason);
}

void Workspace::showHosts()
{
    if (m_tabs->indexOf(m_hostsPanel) < 0)
        return;
    m_tabs->setCurrentWidget(m_hostsPanel);
    m_hostsPanel->table()->setFocus(Qt::ShortcutFocusReason);
}

// A fleet shows its hosts in a tab of their own beside Advice, and opens on it: which host to look at is the
// first question.
void Workspace::onHostsChanged()
{
    const int index = m_tabs->indexOf(m_hostsPanel);
    if (m_session->fleet()) {
        m_hostsPanel->setFleet(m_session->fleet(), m_session->hosts(), m_session->hostIndex());
        if (index < 0) {
            const int at = m_tabs->indexOf(m_advice) + 1;
            m_tabs->insertTab(at, m_hostsPanel, tr("Hosts"));
            m_tabs->setTabToolTip(at, tr("The hosts of the fleet side by side; a click shows one in every "
                                         "other tab (Ctrl+5)"));
        }
        m_tabs->setCurrentWidget(m_hostsPanel);
    } else {
        m_hostsPanel->setFleet(nullptr, {}, -1);
        if (index >= 0)
            m_tabs->removeTab(index);
        m_hostsPanel->hide();
    }
    updateActions();
}

void Workspace::updateActions()
{
    const CapturePtr capture = m_session->capture();
    m_hostsAction->setEnabled(m_session->fleet() != nullptr);
    m_findAction->setEnabled(bool(m_session->shown().snapshot()));
    m_exportGraphAction->setEnabled(bool(capture));
    m_exportPlotAction->setEnabled(bool(capture));
    m_exportReportAction->setEnabled(capture && !capture->snapshots.empty());
    m_compareAction->setEnabled(capture && !capture->snapshots.empty());
    QString why;
    bool measurable = m_session->canMeasure(&why);
    if (measurable && m_compareSide == CompareSide::B) {
        // A measurement joins the capture shown by the session, A: it would land beside B's heatmaps.
        measurable = false;
        why = tr("Capture B of the comparison is shown: show A (Ctrl+Alt+A) to measure");
    }
    m_measureAction->setEnabled(measurable);
    const QString tip =
        measurable ? tr("Measure this machine's latency and bandwidth between NUMA nodes") : why;
    m_measureAction->setToolTip(tip);
    m_measureAction->setStatusTip(tip);
    m_heatmaps->matrixPanel()->setMeasureAllowed(measurable, why);
}

// "<file>-…" for a file's exports, "numasight-…" for this machine or a live session.
QString Workspace::exportBaseName() const
{
    const QString path = m_session->path();
    return !path.isEmpty() && path != QLatin1String(kLocalMachine) ? QFileInfo(path).completeBaseName()
                                                                   : QStringLiteral("numasight");
}

void Workspace::showExportGraphDialog()
{
    m_graph->exportFlow()->showDialog(window(), exportBaseName());
}

void Workspace::showExportPlotDialog(bool matrix)
{
    if (!m_session->capture())
        return;
    if (m_tabs->currentWidget() != m_heatmaps)
        showHeatmaps();
    m_heatmaps->exportFlow()->showDialog(window(), exportBaseName(), matrix);
}

void Workspace::showMeasureDialog()
{
    if (!m_measureAction->isEnabled())
        return;
    const QString path = m_session->path();
    const QString machine = path == QLatin1String(kLocalMachine) || path.isEmpty()
                                ? tr("this machine")
                                : tr("this machine (the capture shown must be of it)");
    measureOptionsDialog(window(), machine, [this](const MeasureOptions& o) { startMeasurement(o); })->open();
}

void Workspace::startMeasurement(const MeasureOptions& options)
{
    if (!m_session->capture() || m_session->capture()->snapshots.empty())
        return;
    m_heatmaps->setCurrentView(HeatmapTabs::View::Matrices);
    showHeatmaps();
    m_heatmaps->matrixPanel()->startMeasurement(options);
}

ApplyDialog* Workspace::showApplyDialog(const Suggestion& suggestion)
{
    QString reason;
    if (!m_session->canApply(&reason)) {
        emit message(reason, MessageBar::Kind::Information);
        return nullptr;
    }
    // open(), not exec(): the views and the recording go on behind it.
    auto* dialog = new ApplyDialog(suggestion, window());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &ApplyDialog::appliedToProcess, this, [this](qint64 pid) {
        emit statusMessage(tr("Applied the suggestion to pid %1").arg(pid), 8000);
    });
    dialog->open();
    return dialog;
}

void Workspace::showCompareDialog()
{
    if (!m_compareAction->isEnabled())
        return;
    QSettings settings;
    QString dir = settings.value(kCompareDirKey).toString();
    if (dir.isEmpty())
        dir = settings.value(kLastDirKey).toString();
    auto* dialog = new QFileDialog(window(), tr("Compare With"), dir,
                                   tr("All supported files (*.numasight *.json *.jsonl *.xml);;"
                                      "numasight captures (*.numasight);;"
                                      "witty-profiler graphs (*.json *.jsonl);;"
                                      "All files (*)"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setObjectName(QStringLiteral("compareDialog"));
    dialog->setFileMode(QFileDialog::ExistingFile);
    connect(dialog, &QFileDialog::fileSelected, this, [this](const QString& path) {
        QSettings().setValue(kCompareDirKey, QFileInfo(path).absolutePath());
        compareWith(path);
    });
    dialog->open();
}

void Workspace::compareWith(const QString& path)
{
    if (!m_session->capture() || path.isEmpty())
        return;
    m_comparePath = path == QLatin1String(kLocalMachine) ? path : QFileInfo(path).absoluteFilePath();
    emit statusMessage(tr("Loading %1 to compare…").arg(Session::displayName(m_comparePath)), 0);
    m_compareLoader->start(m_comparePath);
}

void Workspace::showExportReportDialog()
{
    if (!m_session->capture())
        return;
    QSettings settings;
    const QString directory =
        settings.value(QStringLiteral("report/exportDirectory"), QDir::homePath()).toString();
    const QString suffix =
        settings.value(QStringLiteral("report/exportFormat"), QStringLiteral("html")).toString();
    const QString base = QFileInfo(m_session->title()).completeBaseName();
    const QString html = tr("HTML report (*.html)");
    const QString pdf = tr("PDF report (*.pdf)");
    QString filter = suffix == u"pdf" ? pdf : html;
    QString path = QFileDialog::getSaveFileName(
        this, tr("Export Report"),
        QDir(directory).filePath(
            QStringLiteral("%1-report.%2").arg(base.isEmpty() ? QStringLiteral("numasight") : base, suffix)),
        html + QStringLiteral(";;") + pdf, &filter);
    if (path.isEmpty())
        return;
    const QString chosen = QFileInfo(path).suffix().toLower();
    if (chosen != u"html" && chosen != u"htm" && chosen != u"pdf")
        path += filter == pdf ? QStringLiteral(".pdf") : QStringLiteral(".html");
    settings.setValue(QStringLiteral("report/exportDirectory"), QFileInfo(path).absolutePath());
    settings.setValue(QStringLiteral("report/exportFormat"), QFileInfo(path).suffix().toLower());
    exportReport(path);
}

void Workspace::exportReport(const QString& path)
{
    const CapturePtr capture = m_session->capture();
    if (!capture || capture->snapshots.empty()) {
        emit message(tr("Open a file before exporting its report."), MessageBar::Kind::Information);
        return;
    }
    ReportInput input;
    input.capture = capture;
    input.path = m_session->path().isEmpty() ? m_session->title() : m_session->path();
    if (m_tabs->indexOf(m_compare) >= 0 && m_compare->captureB()) {
        input.compare = m_compare->captureB();
        input.comparePath = m_comparePath;
    }
    if (!m_reportProgress) {
        m_reportProgress = new QProgressDialog(tr("Writing the report of %1…").arg(m_session->title()),
                                               tr("Cancel"), 0, 100, this);
        m_reportProgress->setObjectName(QStringLiteral("reportProgress"));
        m_reportProgress->setWindowTitle(tr("Export Report"));
        m_reportProgress->setMinimumDuration(300);
        m_reportProgress->setAutoClose(false);
        m_reportProgress->setAutoReset(false);
        connect(m_reportProgress, &QProgressDialog::canceled, m_reportJob, &WorkerJob::cancel);
    }
    m_reportProgress->setValue(0);
    emit statusMessage(tr("Writing the report to %1…").arg(QDir::toNativeSeparators(path)), 0);
    m_reportJob->start(std::move(input), path);
}

void Workspace::onCompareCapture(CapturePtr capture)
{
    if (!m_session->capture())
        return;
    if (m_tabs->indexOf(m_compare) < 0) {
        const int index = m_tabs->addTab(m_compare, tr("Compare"));
        m_tabs->setTabToolTip(index, tr("What changed between the capture shown (A) and another (B)"));
        auto* close = new QToolButton(m_tabs);
        close->setObjectName(QStringLiteral("closeCompareButton"));
        close->setAutoRaise(true);
        close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
        close->setToolTip(tr("Close the comparison"));
        connect(close, &QToolButton::clicked, this, &Workspace::closeComparison);
        m_tabs->tabBar()->setTabButton(index, QTabBar::RightSide, close);
    }
    m_compare->compare(m_session->capture(), std::move(capture), m_session->title(),
                       Session::displayName(m_comparePath));
    m_tabs->setCurrentWidget(m_compare);
    emit statusMessage(QString(), 0);
}

void Workspace::onDiffShown()
{
    if (!m_compare->diff())
        return;
    // A new comparison opens on Δ: capture A as before, what moved outlined.
    showCompareSide(CompareSide::Delta);
    const QSet<std::int64_t> pids = ComparePanel::changedPids(m_compare->diff());
    const QSet<std::int64_t> tids = ComparePanel::changedTids(m_compare->diff());
    emit statusMessage(tr("%1 process(es) and %2 thread(s) changed: outlined in the graph, marked in the "
                          "heatmaps (Show A, B or Δ: Ctrl+Alt+A, B, D)")
                           .arg(pids.size())
                           .arg(tids.size()),
                       8000);
}

void Workspace::showCompareSide(CompareSide side)
{
    const CaptureDiffPtr diff = m_compare->diff();
    if (!diff || !m_compare->captureB())
        side = CompareSide::A;
    const bool otherCapture = (side == CompareSide::B) != (m_compareSide == CompareSide::B);
    const bool changed = side != m_compareSide;
    m_compareSide = side;
    if (side == CompareSide::Delta) {
        m_graph->setHighlighted(ComparePanel::changedPids(diff), ComparePanel::changedTids(diff));
        m_heatmaps->setHighlighted(ComparePanel::changedPids(diff), ComparePanel::changedTids(diff));
    } else {
        m_graph->setHighlighted({}, {});
        m_heatmaps->setHighlighted({}, {});
    }
    if (otherCapture) {
        // The graph and the heatmaps build from the other capture as from any load: in their workers, with
        // what they had expanded and picked forgotten.
        const ShownPosition shown = m_session->shown();
        for (WorkspaceTab* page : {&m_pages[GraphPage], &m_pages[HeatmapsPage]}) {
            page->markFresh();
            page->show(shown);
        }
    }
    updateComparisonViews();
    updateActions();
    if (changed)
        emit compareSideChanged();
}

void Workspace::updateComparisonViews()
{
    const CaptureDiffPtr diff = m_compare->diff();
    const int side = int(m_compareSide);
    for (int i = 0; i < int(m_compareSideActions.size()); ++i) {
        m_compareSideActions[i]->setEnabled(bool(diff));
        if (i == side)
            m_compareSideActions[i]->setChecked(true);
    }
    for (int i = 0; i < int(m_compareBars.size()); ++i) {
        CompareBar* bar = m_compareBars[i];
        bar->setVisible(bool(diff));
        if (diff)
            bar->setComparison(m_compareSide, diff->labelA, diff->labelB, i == 1);
    }
    m_compareDelta->setVisible(diff && m_compareSide == CompareSide::Delta);
}

ShownPosition Workspace::compareSource(const ShownPosition& shown) const
{
    const CapturePtr b = m_compare->captureB();
    if (m_compareSide != CompareSide::B || !b || b->snapshots.empty())
        return shown;
    // B's last snapshot with its last sample, as a file opened alone starts.
    ShownPosition p;
    p.capture = b;
    p.snapshotIndex = int(b->snapshots.size()) - 1;
    p.position = b->samples.empty() ? p.snapshotIndex : int(b->samples.size()) - 1;
    return p;
}

MatchedIds Workspace::idsInB(const Snapshot& a, EntityId id) const
{
    const Entity& e = a.entity(id);
    if (!m_compare->diff() || e.ns != u"local" ||
        (e.kind != EntityKind::Process && e.kind != EntityKind::Thread))
        return {};
    return matchedIds(*m_compare->diff(), e.pid, e.kind == EntityKind::Thread ? e.tid : -1, true);
}

void Workspace::selectFromB(qint64 pid, qint64 tid)
{
    if (!m_compare->diff())
        return;
    const MatchedIds a = matchedIds(*m_compare->diff(), pid, tid, false);
    if (a.pid >= 0)
        selectProcess(a.pid, a.tid);
}

QString Workspace::compareCaption() const
{
    const CaptureDiffPtr diff = m_compare->diff();
    if (!diff)
        return {};
    switch (m_compareSide) {
    case CompareSide::A:
        return tr(" · A of a comparison with %1").arg(diff->labelB);
    case CompareSide::B:
        return tr(" · showing B: %1").arg(diff->labelB);
    case CompareSide::Delta:
        return tr(" · Δ against %1").arg(diff->labelB);
    }
    return {};
}

void Workspace::closeComparison()
{
    m_compareLoader->cancel();
    // Back to A before the comparison goes: the graph and heatmaps rebuild from A if they showed B.
    showCompareSide(CompareSide::A);
    const int index = m_tabs->indexOf(m_compare);
    if (index >= 0)
        m_tabs->removeTab(index);
    m_compare->hide();
    m_compare->clear();
    updateComparisonViews();
    emit compareSideChanged();
}

bool Workspace::confirmClose()
{
    return confirmCloseWithRecording(window(), m_session);
}

void Workspace::restoreState(QSettings& settings)
{
    m_details->restoreSplitterState(settings.value(kDetailsSplitterKey).toByteArray());
    m_summary->restoreSplitterState(settings.value(kSummarySplitterKey).toByteArray());
    m_advice->restoreState(settings.value(kAdviceSplitterKey).toByteArray());
    m_threads->restoreState(settings.value(kThreadsKey).toByteArray());
    m_tabs->setCurrentIndex(std::clamp(settings.value(kTabKey, 0).toInt(), 0, m_tabs->count() - 1));
    if (const auto view = graphViewFromName(settings.value(kGraphViewKey).toString()))
        m_graph->setViewKind(*view);
    const QString engine = settings.value(kGraphEngineKey).toString();
    if (!engine.isEmpty())
        m_graph->setEngine(engine); // an engine no longer offered (sfdp, …) is ignored
    {
        // Read them all before applying any: applying one writes them all back.
        const int perNode = settings.value(kGraphPerNodeKey, m_graph->options().processesPerNode).toInt();
        const bool caches = settings.value(kGraphCachesKey, false).toBool();
        const bool unknownFlows = settings.value(kGraphUnknownFlowsKey, false).toBool();
        const QSignalBlocker block(m_graph);
        m_graph->setProcessesPerNode(perNode);
        m_graph->setShowCaches(caches);
        m_graph->setShowUnknownFlows(unknownFlows);
    }
    settings.beginGroup(kHeatmapGroup);
    QVariantMap heatmaps;
    for (const QString& key : settings.childKeys())
        heatmaps.insert(key, settings.value(key));
    settings.endGroup();
    {
        // Restoring is not a change of the user's to write back.
        const QSignalBlocker block(m_heatmaps);
        m_heatmaps->setState(heatmaps);
    }
    m_browser->restoreState(settings.value(kHeaderKey).toByteArray());
}

void Workspace::saveState(QSettings& settings) const
{
    settings.setValue(kDetailsSplitterKey, m_details->saveSplitterState());
    settings.setValue(kSummarySplitterKey, m_summary->saveSplitterState());
    settings.setValue(kAdviceSplitterKey, m_advice->saveState());
    settings.setValue(kThreadsKey, m_threads->saveState());
    // The Compare tab exists only with a comparison: the next start opens on the tab before it.
    // The Hosts tab exists only with a fleet: the next start opens on the entity browser.
    settings.setValue(kTabKey, m_tabs->currentWidget() == m_compare      ? m_tabs->indexOf(m_advice)
                               : m_tabs->currentWidget() == m_hostsPanel ? 0
                                                                         : m_tabs->currentIndex());
    settings.setValue(kHeaderKey, m_browser->saveState());
    saveHeatmapSettings();
}

void Workspace::saveHeatmapSettings() const
{
    QSettings settings;
    settings.beginGroup(kHeatmapGroup);
    const QVariantMap state = m_heatmaps->state();
    for (auto it = state.cbegin(); it != state.cend(); ++it)
        settings.setValue(it.key(), it.value());
    settings.endGroup();
}

} // namespace numasight
