// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/common/save_path_field.h"

#include "views/common/path_line_edit.h"

#include <QFileDialog>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>

namespace numasight {

SavePathField::SavePathField(const QString& browseText, const QString& title, const QString& filter,
                             QWidget* parent)
    : QWidget(parent)
    , m_edit(new PathLineEdit(this))
    , m_title(title)
    , m_filter(filter)
{
    auto* browse = new QPushButton(browseText, this);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_edit, 1);
    layout->addWidget(browse);
    setFocusProxy(m_edit);
    connect(browse, &QPushButton::clicked, this, &SavePathField::browse);
}

void SavePathField::browse()
{
    const QString path = QFileDialog::getSaveFileName(this, m_title, m_edit->text().trimmed(), m_filter);
    if (!path.isEmpty())
        emit chosen(path);
}

} // namespace numasight
