#pragma once

#include "model/snapshot.h"

#include <QMainWindow>

class QAction;
class QComboBox;
class QDockWidget;
class QLabel;
class QLineEdit;
class QMenu;
class QProgressBar;
class QStackedWidget;
class QToolButton;
class QTreeView;

namespace numasight {

class DetailsPane;
class EntityFilterProxy;
class EntityTreeModel;
class LoadController;
class MessageBar;
class RecentFiles;
class StartPage;
class SummaryPanel;

// The desktop window: a start page until something is loaded, then the entity browser with the details
// and summary docks. Every way of opening something (menu, start page, recent list, drop, command line)
// goes through openPath(), which loads in the background; a failed load leaves the shown capture alone.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    void openPath(const QString& path); // a file, or kLocalMachine
    void attachToThisMachine();
    void reload();
    void closeCapture();
    void cancelLoad();
    void setSnapshotIndex(int index);
    void selectEntity(EntityId id);

    CapturePtr capture() const { return m_capture; }
    QString currentPath() const { return m_path; }
    int snapshotIndex() const { return m_snapshotIndex; }
    bool isWorkspaceShown() const;

    LoadController* loader() const { return m_loader; }
    RecentFiles* recentFiles() const { return m_recent; }
    EntityTreeModel* entityModel() const { return m_model; }
    EntityFilterProxy* entityProxy() const { return m_proxy; }
    QTreeView* entityView() const { return m_view; }
    QLineEdit* filterEdit() const { return m_filter; }
    QComboBox* kindFilter() const { return m_kind; }
    QComboBox* snapshotSelector() const { return m_snapshotCombo; }
    DetailsPane* detailsPane() const { return m_details; }
    SummaryPanel* summaryPanel() const { return m_summary; }
    MessageBar* messageBar() const { return m_messageBar; }
    StartPage* startPage() const { return m_start; }

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createActions();
    void createMenus();
    void createWorkspace();
    void createDocks();
    void createStatusBar();
    void restoreSettings();
    void saveSettings() const;

    void showOpenDialog();
    void onLoadStarted(const QString& path);
    void onCaptureAvailable(CapturePtr capture);
    void onLoadFailed(const QString& message);
    void onLoadFinished();
    void updateRecentMenu();
    void updateKindFilter();
    void updateStatus();
    void onCurrentEntityChanged();
    void onFilterTextChanged(const QString& text);

    LoadController* m_loader;
    RecentFiles* m_recent;
    CapturePtr m_capture;
    QString m_path;        // what m_capture was loaded from
    QString m_loadingPath; // what is loading now
    int m_snapshotIndex = -1;

    EntityTreeModel* m_model;
    EntityFilterProxy* m_proxy;
    MessageBar* m_messageBar = nullptr;
    QStackedWidget* m_stack = nullptr;
    StartPage* m_start = nullptr;
    QWidget* m_workspace = nullptr;
    QTreeView* m_view = nullptr;
    QLineEdit* m_filter = nullptr;
    QComboBox* m_kind = nullptr;
    QLabel* m_snapshotLabel = nullptr;
    QComboBox* m_snapshotCombo = nullptr;
    DetailsPane* m_details = nullptr;
    SummaryPanel* m_summary = nullptr;
    QDockWidget* m_detailsDock = nullptr;
    QDockWidget* m_summaryDock = nullptr;

    QLabel* m_sourceLabel = nullptr;
    QLabel* m_countsLabel = nullptr;
    QProgressBar* m_progress = nullptr;
    QToolButton* m_cancelButton = nullptr;

    QAction* m_openAction = nullptr;
    QAction* m_attachAction = nullptr;
    QAction* m_reloadAction = nullptr;
    QAction* m_closeAction = nullptr;
    QAction* m_quitAction = nullptr;
    QAction* m_findAction = nullptr;
    QAction* m_cancelAction = nullptr;
    QAction* m_aboutAction = nullptr;
    QAction* m_clearRecentAction = nullptr;
    QMenu* m_recentMenu = nullptr;
};

} // namespace numasight
