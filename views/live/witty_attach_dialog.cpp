// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/live/witty_attach_dialog.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

namespace numasight {

namespace {

const QString kUrlsKey = QStringLiteral("witty/urls");
const QString kIntervalKey = QStringLiteral("witty/intervalS");
const QString kTimeoutKey = QStringLiteral("witty/timeoutS");

} // namespace

WittyAttachDialog::WittyAttachDialog(QWidget* parent)
    : QDialog(parent)
    , m_urls(new QPlainTextEdit(this))
    , m_interval(new QDoubleSpinBox(this))
    , m_timeout(new QDoubleSpinBox(this))
    , m_error(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("wittyAttachDialog"));
    setWindowTitle(tr("Attach to witty-profiler Servers"));
    m_urls->setObjectName(QStringLiteral("wittyUrls"));
    m_interval->setObjectName(QStringLiteral("wittyInterval"));
    m_timeout->setObjectName(QStringLiteral("wittyTimeout"));
    m_error->setObjectName(QStringLiteral("wittyError"));
    m_urls->setPlaceholderText(tr("One server per line: host, host:port or http://host:port (port 18090 "
                                  "when none is given)"));
    m_urls->setTabChangesFocus(true);
    for (QDoubleSpinBox* s : {m_interval, m_timeout}) {
        s->setDecimals(1);
        s->setSingleStep(0.5);
        s->setSuffix(tr(" s"));
    }
    m_interval->setRange(0.1, 3600);
    m_timeout->setRange(0.1, 600);
    m_error->setWordWrap(true);

    auto* form = new QFormLayout;
    form->addRow(tr("&Servers:"), m_urls);
    form->addRow(tr("&Poll every:"), m_interval);
    form->addRow(tr("&Timeout:"), m_timeout);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_error);
    layout->addWidget(m_buttons);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Attach"));

    QSettings settings;
    m_urls->setPlainText(settings.value(kUrlsKey).toStringList().join(QLatin1Char('\n')));
    m_interval->setValue(settings.value(kIntervalKey, 5.0).toDouble());
    m_timeout->setValue(settings.value(kTimeoutKey, 5.0).toDouble());

    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        if (!servers().isEmpty()) {
            saveSettings();
            accept();
        }
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_urls, &QPlainTextEdit::textChanged, this, &WittyAttachDialog::validate);
    validate();
}

QList<QUrl> WittyAttachDialog::servers(QString* error) const
{
    QList<QUrl> out;
    const QStringList lines = m_urls->toPlainText().split(QLatin1Char('\n'));
    for (const QString& line : lines) {
        if (line.trimmed().isEmpty())
            continue;
        QString why;
        const auto url = WittyHttpPoller::serverUrl(line.trimmed(), &why);
        if (!url) {
            if (error)
                *error = why;
            return {};
        }
        if (!out.contains(*url))
            out << *url;
    }
    if (out.isEmpty() && error)
        *error = tr("Give at least one server address.");
    return out;
}

WittyPollOptions WittyAttachDialog::pollOptions() const
{
    WittyPollOptions o;
    o.interval = std::chrono::milliseconds(qRound64(m_interval->value() * 1000));
    o.timeout = std::chrono::milliseconds(qRound64(m_timeout->value() * 1000));
    return o;
}

void WittyAttachDialog::saveSettings() const
{
    QStringList lines;
    for (const QString& line : m_urls->toPlainText().split(QLatin1Char('\n')))
        if (!line.trimmed().isEmpty())
            lines << line.trimmed();
    QSettings settings;
    settings.setValue(kUrlsKey, lines);
    settings.setValue(kIntervalKey, m_interval->value());
    settings.setValue(kTimeoutKey, m_timeout->value());
}

void WittyAttachDialog::validate()
{
    QString error;
    const bool ok = !servers(&error).isEmpty();
    m_error->setText(error);
    m_error->setVisible(!ok);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(ok);
}

} // namespace numasight
