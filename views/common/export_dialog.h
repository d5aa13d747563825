// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QHash>
#include <QList>
#include <QSize>

#include <functional>
#include <optional>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace numasight {

class SavePathField;

// What Export Graph and Export Plot ask: where to, in which format (the combo and the file's suffix follow
// each other), for a raster format at which resolution with the pixel size it gives, and, when the picture
// has no size of its own, at which size. Formats are the exporter's enum values; it says which suffix names
// which format.
class ExportDialog : public QDialog
{
    Q_OBJECT
public:
    struct Format
    {
        int id;        // the exporter's enum value
        QString label; // "PNG — image"
        bool raster;   // has a resolution
    };
    struct Formats
    {
        QList<Format> list;
        std::function<std::optional<int>(const QString& path)> forPath; // by the file's suffix
        std::function<QString(int id)> suffix;                          // "png"
    };
    // `title` and `filter` are also the Browse… save dialog's.
    ExportDialog(const QString& title, const QString& filter, Formats formats, QWidget* parent);

    void setPath(const QString& path);
    QString path() const;
    void setFormatId(int id);
    int formatId() const;
    void setDpi(int dpi);
    int dpi() const;
    // The picture's size in units of `unitsPerInch` (points: 72, screen pixels: 96), for the pixel size a
    // raster format gets at the chosen resolution; empty when not known yet.
    void setPictureSize(const QSizeF& size, double unitsPerInch);
    // Offers a size to choose, in the picture's units, from `size`, within `minimum` and `maximum` a side.
    void offerSize(QSize size, int minimum, int maximum);
    QSize chosenSize() const; // the size offered and chosen; empty when none was offered
    QSize pixelSize() const;  // of a raster format at the resolution; empty when unknown
    // A sentence under the fields while `id` is the format (what DOT is, say).
    void setFormatNote(int id, const QString& note);

    QLineEdit* pathEdit() const { return m_path; }
    QComboBox* formatCombo() const { return m_format; }
    QSpinBox* dpiSpin() const { return m_dpi; }
    QSpinBox* widthSpin() const { return m_width; }
    QSpinBox* heightSpin() const { return m_height; }
    QDialogButtonBox* buttons() const { return m_buttons; }

private:
    void onFormatChanged();
    void onPathEdited(const QString& text);
    void updateHint();
    bool isRaster() const;

    Formats m_formats;
    SavePathField* m_pathField;
    QLineEdit* m_path;
    QComboBox* m_format;
    QSpinBox* m_dpi;
    QWidget* m_sizeRow;
    QSpinBox* m_width;
    QSpinBox* m_height;
    QLabel* m_sizeLabel;
    QLabel* m_hint;
    QDialogButtonBox* m_buttons;
    QSizeF m_picture;
    double m_unitsPerInch = 72;
    QHash<int, QString> m_notes;
};

} // namespace numasight
