// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "attach/witty_http_poller.h"

#include <QDialog>

class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QPlainTextEdit;

namespace numasight {

// Which witty-profiler servers to poll, how often and how long to wait for each: one address per line
// (host, host:port or http://host:port), checked as typed, remembered with the interval and timeout.
class WittyAttachDialog : public QDialog
{
    Q_OBJECT
public:
    explicit WittyAttachDialog(QWidget* parent = nullptr);

    // Servers and options as entered; an empty list with `error` when a line is not an address.
    QList<QUrl> servers(QString* error = nullptr) const;
    WittyPollOptions pollOptions() const;
    void saveSettings() const;

    QPlainTextEdit* urlsEdit() const { return m_urls; }
    QDoubleSpinBox* intervalSpin() const { return m_interval; }
    QDoubleSpinBox* timeoutSpin() const { return m_timeout; }
    QDialogButtonBox* buttons() const { return m_buttons; }

private:
    void validate();

    QPlainTextEdit* m_urls;
    QDoubleSpinBox* m_interval;
    QDoubleSpinBox* m_timeout;
    QLabel* m_error;
    QDialogButtonBox* m_buttons;
};

} // namespace numasight
