// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/common/start_page.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

namespace numasight {

StartPage::StartPage(QWidget* parent)
    : QWidget(parent)
    , m_attach(new QPushButton(tr("Attach to this machine"), this))
    , m_attachWitty(new QPushButton(tr("Attach to witty-profiler server…"), this))
    , m_open(new QPushButton(tr("Open file…"), this))
    , m_clear(new QPushButton(tr("Clear"), this))
    , m_recent(new QListWidget(this))
{
    setObjectName(QStringLiteral("startPage"));
    m_attach->setObjectName(QStringLiteral("attachButton"));
    m_attachWitty->setObjectName(QStringLiteral("attachWittyButton"));
    m_open->setObjectName(QStringLiteral("openButton"));
    m_clear->setObjectName(QStringLiteral("clearRecentButton"));
    m_recent->setObjectName(QStringLiteral("recentList"));
    // A long path loses its middle, not the file name or the folder it ends in; the tooltip has it whole.
    m_recent->setTextElideMode(Qt::ElideMiddle);
    m_attach->setIcon(style()->standardIcon(QStyle::SP_ComputerIcon));
    m_attachWitty->setIcon(style()->standardIcon(QStyle::SP_DriveNetIcon));
    m_open->setIcon(style()->standardIcon(QStyle::SP_DialogOpenButton));
    m_attach->setToolTip(
        tr("Record this machine live: where threads run and where memory lives (Ctrl+Shift+A)"));
    m_attachWitty->setToolTip(
        tr("Poll running witty-profiler servers, one snapshot per round (Ctrl+Shift+W)"));
    m_open->setToolTip(tr("Open a capture, a witty-profiler graph or an hwloc topology (Ctrl+O)"));
    for (QPushButton* b : {m_attach, m_attachWitty, m_open}) {
        b->setMinimumHeight(40);
        b->setIconSize(QSize(24, 24));
    }

    auto* logo = new QLabel(this);
    logo->setPixmap(QIcon(QStringLiteral(":/numasight/icons/numasight.svg")).pixmap(64, 64));
    auto* title = new QLabel(
        tr("<h2>numasight</h2>How AI jobs sit on the machine's NUMA and accelerator topology."), this);
    title->setWordWrap(true);
    auto* header = new QHBoxLayout;
    header->addWidget(logo);
    header->addWidget(title, 1);

    auto* hint =
        new QLabel(tr("Formats: numasight captures (*.numasight), witty-profiler graphs (*.json, *.jsonl), "
                      "hwloc topologies (*.xml). You can also drop a file onto this window."),
                   this);
    hint->setWordWrap(true);
    hint->setEnabled(false);

    auto* recentHeader = new QHBoxLayout;
    recentHeader->addWidget(new QLabel(tr("<b>Recent files</b>"), this), 1);
    recentHeader->addWidget(m_clear);

    auto* column = new QVBoxLayout;
    column->addLayout(header);
    column->addSpacing(12);
    column->addWidget(m_attach);
    column->addWidget(m_attachWitty);
    column->addWidget(m_open);
    column->addWidget(hint);
    column->addSpacing(12);
    column->addLayout(recentHeader);
    column->addWidget(m_recent, 1);

    // Centred column of readable width, whatever the window size.
    auto* outer = new QHBoxLayout(this);
    outer->addStretch(1);
    outer->addLayout(column, 3);
    outer->addStretch(1);

    connect(m_attach, &QPushButton::clicked, this, &StartPage::attachRequested);
    connect(m_attachWitty, &QPushButton::clicked, this, &StartPage::attachWittyRequested);
    connect(m_open, &QPushButton::clicked, this, &StartPage::openRequested);
    connect(m_clear, &QPushButton::clicked, this, &StartPage::clearRecentRequested);
    connect(m_recent, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
        if (item->flags() & Qt::ItemIsEnabled)
            emit recentActivated(item->data(Qt::UserRole).toString());
    });
    setRecentFiles({});
}

void StartPage::setRecentFiles(const QStringList& paths)
{
    m_recent->clear();
    for (const QString& path : paths) {
        const QFileInfo info(path);
        auto* item =
            new QListWidgetItem(info.fileName() + QStringLiteral("  —  ") + info.absolutePath(), m_recent);
        item->setData(Qt::UserRole, path);
        item->setToolTip(path);
        if (!info.exists()) {
            item->setFlags(item->flags() & ~Qt::ItemIsEnabled);
            item->setToolTip(tr("%1 (missing)").arg(path));
        }
    }
    if (paths.isEmpty()) {
        auto* none = new QListWidgetItem(tr("No recent files"), m_recent);
        none->setFlags(Qt::NoItemFlags);
    }
    m_clear->setEnabled(!paths.isEmpty());
}

} // namespace numasight
