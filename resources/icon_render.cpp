// SPDX-License-Identifier: GPL-3.0-or-later
// numasight-icon-render SVG OUTDIR SIZE...: the application icon as PNGs for the hicolor theme
// (OUTDIR/<size>x<size>/apps/numasight.png), drawn from the one SVG with Qt Svg at build time, so that no
// raster copy is committed and none falls behind the SVG.
#include <QDir>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>
#include <QTextStream>

int main(int argc, char** argv)
{
    // No window is shown: the offscreen platform needs no display.
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    QTextStream err(stderr);
    if (args.size() < 4) {
        err << "usage: numasight-icon-render SVG OUTDIR SIZE...\n";
        return 2;
    }
    QSvgRenderer svg(args.at(1));
    if (!svg.isValid()) {
        err << "numasight-icon-render: " << args.at(1) << ": not a valid SVG\n";
        return 1;
    }
    for (const QString& sizeText : args.mid(3)) {
        bool ok = false;
        const int size = sizeText.toInt(&ok);
        if (!ok || size < 8 || size > 4096) {
            err << "numasight-icon-render: bad size '" << sizeText << "'\n";
            return 2;
        }
        QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        svg.render(&painter, QRectF(0, 0, size, size));
        painter.end();
        const QString dir = QStringLiteral("%1/%2x%2/apps").arg(args.at(2)).arg(size);
        const QString path = dir + QStringLiteral("/numasight.png");
        if (!QDir().mkpath(dir) || !image.save(path, "PNG")) {
            err << "numasight-icon-render: cannot write " << path << '\n';
            return 1;
        }
    }
    return 0;
}
