// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/heatmap/heatmap_tabs.h"

#include "report/heatmap_csv.h"
#include "report/mismatch_csv.h"
#include "views/heatmap/heatmap_export_flow.h"
#include "views/heatmap/heatmap_row_model.h"
#include "views/heatmap/matrix_panel.h"
#include "views/heatmap/mismatch_panel.h"
#include "views/heatmap/node_heatmap_panel.h"
#include "views/heatmap/time_heatmap_panel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QTabWidget>
#include <QVBoxLayout>

namespace numasight {

namespace {

QString metricKey(HeatmapMetric m)
{
    return heatmapMetricName(m);
}

std::optional<HeatmapMetric> metricFromKey(QStringView name)
{
    for (auto m :
         {HeatmapMetric::CpuShare, HeatmapMetric::CpuNs, HeatmapMetric::CpuBusy, HeatmapMetric::TotalPages,
          HeatmapMetric::AnonPages, HeatmapMetric::DirtyAnonPages, HeatmapMetric::Bytes})
        if (heatmapMetricName(m) == name)
            return m;
    return std::nullopt;
}

QString measureKey(MemoryMeasure m)
{
    return heatmapMetricName(metricOf(m));
}

std::optional<MemoryMeasure> measureFromKey(QStringView name)
{
    for (auto m : {MemoryMeasure::TotalPages, MemoryMeasure::AnonPages, MemoryMeasure::DirtyAnonPages,
                   MemoryMeasure::Bytes})
        if (measureKey(m) == name)
            return m;
    return std::nullopt;
}

} // namespace

QString HeatmapTabs::viewName(View view)
{
    switch (view) {
    case View::Cpu:
        return QStringLiteral("cpu");
    case View::Memory:
        return QStringLiteral("memory");
    case View::Mismatch:
        return QStringLiteral("mismatch");
    case View::Time:
        return QStringLiteral("time");
    case View::Matrices:
        return QStringLiteral("matrices");
    }
    return {};
}

std::optional<HeatmapTabs::View> HeatmapTabs::viewFromName(QStringView name)
{
    for (auto v : {View::Cpu, View::Memory, View::Mismatch, View::Time, View::Matrices})
        if (viewName(v) == name)
            return v;
    return std::nullopt;
}

QString HeatmapTabs::windowName(Window window)
{
    switch (window) {
    case Window::Sample:
        return QStringLiteral("sample");
    case Window::Snapshot:
        return QStringLiteral("snapshot");
    case Window::Recording:
        return QStringLiteral("recording");
    }
    return {};
}

std::optional<HeatmapTabs::Window> HeatmapTabs::windowFromName(QStringView name)
{
    for (auto w : {Window::Sample, Window::Snapshot, Window::Recording})
        if (windowName(w) == name)
            return w;
    return std::nullopt;
}

HeatmapTabs::HeatmapTabs(QWidget* parent)
    : QWidget(parent)
    , m_tabs(new QTabWidget(this))
    , m_windowCombo(new QComboBox(this))
    , m_cpu(new NodeHeatmapPanel(NodeHeatmapPanel::Kind::Cpu, this))
    , m_memory(new NodeHeatmapPanel(NodeHeatmapPanel::Kind::Memory, this))
    , m_mismatch(new MismatchPanel(this))
    , m_time(new TimeHeatmapPanel(this))
    , m_matrices(new MatrixPanel(this))
    , m_exportFlow(new HeatmapExportFlow(this))
{
    setObjectName(QStringLiteral("heatmapsPanel"));
    m_tabs->setObjectName(QStringLiteral("heatmapTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_cpu, tr("CPU"));
    m_tabs->addTab(m_memory, tr("Memory"));
    m_tabs->addTab(m_mismatch, tr("Mismatch"));
    m_tabs->addTab(m_time, tr("Over Time"));
    m_tabs->addTab(m_matrices, tr("Matrices"));
    m_tabs->setTabToolTip(0, tr("Threads × NUMA nodes: where each thread's CPU time went (Ctrl+Alt+1)"));
    m_tabs->setTabToolTip(1, tr("Processes × NUMA nodes: where each process's memory is (Ctrl+Alt+2)"));
    m_tabs->setTabToolTip(2, tr("CPU node against memory node, accelerators marked (Ctrl+Alt+3)"));
    m_tabs->setTabToolTip(3, tr("The selected thread or process, sample by sample (Ctrl+Alt+4)"));
    m_tabs->setTabToolTip(4, tr("Distances, latency and bandwidth between NUMA nodes (Ctrl+Alt+5)"));

    m_windowCombo->setObjectName(QStringLiteral("heatmapWindow"));
    m_windowCombo->addItem(tr("The timeline's sample"), int(Window::Sample));
    m_windowCombo->addItem(tr("Every sample of its snapshot"), int(Window::Snapshot));
    m_windowCombo->addItem(tr("The whole recording"), int(Window::Recording));
    m_windowCombo->setToolTip(tr("Which samples of a recording the CPU, memory and mismatch heatmaps sum"));
    auto* label = new QLabel(tr("&Window:"), this);
    label->setBuddy(m_windowCombo);
    // The window combo sits in the tab bar's corner: it applies to every tab.
    auto* corner = new QWidget(this);
    auto* cornerLayout = new QHBoxLayout(corner);
    cornerLayout->setContentsMargins(4, 0, 4, 0);
    cornerLayout->addWidget(label);
    cornerLayout->addWidget(m_windowCombo);
    m_tabs->setCornerWidget(corner, Qt::TopRightCorner);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addWidget(m_tabs, 1);

    connect(m_windowCombo, &QComboBox::currentIndexChanged, this,
            [this](int i) { setWindow(Window(m_windowCombo->itemData(i).toInt())); });
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] { emit stateChanged(); });
    for (NodeHeatmapPanel* p : {m_cpu, m_memory}) {
        connect(p, &NodeHeatmapPanel::rowSelected, this, &HeatmapTabs::onRowSelected);
        connect(p, &NodeHeatmapPanel::sortChanged, this, &HeatmapTabs::stateChanged);
        connect(p, &NodeHeatmapPanel::rowLimitChanged, this, &HeatmapTabs::stateChanged);
        connect(p, &NodeHeatmapPanel::exportRequested, this, [this] { emit exportRequested(false); });
        connect(p, &NodeHeatmapPanel::heatmapShown, this, [this, p] {
            if (m_tabs->currentWidget() == p)
                emit heatmapReady();
        });
    }
    connect(m_memory, &NodeHeatmapPanel::measureChanged, this, &HeatmapTabs::stateChanged);
    connect(m_mismatch, &MismatchPanel::rowSelected, this, &HeatmapTabs::onRowSelected);
    connect(m_mismatch, &MismatchPanel::exportRequested, this, &HeatmapTabs::exportRequested);
    connect(m_mismatch, &MismatchPanel::heatmapShown, this, [this] {
        if (m_tabs->currentWidget() == m_mismatch)
            emit heatmapReady();
    });
    connect(m_time, &TimeHeatmapPanel::positionRequested, this, &HeatmapTabs::positionRequested);
    connect(m_time, &TimeHeatmapPanel::metricChanged, this, &HeatmapTabs::stateChanged);
    connect(m_time, &TimeHeatmapPanel::exportRequested, this, [this] { emit exportRequested(false); });
    connect(m_time, &TimeHeatmapPanel::heatmapShown, this, [this] {
        if (m_tabs->currentWidget() == m_time)
            emit heatmapReady();
    });
    connect(m_matrices, &MatrixPanel::orderChanged, this, &HeatmapTabs::stateChanged);
    connect(m_matrices, &MatrixPanel::exportRequested, this, [this] { emit exportRequested(false); });
    connect(m_matrices, &MatrixPanel::measureRequested, this, &HeatmapTabs::measureRequested);
    connect(m_matrices, &MatrixPanel::captureMeasured, this, &HeatmapTabs::captureMeasured);
    connect(m_matrices, &MatrixPanel::heatmapShown, this, [this] {
        if (m_tabs->currentWidget() == m_matrices)
            emit heatmapReady();
    });
}

HeatmapTabs::~HeatmapTabs() = default;

void HeatmapTabs::setHighlighted(const QSet<std::int64_t>& pids, const QSet<std::int64_t>& tids)
{
    m_highlightPids = pids;
    m_highlightTids = tids;
    m_cpu->rowModel()->setHighlighted(pids, tids);
    m_memory->rowModel()->setHighlighted(pids, tids);
    m_mismatch->setHighlighted(pids);
}

void HeatmapTabs::addComparisonViews(QWidget* bar, QWidget* delta)
{
    auto* box = static_cast<QVBoxLayout*>(layout());
    box->insertWidget(0, bar);
    box->addWidget(delta);
}

HeatmapTabs::View HeatmapTabs::currentView() const
{
    return View(std::max(0, m_tabs->currentIndex()));
}

void HeatmapTabs::setCurrentView(View view)
{
    m_tabs->setCurrentIndex(int(view));
}

void HeatmapTabs::setWindow(Window window)
{
    {
        const QSignalBlocker block(m_windowCombo);
        m_windowCombo->setCurrentIndex(m_windowCombo->findData(int(window)));
    }
    if (window == m_window)
        return;
    m_window = window;
    feed(false);
    emit stateChanged();
}

void HeatmapTabs::setCapture(CapturePtr capture, int snapshotIndex, int position, bool fresh)
{
    if (!fresh && capture == m_capture && snapshotIndex == m_snapshotIndex && position == m_position)
        return;
    m_capture = std::move(capture);
    m_snapshotIndex = snapshotIndex;
    m_position = position;
    feed(fresh);
}

void HeatmapTabs::clear()
{
    m_exportFlow->cancel(); // nothing left to export
    m_capture.reset();
    m_snapshotIndex = m_position = -1;
    m_cpu->clear();
    m_memory->clear();
    m_mismatch->clear();
    m_time->clear();
    m_matrices->clear();
}

// Each panel gets what its window covers; panels compare what they get with what they have, so moving the
// timeline inside one snapshot rebuilds only the heatmaps whose samples changed.
void HeatmapTabs::feed(bool fresh)
{
    if (!m_capture || m_snapshotIndex < 0 || m_snapshotIndex >= int(m_capture->snapshots.size())) {
        clear();
        return;
    }
    const Capture& c = *m_capture;
    SnapshotPtr snapshot = c.snapshots[size_t(m_snapshotIndex)];
    std::vector<SamplePtr> samples;
    switch (m_window) {
    case Window::Sample:
        if (m_position >= 0 && m_position < int(c.samples.size())) {
            const SamplePtr& s = c.samples[size_t(m_position)];
            if (std::clamp(s->snapshotIndex, 0, int(c.snapshots.size()) - 1) == m_snapshotIndex)
                samples.push_back(s);
        }
        break;
    case Window::Snapshot:
        samples = heatmapInput(c, m_snapshotIndex).samples;
        break;
    case Window::Recording: {
        HeatmapInput in = heatmapInput(c, -1);
        snapshot = in.snapshot;
        samples = std::move(in.samples);
        break;
    }
    }
    m_cpu->setInput(snapshot, samples, fresh);
    m_memory->setInput(snapshot, samples, fresh);
    m_mismatch->setInput(snapshot, samples, fresh);
    m_time->setCapture(m_capture, fresh);
    m_time->setCursorSource(m_position);
    m_matrices->setInput(m_capture, c.snapshots[size_t(m_snapshotIndex)], fresh);
}

void HeatmapTabs::onRowSelected(EntityId entity, qint64 pid, qint64 tid, const QString& ns)
{
    // An entity of the whole recording's last snapshot means nothing to a browser on another snapshot.
    auto* panel = sender();
    SnapshotPtr of;
    if (panel == m_cpu)
        of = m_cpu->snapshot();
    else if (panel == m_memory)
        of = m_memory->snapshot();
    else if (panel == m_mismatch)
        of = m_mismatch->snapshot();
    const bool sameSnapshot = m_capture && m_snapshotIndex >= 0 &&
                              m_snapshotIndex < int(m_capture->snapshots.size()) &&
                              of == m_capture->snapshots[size_t(m_snapshotIndex)];
    // The other heatmaps follow the pick too, as they follow one made in the browser.
    if (panel != m_cpu)
        m_cpu->selectRow(pid, tid, ns);
    if (panel != m_memory)
        m_memory->selectRow(pid, -1, ns);
    if (panel != m_mismatch)
        m_mismatch->selectRow(pid, ns);
    m_time->setSubject({pid, tid, ns});
    emit rowSelected(sameSnapshot ? entity : EntityId(), pid, tid, ns);
}

void HeatmapTabs::selectEntity(EntityId id)
{
    if (!m_capture || m_snapshotIndex < 0 || m_snapshotIndex >= int(m_capture->snapshots.size()) ||
        !id.isValid())
        return;
    const Snapshot& s = *m_capture->snapshots[size_t(m_snapshotIndex)];
    if (size_t(id.value) >= s.entities().size())
        return;
    const Entity& e = s.entity(id);
    if (e.kind == EntityKind::Thread)
        selectThread(e.pid, e.tid, e.ns.view());
    else if (e.kind == EntityKind::Process)
        selectThread(e.pid, -1, e.ns.view());
}

void HeatmapTabs::selectThread(std::int64_t pid, std::int64_t tid, QStringView ns)
{
    m_cpu->selectRow(pid, tid, ns);
    m_memory->selectRow(pid, -1, ns);
    m_mismatch->selectRow(pid, ns);
    m_time->setSubject({pid, tid, ns.toString()});
}

QVariantMap HeatmapTabs::state() const
{
    QVariantMap m;
    m.insert(QStringLiteral("view"), viewName(currentView()));
    m.insert(QStringLiteral("window"), windowName(m_window));
    m.insert(QStringLiteral("cpuSort"), heatmapSortKeyName(m_cpu->sortKey()));
    m.insert(QStringLiteral("cpuDescending"), m_cpu->sortDescending());
    m.insert(QStringLiteral("memorySort"), heatmapSortKeyName(m_memory->sortKey()));
    m.insert(QStringLiteral("memoryDescending"), m_memory->sortDescending());
    m.insert(QStringLiteral("measure"), measureKey(m_memory->measure()));
    // "all" or a number, as `export --rows` takes it.
    const auto rowsName = [](int rows) {
        return rows == kAllRows ? QStringLiteral("all") : QString::number(rows);
    };
    m.insert(QStringLiteral("cpuRows"), rowsName(m_cpu->rowLimit()));
    m.insert(QStringLiteral("memoryRows"), rowsName(m_memory->rowLimit()));
    m.insert(QStringLiteral("timeMetric"), metricKey(m_time->metric()));
    m.insert(QStringLiteral("matrixOrder"), m_matrices->order() == MatrixOrder::ByDistance
                                                ? QStringLiteral("distance")
                                                : QStringLiteral("natural"));
    return m;
}

void HeatmapTabs::setState(const QVariantMap& m)
{
    if (const auto v = viewFromName(m.value(QStringLiteral("view")).toString()))
        setCurrentView(*v);
    if (const auto w = windowFromName(m.value(QStringLiteral("window")).toString()))
        setWindow(*w);
    if (const auto k = heatmapSortKeyFromName(m.value(QStringLiteral("cpuSort")).toString()))
        m_cpu->setSort(*k, m.value(QStringLiteral("cpuDescending"), true).toBool());
    if (const auto k = heatmapSortKeyFromName(m.value(QStringLiteral("memorySort")).toString()))
        m_memory->setSort(*k, m.value(QStringLiteral("memoryDescending"), true).toBool());
    for (auto [key, panel] :
         {std::pair(QStringLiteral("cpuRows"), m_cpu), std::pair(QStringLiteral("memoryRows"), m_memory)}) {
        const QString rows = m.value(key).toString();
        bool number = false;
        const int n = rows.toInt(&number);
        if (rows == u"all")
            panel->setRowLimit(kAllRows);
        else if (number && n > 0)
            panel->setRowLimit(n);
    }
    if (const auto measure = measureFromKey(m.value(QStringLiteral("measure")).toString()))
        m_memory->setMeasure(*measure);
    if (const auto metric = metricFromKey(m.value(QStringLiteral("timeMetric")).toString()))
        m_time->setMetric(*metric);
    const QString order = m.value(QStringLiteral("matrixOrder")).toString();
    if (order == u"natural" || order == u"distance")
        m_matrices->setOrder(order == u"natural" ? MatrixOrder::Natural : MatrixOrder::ByDistance);
}

HeatmapTabs::ExportSource HeatmapTabs::exportSource(bool matrix) const
{
    ExportSource out;
    switch (currentView()) {
    case View::Cpu:
    case View::Memory: {
        NodeHeatmapPanel* p = currentView() == View::Cpu ? m_cpu : m_memory;
        out.picture = p->exportPicture();
        out.csv = [h = p->heatmap()] { return h ? heatmapCsv(*h) : QByteArray(); };
        out.baseName = p->exportBaseName();
        out.ready = p->isCurrent();
        break;
    }
    case View::Mismatch:
        out.picture = matrix ? m_mismatch->matrixPicture() : m_mismatch->processesPicture();
        out.csv = [v = m_mismatch->view(), matrix] {
            return !v ? QByteArray() : matrix ? mismatchAccessMatrixCsv(*v) : mismatchProcessesCsv(*v);
        };
        out.baseName = matrix ? QStringLiteral("access-matrix") : QStringLiteral("mismatch");
        out.ready = m_mismatch->isCurrent();
        break;
    case View::Time:
        out.picture = m_time->exportPicture();
        out.csv = [h = m_time->heatmap()] { return h ? timeHeatmapCsv(*h) : QByteArray(); };
        out.baseName = QStringLiteral("over-time");
        out.ready = m_time->isCurrent();
        break;
    case View::Matrices:
        out.picture = m_matrices->exportPicture();
        out.csv = [m = m_matrices->matrix()] { return m ? matrixCsv(*m) : QByteArray(); };
        out.baseName = m_matrices->exportBaseName();
        out.ready = m_matrices->isCurrent();
        break;
    }
    return out;
}

void HeatmapTabs::ensureCurrentBuilt()
{
    switch (currentView()) {
    case View::Cpu:
        m_cpu->ensureBuilt();
        break;
    case View::Memory:
        m_memory->ensureBuilt();
        break;
    case View::Mismatch:
        m_mismatch->ensureBuilt();
        break;
    case View::Time:
        m_time->ensureBuilt();
        break;
    case View::Matrices:
        m_matrices->ensureBuilt();
        break;
    }
}

bool HeatmapTabs::isCurrentReady() const
{
    return exportSource().ready;
}

} // namespace numasight
