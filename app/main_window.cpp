#include "main_window.h"

#include "details_pane.h"
#include "entity_filter_proxy.h"
#include "entity_tree_model.h"
#include "load_job.h"
#include "message_bar.h"
#include "readers/open_input.h"
#include "recent_files.h"
#include "start_page.h"
#include "summary_panel.h"
#include "version.h"

#include <QAction>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

namespace numasight {

namespace {

const QString kGeometryKey = QStringLiteral("window/geometry");
const QString kStateKey = QStringLiteral("window/state");
const QString kDetailsSplitterKey = QStringLiteral("window/detailsSplitter");
const QString kSummarySplitterKey = QStringLiteral("window/summarySplitter");
const QString kHeaderKey = QStringLiteral("window/browserHeader");
const QString kLastDirKey = QStringLiteral("window/lastDirectory");

QString displayName(const QString& path)
{
    return path == QLatin1String(kLocalMachine) ? QObject::tr("this machine") : QFileInfo(path).fileName();
}

QString localFileOf(const QMimeData* mime)
{
    if (!mime || !mime->hasUrls())
        return {};
    for (const QUrl& url : mime->urls())
        if (url.isLocalFile())
            return url.toLocalFile();
    return {};
}

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_loader(new LoadController(this))
    , m_recent(new RecentFiles(this))
    , m_model(new EntityTreeModel(this))
    , m_proxy(new EntityFilterProxy(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(QStringLiteral("numasight"));
    setWindowIcon(QIcon(QStringLiteral(":/numasight/icons/numasight.svg")));
    setAcceptDrops(true);
    m_proxy->setSourceModel(m_model);

    createActions();
    createWorkspace();
    createDocks();
    createMenus();
    createStatusBar();

    connect(m_loader, &LoadController::started, this,
            [this](quint64, const QString& path) { onLoadStarted(path); });
    connect(m_loader, &LoadController::progressChanged, this,
            [this](quint64, double fraction) { m_progress->setValue(int(fraction * 100.0)); });
    connect(m_loader, &LoadController::captureAvailable, this, &MainWindow::onCaptureAvailable);
    connect(m_loader, &LoadController::loadFailed, this, &MainWindow::onLoadFailed);
    connect(m_loader, &LoadController::cancelled, this, [this] {
        statusBar()->showMessage(tr("Loading %1 cancelled").arg(displayName(m_loadingPath)), 5000);
    });
    connect(m_loader, &LoadController::finished, this, &MainWindow::onLoadFinished);
    connect(m_recent, &RecentFiles::changed, this, &MainWindow::updateRecentMenu);

    updateRecentMenu();
    updateStatus();
    restoreSettings();
}

MainWindow::~MainWindow() = default;

void MainWindow::createActions()
{
    m_openAction = new QAction(QIcon::fromTheme(QStringLiteral("document-open")), tr("&Open…"), this);
    m_openAction->setShortcut(QKeySequence::Open);
    connect(m_openAction, &QAction::triggered, this, &MainWindow::showOpenDialog);

    m_attachAction =
        new QAction(QIcon::fromTheme(QStringLiteral("computer")), tr("&Attach to This Machine"), this);
    m_attachAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    connect(m_attachAction, &QAction::triggered, this, &MainWindow::attachToThisMachine);

    m_reloadAction = new QAction(QIcon::fromTheme(QStringLiteral("view-refresh")), tr("&Reload"), this);
    m_reloadAction->setShortcut(QKeySequence(Qt::Key_F5));
    connect(m_reloadAction, &QAction::triggered, this, &MainWindow::reload);

    m_closeAction = new QAction(tr("&Close"), this);
    m_closeAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_W));
    connect(m_closeAction, &QAction::triggered, this, &MainWindow::closeCapture);

    m_quitAction = new QAction(tr("&Quit"), this);
    m_quitAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Q));
    m_quitAction->setMenuRole(QAction::QuitRole);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);

    m_findAction = new QAction(tr("&Find…"), this);
    m_findAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F));
    connect(m_findAction, &QAction::triggered, this, [this] {
        m_filter->setFocus(Qt::ShortcutFocusReason);
        m_filter->selectAll();
    });

    m_cancelAction = new QAction(tr("Cancel Loading"), this);
    m_cancelAction->setShortcut(QKeySequence(Qt::Key_Escape));
    m_cancelAction->setEnabled(false);
    connect(m_cancelAction, &QAction::triggered, this, &MainWindow::cancelLoad);
    addAction(m_cancelAction);

    m_aboutAction = new QAction(tr("&About numasight"), this);
    m_aboutAction->setMenuRole(QAction::AboutRole);
    connect(m_aboutAction, &QAction::triggered, this, [this] {
        QMessageBox::about(
            this, tr("About numasight"),
            tr("<h3>numasight %1</h3><p>Shows how AI jobs sit on a machine's NUMA and accelerator "
               "topology.</p><p>Reads numasight captures, witty-profiler graphs and hwloc "
               "topologies.</p><p>Licensed under the GNU GPL, version 3 or later.</p>")
                .arg(version()));
    });

    m_clearRecentAction = new QAction(tr("&Clear Recent Files"), this);
    connect(m_clearRecentAction, &QAction::triggered, m_recent, &RecentFiles::clear);
}

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_openAction);
    file->addAction(m_attachAction);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
    file->addAction(m_reloadAction);
    file->addSeparator();
    file->addAction(m_closeAction);
    file->addSeparator();
    file->addAction(m_quitAction);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(m_findAction);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(m_detailsDock->toggleViewAction());
    view->addAction(m_summaryDock->toggleViewAction());

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(m_aboutAction);
}

void MainWindow::createWorkspace()
{
    m_start = new StartPage(this);
    connect(m_start, &StartPage::attachRequested, this, &MainWindow::attachToThisMachine);
    connect(m_start, &StartPage::openRequested, this, &MainWindow::showOpenDialog);
    connect(m_start, &StartPage::recentActivated, this, &MainWindow::openPath);
    connect(m_start, &StartPage::clearRecentRequested, m_recent, &RecentFiles::clear);

    m_workspace = new QWidget(this);
    m_workspace->setObjectName(QStringLiteral("workspace"));
    m_filter = new QLineEdit(m_workspace);
    m_filter->setObjectName(QStringLiteral("filterEdit"));
    m_filter->setPlaceholderText(tr("Filter by name, pid, tid, PCI id, or cpu:N (Ctrl+F)"));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, this, &MainWindow::onFilterTextChanged);
    m_kind = new QComboBox(m_workspace);
    m_kind->setObjectName(QStringLiteral("kindFilter"));
    m_kind->setToolTip(tr("Show only entities of one kind (with the path to them)"));
    m_kind->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(m_kind, &QComboBox::currentIndexChanged, this, [this](int index) {
        const QVariant v = m_kind->itemData(index);
        m_proxy->setKindFilter(v.isValid() ? std::optional(EntityKind(v.toInt())) : std::nullopt);
        if (v.isValid())
            m_view->expandAll();
    });
    m_snapshotLabel = new QLabel(tr("Snapshot:"), m_workspace);
    m_snapshotCombo = new QComboBox(m_workspace);
    m_snapshotCombo->setObjectName(QStringLiteral("snapshotCombo"));
    m_snapshotCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(m_snapshotCombo, &QComboBox::activated, this, &MainWindow::setSnapshotIndex);

    m_view = new QTreeView(m_workspace);
    m_view->setObjectName(QStringLiteral("entityView"));
    m_view->setModel(m_proxy);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->header()->setSortIndicator(-1, Qt::AscendingOrder);
    m_view->setSortingEnabled(true);
    m_view->header()->setStretchLastSection(false);
    m_view->setColumnWidth(EntityTreeModel::NameColumn, 280);
    m_view->setColumnWidth(EntityTreeModel::KindColumn, 130);
    m_view->setColumnWidth(EntityTreeModel::IdColumn, 110);
    m_view->setColumnWidth(EntityTreeModel::CpusColumn, 110);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &MainWindow::onCurrentEntityChanged);

    auto* bar = new QHBoxLayout;
    bar->addWidget(m_filter, 1);
    bar->addWidget(m_kind);
    bar->addSpacing(12);
    bar->addWidget(m_snapshotLabel);
    bar->addWidget(m_snapshotCombo);
    auto* layout = new QVBoxLayout(m_workspace);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(m_view, 1);

    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_start);
    m_stack->addWidget(m_workspace);
    m_messageBar = new MessageBar(this);

    auto* central = new QWidget(this);
    auto* centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(0);
    centralLayout->addWidget(m_messageBar);
    centralLayout->addWidget(m_stack, 1);
    setCentralWidget(central);
}

void MainWindow::createDocks()
{
    m_details = new DetailsPane(this);
    connect(m_details, &DetailsPane::entityActivated, this, &MainWindow::selectEntity);
    m_detailsDock = new QDockWidget(tr("Details"), this);
    m_detailsDock->setObjectName(QStringLiteral("detailsDock"));
    m_detailsDock->setWidget(m_details);
    addDockWidget(Qt::RightDockWidgetArea, m_detailsDock);

    m_summary = new SummaryPanel(this);
    m_summaryDock = new QDockWidget(tr("Summary"), this);
    m_summaryDock->setObjectName(QStringLiteral("summaryDock"));
    m_summaryDock->setWidget(m_summary);
    addDockWidget(Qt::BottomDockWidgetArea, m_summaryDock);
    m_detailsDock->toggleViewAction()->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_1));
    m_summaryDock->toggleViewAction()->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_2));
    resize(1280, 860);
}

void MainWindow::createStatusBar()
{
    m_sourceLabel = new QLabel(this);
    m_sourceLabel->setObjectName(QStringLiteral("sourceLabel"));
    m_countsLabel = new QLabel(this);
    m_countsLabel->setObjectName(QStringLiteral("countsLabel"));
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("loadProgress"));
    m_progress->setRange(0, 100);
    m_progress->setMaximumWidth(200);
    m_progress->hide();
    m_cancelButton = new QToolButton(this);
    m_cancelButton->setObjectName(QStringLiteral("cancelLoadButton"));
    m_cancelButton->setText(tr("Cancel"));
    m_cancelButton->setToolTip(tr("Stop loading (Esc)"));
    m_cancelButton->hide();
    connect(m_cancelButton, &QToolButton::clicked, this, &MainWindow::cancelLoad);
    statusBar()->addWidget(m_sourceLabel, 1);
    statusBar()->addPermanentWidget(m_countsLabel);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancelButton);
}

void MainWindow::restoreSettings()
{
    QSettings settings;
    restoreGeometry(settings.value(kGeometryKey).toByteArray());
    if (!restoreState(settings.value(kStateKey).toByteArray())) {
        // First start: room for the details' long values, and the browser keeps most of the height.
        resizeDocks({m_detailsDock}, {440}, Qt::Horizontal);
        resizeDocks({m_summaryDock}, {400}, Qt::Vertical);
    }
    m_details->restoreSplitterState(settings.value(kDetailsSplitterKey).toByteArray());
    m_summary->restoreSplitterState(settings.value(kSummarySplitterKey).toByteArray());
    const QByteArray header = settings.value(kHeaderKey).toByteArray();
    if (!header.isEmpty())
        m_view->header()->restoreState(header);
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.setValue(kGeometryKey, saveGeometry());
    settings.setValue(kStateKey, saveState());
    settings.setValue(kDetailsSplitterKey, m_details->saveSplitterState());
    settings.setValue(kSummarySplitterKey, m_summary->saveSplitterState());
    settings.setValue(kHeaderKey, m_view->header()->saveState());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    m_loader->cancel();
    saveSettings();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (!localFileOf(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QString path = localFileOf(event->mimeData());
    if (path.isEmpty())
        return;
    event->acceptProposedAction();
    openPath(path);
}

bool MainWindow::isWorkspaceShown() const
{
    return m_stack->currentWidget() == m_workspace;
}

void MainWindow::showOpenDialog()
{
    QSettings settings;
    const QString dir = settings.value(kLastDirKey).toString();
    const QString filters = tr("All supported files (*.numasight *.json *.jsonl *.xml);;"
                               "numasight captures (*.numasight);;"
                               "witty-profiler graphs (*.json *.jsonl);;"
                               "hwloc topologies (*.xml);;"
                               "All files (*)");
    const QString path = QFileDialog::getOpenFileName(this, tr("Open"), dir, filters);
    if (path.isEmpty())
        return;
    settings.setValue(kLastDirKey, QFileInfo(path).absolutePath());
    openPath(path);
}

void MainWindow::openPath(const QString& path)
{
    if (path.isEmpty())
        return;
    m_loadingPath = path == QLatin1String(kLocalMachine) ? path : QFileInfo(path).absoluteFilePath();
    m_loader->start(m_loadingPath);
}

void MainWindow::attachToThisMachine()
{
    openPath(QString::fromLatin1(kLocalMachine));
}

void MainWindow::reload()
{
    if (!m_path.isEmpty())
        openPath(m_path);
}

void MainWindow::cancelLoad()
{
    m_loader->cancel();
}

void MainWindow::closeCapture()
{
    m_loader->cancel();
    m_capture.reset();
    m_path.clear();
    m_snapshotIndex = -1;
    m_model->setSnapshot(nullptr);
    m_details->setSnapshot(nullptr);
    m_summary->setCapture(nullptr, -1);
    m_snapshotCombo->clear();
    m_messageBar->dismiss();
    m_stack->setCurrentWidget(m_start);
    setWindowTitle(QStringLiteral("numasight"));
    updateKindFilter();
    updateStatus();
}

void MainWindow::onLoadStarted(const QString& path)
{
    m_progress->setValue(0);
    m_progress->show();
    m_cancelButton->show();
    m_cancelAction->setEnabled(true);
    statusBar()->showMessage(tr("Loading %1…").arg(displayName(path)));
}

void MainWindow::onLoadFinished()
{
    if (m_loader->isLoading())
        return; // a newer load took over; its own finish hides the progress
    m_progress->hide();
    m_cancelButton->hide();
    m_cancelAction->setEnabled(false);
    if (statusBar()->currentMessage().startsWith(tr("Loading %1…").arg(displayName(m_loadingPath))))
        statusBar()->clearMessage();
}

void MainWindow::onCaptureAvailable(CapturePtr capture)
{
    m_capture = std::move(capture);
    m_path = m_loadingPath;
    if (m_path != QLatin1String(kLocalMachine))
        m_recent->add(m_path);
    m_messageBar->dismiss();

    m_snapshotCombo->clear();
    const auto& snapshots = m_capture->snapshots;
    for (size_t i = 0; i < snapshots.size(); ++i) {
        const Snapshot& s = *snapshots[i];
        QString text = tr("%1 of %2").arg(i + 1).arg(snapshots.size());
        if (s.takenAt().isValid())
            text += QStringLiteral(" — ") + s.takenAt().toString(Qt::ISODate);
        if (!s.label().isEmpty())
            text += QStringLiteral(" — ") + s.label();
        m_snapshotCombo->addItem(text);
    }
    const bool several = snapshots.size() > 1;
    m_snapshotCombo->setVisible(several);
    m_snapshotLabel->setVisible(several);

    m_snapshotIndex = -1;
    setSnapshotIndex(snapshots.empty() ? -1 : 0);
    m_stack->setCurrentWidget(m_workspace);
    setWindowTitle(tr("%1 — numasight").arg(displayName(m_path)));
    if (!m_filter->text().isEmpty())
        m_view->expandAll();
}

void MainWindow::setSnapshotIndex(int index)
{
    if (!m_capture || index == m_snapshotIndex || index >= int(m_capture->snapshots.size()))
        return;
    // Keep the selected entity selected across snapshots, by identity.
    QString type, ns, key;
    const EntityId selected = m_details->entity();
    if (m_model->snapshot() && selected.isValid()) {
        const Entity& e = m_model->snapshot()->entity(selected);
        type = e.typeName;
        ns = e.ns;
        key = e.key;
    }
    m_snapshotIndex = index;
    const auto snapshot = index >= 0 ? m_capture->snapshots[size_t(index)] : nullptr;
    m_model->setSnapshot(snapshot);
    m_details->setSnapshot(snapshot);
    m_summary->setCapture(m_capture, index);
    if (m_snapshotCombo->currentIndex() != index)
        m_snapshotCombo->setCurrentIndex(index);
    updateKindFilter();
    // Sections and their first levels open; deeper levels (cores, threads) stay closed until asked for.
    m_view->expandToDepth(1);
    if (snapshot && !key.isEmpty())
        selectEntity(snapshot->find(type, ns, key));
    updateStatus();
}

void MainWindow::selectEntity(EntityId id)
{
    QModelIndex source = m_model->indexOf(id);
    if (!source.isValid())
        return;
    QModelIndex proxy = m_proxy->mapFromSource(source);
    if (!proxy.isValid()) {
        // Hidden by the filter: clear it rather than refuse.
        m_filter->clear();
        m_kind->setCurrentIndex(0);
        proxy = m_proxy->mapFromSource(source);
    }
    m_view->setCurrentIndex(proxy);
    m_view->scrollTo(proxy);
}

void MainWindow::onLoadFailed(const QString& message)
{
    m_messageBar->showMessage(message, MessageBar::Kind::Error);
}

void MainWindow::onCurrentEntityChanged()
{
    m_details->setEntity(m_model->entityAt(m_proxy->mapToSource(m_view->currentIndex())));
}

void MainWindow::onFilterTextChanged(const QString& text)
{
    m_proxy->setFilterText(text);
    if (!text.trimmed().isEmpty())
        m_view->expandAll();
    if (m_view->currentIndex().isValid())
        m_view->scrollTo(m_view->currentIndex());
}

void MainWindow::updateKindFilter()
{
    const QVariant current = m_kind->currentData();
    const QSignalBlocker block(m_kind);
    m_kind->clear();
    m_kind->addItem(tr("All kinds"));
    const Snapshot* s = m_model->snapshot();
    for (int k = 0; k < kEntityKindCount && s; ++k) {
        const int count = s->countOf(EntityKind(k));
        if (count > 0)
            m_kind->addItem(QStringLiteral("%1 (%2)").arg(entityKindName(EntityKind(k))).arg(count), k);
    }
    const int keep = current.isValid() ? m_kind->findData(current) : 0;
    m_kind->setCurrentIndex(std::max(0, keep));
    const QVariant now = m_kind->currentData();
    m_proxy->setKindFilter(now.isValid() ? std::optional(EntityKind(now.toInt())) : std::nullopt);
}

void MainWindow::updateRecentMenu()
{
    const QStringList files = m_recent->files();
    m_recentMenu->clear();
    for (const QString& path : files) {
        QAction* a =
            m_recentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] { openPath(path); });
        a->setToolTip(path);
        a->setStatusTip(path);
        a->setEnabled(QFileInfo::exists(path));
    }
    if (!files.isEmpty())
        m_recentMenu->addSeparator();
    m_recentMenu->addAction(m_clearRecentAction);
    m_clearRecentAction->setEnabled(!files.isEmpty());
    m_start->setRecentFiles(files);
}

void MainWindow::updateStatus()
{
    const bool loaded = m_capture && m_model->snapshot();
    m_reloadAction->setEnabled(!m_path.isEmpty());
    m_closeAction->setEnabled(bool(m_capture));
    m_findAction->setEnabled(loaded);
    if (!loaded) {
        m_sourceLabel->setText(tr("Nothing loaded"));
        m_countsLabel->clear();
        return;
    }
    const SourceInfo& src = m_capture->source;
    const QString where = m_path == QLatin1String(kLocalMachine) ? tr("this machine") : m_path;
    QString text = QStringLiteral("%1 · %2").arg(where, sourceFormatName(src.format));
    if (!src.mode.isEmpty())
        text += QStringLiteral(" · ") + tr("mode %1").arg(src.mode);
    m_sourceLabel->setText(text);
    m_sourceLabel->setToolTip(where);
    const Snapshot* s = m_model->snapshot();
    m_countsLabel->setText(tr("%1 entities · %2 edges · %3 NUMA nodes")
                               .arg(s->entities().size())
                               .arg(s->edges().size())
                               .arg(s->numaNodes().size()));
}

} // namespace numasight
