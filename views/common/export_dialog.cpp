// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/common/export_dialog.h"

#include "views/common/export_file.h"
#include "views/common/save_path_field.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

#include <cmath>

namespace numasight {

ExportDialog::ExportDialog(const QString& title, const QString& filter, Formats formats, QWidget* parent)
    : QDialog(parent)
    , m_formats(std::move(formats))
    , m_pathField(new SavePathField(tr("&Browse…"), title, filter, this))
    , m_path(m_pathField->lineEdit())
    , m_format(new QComboBox(this))
    , m_dpi(new QSpinBox(this))
    , m_sizeRow(new QWidget(this))
    , m_width(new QSpinBox(m_sizeRow))
    , m_height(new QSpinBox(m_sizeRow))
    , m_sizeLabel(new QLabel(tr("&Size:"), this))
    , m_hint(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(title);
    m_path->setObjectName(QStringLiteral("exportPath"));
    m_format->setObjectName(QStringLiteral("exportFormat"));
    for (const Format& f : m_formats.list)
        m_format->addItem(f.label, f.id);
    m_dpi->setObjectName(QStringLiteral("exportDpi"));
    m_dpi->setRange(kMinExportDpi, kMaxExportDpi);
    m_dpi->setValue(150);
    m_dpi->setSuffix(tr(" dpi"));
    m_hint->setObjectName(QStringLiteral("exportHint"));
    m_hint->setWordWrap(true);
    m_width->setObjectName(QStringLiteral("exportWidth"));
    m_height->setObjectName(QStringLiteral("exportHeight"));
    auto* sizeLayout = new QHBoxLayout(m_sizeRow);
    sizeLayout->setContentsMargins(0, 0, 0, 0);
    sizeLayout->addWidget(m_width);
    sizeLayout->addWidget(new QLabel(QStringLiteral("×"), m_sizeRow));
    sizeLayout->addWidget(m_height);
    sizeLayout->addStretch(1);
    m_sizeRow->hide();

    auto* form = new QFormLayout(this);
    form->addRow(tr("&File:"), m_pathField);
    form->addRow(tr("F&ormat:"), m_format);
    m_sizeLabel->setBuddy(m_width);
    m_sizeLabel->hide();
    form->addRow(m_sizeLabel, m_sizeRow);
    form->addRow(tr("&Resolution:"), m_dpi);
    form->addRow(QString(), m_hint);
    form->addRow(m_buttons);
    m_path->setMinimumWidth(420);

    connect(m_pathField, &SavePathField::chosen, this, &ExportDialog::setPath);
    connect(m_format, &QComboBox::currentIndexChanged, this, &ExportDialog::onFormatChanged);
    connect(m_path, &QLineEdit::textEdited, this, &ExportDialog::onPathEdited);
    connect(m_path, &QLineEdit::textChanged, this, &ExportDialog::updateHint);
    for (QSpinBox* spin : {m_dpi, m_width, m_height})
        connect(spin, &QSpinBox::valueChanged, this, &ExportDialog::updateHint);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    onFormatChanged();
}

void ExportDialog::setPath(const QString& path)
{
    m_path->setText(path);
    onPathEdited(path);
}

QString ExportDialog::path() const
{
    return m_path->text().trimmed();
}

void ExportDialog::setFormatId(int id)
{
    m_format->setCurrentIndex(m_format->findData(id));
}

int ExportDialog::formatId() const
{
    return m_format->currentData().toInt();
}

void ExportDialog::setDpi(int dpi)
{
    m_dpi->setValue(dpi);
}

int ExportDialog::dpi() const
{
    return m_dpi->value();
}

void ExportDialog::setPictureSize(const QSizeF& size, double unitsPerInch)
{
    m_picture = size;
    m_unitsPerInch = unitsPerInch;
    updateHint();
}

void ExportDialog::offerSize(QSize size, int minimum, int maximum)
{
    for (QSpinBox* spin : {m_width, m_height}) {
        spin->setRange(minimum, maximum);
        spin->setSuffix(tr(" px"));
    }
    m_width->setValue(size.width());
    m_height->setValue(size.height());
    m_sizeRow->show();
    m_sizeLabel->show();
    updateHint();
}

QSize ExportDialog::chosenSize() const
{
    return m_sizeRow->isVisibleTo(this) ? QSize(m_width->value(), m_height->value()) : QSize();
}

QSize ExportDialog::pixelSize() const
{
    const QSizeF size = m_sizeRow->isVisibleTo(this) ? QSizeF(chosenSize()) : m_picture;
    if (!isRaster() || size.isEmpty())
        return {};
    return QSize(int(std::ceil(size.width() * dpi() / m_unitsPerInch)),
                 int(std::ceil(size.height() * dpi() / m_unitsPerInch)));
}

void ExportDialog::setFormatNote(int id, const QString& note)
{
    m_notes.insert(id, note);
    updateHint();
}

bool ExportDialog::isRaster() const
{
    for (const Format& f : m_formats.list)
        if (f.id == formatId())
            return f.raster;
    return false;
}

// The combo picks the format and the file name follows; typing a known suffix picks the format.
void ExportDialog::onFormatChanged()
{
    m_dpi->setEnabled(isRaster());
    const QString p = path();
    const std::optional<int> named = m_formats.forPath(p);
    if (!p.isEmpty() && named != formatId()) {
        const QFileInfo info(p);
        const QString base = info.suffix().isEmpty() || !named ? info.fileName() : info.completeBaseName();
        const QString renamed = base + QLatin1Char('.') + m_formats.suffix(formatId());
        m_path->setText(info.path() == u"." && !p.contains(QLatin1Char('/')) ? renamed
                                                                             : info.dir().filePath(renamed));
    }
    updateHint();
}

void ExportDialog::onPathEdited(const QString& text)
{
    if (const auto f = m_formats.forPath(text.trimmed()); f && *f != formatId()) {
        const QSignalBlocker block(m_format);
        setFormatId(*f);
        m_dpi->setEnabled(isRaster());
    }
    updateHint();
}

void ExportDialog::updateHint()
{
    QString hint = m_notes.value(formatId());
    if (const QSize pixels = pixelSize(); !pixels.isEmpty())
        hint = tr("%1 × %2 pixels").arg(pixels.width()).arg(pixels.height());
    m_hint->setText(hint);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(!path().isEmpty());
}

} // namespace numasight
