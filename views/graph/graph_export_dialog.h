// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "views/graph/graph_export.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace numasight {

class SavePathField;

// File ▸ Export Graph: where to, in which format (the combo and the file's suffix follow each other), and
// for PNG at which resolution, with the pixel size it gives.
class GraphExportDialog : public QDialog
{
    Q_OBJECT
public:
    explicit GraphExportDialog(QWidget* parent = nullptr);

    // `pictureSize`: the picture in points, for the PNG size hint; empty when no layout is ready yet.
    void setPictureSize(const QSizeF& points);
    void setPath(const QString& path);
    QString path() const;
    void setFormat(GraphExportFormat format);
    GraphExportFormat format() const;
    void setDpi(int dpi);
    int dpi() const;
    GraphExportOptions options() const;

    QLineEdit* pathEdit() const { return m_path; }
    QComboBox* formatCombo() const { return m_format; }
    QSpinBox* dpiSpin() const { return m_dpi; }
    QDialogButtonBox* buttons() const { return m_buttons; }

private:
    void onFormatChanged();
    void onPathEdited(const QString& text);
    void updateHint();

    SavePathField* m_pathField;
    QLineEdit* m_path;
    QComboBox* m_format;
    QSpinBox* m_dpi;
    QLabel* m_hint;
    QDialogButtonBox* m_buttons;
    QSizeF m_points;
};

} // namespace numasight
