// SPDX-License-Identifier: GPL-3.0-or-later
// The whole report of real inputs: the HTML is well-formed (XHTML), self-contained and holds the diagrams as
// SVG data URIs that parse, every finding's pid and every suggestion's commands; the PDF has its pages, a
// contents with page numbers and searchable text (pdfinfo, pdftotext); --compare adds the processes that
// changed; what cannot be drawn is said in its section.
#include "advice/advice.h"
#include "readers/open_input.h"
#include "support/test_process.h"
#include "views/report/report.h"

#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace numasight;

namespace {

const QString kFixtures = QStringLiteral(NUMASIGHT_FIXTURES "/");
const QString kWitty = kFixtures + QStringLiteral("witty-profiler/graph.json");
const QString kTopology = kFixtures + QStringLiteral("hwloc/16amd64-4distances.xml");

CapturePtr read(const QString& path)
{
    auto loaded = openInput(path);
    return loaded ? std::move(loaded).value() : nullptr;
}

Report reportOf(const QString& path, const QString& compare = {})
{
    ReportInput input;
    input.path = path;
    input.capture = read(path);
    if (!compare.isEmpty()) {
        input.comparePath = compare;
        input.compare = read(compare);
    }
    auto report = buildReport(input, {});
    return report ? std::move(report).value() : Report{};
}

// The data URIs of <img> elements, and whether the document parsed as XML.
struct ParsedHtml
{
    QString error;
    QStringList imageSources;
    QStringList anchors;  // id attributes
    QStringList links;    // href attributes
    QStringList external; // src or href that would load something from elsewhere
};

ParsedHtml parse(const QString& html)
{
    ParsedHtml out;
    QXmlStreamReader xml(html);
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const QXmlStreamAttributes a = xml.attributes();
        if (a.hasAttribute(QLatin1String("id")))
            out.anchors << a.value(QLatin1String("id")).toString();
        for (const char* name : {"src", "href"}) {
            const QString value = a.value(QLatin1String(name)).toString();
            if (value.isEmpty())
                continue;
            if (xml.name() == u"img")
                out.imageSources << value;
            else if (value.startsWith(QLatin1Char('#')))
                out.links << value.mid(1);
            if (!value.startsWith(QLatin1Char('#')) && !value.startsWith(QLatin1String("data:")))
                out.external << value;
        }
    }
    if (xml.hasError())
        out.error = QStringLiteral("%1 at line %2").arg(xml.errorString()).arg(xml.lineNumber());
    return out;
}

bool svgParses(const QByteArray& svg)
{
    QXmlStreamReader xml(svg);
    bool root = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && !root)
            root = xml.name() == u"svg";
    }
    return root && !xml.hasError();
}

QString tool(const char* name)
{
    return QStandardPaths::findExecutable(QLatin1String(name));
}

} // namespace

class TestReport : public QObject
{
    Q_OBJECT

private slots:
    void htmlHoldsEverything();
    void pdfHasPagesAndText();
    void compareAddsTheChangedProcesses();
    void whatCannotBeDrawnIsSaid_data();
    void whatCannotBeDrawnIsSaid();
    void badRequests_data();
    void badRequests();
    void hostileNamesStayText();
};

void TestReport::htmlHoldsEverything()
{
    const Report report = reportOf(kWitty);
    QVERIFY(report.advice);
    const QString html = reportHtml(report);
    const ParsedHtml parsed = parse(html);
    QVERIFY2(parsed.error.isEmpty(), qPrintable(parsed.error));
    QVERIFY2(parsed.external.isEmpty(), qPrintable(parsed.external.join(u' ')));
    // Machine, combined, CPU and memory heatmaps, distances: every one a data URI holding SVG that parses.
    QCOMPARE(parsed.imageSources.size(), 5);
    for (const QString& source : parsed.imageSources) {
        QVERIFY(source.startsWith(QLatin1String("data:image/svg+xml;base64,")));
        QVERIFY(svgParses(QByteArray::fromBase64(source.mid(source.indexOf(u',') + 1).toLatin1())));
    }
    // Every link of the contents leads to a section.
    QVERIFY(parsed.links.size() >= 8);
    for (const QString& link : parsed.links)
        QVERIFY2(parsed.anchors.contains(link), qPrintable(link));
    QVERIFY(html.contains(QLatin1String("<style>")));
    QVERIFY(html.contains(QLatin1String("NPU0 (node 6)")));
    // Every finding's pid and every suggestion's commands, as the advisor wrote them (escaped for HTML).
    QVERIFY(!report.advice->findings.empty());
    for (const Finding& f : report.advice->findings)
        if (f.pid >= 0)
            QVERIFY2(html.contains(QStringLiteral("pid %1").arg(f.pid)), qPrintable(f.message));
    QVERIFY(!report.advice->suggestions.empty());
    for (const Suggestion& s : report.advice->suggestions) {
        QVERIFY2(html.contains(s.relaunch.toHtmlEscaped()), qPrintable(s.relaunch));
        for (const QString& live : s.live)
            QVERIFY2(html.contains(live.toHtmlEscaped()), qPrintable(live));
    }
    QVERIFY(html.contains(QLatin1String("predictions")));
}

void TestReport::pdfHasPagesAndText()
{
    const Report report = reportOf(kWitty);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("report.pdf"));
    const Result<qint64> written = writeReport(report, path);
    QVERIFY2(written, written ? "" : qPrintable(written.error().toString()));
    QVERIFY(*written > 10000);
    if (tool("pdfinfo").isEmpty() || tool("pdftotext").isEmpty())
        QSKIP("pdfinfo and pdftotext are not installed (apt-get install poppler-utils)");
    const test::ProcessRun info = test::runProcess(tool("pdfinfo"), {path});
    QCOMPARE(info.exitCode, 0);
    const QRegularExpressionMatch pages =
        QRegularExpression(QStringLiteral("Pages:\\s+(\\d+)")).match(QString::fromUtf8(info.out));
    QVERIFY(pages.hasMatch());
    // Title and contents, what was captured, five pictures, findings, suggestions.
    QVERIFY2(pages.captured(1).toInt() >= 9, info.out.constData());
    QVERIFY(info.out.contains("A4"));
    const test::ProcessRun text = test::runProcess(tool("pdftotext"), {path, QStringLiteral("-")});
    QCOMPARE(text.exitCode, 0);
    const QString all = QString::fromUtf8(text.out);
    QVERIFY(all.contains(QLatin1String("Contents")));
    QVERIFY2(all.contains(QRegularExpression(QStringLiteral("Findings · page \\d+"))),
             qPrintable(all.left(800)));
    QVERIFY(all.contains(QStringLiteral("page 1 of %1").arg(pages.captured(1))));
    for (const Finding& f : report.advice->findings)
        if (f.pid >= 0)
            QVERIFY2(all.contains(QStringLiteral("pid %1").arg(f.pid)), qPrintable(f.message));
    // Commands are text, whole (wrapped, never cut at the page's edge).
    const QString flat = QString(all).replace(QLatin1Char('\n'), QLatin1Char(' '));
    for (const Suggestion& s : report.advice->suggestions)
        for (const QString& live : s.live)
            QVERIFY2(flat.contains(live), qPrintable(live));
}

void TestReport::compareAddsTheChangedProcesses()
{
    const Report report = reportOf(kWitty, kTopology);
    QVERIFY(report.comparison);
    const QString html = reportHtml(report);
    QVERIFY(parse(html).error.isEmpty());
    QVERIFY(html.contains(QLatin1String("id=\"comparison\"")));
    // Every process of the witty capture is gone from the topology: each appears, "not running" after.
    for (const LocalityChange& c : report.comparison->processes)
        if (c.inA() && c.change >= kDiffThreshold)
            QVERIFY2(html.contains(QStringLiteral("(pid %1)").arg(c.pidA)), qPrintable(c.name));
    QVERIFY(html.contains(QLatin1String("not running")));
}

void TestReport::whatCannotBeDrawnIsSaid_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("anchor");
    QTest::addColumn<QString>("said");
    // A topology has no workload: no CPU time or memory per process.
    QTest::newRow("topology: CPU heatmap")
        << kTopology << QStringLiteral("cpu-heatmap") << QStringLiteral("no CPU time per process");
    QTest::newRow("topology: memory heatmap")
        << kTopology << QStringLiteral("mem-heatmap") << QStringLiteral("no memory per process");
}

void TestReport::whatCannotBeDrawnIsSaid()
{
    QFETCH(QString, input);
    QFETCH(QString, anchor);
    QFETCH(QString, said);
    const Report report = reportOf(input);
    const auto it = std::find_if(report.pictures.begin(), report.pictures.end(),
                                 [&](const ReportPicture& p) { return p.anchor == anchor; });
    QVERIFY(it != report.pictures.end());
    QVERIFY2(it->missing.contains(said), qPrintable(it->missing));
    QVERIFY(it->svg.isEmpty());
    QVERIFY(reportHtml(report).contains(said));
    // The machine is still drawn.
    QVERIFY(!report.pictures.front().svg.isEmpty());
}

void TestReport::badRequests_data()
{
    QTest::addColumn<QString>("output");
    QTest::addColumn<int>("snapshot");
    QTest::addColumn<QString>("error");
    QTest::newRow("a suffix that is no report")
        << QStringLiteral("report.txt") << -1 << QStringLiteral(".html or .pdf");
    QTest::newRow("a snapshot past the end")
        << QStringLiteral("report.html") << 3 << QStringLiteral("snapshot");
    QTest::newRow("a folder that does not exist")
        << QStringLiteral("/nonexistent/dir/report.html") << -1 << QStringLiteral("cannot write");
}

void TestReport::badRequests()
{
    QFETCH(QString, output);
    QFETCH(int, snapshot);
    QFETCH(QString, error);
    ReportInput input;
    input.path = kWitty;
    input.capture = read(kWitty);
    input.snapshot = snapshot;
    const Result<Report> report = buildReport(input, {});
    if (!report) {
        QVERIFY2(report.error().toString().contains(error), qPrintable(report.error().toString()));
        QVERIFY(report.error().toString().contains(kWitty));
        return;
    }
    const Result<qint64> written = writeReport(*report, output);
    QVERIFY(!written);
    QVERIFY2(written.error().toString().contains(error), qPrintable(written.error().toString()));
    QVERIFY(written.error().toString().contains(output));
}

// A process name made to break HTML or a terminal stays text in the report.
void TestReport::hostileNamesStayText()
{
    Report report;
    report.title = QStringLiteral("numasight report: <script>alert(1)</script>");
    report.facts.push_back({QStringLiteral("Host"), QStringLiteral("a&b \x1b[31mred\x07")});
    const QString html = reportHtml(report);
    QVERIFY(parse(html).error.isEmpty());
    QVERIFY(!html.contains(QLatin1String("<script>")));
    QVERIFY(html.contains(QLatin1String("&lt;script&gt;")));
    QVERIFY(!html.contains(QChar(0x1b)));
    QVERIFY(!html.contains(QChar(0x07)));
}

QTEST_MAIN(TestReport)
#include "tst_report.moc"
