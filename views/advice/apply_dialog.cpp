// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/advice/apply_dialog.h"

#include "advice/live_apply.h"
#include "util/format.h"

#include <QCheckBox>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QDir>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace numasight {

namespace {

QString shareText(double v)
{
    return std::isfinite(v) ? formatPercent(v, 1) : QObject::tr("unknown");
}

QString numberText(double v)
{
    return std::isfinite(v) ? QString::number(v, 'f', 3) : QObject::tr("unknown");
}

QString nodeText(NodeId node)
{
    return node.isValid() ? QString::number(node.value) : QObject::tr("unknown");
}

CpuSet cpusOf(const Suggestion& s)
{
    return IndexSet::fromRangeString(QStringView(s.cpus)).value_or(CpuSet());
}

NodeSet nodesOf(const Suggestion& s)
{
    NodeSet nodes;
    for (NodeId n : s.targetNodes)
        if (n.isValid())
            nodes.insert(n.value);
    return nodes;
}

} // namespace

const Suggestion& ApplyDialog::suggestion() const
{
    return m_suggestion;
}

QString ApplyDialog::periodKey()
{
    return QStringLiteral("apply/periodSeconds");
}

QString ApplyDialog::moveMemoryKey()
{
    return QStringLiteral("apply/moveMemory");
}

ApplyDialog::ApplyDialog(const Suggestion& suggestion, QWidget* parent)
    : QDialog(parent)
    , m_suggestionPtr(std::make_shared<const Suggestion>(suggestion))
    , m_suggestion(*m_suggestionPtr)
    , m_job(new ApplyJob(this))
{
    setObjectName(QStringLiteral("applyDialog"));
    setWindowTitle(tr("Apply to pid %1 (%2)").arg(suggestion.pid).arg(suggestion.name));
    QSettings settings;

    m_header = new QLabel(this);
    m_header->setWordWrap(true);
    QStringList nodes;
    for (NodeId n : suggestion.targetNodes)
        nodes << QString::number(n.value);
    m_header->setText(
        tr("Bind every thread of <b>pid %1 (%2)</b> to CPUs <b>%3</b> (node(s) %4) on this machine, "
           "now. Nothing runs a shell: the change is made directly and can be undone.")
            .arg(suggestion.pid)
            .arg(suggestion.name.toHtmlEscaped(), suggestion.cpus.toHtmlEscaped(),
                 nodes.join(QStringLiteral(", "))));

    m_moveMemory = new QCheckBox(
        tr("&Move memory too (migrate its pages to node(s) %1)").arg(nodes.join(QStringLiteral(", "))), this);
    m_moveMemory->setObjectName(QStringLiteral("moveMemoryCheck"));
    m_moveMemory->setChecked(settings.value(moveMemoryKey(), true).toBool());
    connect(m_moveMemory, &QCheckBox::toggled, this, [this](bool on) {
        QSettings().setValue(moveMemoryKey(), on);
        replan();
    });
    m_period = new QSpinBox(this);
    m_period->setObjectName(QStringLiteral("periodSpin"));
    m_period->setRange(1, 600);
    m_period->setSuffix(tr(" s"));
    m_period->setValue(std::clamp(settings.value(periodKey(), 5).toInt(), 1, 600));
    m_period->setToolTip(tr("How long to record the process before and again after the change"));
    connect(m_period, &QSpinBox::valueChanged, this, [](int v) { QSettings().setValue(periodKey(), v); });
    auto* form = new QFormLayout;
    form->addRow(m_moveMemory);
    form->addRow(tr("Measure &for:"), m_period);

    m_planView = new QPlainTextEdit(this);
    m_planView->setObjectName(QStringLiteral("planView"));
    m_planView->setReadOnly(true);
    m_planView->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_planView->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_planView->setPlaceholderText(tr("Reading the process…"));

    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("applyError"));
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setStyleSheet(QStringLiteral("QLabel { color: #c01c28; }"));
    m_error->hide();
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("applyStatus"));
    m_status->setWordWrap(true);
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("applyProgress"));
    m_progress->setRange(0, 100);
    m_progress->hide();

    m_results = new QTableWidget(4, 3, this);
    m_results->setObjectName(QStringLiteral("applyResults"));
    m_results->setHorizontalHeaderLabels(
        {tr("Measured before"), tr("Measured after"), tr("Predicted after")});
    m_results->setVerticalHeaderLabels(
        {tr("similarity"), tr("remote share"), tr("CPU node"), tr("CPUs allowed")});
    m_results->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_results->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_results->setFixedHeight(m_results->horizontalHeader()->sizeHint().height() +
                              4 * m_results->verticalHeader()->defaultSectionSize() +
                              2 * m_results->frameWidth());
    m_results->hide();
    m_undoLines = new QLabel(this);
    m_undoLines->setObjectName(QStringLiteral("undoLines"));
    m_undoLines->setWordWrap(true);
    m_undoLines->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_undoLines->hide();

    auto* buttons = new QDialogButtonBox(this);
    m_apply = buttons->addButton(tr("&Apply"), QDialogButtonBox::AcceptRole);
    m_apply->setObjectName(QStringLiteral("applyNowButton"));
    m_undo = buttons->addButton(tr("&Undo"), QDialogButtonBox::ActionRole);
    m_undo->setObjectName(QStringLiteral("undoButton"));
    m_undo->setToolTip(tr("Restore every thread's CPUs from before (pages are not moved back)"));
    m_cancel = buttons->addButton(QDialogButtonBox::Cancel);
    m_cancel->setObjectName(QStringLiteral("cancelButton"));
    // The buttons act themselves: the box's accepted/rejected would close the dialog.
    disconnect(buttons, nullptr, this, nullptr);
    connect(m_apply, &QPushButton::clicked, this, &ApplyDialog::startApply);
    connect(m_undo, &QPushButton::clicked, this, &ApplyDialog::startUndo);
    connect(m_cancel, &QPushButton::clicked, this, &ApplyDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_header);
    layout->addLayout(form);
    layout->addWidget(new QLabel(tr("<b>What changes</b>"), this));
    layout->addWidget(m_planView, 1);
    layout->addWidget(m_error);
    layout->addWidget(m_status);
    layout->addWidget(m_progress);
    layout->addWidget(m_results);
    layout->addWidget(m_undoLines);
    layout->addWidget(buttons);

    connect(m_job, &ApplyJob::planned, this, &ApplyDialog::onPlanned);
    connect(m_job, &ApplyJob::applied, this, &ApplyDialog::onApplied);
    connect(m_job, &ApplyJob::undone, this, &ApplyDialog::onUndone);
    connect(m_job, &ApplyJob::failed, this, &ApplyDialog::onFailed);
    connect(m_job, &ApplyJob::progressChanged, this,
            [this](quint64, double f) { m_progress->setValue(int(f * 100.0)); });
    connect(m_job, &ApplyJob::cancelled, this, [this] {
        m_status->setText(tr("Cancelled."));
        m_progress->hide();
    });
    connect(m_job, &ApplyJob::finished, this, &ApplyDialog::updateButtons);

    resize(720, 560);
    replan();
}

ApplyDialog::~ApplyDialog() = default;

void ApplyDialog::replan()
{
    if (m_run)
        return; // applied: the plan shown is the one that was applied
    m_plan.reset();
    m_planView->clear();
    m_error->hide();
    const CpuSet cpus = cpusOf(m_suggestion);
    if (cpus.isEmpty()) {
        showError(tr("The suggestion names no CPUs (\"%1\"): nothing to apply.").arg(m_suggestion.cpus));
        updateButtons();
        return;
    }
    m_status->setText(tr("Reading pid %1's threads, their CPUs and its pages…").arg(m_suggestion.pid));
    m_job->plan(m_suggestion.pid, cpus, m_moveMemory->isChecked() ? nodesOf(m_suggestion) : NodeSet());
    updateButtons();
}

void ApplyDialog::onPlanned(ApplyPlanPtr plan)
{
    m_plan = std::move(plan);
    m_planView->setPlainText(m_plan->describe().join(QLatin1Char('\n')));
    m_status->setText(m_plan->memoryNodes.isEmpty() ? tr("%n thread(s) to re-bind; memory left where it is.",
                                                         nullptr, int(m_plan->threads.size()))
                                                    : tr("%1 thread(s) to re-bind; %2 page(s) to move.")
                                                          .arg(m_plan->threads.size())
                                                          .arg(m_plan->pagesToMove));
    updateButtons();
}

void ApplyDialog::startApply()
{
    if (!m_plan || m_job->isRunning() || m_run)
        return;
    const QString base = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation);
    const QString dir =
        QDir(base.isEmpty() ? QDir::tempPath() : base)
            .filePath(QStringLiteral("apply/%1-%2")
                          .arg(m_plan->pid)
                          .arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"))));
    if (!QDir().mkpath(dir)) {
        showError(tr("Cannot create %1 for the before/after recordings; nothing was changed.").arg(dir));
        return;
    }
    m_error->hide();
    m_progress->setValue(0);
    m_progress->show();
    m_status->setText(
        tr("Recording %1 s, applying, recording %1 s again (into %2)…").arg(m_period->value()).arg(dir));
    m_job->apply(m_plan, std::int64_t(m_period->value()) * 1'000'000'000, dir);
    updateButtons();
}

void ApplyDialog::onApplied(ApplyRunPtr run)
{
    m_run = std::move(run);
    m_progress->hide();
    const ApplyRun& r = *m_run;
    QString cpusBefore, cpusAfter;
    if (r.diff)
        for (const LocalityChange& c : r.diff->processes)
            if (c.tidA < 0 && (c.pidA == r.result.plan.pid || c.pidB == r.result.plan.pid)) {
                cpusBefore = c.cpusAllowedA;
                cpusAfter = c.cpusAllowedB;
                break;
            }
    if (cpusBefore.isEmpty()) {
        CpuSet before;
        for (const AffinityChange& t : r.result.plan.threads)
            before |= t.before;
        cpusBefore = before.toRangeString();
    }
    if (cpusAfter.isEmpty())
        cpusAfter = r.result.plan.cpus.toRangeString();
    auto set = [this](int row, int column, const QString& text) {
        auto* item = new QTableWidgetItem(text);
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        if (column == 2)
            item->setToolTip(m_suggestion.assumptions);
        m_results->setItem(row, column, item);
    };
    const std::optional<Locality>* sides[2] = {&r.measuredBefore, &r.measuredAfter};
    for (int c = 0; c < 2; ++c) {
        const std::optional<Locality>& l = *sides[c];
        set(0, c, l ? numberText(l->wittySimilarity) : tr("not measured"));
        set(1, c, l ? shareText(l->remoteShare) : tr("not measured"));
        set(2, c, l ? nodeText(l->cpuNode) : tr("not measured"));
    }
    set(3, 0, cpusBefore);
    set(3, 1, cpusAfter);
    set(0, 2, numberText(m_suggestion.after.similarity));
    set(1, 2, shareText(m_suggestion.after.remoteShare));
    set(2, 2, m_suggestion.targetNodes.size() == 1 ? nodeText(m_suggestion.targetNodes.front()) : tr("—"));
    set(3, 2, m_suggestion.cpus);
    m_results->show();
    QStringList lines{tr("Applied: %n thread(s) re-bound.", nullptr, int(r.result.applied.size()))};
    if (r.result.pagesNotMoved > 0)
        lines << tr("%n page(s) could not be moved.", nullptr, int(r.result.pagesNotMoved));
    lines << r.result.warnings;
    lines << tr("Recordings: %1 and %2").arg(r.beforePath, r.afterPath);
    m_status->setText(lines.join(QLatin1Char('\n')));
    emit appliedToProcess(r.result.plan.pid);
    updateButtons();
}

void ApplyDialog::startUndo()
{
    if (!m_run || m_undone || m_job->isRunning())
        return;
    m_error->hide();
    m_status->setText(tr("Restoring every thread's CPUs…"));
    m_job->undo(m_run);
    updateButtons();
}

void ApplyDialog::onUndone(const QStringList& lines)
{
    m_undone = true;
    m_undoLines->setText(QStringLiteral("%1\n%2").arg(tr("Undone."), lines.join(QLatin1Char('\n'))));
    m_undoLines->show();
    m_status->setText(tr("The CPUs are restored; pages stay where they were moved."));
    updateButtons();
}

void ApplyDialog::onFailed(const QString& message)
{
    m_progress->hide();
    showError(message);
    updateButtons();
}

void ApplyDialog::showError(const QString& message)
{
    m_error->setText(message);
    m_error->show();
    m_status->clear();
}

void ApplyDialog::reject()
{
    if (m_job->isRunning()) {
        const bool applying = m_job->operation() == ApplyJob::Operation::Apply;
        m_job->cancel();
        if (applying)
            m_status->setText(tr("Cancelling after the current step… (the process may already be changed: "
                                 "Undo stays available)"));
        updateButtons();
        return;
    }
    QDialog::reject();
}

void ApplyDialog::updateButtons()
{
    const bool running = m_job->isRunning();
    m_apply->setEnabled(!running && m_plan && !m_run);
    m_undo->setVisible(bool(m_run));
    m_undo->setEnabled(!running && m_run && !m_undone);
    m_moveMemory->setEnabled(!running && !m_run);
    m_period->setEnabled(!running && !m_run);
    m_cancel->setText(running ? tr("Cancel") : tr("Close"));
}

} // namespace numasight
