// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "record/recorder.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace numasight {

class SavePathField;

// What "Attach to this machine" records: scope (all processes, pids with their children, or a comm
// regex), interval, duration or until stopped, the collection mode, and the file. eBPF's availability is
// probed in the background once per session; when it cannot run, its mode is greyed out and the reason
// shown. Every choice but the file name is remembered; the file defaults to a new name in the cache folder,
// whose leftovers from earlier runs it offers to delete. A size limit says when the window asks before the
// recording grows on.
class RecordDialog : public QDialog
{
    Q_OBJECT
public:
    enum class ScopeKind
    {
        All,
        Pids,
        Comm
    };

    explicit RecordDialog(QWidget* parent = nullptr);

    // The options as entered; nullopt with `error` when something is invalid (the OK button is disabled
    // then too, with the reason shown).
    std::optional<RecordOptions> options(QString* error = nullptr) const;
    void saveSettings() const;
    static QString defaultOutputPath();
    // Where recordings go unless the user names a file: the cache, cleaned by asking.
    static QString cacheFolder();
    // Recordings left in cacheFolder() by earlier runs, newest first: not those this run recorded.
    static QStringList staleRecordings();
    // Notes a recording of this run, which staleRecordings() then leaves out.
    static void noteRecordingOfThisRun(const QString& path);
    // A recording's files: the capture and what SQLite leaves beside it after a crash.
    static QStringList recordingFiles(const QString& path);
    // The size at which the window pauses a recording and asks before it grows on (0: no limit).
    static qint64 rememberedSizeLimit();
    // Options from the remembered settings alone (for `numasight --attach`).
    static std::optional<RecordOptions> rememberedOptions(QString* error);

    QComboBox* scopeCombo() const { return m_scope; }
    QLineEdit* pidsEdit() const { return m_pids; }
    QLineEdit* commEdit() const { return m_comm; }
    QSpinBox* intervalSpin() const { return m_intervalMs; }
    QSpinBox* durationSpin() const { return m_durationS; }
    QCheckBox* untilStoppedCheck() const { return m_untilStopped; }
    QComboBox* modeCombo() const { return m_mode; }
    QLineEdit* outputEdit() const { return m_output; }
    QSpinBox* sizeLimitSpin() const { return m_sizeLimitMiB; }
    QLabel* staleLabel() const { return m_stale; }
    QPushButton* deleteStaleButton() const { return m_deleteStale; }
    QLabel* ebpfLabel() const { return m_ebpf; }
    QDialogButtonBox* buttons() const { return m_buttons; }

private:
    void validate();
    void onEbpfProbed(bool available, const QString& why);
    void onOutputChosen(const QString& path);
    void updateStale();
    void deleteStale();

    QComboBox* m_scope;
    QLineEdit* m_pids;
    QCheckBox* m_children;
    QLineEdit* m_comm;
    QSpinBox* m_intervalMs;
    QSpinBox* m_durationS;
    QCheckBox* m_untilStopped;
    QComboBox* m_mode;
    QLabel* m_ebpf;
    SavePathField* m_outputField;
    QLineEdit* m_output;
    QSpinBox* m_sizeLimitMiB;
    QLabel* m_stale;
    QPushButton* m_deleteStale;
    QLabel* m_error;
    QDialogButtonBox* m_buttons;
};

} // namespace numasight
