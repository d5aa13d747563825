// SPDX-License-Identifier: GPL-3.0-or-later
// Exports of real fixtures laid out by the real Graphviz, checked as a reader of each format would: the SVG
// is parsed and rendered, the PDF's text is decoded through its fonts' ToUnicode maps, the PNG is decoded.
#include "readers/hwloc_reader.h"
#include "readers/open_input.h"
#include "report/export_request.h"
#include "support/synthetic_machine.h"
#include "views/graph/graph_export.h"
#include "views/graph/graph_painter.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QImage>
#include <QPainter>
#include <QRegularExpression>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <cmath>

using namespace numasight;

namespace {

const QString kFixtures = QStringLiteral(NUMASIGHT_FIXTURES);

struct Fixture
{
    CapturePtr capture;
    GraphLayoutPtr layout;
};

QString withoutSpaces(QString s)
{
    s.remove(QRegularExpression(QStringLiteral("\\s")));
    return s;
}

// Every line of every label the graph draws, plus facts of the snapshot a reader would look for: each NUMA
// node by its number and each accelerator by its PCI address (or name).
QStringList expectedTexts(const Snapshot& snapshot, const GraphLayout& layout)
{
    const GraphSpec& spec = *layout.spec;
    QStringList texts;
    auto addLines = [&texts](const QString& label) {
        for (const QString& line : label.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
            if (!texts.contains(line))
                texts << line;
    };
    for (const GraphCluster& c : spec.clusters) {
        addLines(c.label);
        if (!c.memoryTier.isEmpty() && c.memoryTier != u"DRAM")
            addLines(c.memoryTier);
    }
    for (const GraphNode& n : spec.nodes)
        addLines(n.label);
    // Edge labels the layout found room for; the others are shown on hover only.
    for (size_t i = 0; i < spec.edges.size(); ++i)
        if (layout.edges[i].labelPos)
            addLines(spec.edges[i].label);
    for (const DistanceTable& t : spec.distanceTables)
        addLines(t.title);
    for (EntityId id : snapshot.numaNodes())
        addLines(QStringLiteral("NUMA %1").arg(snapshot.entity(id).osIndex));
    for (EntityId id : snapshot.ofKind(EntityKind::Accelerator)) {
        const Entity& e = snapshot.entity(id);
        addLines(!e.detail->pciBusId.isEmpty() ? e.detail->pciBusId : e.name.str());
    }
    return texts;
}

bool anyContains(const QStringList& haystack, const QString& needle)
{
    return std::any_of(haystack.begin(), haystack.end(),
                       [&](const QString& s) { return s.contains(needle); });
}

int countColor(const QImage& image, QRgb color)
{
    int n = 0;
    for (int y = 0; y < image.height(); ++y) {
        const QRgb* line = reinterpret_cast<const QRgb*>(image.constScanLine(y));
        for (int x = 0; x < image.width(); ++x)
            if ((line[x] & 0xffffff) == (color & 0xffffff))
                ++n;
    }
    return n;
}

int countNonWhite(const QImage& image)
{
    int n = 0;
    for (int y = 0; y < image.height(); ++y) {
        const QRgb* line = reinterpret_cast<const QRgb*>(image.constScanLine(y));
        for (int x = 0; x < image.width(); ++x)
            if (qRed(line[x]) < 245 || qGreen(line[x]) < 245 || qBlue(line[x]) < 245)
                ++n;
    }
    return n;
}

// --- A small PDF text extractor: enough for what QPdfWriter writes (Type0 fonts, Identity-H, ToUnicode). --

QByteArray inflate(const QByteArray& zlib)
{
    // qUncompress wants the expected size in front; it grows its buffer when the guess is short.
    QByteArray framed(4, '\0');
    const quint32 guess = quint32(zlib.size()) * 8 + 1024;
    framed[0] = char(guess >> 24);
    framed[1] = char(guess >> 16);
    framed[2] = char(guess >> 8);
    framed[3] = char(guess);
    return qUncompress(framed + zlib);
}

struct PdfObject
{
    QByteArray dict;
    QByteArray stream; // decoded
};

QHash<int, PdfObject> pdfObjects(const QByteArray& pdf)
{
    QHash<int, PdfObject> objects;
    qsizetype pos = 0;
    while (true) {
        const qsizetype at = pdf.indexOf(" 0 obj", pos);
        if (at < 0)
            break;
        qsizetype numStart = at;
        while (numStart > 0 && std::isdigit(static_cast<unsigned char>(pdf[numStart - 1])))
            --numStart;
        const int number = pdf.mid(numStart, at - numStart).toInt();
        const qsizetype end = pdf.indexOf("endobj", at);
        if (end < 0)
            break;
        QByteArray body = pdf.mid(at + 6, end - at - 6);
        PdfObject o;
        const qsizetype s = body.indexOf("stream");
        if (s >= 0 && body.indexOf("endstream") > s) {
            o.dict = body.left(s);
            qsizetype dataStart = s + 6;
            if (body[dataStart] == '\r')
                ++dataStart;
            if (body[dataStart] == '\n')
                ++dataStart;
            const QByteArray data = body.mid(dataStart, body.lastIndexOf("endstream") - dataStart);
            o.stream = o.dict.contains("/FlateDecode") ? inflate(data) : data;
        } else {
            o.dict = body;
        }
        objects.insert(number, o);
        pos = end + 6;
    }
    return objects;
}

QHash<quint32, QString> parseToUnicode(const QByteArray& cmap)
{
    QHash<quint32, QString> map;
    const QString text = QString::fromLatin1(cmap);
    auto hex = [](const QString& h) { return h.toUInt(nullptr, 16); };
    auto unicode = [](const QString& h) {
        QString out;
        for (int i = 0; i + 4 <= h.size(); i += 4)
            out += QChar(char16_t(h.mid(i, 4).toUShort(nullptr, 16)));
        return out;
    };
    static const QRegularExpression range(
        QStringLiteral("<([0-9A-Fa-f]+)>\\s*<([0-9A-Fa-f]+)>\\s*(\\[[^\\]]*\\]|<[0-9A-Fa-f]+>)"));
    for (const QString& block : text.split(QStringLiteral("beginbfrange")).mid(1)) {
        auto it = range.globalMatch(block.left(block.indexOf(QStringLiteral("endbfrange"))));
        while (it.hasNext()) {
            const auto m = it.next();
            const quint32 lo = hex(m.captured(1)), hi = hex(m.captured(2));
            const QString dst = m.captured(3);
            if (dst.startsWith(QLatin1Char('['))) {
                static const QRegularExpression item(QStringLiteral("<([0-9A-Fa-f]+)>"));
                auto items = item.globalMatch(dst);
                for (quint32 g = lo; g <= hi && items.hasNext(); ++g)
                    map.insert(g, unicode(items.next().captured(1)));
            } else {
                const quint32 first = hex(dst.mid(1, dst.size() - 2));
                for (quint32 g = lo; g <= hi; ++g)
                    map.insert(g, QString(QChar(char16_t(first + (g - lo)))));
            }
        }
    }
    static const QRegularExpression pair(QStringLiteral("<([0-9A-Fa-f]+)>\\s*<([0-9A-Fa-f]+)>"));
    for (const QString& block : text.split(QStringLiteral("beginbfchar")).mid(1)) {
        auto it = pair.globalMatch(block.left(block.indexOf(QStringLiteral("endbfchar"))));
        while (it.hasNext()) {
            const auto m = it.next();
            map.insert(hex(m.captured(1)), unicode(m.captured(2)));
        }
    }
    return map;
}

// The text shown by the page's content streams, one line per BT…ET block, glyphs decoded to Unicode.
QStringList pdfTextBlocks(const QByteArray& pdf)
{
    const QHash<int, PdfObject> objects = pdfObjects(pdf);
    QHash<QString, QHash<quint32, QString>> fonts; // resource name -> glyph -> text
    static const QRegularExpression fontDict(QStringLiteral("/Font\\s*<<([^>]*)>>"));
    static const QRegularExpression ref(QStringLiteral("/(\\w+)\\s+(\\d+) 0 R"));
    static const QRegularExpression toUnicode(QStringLiteral("/ToUnicode (\\d+) 0 R"));
    for (const PdfObject& o : objects) {
        auto dicts = fontDict.globalMatch(QString::fromLatin1(o.dict));
        while (dicts.hasNext()) {
            auto refs = ref.globalMatch(dicts.next().captured(1));
            while (refs.hasNext()) {
                const auto r = refs.next();
                const auto font = objects.value(r.captured(2).toInt());
                const auto tu = toUnicode.match(QString::fromLatin1(font.dict));
                if (tu.hasMatch())
                    fonts.insert(r.captured(1), parseToUnicode(objects.value(tu.captured(1).toInt()).stream));
            }
        }
    }
    QStringList blocks;
    static const QRegularExpression op(
        QStringLiteral("/(\\w+)\\s+[-\\d.]+\\s+Tf|<([0-9A-Fa-f]*)>\\s*Tj|\\[([^\\]]*)\\]\\s*TJ|\\bET\\b"));
    static const QRegularExpression hexString(QStringLiteral("<([0-9A-Fa-f]*)>"));
    for (const PdfObject& o : objects) {
        if (o.stream.isEmpty() || !o.stream.contains("BT"))
            continue;
        QString font, block;
        auto decode = [&](const QString& hex) {
            const auto& map = fonts[font];
            for (int i = 0; i + 4 <= hex.size(); i += 4)
                block += map.value(hex.mid(i, 4).toUInt(nullptr, 16), QStringLiteral("\uFFFD"));
        };
        auto it = op.globalMatch(QString::fromLatin1(o.stream));
        while (it.hasNext()) {
            const auto m = it.next();
            if (!m.captured(1).isEmpty()) {
                font = m.captured(1);
            } else if (m.capturedStart(2) >= 0) {
                decode(m.captured(2));
            } else if (m.capturedStart(3) >= 0) {
                auto parts = hexString.globalMatch(m.captured(3));
                while (parts.hasNext())
                    decode(parts.next().captured(1));
            } else if (!block.isEmpty()) {
                blocks << block;
                block.clear();
            }
        }
        if (!block.isEmpty())
            blocks << block;
    }
    return blocks;
}

} // namespace

class TestGraphExport : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void formats_data();
    void formats();
    void formatNames_data();
    void formatNames();
    void errors_data();
    void errors();
    void pictureGeometry();
    void a4Landscape_data();
    void a4Landscape();

private:
    const Fixture& fixture(const QString& file, const QString& view);
    QHash<QString, Fixture> m_fixtures;
    QTemporaryDir m_dir;
};

void TestGraphExport::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

const Fixture& TestGraphExport::fixture(const QString& file, const QString& view)
{
    const QString key = file + QLatin1Char('|') + view;
    auto it = m_fixtures.find(key);
    if (it != m_fixtures.end())
        return *it;
    Fixture f;
    const auto loaded = openInput(kFixtures + QLatin1Char('/') + file);
    if (!loaded) {
        qWarning("%s", qPrintable(loaded.error().toString()));
        return *m_fixtures.insert(key, f);
    }
    f.capture = *loaded;
    GraphOptions options;
    options.view = *graphViewFromName(view);
    const GraphSpecPtr spec = buildGraph(*f.capture->snapshots.back(), options);
    const auto laidOut = layoutGraph(spec, LayoutOptions{}, Progress::none());
    if (!laidOut)
        qWarning("%s", qPrintable(laidOut.error().toString()));
    else
        f.layout = *laidOut;
    return *m_fixtures.insert(key, f);
}

void TestGraphExport::formats_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("view");
    QTest::addColumn<QString>("format");
    QTest::addColumn<int>("dpi");
    // Every fixture: each hwloc machine in the machine view (the DGX-2's 16 GPUs, the 24-node box's wide
    // picture, the KNL's HBM tier, …) and the witty graph in all three views.
    std::vector<std::pair<QString, QString>> inputs;
    const QDir hwloc(QStringLiteral(NUMASIGHT_FIXTURES "/hwloc"));
    for (const QString& xml : hwloc.entryList({QStringLiteral("*.xml")}, QDir::Files, QDir::Name))
        inputs.emplace_back(QStringLiteral("hwloc/") + xml, QStringLiteral("machine"));
    QVERIFY(inputs.size() >= 11);
    for (const char* view : {"combined", "dataflow", "machine"})
        inputs.emplace_back(QStringLiteral("witty-profiler/graph.json"), QString::fromLatin1(view));
    for (const auto& [file, view] : inputs)
        for (const char* format : {"svg", "pdf", "png", "dot"})
            QTest::addRow("%s %s %s", qPrintable(QFileInfo(file).completeBaseName()), qPrintable(view),
                          format)
                << file << view << QString::fromLatin1(format) << (file.contains(u"witty") ? 96 : 72);
}

void TestGraphExport::formats()
{
    QFETCH(QString, file);
    QFETCH(QString, view);
    QFETCH(QString, format);
    QFETCH(int, dpi);
    const Fixture& f = fixture(file, view);
    QVERIFY(f.layout);
    const GraphLayout& layout = *f.layout;
    const Snapshot& snapshot = *f.capture->snapshots.back();
    const QStringList expected = expectedTexts(snapshot, layout);
    QVERIFY(!expected.isEmpty());
    const QRectF picture = GraphPainter(f.layout).pictureRect();
    const int accelerators =
        int(std::count_if(layout.spec->nodes.begin(), layout.spec->nodes.end(),
                          [](const auto& n) { return n.kind == EntityKind::Accelerator; }));

    const QString path =
        m_dir.filePath(QStringLiteral("%1-%2.%3").arg(QFileInfo(file).completeBaseName(), view, format));
    GraphExportOptions options;
    options.format = *graphExportFormatFromName(format);
    options.dpi = dpi;
    const Result<qint64> written = exportGraph(layout, path, options);
    QVERIFY2(written.ok(), written.ok() ? "" : qPrintable(written.error().toString()));
    QFile out(path);
    QVERIFY(out.open(QIODevice::ReadOnly));
    const QByteArray bytes = out.readAll();
    QCOMPARE(qint64(bytes.size()), written.value());

    if (format == u"svg") {
        QXmlStreamReader xml(bytes);
        QStringList texts;
        QString viewBox;
        while (!xml.atEnd()) {
            if (xml.readNext() != QXmlStreamReader::StartElement)
                continue;
            if (xml.name() == u"svg")
                viewBox = xml.attributes().value(QStringLiteral("viewBox")).toString();
            else if (xml.name() == u"text")
                texts << xml.readElementText(QXmlStreamReader::IncludeChildElements);
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QCOMPARE(viewBox, QStringLiteral("0 0 %1 %2")
                              .arg(int(std::ceil(picture.width())))
                              .arg(int(std::ceil(picture.height()))));
        for (const QString& t : expected)
            QVERIFY2(anyContains(texts, t), qPrintable(QStringLiteral("no <text> holds \"%1\"").arg(t)));

        QSvgRenderer renderer(bytes);
        QVERIFY(renderer.isValid());
        QVERIFY(!renderer.viewBoxF().isEmpty());
        QCOMPARE(renderer.viewBoxF().size(), QSizeF(std::ceil(picture.width()), std::ceil(picture.height())));
        // Rendered at one pixel a point, cut to a width an image can hold.
        const double scale = std::min(1.0, 8000.0 / renderer.viewBoxF().width());
        QImage image((renderer.viewBoxF().size() * scale).toSize(), QImage::Format_ARGB32);
        image.fill(Qt::white);
        QPainter p(&image);
        renderer.render(&p);
        p.end();
        QVERIFY(countNonWhite(image) > image.width() * image.height() / 200);
        if (accelerators > 0)
            QVERIFY(countColor(image, GraphPainter::nodeBrush(EntityKind::Accelerator).color().rgb()) > 0);
    } else if (format == u"pdf") {
        QVERIFY(bytes.startsWith("%PDF-"));
        QCOMPARE(bytes.count("/Type /Page\n"), 1);
        static const QRegularExpression mediaBox(QStringLiteral("/MediaBox \\[0 0 ([\\d.]+) ([\\d.]+)\\]"));
        const auto box = mediaBox.match(QString::fromLatin1(bytes));
        QVERIFY(box.hasMatch());
        const double fit = std::min(1.0, 14400.0 / std::max(picture.width(), picture.height()));
        QVERIFY(std::abs(box.captured(1).toDouble() - picture.width() * fit) <= 1.0);
        QVERIFY(std::abs(box.captured(2).toDouble() - picture.height() * fit) <= 1.0);
        // Text is text: decoded through the fonts' ToUnicode maps, every label is there.
        const QStringList blocks = pdfTextBlocks(bytes);
        QVERIFY(!blocks.isEmpty());
        QStringList squeezed;
        for (const QString& b : blocks)
            squeezed << withoutSpaces(b);
        for (const QString& t : expected)
            QVERIFY2(anyContains(squeezed, withoutSpaces(t)),
                     qPrintable(QStringLiteral("the PDF shows no text \"%1\"").arg(t)));
    } else if (format == u"png") {
        QImage image;
        QVERIFY(image.loadFromData(bytes, "PNG"));
        QCOMPARE(image.size(), graphPngSize(layout, dpi));
        QCOMPARE(image.width(), int(std::ceil(picture.width() * dpi / 72.0)));
        QCOMPARE(image.height(), int(std::ceil(picture.height() * dpi / 72.0)));
        QCOMPARE(std::lround(image.dotsPerMeterX() * 0.0254), long(dpi));
        image = image.convertToFormat(QImage::Format_RGB32);
        QCOMPARE(QColor(image.pixel(0, 0)), QColor(Qt::white)); // the margin is white, not transparent
        QVERIFY(countNonWhite(image) > image.width() * image.height() / 200);
        if (accelerators > 0)
            QVERIFY(countColor(image, GraphPainter::nodeBrush(EntityKind::Accelerator).color().rgb()) > 0);
    } else {
        const QString dot = QString::fromUtf8(bytes);
        QVERIFY(dot.contains(QLatin1String("graph")));
        for (const GraphNode& n : layout.spec->nodes)
            QVERIFY2(dot.contains(n.id), qPrintable(n.id));
        for (const GraphCluster& c : layout.spec->clusters)
            QVERIFY2(dot.contains(c.id), qPrintable(c.id));
    }
}

void TestGraphExport::formatNames_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("isPath");
    QTest::addColumn<int>("expected"); // -1: not a format
    QTest::newRow("svg") << "svg" << false << int(GraphExportFormat::Svg);
    QTest::newRow("PDF upper case") << "PDF" << false << int(GraphExportFormat::Pdf);
    QTest::newRow("gv is dot") << "gv" << false << int(GraphExportFormat::Dot);
    QTest::newRow("tiff") << "tiff" << false << -1;
    QTest::newRow("empty") << "" << false << -1;
    QTest::newRow("path .PNG") << "/tmp/a.b/graph.PNG" << true << int(GraphExportFormat::Png);
    QTest::newRow("path .dot") << "graph.dot" << true << int(GraphExportFormat::Dot);
    QTest::newRow("path .jpeg") << "graph.jpeg" << true << -1;
    QTest::newRow("path without suffix") << "/tmp/graph" << true << -1;
}

void TestGraphExport::formatNames()
{
    QFETCH(QString, text);
    QFETCH(bool, isPath);
    QFETCH(int, expected);
    const auto f = isPath ? graphExportFormatForPath(text) : graphExportFormatFromName(text);
    QCOMPARE(f ? int(*f) : -1, expected);
    if (f && !isPath)
        QCOMPARE(graphExportFormatName(*f), text.toLower() == u"gv" ? QStringLiteral("dot") : text.toLower());
}

void TestGraphExport::errors_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("path"); // relative paths go into the test's folder
    QTest::addColumn<int>("dpi");
    QTest::addColumn<QString>("message");
    QTest::newRow("folder missing") << "hwloc/nvidiaDGX2.xml"
                                    << "svg"
                                    << "no/such/folder/graph.svg" << 150 << "cannot write";
    QTest::newRow("path is a folder") << "hwloc/nvidiaDGX2.xml"
                                      << "pdf"
                                      << "." << 150 << "cannot write";
    QTest::newRow("not writable even by root") << "hwloc/nvidiaDGX2.xml"
                                               << "png"
                                               << "/proc/numasight-graph.png" << 150 << "cannot write";
    QTest::newRow("dpi too low") << "hwloc/nvidiaDGX2.xml"
                                 << "png"
                                 << "low.png" << 5 << "out of range";
    QTest::newRow("dpi too high") << "hwloc/nvidiaDGX2.xml"
                                  << "png"
                                  << "high.png" << 5000 << "out of range";
    QTest::newRow("PNG too large") << "hwloc/192em64t-24n8c2t.xml"
                                   << "png"
                                   << "huge.png" << 1200 << "too large";
}

void TestGraphExport::errors()
{
    QFETCH(QString, file);
    QFETCH(QString, format);
    QFETCH(QString, path);
    QFETCH(int, dpi);
    QFETCH(QString, message);
    const Fixture& f = fixture(file, QStringLiteral("machine"));
    QVERIFY(f.layout);
    const QString target = QFileInfo(path).isAbsolute() ? path : m_dir.filePath(path);
    if (message == u"too large") {
        const QSize size = graphPngSize(*f.layout, dpi);
        if (qint64(size.width()) * size.height() <= 200'000'000)
            QSKIP("the layout of this fixture is small enough for a PNG at this resolution");
    }
    const QStringList before = QDir(m_dir.path()).entryList(QDir::Files);
    GraphExportOptions options;
    options.format = *graphExportFormatFromName(format);
    options.dpi = dpi;
    const Result<qint64> written = exportGraph(*f.layout, target, options);
    QVERIFY(!written.ok());
    const QString error = written.error().toString();
    QVERIFY2(error.startsWith(target), qPrintable(error)); // names the file
    QVERIFY2(error.contains(message), qPrintable(error));
    QVERIFY(!error.contains(u'\n'));
    // Nothing half-written: no new file, no temporary left behind.
    QCOMPARE(QDir(m_dir.path()).entryList(QDir::Files), before);
}

// Where the parts of the picture go, and that each node kind is drawn with its fill (tst_graph_view compares
// the whole picture with the interactive scene's rendering).
void TestGraphExport::pictureGeometry()
{
    const Fixture& f = fixture(QStringLiteral("witty-profiler/graph.json"), QStringLiteral("combined"));
    QVERIFY(f.layout);
    const GraphSpec& spec = *f.layout->spec;
    QVERIFY(!spec.legend.empty());
    const GraphPainter painter(f.layout);
    // The legend sits beside or below the graph, apart from it, and inside the picture; the title above it.
    QVERIFY(!painter.legendRect().intersects(f.layout->bounds));
    QVERIFY(painter.legendRect().left() > f.layout->bounds.right() ||
            painter.legendRect().top() > f.layout->bounds.bottom());
    QVERIFY(painter.pictureRect().contains(painter.legendRect()));
    QVERIFY(painter.pictureRect().contains(f.layout->bounds));
    QVERIFY(painter.titleRect().bottom() <= f.layout->bounds.top() + 0.5);
    // Each node alone, drawn by paintNode, leaves its kind's fill colour inside its box.
    for (size_t i = 0; i < spec.nodes.size(); ++i) {
        const GraphNode& n = spec.nodes[i];
        if (n.kind != EntityKind::Accelerator && n.kind != EntityKind::Process)
            continue;
        const LaidOutNode& l = f.layout->nodes[i];
        QImage image(QSize(int(l.size.width()) + 20, int(l.size.height()) + 20), QImage::Format_RGB32);
        image.fill(Qt::white);
        QPainter p(&image);
        GraphPainter::paintNode(&p, n, QRectF(QPointF(10, 10), l.size));
        p.end();
        QVERIFY2(countColor(image, GraphPainter::nodeBrush(n.kind).color().rgb()) > int(l.size.width()),
                 qPrintable(n.id));
    }
}

// A report's page: the big machines scaled onto A4 landscape keep every text at 6 pt or more, and the PDF's
// page is A4.
void TestGraphExport::a4Landscape_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("view");
    for (const char* view : {"machine", "combined"}) {
        QTest::addRow("24 nodes %s", view)
            << QStringLiteral("hwloc/192em64t-24n8c2t.xml") << QString::fromLatin1(view);
        QTest::addRow("4 packages, 8 nodes, 8 accelerators %s", view)
            << QStringLiteral("synthetic") << QString::fromLatin1(view);
    }
}

void TestGraphExport::a4Landscape()
{
    QFETCH(QString, input);
    QFETCH(QString, view);
    SnapshotPtr snapshot;
    if (input == u"synthetic") {
        const auto loaded = readHwlocSynthetic(QStringLiteral("pack:4 group:2 [numa] core:12 pu:2"));
        QVERIFY(loaded);
        const Snapshot& s = *loaded.value()->snapshots.front();
        SnapshotBuilder b;
        test::addSnapshot(b, s);
        for (int i = 0; i < 8; ++i)
            b.add(test::acceleratorOn(s.entity(s.numaNodes()[size_t(i)]), i, DeviceClass::Gpu,
                                      QStringLiteral("NVIDIA H100 80GB HBM3"), 0x18));
        snapshot = b.finish();
    } else {
        const auto loaded = openInput(kFixtures + QLatin1Char('/') + input);
        QVERIFY(loaded);
        snapshot = loaded.value()->snapshots.back();
    }
    GraphOptions options;
    options.view = *graphViewFromName(view);
    const QSizeF a4 = *pageSizeFromName(u"a4-landscape");
    const auto laidOut = layoutForPage(*snapshot, {}, options, LayoutOptions{}, a4, Progress::none());
    QVERIFY2(laidOut, laidOut ? "" : qPrintable(laidOut.error().toString()));
    // Every NUMA node is still drawn, whatever was folded to fit.
    int numaBoxes = 0;
    for (const GraphCluster& c : (*laidOut)->spec->clusters)
        numaBoxes += c.kind == EntityKind::NumaNode ? 1 : 0;
    QCOMPARE(numaBoxes, int(snapshot->numaNodes().size()));

    const double scale = graphPageScale(**laidOut, a4);
    const double smallest = GraphPainter(*laidOut).smallestTextPixels() * scale;
    // Known gap: the 24-node machine's 24 package boxes, 24 NUMA boxes and its 24 × 24 distance table print
    // at 4.5 pt on A4 even with every CPU range folded; it needs a denser drawing of one-node packages.
    QEXPECT_FAIL("24 nodes machine", "24 packages and a 24 × 24 table print at 4.5 pt on A4", Continue);
    QEXPECT_FAIL("24 nodes combined", "24 packages and a 24 × 24 table print at 4.5 pt on A4", Continue);
    QVERIFY2(smallest >= 6.0, qPrintable(QStringLiteral("smallest text %1 pt (scale %2, picture %3)")
                                             .arg(smallest)
                                             .arg(scale)
                                             .arg(GraphPainter(*laidOut).pictureRect().width())));

    const QString path =
        m_dir.filePath(QStringLiteral("a4-%1-%2.pdf").arg(QTest::currentDataTag()).replace(' ', '_'));
    GraphExportOptions exportOptions;
    exportOptions.format = GraphExportFormat::Pdf;
    exportOptions.page = a4;
    const auto written = exportGraph(**laidOut, path, exportOptions);
    QVERIFY2(written, written ? "" : qPrintable(written.error().toString()));
    QFile pdf(path);
    QVERIFY(pdf.open(QIODevice::ReadOnly));
    const QByteArray bytes = pdf.readAll();
    QVERIFY(bytes.startsWith("%PDF-"));
    const QRegularExpressionMatch box =
        QRegularExpression(QStringLiteral("/MediaBox \\[0 0 ([0-9.]+) ([0-9.]+)\\]"))
            .match(QString::fromLatin1(bytes));
    QVERIFY(box.hasMatch());
    QCOMPARE(qRound(box.captured(1).toDouble()), 842);
    QCOMPARE(qRound(box.captured(2).toDouble()), 595);
}

QTEST_MAIN(TestGraphExport)
#include "tst_graph_export.moc"
