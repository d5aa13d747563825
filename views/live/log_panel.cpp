// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/live/log_panel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QStyle>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace numasight {

LogPanel::LogPanel(QWidget* parent)
    : QWidget(parent)
    , m_toggle(new QToolButton(this))
    , m_latest(new QLabel(this))
    , m_clear(new QToolButton(this))
    , m_list(new QTreeWidget(this))
{
    setObjectName(QStringLiteral("logPanel"));
    m_toggle->setObjectName(QStringLiteral("logToggle"));
    m_toggle->setCheckable(true);
    m_toggle->setAutoRaise(true);
    m_toggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_toggle->setToolTip(tr("Show or hide what the recorder and the poller said, with the time"));
    m_latest->setObjectName(QStringLiteral("logLatest"));
    m_latest->setTextFormat(Qt::PlainText);
    // The header is one line: the latest message is elided by the label's width, whole in the tooltip.
    m_latest->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_clear->setObjectName(QStringLiteral("logClear"));
    m_clear->setText(tr("Clear"));
    m_clear->setAutoRaise(true);
    m_list->setObjectName(QStringLiteral("logList"));
    m_list->setColumnCount(2);
    m_list->setHeaderLabels({tr("Time"), tr("Message")});
    m_list->setRootIsDecorated(false);
    m_list->setWordWrap(true);
    m_list->setUniformRowHeights(false);
    m_list->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_list->header()->setStretchLastSection(true);
    m_list->setMaximumHeight(fontMetrics().height() * 10);
    m_list->hide();

    auto* header = new QHBoxLayout;
    header->setContentsMargins(0, 0, 0, 0);
    header->addWidget(m_toggle);
    header->addWidget(m_latest, 1);
    header->addWidget(m_clear);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(header);
    layout->addWidget(m_list);

    connect(m_toggle, &QToolButton::toggled, this, &LogPanel::setExpanded);
    connect(m_clear, &QToolButton::clicked, this, &LogPanel::clear);
    updateHeader();
}

void LogPanel::add(const QString& text, MessageBar::Kind kind, const QDateTime& at)
{
    const QStyle::StandardPixmap icon = kind == MessageBar::Kind::Error ? QStyle::SP_MessageBoxCritical
                                        : kind == MessageBar::Kind::Warning
                                            ? QStyle::SP_MessageBoxWarning
                                            : QStyle::SP_MessageBoxInformation;
    auto* item = new QTreeWidgetItem(m_list);
    item->setText(0, QLocale().toString(at.time(), QLocale::LongFormat));
    item->setToolTip(0, QLocale().toString(at, QLocale::LongFormat));
    item->setIcon(1, style()->standardIcon(icon));
    item->setText(1, text);
    item->setToolTip(1, text);
    m_list->scrollToItem(item);
    updateHeader();
}

void LogPanel::clear()
{
    m_list->clear();
    setExpanded(false);
    updateHeader();
}

int LogPanel::count() const
{
    return m_list->topLevelItemCount();
}

QString LogPanel::text(int row) const
{
    const QTreeWidgetItem* item = m_list->topLevelItem(row);
    return item ? item->text(1) : QString();
}

bool LogPanel::isExpanded() const
{
    return m_toggle->isChecked();
}

void LogPanel::setExpanded(bool expanded)
{
    {
        const QSignalBlocker block(m_toggle);
        m_toggle->setChecked(expanded);
    }
    m_list->setVisible(expanded);
    updateHeader();
}

void LogPanel::updateHeader()
{
    const int n = count();
    setVisible(n > 0);
    m_toggle->setArrowType(isExpanded() ? Qt::DownArrow : Qt::RightArrow);
    m_toggle->setText(tr("Log (%1)").arg(n));
    const QString latest = n > 0 ? text(n - 1) : QString();
    m_latest->setText(isExpanded() ? QString() : latest);
    m_latest->setToolTip(latest);
}

} // namespace numasight
