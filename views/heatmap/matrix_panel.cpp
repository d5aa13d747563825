// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/heatmap/matrix_panel.h"

#include "report/heatmap_csv.h"
#include "views/common/message_bar.h"
#include "views/common/tool_button.h"
#include "views/heatmap/heatmap_plot.h"
#include "views/jobs/heatmap_job.h"
#include "views/jobs/measure_job.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

namespace numasight {

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
    , m_empty(new QWidget(this))
    , m_emptyText(new QLabel(m_empty))
    , m_emptyMeasure(new QPushButton(tr("&Measure…"), m_empty))
    , m_emptyReason(new QLabel(m_empty))
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
    layOutProgressRow(m_progressRow, tr("Measuring…"), m_progress, m_cancel);

    // The empty state: a centred column saying what the tab is for and how to fill it.
    m_empty->setObjectName(QStringLiteral("matrixEmptyState"));
    m_emptyText->setObjectName(QStringLiteral("matrixEmptyText"));
    m_emptyText->setWordWrap(true);
    m_emptyText->setAlignment(Qt::AlignCenter);
    m_emptyText->setText(
        tr("Nothing measured yet. Measure the latency and bandwidth between this machine's NUMA nodes to "
           "fill this tab: it takes about a minute and loads the memory system while it runs."));
    m_emptyMeasure->setObjectName(QStringLiteral("matrixEmptyMeasure"));
    m_emptyReason->setObjectName(QStringLiteral("matrixEmptyReason"));
    m_emptyReason->setWordWrap(true);
    m_emptyReason->setAlignment(Qt::AlignCenter);
    m_emptyReason->setEnabled(false); // greyed: it explains the greyed button
    auto* emptyLayout = new QVBoxLayout(m_empty);
    emptyLayout->addStretch(1);
    emptyLayout->addWidget(m_emptyText);
    emptyLayout->addWidget(m_emptyMeasure, 0, Qt::AlignHCenter);
    emptyLayout->addWidget(m_emptyReason);
    emptyLayout->addStretch(2);
    m_empty->hide();

    QVBoxLayout* layout = newPanelLayout(bar, m_caption, m_error);
    layout->addWidget(m_progressRow);
    layout->addWidget(m_plot, 1);
    layout->addWidget(m_empty, 1);

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
    connect(m_emptyMeasure, &QPushButton::clicked, this, &MatrixPanel::measureRequested);
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
        updateMeasureButtons();
    });
    connect(m_measureJob, &MeasureJob::finished, this, [this] {
        if (m_measureJob->isRunning())
            return;
        m_progressRow->hide();
        updateMeasureButtons();
    });
}

MatrixPanel::~MatrixPanel()
{
    m_measureJob->blockSignals(true);
    m_measureJob->cancel();
}

void MatrixPanel::setInput(CapturePtr capture, SnapshotPtr snapshot, bool fresh)
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
    m_empty->hide();
    m_plot->show();
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
    const bool empty = m_combo->count() == 0 && m_input.snapshot;
    m_empty->setVisible(empty);
    m_plot->setVisible(!empty);
    if (m_combo->count() == 0) {
        m_matrix.reset();
        m_plot->clear();
        m_caption->setText(tr("This capture has no NUMA distance matrix and no memory attributes (one NUMA "
                              "node, or a source without them)."));
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
            r.error =
                QCoreApplication::translate("numasight::MatrixPanel", "%1: no values between NUMA nodes")
                    .arg(choice.label);
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
    return m_matrix && m_matrix->kind != MatrixKind::Other ? matrixKindName(m_matrix->kind)
                                                           : QStringLiteral("matrix");
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
    m_measureWhyNot = allowed ? QString() : why;
    updateMeasureButtons();
}

void MatrixPanel::updateMeasureButtons()
{
    const bool enabled = m_measureAllowed && !m_measureJob->isRunning();
    const QString tip = m_measureAllowed
                            ? tr("Measure this machine's latency and bandwidth between NUMA nodes")
                            : m_measureWhyNot;
    for (QAbstractButton* button :
         {static_cast<QAbstractButton*>(m_measure), static_cast<QAbstractButton*>(m_emptyMeasure)}) {
        button->setEnabled(enabled);
        button->setToolTip(tip);
        button->setStatusTip(tip);
    }
    m_emptyReason->setText(m_measureWhyNot);
    m_emptyReason->setVisible(!m_measureWhyNot.isEmpty());
}

} // namespace numasight
