#include "views/heatmap/heatmap_views.h"

#include "report/heatmap_csv.h"
#include "views/common/message_bar.h"
#include "views/common/tool_button.h"
#include "views/heatmap/heatmap_plot.h"
#include "views/jobs/heatmap_job.h"
#include "views/jobs/measure_job.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace numasight {

// --- CSV: the mismatch view's numbers, written with the core's CSV rules ---

namespace {

QByteArray csvLines(const std::vector<QStringList>& records)
{
    QByteArray out;
    for (const QStringList& fields : records) {
        QStringList quoted;
        for (const QString& f : fields)
            quoted << csvField(f);
        out += quoted.join(QLatin1Char(',')).toUtf8() + "\r\n";
    }
    return out;
}

} // namespace

QByteArray mismatchCsv(const MismatchView& v)
{
    std::vector<QStringList> records;
    QStringList header{QStringLiteral("pid"),
                       QStringLiteral("name"),
                       QStringLiteral("cpu_node"),
                       QStringLiteral("memory_node"),
                       QStringLiteral("accelerator_nodes"),
                       QStringLiteral("local_share")};
    for (const HeatmapColumn& c : v.columns)
        header << QStringLiteral("cpu:") + c.label;
    for (const HeatmapColumn& c : v.columns)
        header << QStringLiteral("memory:") + c.label;
    records.push_back(header);
    const size_t cols = v.columns.size();
    const auto label = [&v](int c) {
        return c >= 0 && size_t(c) < v.columns.size() ? v.columns[size_t(c)].label : QString();
    };
    for (size_t i = 0; i < v.rows.size(); ++i) {
        const MismatchRow& r = v.rows[i];
        QStringList accelerators;
        for (int c : r.acceleratorColumns)
            accelerators << label(c);
        QStringList fields{QString::number(r.pid),
                           r.name,
                           label(r.cpuColumn),
                           label(r.memoryColumn),
                           accelerators.join(QLatin1Char(' ')),
                           csvNumber(r.localShare)};
        for (size_t c = 0; c < cols; ++c)
            fields << csvNumber(v.cpuShares[i * cols + c]);
        for (size_t c = 0; c < cols; ++c)
            fields << csvNumber(v.memoryShares[i * cols + c]);
        records.push_back(fields);
    }
    return csvLines(records);
}

QByteArray accessMatrixCsv(const MismatchView& v)
{
    std::vector<QStringList> records;
    QStringList header{QStringLiteral("cpu\\memory")};
    for (const HeatmapColumn& c : v.columns)
        header << c.label;
    records.push_back(header);
    const size_t n = v.columns.size();
    for (size_t r = 0; r < n; ++r) {
        QStringList fields{v.columns[r].label};
        for (size_t c = 0; c < n; ++c)
            fields << csvNumber(r * n + c < v.accessMatrix.size() ? v.accessMatrix[r * n + c] : kUnknown);
        records.push_back(fields);
    }
    return csvLines(records);
}

// --- the panel ---

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

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(bar);
    layout->addWidget(m_caption);
    layout->addWidget(m_error);
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

void MismatchPanel::setInput(std::shared_ptr<const Snapshot> snapshot, std::vector<SamplePtr> samples,
                             bool fresh)
{
    if (!fresh && snapshot == m_input.snapshot && samples == m_input.samples)
        return;
    if (fresh)
        m_selectedPid = -1;
    m_input.snapshot = std::move(snapshot);
    m_input.samples = std::move(samples);
    if (!m_input.snapshot) {
        clear();
        return;
    }
    scheduleBuild();
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
    m_caption->setText(
        captionText(QStringLiteral("Where each process runs against where its memory is"),
                    m_view->source + QStringLiteral(" · colour: share of the process's memory · "
                                                    "● main CPU node · ◆ accelerator · ⚠ away"),
                    m_view->notes));
    updatePictures();
    return true;
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
    for (HeatmapPictureRow& row : p.rows) {
        const MismatchRow& r = m_view->rows[size_t(row.source)];
        if (r.ns == u"local" && m_changedPids.contains(r.pid)) {
            row.label = QStringLiteral("Δ ") + row.label;
            row.detail += tr("\nChanged in the comparison");
        }
    }
    return p;
}

void MismatchPanel::setHighlighted(const QSet<std::int64_t>& pids)
{
    if (pids == m_changedPids)
        return;
    m_changedPids = pids;
    if (m_view)
        m_processes->setPicture(processesPicture());
}

HeatmapPicture MismatchPanel::matrixPicture() const
{
    return m_view ? accessMatrixPicture(*m_view) : HeatmapPicture();
}

QByteArray MismatchPanel::processesCsv() const
{
    return m_view ? mismatchCsv(*m_view) : QByteArray();
}

QByteArray MismatchPanel::matrixCsv() const
{
    return m_view ? accessMatrixCsv(*m_view) : QByteArray();
}

// --- over time ---

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
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(bar);
    layout->addWidget(m_caption);
    layout->addWidget(m_error);
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
            r.error = QStringLiteral("the capture has no snapshot");
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

// --- matrices ---

QDialog* measureOptionsDialog(QWidget* parent, const QString& machine,
                              std::function<void(const MeasureOptions&)> accepted)
{
    auto* dialog = new QDialog(parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setObjectName(QStringLiteral("measureDialog"));
    dialog->setWindowTitle(QObject::tr("Measure Latency and Bandwidth"));
    auto* latency = new QCheckBox(QObject::tr("&Latency (pointer chase)"), dialog);
    latency->setObjectName(QStringLiteral("measureLatency"));
    latency->setChecked(true);
    auto* bandwidth = new QCheckBox(QObject::tr("&Bandwidth (parallel reads)"), dialog);
    bandwidth->setObjectName(QStringLiteral("measureBandwidth"));
    bandwidth->setChecked(true);
    auto* pairs = new QComboBox(dialog);
    pairs->setObjectName(QStringLiteral("measurePairs"));
    pairs->addItem(QObject::tr("Every CPU node against every memory node"), int(MeasurePairs::All));
    pairs->addItem(QObject::tr("Each node against itself only"), int(MeasurePairs::Local));
    auto* size = new QLineEdit(dialog);
    size->setObjectName(QStringLiteral("measureSize"));
    size->setPlaceholderText(QObject::tr("automatic (8 × the last-level cache, at least 256 MiB)"));
    size->setToolTip(QObject::tr("Buffer per memory node: 512M, 2G, …"));
    auto* repeats = new QSpinBox(dialog);
    repeats->setObjectName(QStringLiteral("measureRepeats"));
    repeats->setRange(1, 50);
    repeats->setValue(5);
    auto* intro =
        new QLabel(QObject::tr("Measures %1 with threads and buffers bound to each NUMA node. It loads the "
                               "memory system for a while; other work on the machine skews it.")
                       .arg(machine),
                   dialog);
    intro->setWordWrap(true);
    auto* form = new QFormLayout;
    form->addRow(intro);
    form->addRow(latency);
    form->addRow(bandwidth);
    form->addRow(QObject::tr("&Pairs:"), pairs);
    form->addRow(QObject::tr("Buffer &size:"), size);
    form->addRow(QObject::tr("&Repeats:"), repeats);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, dialog);
    QPushButton* ok = buttons->button(QDialogButtonBox::Ok);
    ok->setText(QObject::tr("&Measure"));
    auto* layout = new QVBoxLayout(dialog);
    layout->addLayout(form);
    layout->addWidget(buttons);
    const auto validate = [=] {
        const QString text = size->text().trimmed();
        const bool sizeOk = text.isEmpty() || parseByteSize(text).has_value();
        ok->setEnabled(sizeOk && (latency->isChecked() || bandwidth->isChecked()));
        size->setToolTip(sizeOk ? QObject::tr("Buffer per memory node: 512M, 2G, …")
                                : QObject::tr("Not a size: write 512M, 2G or a number of bytes"));
    };
    QObject::connect(size, &QLineEdit::textChanged, dialog, validate);
    QObject::connect(latency, &QCheckBox::toggled, dialog, validate);
    QObject::connect(bandwidth, &QCheckBox::toggled, dialog, validate);
    QObject::connect(buttons, &QDialogButtonBox::accepted, dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    QObject::connect(dialog, &QDialog::accepted, dialog, [=] {
        MeasureOptions o;
        o.latency = latency->isChecked();
        o.bandwidth = bandwidth->isChecked();
        o.pairs = MeasurePairs(pairs->currentData().toInt());
        o.repeats = repeats->value();
        if (!size->text().trimmed().isEmpty())
            o.bufferBytes = parseByteSize(size->text().trimmed()).value_or(0);
        if (accepted)
            accepted(o);
    });
    return dialog;
}

MatrixPanel::MatrixPanel(QWidget* parent)
    : HeatmapPanelBase(tr("The matrix could not be built."), parent)
    , m_measureJob(new MeasureJob(this))
    , m_plot(new HeatmapPlot(this))
    , m_combo(new QComboBox(this))
    , m_orderBox(new QCheckBox(tr("&Near nodes together"), this))
    , m_measure(makeToolButton(this, QStringLiteral("measureButton"), tr("Measure Latency/Bandwidth…"),
                               QStringLiteral("chronometer"),
                               tr("Measure this machine's latency and bandwidth between NUMA nodes")))
    , m_progressRow(new QWidget(this))
    , m_progress(new QProgressBar(m_progressRow))
    , m_cancel(new QToolButton(m_progressRow))
    , m_caption(newCaption(this, QStringLiteral("matrixCaption")))
    , m_error(new MessageBar(this))
{
    setObjectName(QStringLiteral("matrixPanel"));
    m_plot->setObjectName(QStringLiteral("matrixPlot"));
    m_plot->setShowAllRows(true);
    m_combo->setObjectName(QStringLiteral("matrixCombo"));
    m_combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_orderBox->setObjectName(QStringLiteral("matrixOrder"));
    m_orderBox->setChecked(true);
    m_orderBox->setToolTip(tr("Order the nodes so that near ones are adjacent: sockets and sub-NUMA clusters "
                              "read as blocks along the diagonal"));
    auto* exportButton = makeToolButton(this, QStringLiteral("matrixExport"), tr("Export…"),
                                        QStringLiteral("document-export"), tr("Export this matrix"));
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    auto* label = new QLabel(tr("M&atrix:"), this);
    label->setBuddy(m_combo);
    bar->addWidget(label);
    bar->addWidget(m_combo);
    bar->addWidget(m_orderBox);
    bar->addStretch(1);
    bar->addWidget(m_measure);
    bar->addWidget(exportButton);

    m_progress->setObjectName(QStringLiteral("measureProgress"));
    m_progress->setRange(0, 100);
    m_progress->setMaximumWidth(240);
    m_cancel->setObjectName(QStringLiteral("measureCancel"));
    m_cancel->setText(tr("Cancel"));
    auto* progressLayout = new QHBoxLayout(m_progressRow);
    progressLayout->setContentsMargins(0, 0, 0, 0);
    progressLayout->addWidget(new QLabel(tr("Measuring…"), m_progressRow));
    progressLayout->addWidget(m_progress);
    progressLayout->addWidget(m_cancel);
    progressLayout->addStretch(1);
    m_progressRow->hide();

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(bar);
    layout->addWidget(m_caption);
    layout->addWidget(m_error);
    layout->addWidget(m_progressRow);
    layout->addWidget(m_plot, 1);

    connect(m_combo, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (i < 0)
            return;
        m_input.label = m_combo->itemText(i);
        scheduleBuild();
        emit matrixChanged(m_input.label);
    });
    connect(m_orderBox, &QCheckBox::toggled, this,
            [this](bool near) { setOrder(near ? MatrixOrder::ByDistance : MatrixOrder::Natural); });
    connect(exportButton, &QToolButton::clicked, this, &MatrixPanel::exportRequested);
    connect(m_measure, &QToolButton::clicked, this, &MatrixPanel::measureRequested);
    connect(m_cancel, &QToolButton::clicked, this, &MatrixPanel::cancelMeasurement);
    connect(m_measureJob, &MeasureJob::progressChanged, this,
            [this](quint64, double f) { m_progress->setValue(int(f * 100.0)); });
    connect(m_measureJob, &MeasureJob::measured, this,
            [this](quint64, const std::shared_ptr<const MeasurementResult>& result) {
                std::vector<DistanceMatrix> matrices;
                if (result->latency)
                    matrices.push_back(*result->latency);
                if (result->bandwidth)
                    matrices.push_back(*result->bandwidth);
                QMap<QString, QString> extra =
                    result->capture ? result->capture->source.extra : QMap<QString, QString>();
                if (!m_capture || !result->plan.topology || matrices.empty()) {
                    m_error->showMessage(tr("The measurement gave no matrix."), MessageBar::Kind::Warning);
                    emit measurementFinished(false);
                    return;
                }
                const CapturePtr measured =
                    captureWithMatrices(*m_capture, *result->plan.topology, matrices, extra);
                m_error->showMessage(
                    tr("Measured %1 node pair(s) in %2 s; the matrices are kept with the capture "
                       "(File ▸ Save As writes them).")
                        .arg(result->pairs.size())
                        .arg(result->seconds, 0, 'f', 1),
                    MessageBar::Kind::Information);
                // The measured latency is what the user asked for: show it when the new capture arrives.
                m_input.label.clear();
                emit captureMeasured(measured);
                selectKind(result->latency ? MatrixKind::Latency : MatrixKind::Bandwidth);
                emit measurementFinished(true);
            });
    connect(m_measureJob, &MeasureJob::failed, this, [this](quint64, const QString& message) {
        m_error->showMessage(message, MessageBar::Kind::Error);
        emit measurementFinished(false);
    });
    connect(m_measureJob, &MeasureJob::cancelled, this, [this] {
        m_error->showMessage(tr("Measurement cancelled."), MessageBar::Kind::Information);
        emit measurementFinished(false);
    });
    connect(m_measureJob, &MeasureJob::started, this, [this] {
        m_progress->setValue(0);
        m_progressRow->show();
        m_measure->setEnabled(false);
    });
    connect(m_measureJob, &MeasureJob::finished, this, [this] {
        if (m_measureJob->isRunning())
            return;
        m_progressRow->hide();
        m_measure->setEnabled(m_measureAllowed);
    });
}

MatrixPanel::~MatrixPanel()
{
    m_measureJob->blockSignals(true);
    m_measureJob->cancel();
}

void MatrixPanel::setInput(CapturePtr capture, std::shared_ptr<const Snapshot> snapshot, bool fresh)
{
    m_capture = std::move(capture);
    if (!fresh && snapshot == m_input.snapshot)
        return;
    m_input.snapshot = std::move(snapshot);
    if (!m_input.snapshot) {
        clear();
        return;
    }
    updateChoices();
    scheduleBuild();
}

void MatrixPanel::clear()
{
    stopBuilding();
    m_capture.reset();
    m_input.snapshot.reset();
    m_building.snapshot.reset();
    m_shown.snapshot.reset();
    m_choices.clear();
    {
        const QSignalBlocker block(m_combo);
        m_combo->clear();
    }
    m_matrix.reset();
    m_plot->clear();
    m_caption->clear();
}

void MatrixPanel::updateChoices()
{
    m_choices = m_input.snapshot ? availableMatrices(*m_input.snapshot) : std::vector<MatrixChoice>();
    const QSignalBlocker block(m_combo);
    m_combo->clear();
    for (const MatrixChoice& c : m_choices)
        m_combo->addItem(c.label, int(c.kind));
    int index = m_combo->findText(m_input.label);
    if (index < 0 && m_input.snapshot) {
        // The firmware distances first, else whatever the machine has.
        if (const auto d = defaultMatrix(*m_input.snapshot, MatrixKind::Distance))
            index = m_combo->findText(d->label);
    }
    if (index < 0 && m_combo->count() > 0)
        index = 0;
    m_combo->setCurrentIndex(index);
    m_input.label = index >= 0 ? m_combo->itemText(index) : QString();
    m_combo->setEnabled(m_combo->count() > 0);
    if (m_combo->count() == 0) {
        m_matrix.reset();
        m_plot->clear();
        m_caption->setText(
            tr("This capture has no NUMA distance matrix and no memory attributes (one NUMA node, "
               "or a source without them). Measure Latency/Bandwidth… measures this machine."));
    }
}

bool MatrixPanel::selectMatrix(const QString& label)
{
    const int index = m_combo->findText(label);
    if (index < 0) {
        m_input.label = label; // wanted when a capture that has it arrives
        return false;
    }
    m_combo->setCurrentIndex(index);
    return true;
}

bool MatrixPanel::selectKind(MatrixKind kind)
{
    if (!m_input.snapshot)
        return false;
    const auto choice = defaultMatrix(*m_input.snapshot, kind);
    return choice && selectMatrix(choice->label);
}

QString MatrixPanel::currentLabel() const
{
    return m_input.label;
}

void MatrixPanel::setOrder(MatrixOrder order)
{
    {
        const QSignalBlocker block(m_orderBox);
        m_orderBox->setChecked(order == MatrixOrder::ByDistance);
    }
    if (order == m_input.order)
        return;
    m_input.order = order;
    scheduleBuild();
    emit orderChanged(order);
}

std::function<HeatmapResult()> MatrixPanel::startBuild()
{
    const int index = m_combo->findText(m_input.label);
    if (index < 0 || size_t(index) >= m_choices.size())
        return {};
    m_building = m_input;
    // O(n³) ordering for hundreds of nodes: a worker's job like the other heatmaps.
    return [snapshot = m_input.snapshot, choice = m_choices[size_t(index)], order = m_input.order] {
        HeatmapResult r;
        r.matrix = matrixHeatmap(*snapshot, choice, order);
        if (!r.matrix)
            r.error = QStringLiteral("%1: no values between NUMA nodes").arg(choice.label);
        return r;
    };
}

bool MatrixPanel::showResult(const HeatmapResult& result)
{
    if (!result.matrix)
        return false;
    m_matrix = result.matrix;
    m_shown = m_building;
    const HeatmapPicture picture = numasight::matrixPicture(*m_matrix);
    m_plot->setPicture(picture);
    m_caption->setText(captionText(m_matrix->title, m_matrix->source, picture.notes));
    return true;
}

HeatmapPicture MatrixPanel::exportPicture() const
{
    return m_matrix ? numasight::matrixPicture(*m_matrix) : HeatmapPicture();
}

QByteArray MatrixPanel::csv() const
{
    return m_matrix ? numasight::matrixCsv(*m_matrix) : QByteArray();
}

QString MatrixPanel::exportBaseName() const
{
    if (!m_matrix)
        return QStringLiteral("matrix");
    switch (m_matrix->kind) {
    case MatrixKind::Distance:
        return QStringLiteral("distance");
    case MatrixKind::Latency:
        return QStringLiteral("latency");
    case MatrixKind::Bandwidth:
        return QStringLiteral("bandwidth");
    case MatrixKind::Other:
        break;
    }
    return QStringLiteral("matrix");
}

void MatrixPanel::startMeasurement(const MeasureOptions& options)
{
    if (!m_input.snapshot || !m_measureAllowed)
        return;
    m_error->dismiss();
    m_measureJob->start(m_input.snapshot, options);
}

void MatrixPanel::cancelMeasurement()
{
    m_measureJob->cancel();
}

bool MatrixPanel::isMeasuring() const
{
    return m_measureJob->isRunning();
}

void MatrixPanel::setMeasureAllowed(bool allowed, const QString& why)
{
    m_measureAllowed = allowed;
    m_measure->setEnabled(allowed && !m_measureJob->isRunning());
    m_measure->setToolTip(allowed ? tr("Measure this machine's latency and bandwidth between NUMA nodes")
                                  : why);
}

} // namespace numasight
