// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "views/jobs/advice_job.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QResizeEvent;
class QScrollArea;
class QSplitter;
class QTreeView;
class QTableWidget;

namespace numasight {

class AdviceFilterProxy;
class AdviceModel;
class DeferredBuild;

// The "Advice" tab: the advisor's findings (filterable, sortable) and, for the process selected, its
// suggestion: why these nodes, the target nodes and CPUs, the predicted before → after figures (a
// prediction, with its assumptions), the commands — relaunch, live, docker, systemd — each in a read-only
// field with a Copy button, and the notes. advise() runs on a worker (AdviceJob) only while the tab is seen,
// once per capture/snapshot; a result for anything no longer shown is dropped. Selecting a finding says which
// process or thread it is about, so the window can select it everywhere; selectProcess() does the reverse.
class AdvicePanel : public QWidget
{
    Q_OBJECT
public:
    enum class Command
    {
        Relaunch,
        Live,
        Docker,
        Systemd,
        ThreadGroups
    };
    static constexpr int kCommandCount = 5;

    explicit AdvicePanel(QWidget* parent = nullptr);
    ~AdvicePanel() override;

    // Advice on `snapshotIndex` of `capture`; `fresh`: another capture (the pane forgets its process).
    void setCapture(CapturePtr capture, int snapshotIndex, bool fresh);
    void clear();
    // Runs the advisor now if it waits to be shown (exports, tests).
    void ensureBuilt();
    bool isReady() const; // the findings shown are those of the capture and snapshot set last

    // Shows the suggestion for `pid` and selects its first finding (of `tid` when there is one). Emits
    // nothing.
    void selectProcess(std::int64_t pid, std::int64_t tid = -1);
    std::int64_t shownPid() const { return m_pid; }
    const Suggestion* currentSuggestion() const;

    // Apply needs the live process on this machine: `reason` is the tooltip when it is not allowed.
    void setApplyAllowed(bool allowed, const QString& reason);
    bool isApplyAllowed() const { return m_applyAllowed; }

    // The splitter between findings and suggestion: the sizes the user gave it side by side and one above
    // the other. Below narrowWidth() the findings are above their suggestion, else beside it.
    QByteArray saveState() const;
    void restoreState(const QByteArray& state);

    AdvicePtr advice() const { return m_advice; }
    AdviceJob* job() const { return m_job; }
    AdviceModel* model() const { return m_model; }
    AdviceFilterProxy* proxy() const { return m_proxy; }
    QTreeView* table() const { return m_table; }
    QSplitter* splitter() const { return m_splitter; }
    QScrollArea* suggestionScroll() const { return m_scroll; }
    int narrowWidth() const;
    QLineEdit* filterEdit() const { return m_filter; }
    QLabel* statusLabel() const { return m_status; }
    QLabel* titleLabel() const { return m_title; }
    QLabel* reasonLabel() const { return m_reason; }
    QLabel* targetLabel() const { return m_target; }
    QTableWidget* predictionTable() const { return m_prediction; }
    QLabel* assumptionsLabel() const { return m_assumptions; }
    QPlainTextEdit* commandEdit(Command c) const { return m_commands[int(c)]; }
    QPushButton* copyButton(Command c) const { return m_copy[int(c)]; }
    QLabel* notesLabel() const { return m_notes; }
    QPushButton* applyButton() const { return m_apply; }
    QLabel* applyNote() const { return m_applyNote; } // why Apply is disabled

signals:
    void processSelected(qint64 pid, qint64 tid); // a finding picked by the user
    void applyRequested(const numasight::Suggestion& suggestion);
    void adviceShown(); // the findings of the capture and snapshot set last are on screen

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    static QList<int> defaultSizes(Qt::Orientation o);
    void applyOrientation(Qt::Orientation o, bool force = false);
    void fitColumns();
    void fitPrediction();
    void build();
    void onAdvice(AdvicePtr advice);
    void onFailed(const QString& message);
    void onCurrentRowChanged();
    void showSuggestion(std::int64_t pid);
    void updateApplyButton();

    AdviceJob* m_job;
    DeferredBuild* m_build;
    AdviceModel* m_model;
    AdviceFilterProxy* m_proxy;
    QLineEdit* m_filter;
    QLabel* m_status;
    QProgressBar* m_busy;
    QTreeView* m_table;
    QWidget* m_pane;
    QLabel* m_title;
    QLabel* m_reason;
    QLabel* m_target;
    QLabel* m_predictionTitle;
    QTableWidget* m_prediction;
    QLabel* m_assumptions;
    QLabel* m_commandLabels[kCommandCount];
    QPlainTextEdit* m_commands[kCommandCount];
    QPushButton* m_copy[kCommandCount];
    QLabel* m_notes;
    QPushButton* m_apply;
    QLabel* m_applyNote;
    QSplitter* m_splitter;
    QScrollArea* m_scroll;
    QList<int> m_userSizes[2]; // side by side, one above the other; empty until the user moves the handle

    CapturePtr m_capture;
    int m_snapshotIndex = -1;
    CapturePtr m_jobCapture; // what the running job advises on
    int m_jobSnapshot = -1;
    bool m_rerun = false;       // the capture grew while the job ran: run again when it is done
    CapturePtr m_adviceCapture; // what m_advice is of
    int m_adviceSnapshot = -1;
    AdvicePtr m_advice;
    std::int64_t m_pid = -1;
    bool m_quiet = false; // row changes made by the program
    bool m_applyAllowed = false;
    QString m_applyReason;
};

} // namespace numasight
