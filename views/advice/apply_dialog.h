// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "views/jobs/apply_job.h"

#include <QDialog>

class QCheckBox;
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace numasight {

// Apply… on a suggestion: reads what would change (planApply, on a worker) and lists it line by line, asks
// how long to measure before and after (seconds, remembered) and whether to move the memory too, then
// applies with proof (applyAndVerify, on a worker, with progress and Cancel) and shows the measured
// before/after beside the advisor's prediction, with Undo. Every error — a refusal included, which changed
// nothing — is shown inline; the dialog never blocks the GUI thread.
class ApplyDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ApplyDialog(const Suggestion& suggestion, QWidget* parent = nullptr);
    ~ApplyDialog() override;

    const Suggestion& suggestion() const;
    ApplyJob* job() const { return m_job; }
    ApplyPlanPtr plan() const { return m_plan; }
    ApplyRunPtr run() const { return m_run; }

    QCheckBox* moveMemoryCheck() const { return m_moveMemory; }
    QSpinBox* periodSpin() const { return m_period; }
    QPlainTextEdit* planView() const { return m_planView; }
    QLabel* errorLabel() const { return m_error; }
    QLabel* statusLabel() const { return m_status; }
    QProgressBar* progressBar() const { return m_progress; }
    QTableWidget* resultTable() const { return m_results; }
    QPushButton* applyButton() const { return m_apply; }
    QPushButton* undoButton() const { return m_undo; }
    QPushButton* cancelButton() const { return m_cancel; }
    QLabel* undoLabel() const { return m_undoLines; }

    static QString periodKey(); // QSettings key of the period, in seconds
    static QString moveMemoryKey();

signals:
    void appliedToProcess(qint64 pid); // the process was changed (the window may want to refresh)

protected:
    void reject() override; // Esc / Cancel: stops what runs first; a second press closes

private:
    void replan();
    void startApply();
    void startUndo();
    void onPlanned(ApplyPlanPtr plan);
    void onApplied(ApplyRunPtr run);
    void onUndone(const QStringList& lines);
    void onFailed(const QString& message);
    void showError(const QString& message);
    void updateButtons();

    std::shared_ptr<const Suggestion> m_suggestionPtr;
    const Suggestion& m_suggestion;
    ApplyJob* m_job;
    ApplyPlanPtr m_plan;
    ApplyRunPtr m_run;
    bool m_undone = false;

    QLabel* m_header;
    QCheckBox* m_moveMemory;
    QSpinBox* m_period;
    QPlainTextEdit* m_planView;
    QLabel* m_error;
    QLabel* m_status;
    QProgressBar* m_progress;
    QTableWidget* m_results;
    QLabel* m_undoLines;
    QPushButton* m_apply;
    QPushButton* m_undo;
    QPushButton* m_cancel;
};

} // namespace numasight
