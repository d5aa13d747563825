// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/graph/graph_export_dialog.h"

#include "views/common/save_path_field.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

#include <cmath>

namespace numasight {

namespace {

QString formatLabel(GraphExportFormat f)
{
    switch (f) {
    case GraphExportFormat::Svg:
        return QObject::tr("SVG — vector, searchable text");
    case GraphExportFormat::Pdf:
        return QObject::tr("PDF — vector, one page");
    case GraphExportFormat::Png:
        return QObject::tr("PNG — image");
    case GraphExportFormat::Dot:
        return QObject::tr("DOT — Graphviz source");
    }
    return {};
}

} // namespace

GraphExportDialog::GraphExportDialog(QWidget* parent)
    : QDialog(parent)
    , m_pathField(new SavePathField(
          tr("&Browse…"), tr("Export Graph"),
          tr("SVG (*.svg);;PDF (*.pdf);;PNG (*.png);;Graphviz DOT (*.dot *.gv);;All files (*)"), this))
    , m_path(m_pathField->lineEdit())
    , m_format(new QComboBox(this))
    , m_dpi(new QSpinBox(this))
    , m_hint(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("graphExportDialog"));
    setWindowTitle(tr("Export Graph"));
    m_path->setObjectName(QStringLiteral("exportPath"));
    m_format->setObjectName(QStringLiteral("exportFormat"));
    for (auto f :
         {GraphExportFormat::Svg, GraphExportFormat::Pdf, GraphExportFormat::Png, GraphExportFormat::Dot})
        m_format->addItem(formatLabel(f), int(f));
    m_dpi->setObjectName(QStringLiteral("exportDpi"));
    m_dpi->setRange(kMinExportDpi, kMaxExportDpi);
    m_dpi->setValue(150);
    m_dpi->setSuffix(tr(" dpi"));
    m_hint->setObjectName(QStringLiteral("exportHint"));

    auto* form = new QFormLayout(this);
    form->addRow(tr("&File:"), m_pathField);
    form->addRow(tr("F&ormat:"), m_format);
    form->addRow(tr("&Resolution:"), m_dpi);
    form->addRow(QString(), m_hint);
    form->addRow(m_buttons);
    m_path->setMinimumWidth(420);

    connect(m_pathField, &SavePathField::chosen, this, &GraphExportDialog::setPath);
    connect(m_format, &QComboBox::currentIndexChanged, this, &GraphExportDialog::onFormatChanged);
    connect(m_path, &QLineEdit::textEdited, this, &GraphExportDialog::onPathEdited);
    connect(m_path, &QLineEdit::textChanged, this, &GraphExportDialog::updateHint);
    connect(m_dpi, &QSpinBox::valueChanged, this, &GraphExportDialog::updateHint);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    onFormatChanged();
}

void GraphExportDialog::setPictureSize(const QSizeF& points)
{
    m_points = points;
    updateHint();
}

void GraphExportDialog::setPath(const QString& path)
{
    m_path->setText(path);
    onPathEdited(path);
}

QString GraphExportDialog::path() const
{
    return m_path->text().trimmed();
}

void GraphExportDialog::setFormat(GraphExportFormat format)
{
    m_format->setCurrentIndex(m_format->findData(int(format)));
}

GraphExportFormat GraphExportDialog::format() const
{
    return GraphExportFormat(m_format->currentData().toInt());
}

void GraphExportDialog::setDpi(int dpi)
{
    m_dpi->setValue(dpi);
}

int GraphExportDialog::dpi() const
{
    return m_dpi->value();
}

GraphExportOptions GraphExportDialog::options() const
{
    GraphExportOptions o;
    o.format = format();
    o.dpi = dpi();
    return o;
}

// The combo picks the format and the file name follows; typing a known suffix picks the format.
void GraphExportDialog::onFormatChanged()
{
    const GraphExportFormat f = format();
    m_dpi->setEnabled(f == GraphExportFormat::Png);
    const QString p = path();
    if (!p.isEmpty() && graphExportFormatForPath(p) != f) {
        const QFileInfo info(p);
        const QString base = info.suffix().isEmpty() || !graphExportFormatForPath(p)
                                 ? info.fileName()
                                 : info.completeBaseName();
        const QString renamed = base + QLatin1Char('.') + graphExportFormatName(f);
        m_path->setText(info.path() == u"." && !p.contains(QLatin1Char('/')) ? renamed
                                                                             : info.dir().filePath(renamed));
    }
    updateHint();
}

void GraphExportDialog::onPathEdited(const QString& text)
{
    if (const auto f = graphExportFormatForPath(text.trimmed()); f && *f != format()) {
        const QSignalBlocker block(m_format);
        setFormat(*f);
        m_dpi->setEnabled(*f == GraphExportFormat::Png);
    }
    updateHint();
}

void GraphExportDialog::updateHint()
{
    QString hint;
    if (format() == GraphExportFormat::Png && !m_points.isEmpty())
        hint = tr("%1 × %2 pixels")
                   .arg(int(std::ceil(m_points.width() * dpi() / 72.0)))
                   .arg(int(std::ceil(m_points.height() * dpi() / 72.0)));
    else if (format() == GraphExportFormat::Dot)
        hint = tr("The graph for Graphviz, without positions: run dot on it to lay it out.");
    m_hint->setText(hint);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(!path().isEmpty());
}

} // namespace numasight
