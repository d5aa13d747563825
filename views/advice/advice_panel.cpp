// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/advice/advice_panel.h"

#include "advice/advice.h"
#include "util/format.h"
#include "views/advice/advice_command_box.h"
#include "views/advice/advice_filter_proxy.h"
#include "views/advice/advice_model.h"
#include "views/common/deferred_build.h"

#include <QClipboard>
#include <QDataStream>
#include <QGridLayout>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollArea>
#include <QSplitter>
#include <QStyle>
#include <QTableWidget>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace numasight {

namespace {

QString shareText(double v)
{
    return std::isfinite(v) ? formatPercent(v, 1) : QObject::tr("unknown");
}

QString plainText(double v, int decimals)
{
    return std::isfinite(v) ? QString::number(v, 'f', decimals) : QObject::tr("unknown");
}

QString nodesText(const std::vector<NodeId>& nodes)
{
    QStringList parts;
    for (NodeId n : nodes)
        parts << QString::number(n.value);
    return parts.join(QStringLiteral(", "));
}

QLabel* wrappedLabel(QWidget* parent, const char* name)
{
    auto* l = new QLabel(parent);
    l->setObjectName(QLatin1String(name));
    l->setWordWrap(true);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return l;
}

} // namespace

AdvicePanel::AdvicePanel(QWidget* parent)
    : QWidget(parent)
    , m_job(new AdviceJob(this))
    , m_model(new AdviceModel(this))
    , m_proxy(new AdviceFilterProxy(this))
{
    setObjectName(QStringLiteral("advicePanel"));
    m_build = new DeferredBuild(this, [this] { build(); });
    m_proxy->setSourceModel(m_model);

    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("adviceFilter"));
    m_filter->setPlaceholderText(tr("Filter findings by severity, kind, pid, tid or text (Ctrl+F)"));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, m_proxy, &AdviceFilterProxy::setFilterText);
    m_busy = new QProgressBar(this);
    m_busy->setObjectName(QStringLiteral("adviceBusy"));
    m_busy->setRange(0, 0); // advise() reports no progress: busy until it is done
    m_busy->setMaximumWidth(120);
    m_busy->setTextVisible(false);
    m_busy->hide();
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("adviceStatus"));
    auto* bar = new QHBoxLayout;
    bar->addWidget(m_filter, 1);
    bar->addWidget(m_busy);
    bar->addWidget(m_status);

    // A tree: one row per group of findings, each process's finding under it on demand.
    m_table = new QTreeView(this);
    m_table->setObjectName(QStringLiteral("adviceTable"));
    m_table->setModel(m_proxy);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // the advisor's order until a header is clicked
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->setUniformRowHeights(true); // thousands of rows lay out without measuring each
    m_table->setRootIsDecorated(true);
    m_table->setTextElideMode(Qt::ElideRight); // every cell's tooltip holds its whole text
    // The finding, last, takes what the others leave; they are sized to their content when advice arrives.
    m_table->header()->setStretchLastSection(true);
    m_table->header()->setMinimumSectionSize(24);
    connect(m_table, &QTreeView::expanded, this, &AdvicePanel::fitColumns);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &AdvicePanel::onCurrentRowChanged);

    // The suggestion pane.
    m_pane = new QWidget(this);
    m_pane->setObjectName(QStringLiteral("suggestionPane"));
    m_title = wrappedLabel(m_pane, "suggestionTitle");
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.15);
    m_title->setFont(titleFont);
    m_reason = wrappedLabel(m_pane, "suggestionReason");
    m_target = wrappedLabel(m_pane, "suggestionTarget");
    m_prediction = new QTableWidget(4, 2, m_pane);
    m_prediction->setObjectName(QStringLiteral("predictionTable"));
    m_prediction->setHorizontalHeaderLabels({tr("Before"), tr("After (predicted)")});
    m_prediction->setVerticalHeaderLabels(
        {tr("witty similarity"), tr("cosine"), tr("remote share"), tr("expected distance")});
    m_prediction->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_prediction->horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    // Four rows and two columns always fit: the table is sized to them (fitPrediction()), never scrolled.
    m_prediction->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_prediction->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_prediction->setFixedHeight(m_prediction->horizontalHeader()->sizeHint().height() +
                                 4 * m_prediction->verticalHeader()->defaultSectionSize() + 4);
    m_prediction->setToolTip(tr("A prediction, not a measurement: see the assumptions below"));
    m_assumptions = wrappedLabel(m_pane, "suggestionAssumptions");
    QPalette dim = m_assumptions->palette();
    dim.setColor(QPalette::WindowText, dim.color(QPalette::PlaceholderText));
    m_assumptions->setPalette(dim);

    auto* paneLayout = new QVBoxLayout(m_pane);
    paneLayout->addWidget(m_title);
    paneLayout->addWidget(m_reason);
    paneLayout->addWidget(m_target);
    m_predictionTitle = new QLabel(tr("<b>Predicted effect</b> (before → after the move)"), m_pane);
    m_predictionTitle->setWordWrap(true);
    paneLayout->addWidget(m_predictionTitle);
    paneLayout->addWidget(m_prediction, 0, Qt::AlignLeft);
    paneLayout->addWidget(m_assumptions);

    const char* names[kCommandCount] = {"relaunch", "live", "docker", "systemd", "thread-groups"};
    const QString titles[kCommandCount] = {
        tr("Relaunch bound (numactl)"), tr("Move it live (taskset, migratepages)"),
        tr("Container (docker update)"), tr("systemd unit ([Service] snippet)"),
        tr("Thread groups that run apart (taskset, one thread at a time)")};
    auto* commands = new QGridLayout;
    commands->setColumnStretch(0, 1); // the command wraps; its Copy button keeps its whole width
    for (int i = 0; i < kCommandCount; ++i) {
        m_commandLabels[i] = new QLabel(QStringLiteral("<b>%1</b>").arg(titles[i].toHtmlEscaped()), m_pane);
        m_commandLabels[i]->setWordWrap(true);
        m_commands[i] = new AdviceCommandBox(m_pane);
        m_commands[i]->setObjectName(QStringLiteral("command-%1").arg(QLatin1String(names[i])));
        m_copy[i] = new QPushButton(tr("Copy"), m_pane);
        m_copy[i]->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
        m_copy[i]->setObjectName(QStringLiteral("copy-%1").arg(QLatin1String(names[i])));
        m_copy[i]->setToolTip(tr("Copy this command to the clipboard"));
        QPlainTextEdit* edit = m_commands[i];
        connect(m_copy[i], &QPushButton::clicked, this, [edit] {
            if (QClipboard* c = QGuiApplication::clipboard())
                c->setText(edit->toPlainText());
        });
        commands->addWidget(m_commandLabels[i], 2 * i, 0, 1, 2);
        commands->addWidget(m_commands[i], 2 * i + 1, 0);
        commands->addWidget(m_copy[i], 2 * i + 1, 1, Qt::AlignTop);
    }
    paneLayout->addLayout(commands);
    m_notes = wrappedLabel(m_pane, "suggestionNotes");
    paneLayout->addWidget(m_notes);
    m_apply = new QPushButton(tr("&Apply…"), m_pane);
    m_apply->setObjectName(QStringLiteral("applyButton"));
    connect(m_apply, &QPushButton::clicked, this, [this] {
        if (const Suggestion* s = currentSuggestion(); s && m_applyAllowed)
            emit applyRequested(*s);
    });
    m_applyNote = wrappedLabel(m_pane, "applyNote");
    m_applyNote->setPalette(dim);
    auto* applyRow = new QHBoxLayout;
    applyRow->addWidget(m_apply, 0, Qt::AlignTop);
    applyRow->addWidget(m_applyNote, 1);
    paneLayout->addLayout(applyRow);
    paneLayout->addStretch(1);

    // Everything in the pane wraps, so it scrolls only down; a sideways scroll bar means the pane is
    // narrower than its table of figures.
    m_scroll = new QScrollArea(this);
    m_scroll->setObjectName(QStringLiteral("suggestionScroll"));
    m_scroll->setWidgetResizable(true);
    m_scroll->setWidget(m_pane);

    auto* splitter = m_splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("adviceSplitter"));
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(m_table);
    splitter->addWidget(m_scroll);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes(defaultSizes(Qt::Horizontal));
    connect(splitter, &QSplitter::splitterMoved, this,
            [this] { m_userSizes[m_splitter->orientation() == Qt::Vertical] = m_splitter->sizes(); });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(splitter, 1);

    connect(m_job, &AdviceJob::adviceAvailable, this, &AdvicePanel::onAdvice);
    connect(m_job, &AdviceJob::adviceFailed, this, &AdvicePanel::onFailed);
    connect(m_job, &AdviceJob::started, this, [this] { m_busy->show(); });
    connect(m_job, &AdviceJob::finished, this, [this] {
        m_busy->setVisible(m_job->isRunning());
        if (std::exchange(m_rerun, false))
            m_build->request();
    });

    showSuggestion(-1);
}

AdvicePanel::~AdvicePanel() = default;

void AdvicePanel::setCapture(CapturePtr capture, int snapshotIndex, bool fresh)
{
    if (fresh)
        m_pid = -1;
    if (!fresh && capture == m_capture && snapshotIndex == m_snapshotIndex)
        return;
    // Another capture or snapshot: what the worker computes now is stale, dropped. The same snapshot of a
    // growing capture (a live recording): the running job is let finish and shown, then the advisor runs
    // again, so a recording faster than the advisor still shows advice.
    if (fresh || snapshotIndex != m_snapshotIndex) {
        m_job->cancel();
        m_rerun = false;
    }
    m_capture = std::move(capture);
    m_snapshotIndex = snapshotIndex;
    m_build->request();
}

void AdvicePanel::clear()
{
    m_build->cancel();
    m_job->cancel();
    m_rerun = false;
    m_capture.reset();
    m_snapshotIndex = -1;
    m_adviceCapture.reset();
    m_adviceSnapshot = -1;
    m_advice.reset();
    m_pid = -1;
    m_model->setAdvice(nullptr);
    m_status->clear();
    showSuggestion(-1);
}

void AdvicePanel::ensureBuilt()
{
    m_build->runNow();
}

bool AdvicePanel::isReady() const
{
    return m_advice && m_capture == m_adviceCapture && m_snapshotIndex == m_adviceSnapshot &&
           !m_job->isRunning() && !m_build->isQueued() && !m_build->isWaitingForShow();
}

void AdvicePanel::build()
{
    if (!m_capture)
        return;
    if (m_advice && m_capture == m_adviceCapture && m_snapshotIndex == m_adviceSnapshot)
        return;
    if (m_job->isRunning()) {
        m_rerun = true; // when it is done
        return;
    }
    m_jobCapture = m_capture;
    m_jobSnapshot = m_snapshotIndex;
    m_job->start(m_capture, m_snapshotIndex);
    m_status->setText(tr("Advising…"));
}

void AdvicePanel::onAdvice(AdvicePtr advice)
{
    m_advice = std::move(advice);
    m_adviceCapture = m_jobCapture;
    m_adviceSnapshot = m_jobSnapshot;
    {
        m_quiet = true;
        m_model->setAdvice(m_advice);
        m_quiet = false;
    }
    fitColumns();
    int critical = 0, warning = 0;
    for (const Finding& f : m_advice->findings) {
        critical += f.severity == Severity::Critical ? 1 : 0;
        warning += f.severity == Severity::Warning ? 1 : 0;
    }
    const int suggestions = int(m_advice->suggestions.size());
    m_status->setText(
        pluralized(tr("%1: %2 critical, %3 warning · %n suggestion(s)", nullptr, suggestions), suggestions)
            .arg(findingCountText(*m_advice))
            .arg(critical)
            .arg(warning));
    m_status->setToolTip(m_advice->source +
                         (m_advice->notes.isEmpty()
                              ? QString()
                              : QStringLiteral("\n") + m_advice->notes.join(QLatin1Char('\n'))));
    // Keep the process shown across updates (a live recording advises again at every sample).
    const std::int64_t pid = m_pid;
    if (pid >= 0)
        selectProcess(pid);
    else
        showSuggestion(-1);
    if (m_adviceCapture == m_capture && m_adviceSnapshot == m_snapshotIndex)
        emit adviceShown();
}

void AdvicePanel::onFailed(const QString& message)
{
    m_advice.reset();
    m_model->setAdvice(nullptr);
    m_status->setText(message);
    showSuggestion(-1);
}

void AdvicePanel::selectProcess(std::int64_t pid, std::int64_t tid)
{
    m_pid = pid;
    showSuggestion(pid);
    const QModelIndex source = m_model->indexOf(pid, tid);
    m_quiet = true;
    if (!source.isValid()) {
        m_table->selectionModel()->clear();
    } else {
        const QModelIndex index = m_proxy->mapFromSource(source);
        if (index.isValid()) {
            m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                                  QItemSelectionModel::Rows);
            m_table->scrollTo(index);
        } else {
            m_table->selectionModel()->clear();
        }
    }
    m_quiet = false;
}

void AdvicePanel::onCurrentRowChanged()
{
    if (m_quiet)
        return;
    const QModelIndex index = m_table->currentIndex();
    if (!index.isValid())
        return;
    const qint64 pid = index.data(AdviceModel::PidRole).toLongLong();
    const qint64 tid = index.data(AdviceModel::TidRole).toLongLong();
    m_pid = pid;
    showSuggestion(pid);
    if (pid >= 0)
        emit processSelected(pid, tid);
}

const Suggestion* AdvicePanel::currentSuggestion() const
{
    if (!m_advice || m_pid < 0)
        return nullptr;
    for (const Suggestion& s : m_advice->suggestions)
        if (s.pid == m_pid && s.ns == u"local")
            return &s;
    for (const Suggestion& s : m_advice->suggestions)
        if (s.pid == m_pid)
            return &s;
    return nullptr;
}

void AdvicePanel::showSuggestion(std::int64_t pid)
{
    const Suggestion* s = currentSuggestion();
    const bool shown = s != nullptr;
    m_reason->setVisible(shown);
    m_target->setVisible(shown);
    m_prediction->setVisible(shown);
    m_assumptions->setVisible(shown);
    for (int i = 0; i < kCommandCount; ++i) {
        const bool has = shown && !(i == int(Command::Docker) && s->docker.isEmpty()) &&
                         !(i == int(Command::ThreadGroups) && s->threadGroups.empty());
        m_commandLabels[i]->setVisible(has);
        m_commands[i]->setVisible(has);
        m_copy[i]->setVisible(has);
    }
    m_predictionTitle->setVisible(shown);
    if (!s) {
        if (!m_advice)
            m_title->setText(m_capture ? tr("Waiting for the advisor…") : tr("Nothing open"));
        else if (pid < 0)
            m_title->setText(
                m_advice->suggestions.empty()
                    ? tr("No suggestion: nothing here needs moving.")
                    : tr("Select a finding to see what to run for its process (%1 suggestion(s)).")
                          .arg(m_advice->suggestions.size()));
        else
            m_title->setText(tr("No suggestion for pid %1.").arg(pid));
        m_notes->setText(m_advice && pid >= 0 && !m_advice->notes.isEmpty()
                             ? tr("Notes: %1").arg(m_advice->notes.join(QStringLiteral(" · ")))
                             : QString());
        m_notes->setVisible(!m_notes->text().isEmpty());
        updateApplyButton();
        return;
    }
    m_title->setText(tr("pid %1 (%2)").arg(s->pid).arg(s->name));
    m_reason->setText(tr("<b>Why these nodes:</b> %1").arg(s->reason.toHtmlEscaped()));
    m_target->setText(tr("<b>Target:</b> node(s) %1 · CPUs <span style='font-family:monospace'>%2</span>")
                          .arg(nodesText(s->targetNodes), s->cpus.toHtmlEscaped()));
    m_target->setProperty("cpus", s->cpus);
    const LocalityFigures* sides[2] = {&s->before, &s->after};
    for (int c = 0; c < 2; ++c) {
        const LocalityFigures& f = *sides[c];
        const QString cells[4] = {plainText(f.similarity, 3), plainText(f.cosine, 3),
                                  shareText(f.remoteShare), plainText(f.expectedDistance, 2)};
        for (int r = 0; r < 4; ++r) {
            auto* item = new QTableWidgetItem(cells[r]);
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (c == 1)
                item->setToolTip(s->assumptions);
            m_prediction->setItem(r, c, item);
        }
    }
    m_assumptions->setText(tr("Prediction, not a measurement: %1").arg(s->assumptions));
    QStringList groups;
    for (const ThreadGroup& g : s->threadGroups) {
        groups << tr("# %1: %n thread(s), %2, node %3 now", nullptr, int(g.tids.size()))
                      .arg(g.name, g.role)
                      .arg(g.cpuNode.value);
        groups << g.live;
    }
    const QString texts[kCommandCount] = {s->relaunch, s->live.join(QLatin1Char('\n')), s->docker, s->systemd,
                                          groups.join(QLatin1Char('\n'))};
    for (int i = 0; i < kCommandCount; ++i)
        m_commands[i]->setPlainText(texts[i]);
    fitPrediction();
    m_notes->setText(s->notes.isEmpty()
                         ? QString()
                         : tr("<b>Notes:</b> %1").arg(s->notes.join(QStringLiteral(" · ")).toHtmlEscaped()));
    m_notes->setVisible(!s->notes.isEmpty());
    updateApplyButton();
}

namespace {

// The splitter's sizes side by side and one above the other, each as the user left it.
constexpr quint32 kStateMagic = 0x4e534156; // "NSAV"
constexpr quint32 kStateVersion = 1;

} // namespace

QByteArray AdvicePanel::saveState() const
{
    QByteArray state;
    QDataStream out(&state, QIODevice::WriteOnly);
    out << kStateMagic << kStateVersion << m_userSizes[0] << m_userSizes[1];
    return state;
}

void AdvicePanel::restoreState(const QByteArray& state)
{
    if (state.isEmpty())
        return;
    QDataStream in(state);
    quint32 magic = 0, version = 0;
    QList<int> sizes[2];
    in >> magic >> version >> sizes[0] >> sizes[1];
    if (in.status() == QDataStream::Ok && magic == kStateMagic && version == kStateVersion) {
        m_userSizes[0] = sizes[0];
        m_userSizes[1] = sizes[1];
    } else if (m_splitter->restoreState(state)) { // a QSplitter's own state, from before both were kept
        m_userSizes[m_splitter->orientation() == Qt::Vertical] = m_splitter->sizes();
    }
    m_splitter->setOrientation(Qt::Horizontal);
    applyOrientation(width() > 0 && width() < narrowWidth() ? Qt::Vertical : Qt::Horizontal, true);
}

int AdvicePanel::narrowWidth() const
{
    // Side by side the findings need their kind, ids and a readable part of the message, the pane its table
    // of figures and a command beside its Copy button: about 170 average characters (1 100 px at 9 pt).
    return 170 * fontMetrics().averageCharWidth();
}

QList<int> AdvicePanel::defaultSizes(Qt::Orientation o)
{
    // Scaled to the room: the findings' messages need more width, the pane more height.
    return o == Qt::Horizontal ? QList<int>{560, 440} : QList<int>{2, 3};
}

void AdvicePanel::applyOrientation(Qt::Orientation o, bool force)
{
    if (!force && o == m_splitter->orientation())
        return;
    m_splitter->setOrientation(o);
    const QList<int>& sizes = m_userSizes[o == Qt::Vertical];
    m_splitter->setSizes(sizes.size() == 2 ? sizes : defaultSizes(o));
}

void AdvicePanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    // One above the other where side by side would cut both; back when there is room again.
    applyOrientation(event->size().width() < narrowWidth() ? Qt::Vertical : Qt::Horizontal);
}

void AdvicePanel::fitColumns()
{
    QHeaderView* header = m_table->header();
    bool groups = false, pids = false, tids = false;
    qint64 widest = 0;
    if (m_advice) {
        for (const FindingGroup& g : m_model->groups())
            groups = groups || g.count() > 1;
        for (const Finding& f : m_advice->findings) {
            pids = pids || f.pid >= 0;
            tids = tids || f.tid.has_value();
            widest = std::max({widest, qint64(f.pid), f.tid ? qint64(*f.tid) : 0});
        }
    }
    // A column no row fills takes no room.
    m_table->setColumnHidden(AdviceModel::CountColumn, !groups);
    m_table->setColumnHidden(AdviceModel::PidColumn, !pids);
    m_table->setColumnHidden(AdviceModel::TidColumn, !tids);
    // Ids of findings under a collapsed group are not laid out yet: their width comes from the widest id.
    const int idWidth = m_table->fontMetrics().horizontalAdvance(QString::number(widest)) +
                        4 * style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_table) + 8;
    const int kindCap = 28 * m_table->fontMetrics().averageCharWidth(); // longer kinds elide, with a tooltip
    for (int c = 0; c < AdviceModel::MessageColumn; ++c) {
        if (m_table->isColumnHidden(c))
            continue;
        m_table->resizeColumnToContents(c);
        if (c == AdviceModel::PidColumn || c == AdviceModel::TidColumn)
            header->resizeSection(c, std::max(header->sectionSize(c), idWidth));
        else if (c == AdviceModel::KindColumn)
            header->resizeSection(
                c, std::min(header->sectionSize(c), std::max(kindCap, header->sectionSizeHint(c))));
    }
}

void AdvicePanel::fitPrediction()
{
    // Every figure and header whole: the table is as wide as they are.
    QHeaderView* header = m_prediction->horizontalHeader();
    int width = m_prediction->verticalHeader()->sizeHint().width() + 2 * m_prediction->frameWidth();
    const QFontMetrics fm(m_prediction->font());
    const int padding = 2 * style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_prediction) + 8;
    for (int c = 0; c < m_prediction->columnCount(); ++c) {
        int cells = 0;
        for (int r = 0; r < m_prediction->rowCount(); ++r)
            if (const QTableWidgetItem* item = m_prediction->item(r, c))
                cells = std::max(cells, fm.horizontalAdvance(item->text()) + padding);
        header->resizeSection(c, std::max(cells, header->sectionSizeHint(c)));
        width += header->sectionSize(c);
    }
    m_prediction->setFixedWidth(width); // wider would only spread four short figures apart
}

void AdvicePanel::setApplyAllowed(bool allowed, const QString& reason)
{
    m_applyAllowed = allowed;
    m_applyReason = reason;
    updateApplyButton();
}

void AdvicePanel::updateApplyButton()
{
    const Suggestion* s = currentSuggestion();
    m_apply->setVisible(s != nullptr);
    m_apply->setEnabled(s && m_applyAllowed && s->ns == u"local");
    if (!m_applyAllowed)
        m_apply->setToolTip(m_applyReason);
    else if (s && s->ns != u"local")
        m_apply->setToolTip(tr("pid %1 is on another host (%2): apply it there").arg(s->pid).arg(s->ns));
    else
        m_apply->setToolTip(
            tr("Set the CPUs (and optionally move the memory) of pid %1 now, measure before and "
               "after, and keep an Undo")
                .arg(s ? s->pid : 0));
    // Why it is disabled, beside it: a disabled button's tooltip is easy to miss.
    m_applyNote->setText(m_apply->isEnabled() ? QString() : m_apply->toolTip());
    m_applyNote->setVisible(s != nullptr && !m_apply->isEnabled());
}

} // namespace numasight
