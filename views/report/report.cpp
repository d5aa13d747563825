// SPDX-License-Identifier: GPL-3.0-or-later
#include "report.h"

#include "advice/advice.h"
#include "report/export_build.h"
#include "report/export_command_line.h"
#include "report/export_write.h"
#include "report/output_file.h"
#include "util/printable_text.h"
#include "version.h"
#include "views/graph/graph_export.h"
#include "views/heatmap/heatmap_export.h"

#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTextDocument>
#include <QUrl>

#include <algorithm>
#include <cmath>
#include <memory>
#include <set>

namespace numasight {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::Report)
};

// A findings or suggestions table longer than this is cut, with a line saying how to get the rest: a report
// of 12 000 processes is read, not searched (`numasight-cli advise --json` has every row).
constexpr int kMaxRows = 500;

// The page every diagram is laid out for, as `export --page a4-portrait` does: what would print under
// kMinPagePoints is folded first.
const QSizeF kPage(595, 842);

LoadError loadError(const QString& file, const QString& message)
{
    LoadError e;
    e.file = file;
    e.message = message;
    return e;
}

QString text(const QString& s)
{
    return printableText(s).toHtmlEscaped();
}

QString number(double v, int decimals = 2)
{
    if (!std::isfinite(v))
        return QStringLiteral("–");
    // Node numbers, counts and ids are whole: "7", not "7.000".
    if (v == std::round(v) && std::abs(v) < 1e15)
        return QString::number(qint64(v));
    return QString::number(v, 'f', decimals);
}

QString percent(double share)
{
    return std::isfinite(share) ? QString::number(share * 100.0, 'f', 1) + QStringLiteral(" %")
                                : QStringLiteral("–");
}

// export's own request for a view: every default exactly as `numasight-cli export FILE -o x --view VIEW`.
ExportRequest requestFor(const ReportInput& input, const QString& view, const QString& format)
{
    QStringList args{QStringLiteral("numasight-cli"),
                     input.path,
                     QStringLiteral("-o"),
                     QStringLiteral("report.") + format,
                     QStringLiteral("--view"),
                     view,
                     QStringLiteral("--format"),
                     format};
    if (input.snapshot >= 0)
        args << QStringLiteral("--snapshot") << QString::number(input.snapshot);
    const ExportCommandLine line = parseExportCommandLine(args);
    return line.request ? *line.request : ExportRequest{};
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The machine or combined diagram, laid out for a page as export does.
Result<ReportPicture> graphPicture(const ReportInput& input, const QString& view, ReportPicture picture,
                                   const QTemporaryDir& dir, const Progress& progress)
{
    const ExportRequest request = requestFor(input, view, QStringLiteral("svg"));
    const ExportGraph graph = buildExportGraph(*input.capture, request);
    if (!graph.spec) {
        picture.missing = graph.error;
        return picture;
    }
    LayoutOptions options = exportLayoutOptions(request);
    options.aspect = kPage.width() / kPage.height();
    const Result<GraphLayoutPtr> layout =
        layoutForPage(*graph.snapshot, graph.samples, request.options, options, kPage, progress);
    if (!layout) {
        if (layout.error().cancelled)
            return layout.error();
        picture.missing = layout.error().toString();
        return picture;
    }
    picture.notes = graph.spec->hiddenNotes + (*layout)->notes;
    const QString svgPath = dir.filePath(picture.anchor + QStringLiteral(".svg"));
    const QString pngPath = dir.filePath(picture.anchor + QStringLiteral(".png"));
    GraphExportOptions svg;
    svg.format = GraphExportFormat::Svg;
    GraphExportOptions png;
    png.format = GraphExportFormat::Png;
    png.dpi = 200;
    if (const auto written = exportGraph(**layout, svgPath, svg); !written)
        return written.error();
    if (const auto written = exportGraph(**layout, pngPath, png); !written)
        return written.error();
    picture.svg = readAll(svgPath);
    picture.image.load(pngPath, "PNG");
    return picture;
}

// A heatmap or node matrix, drawn by the plot the heatmaps tab uses.
Result<ReportPicture> heatmapPicture(const ReportInput& input, const QString& view, ReportPicture picture)
{
    const ExportRequest request = requestFor(input, view, QStringLiteral("svg"));
    const ExportHeatmap heatmap = buildExportHeatmap(*input.capture, request);
    if (!heatmap.nodes && !heatmap.matrix) {
        picture.missing = heatmap.error;
        return picture;
    }
    picture.heatmap = std::make_shared<const HeatmapPicture>(
        heatmap.nodes ? nodeHeatmapPicture(*heatmap.nodes, heatmap.rows) : matrixPicture(*heatmap.matrix));
    if (heatmap.moreProcesses > 0)
        picture.notes << Tr::tr("%n more process(es) summed into the last row", nullptr,
                                heatmap.moreProcesses);
    return picture;
}

std::vector<ReportFact> factsOf(const ReportInput& input)
{
    const Capture& c = *input.capture;
    const SourceInfo& s = c.source;
    std::vector<ReportFact> facts;
    const auto add = [&facts](const QString& name, const QString& value) {
        if (!value.isEmpty())
            facts.push_back({name, value});
    };
    add(Tr::tr("File"), QFileInfo(input.path).fileName());
    QString format = sourceFormatName(s.format);
    if (s.originalFormat != SourceFormat::Unknown && s.originalFormat != s.format)
        format += Tr::tr(" (made from %1)").arg(sourceFormatName(s.originalFormat));
    add(Tr::tr("Format"), format);
    add(Tr::tr("Host"), s.hostname.isEmpty() ? Tr::tr("not recorded in the file") : s.hostname);
    add(Tr::tr("Kernel"), s.kernel.isEmpty() ? Tr::tr("not recorded in the file") : s.kernel);
    add(Tr::tr("Captured at"),
        s.capturedAt.isValid() ? s.capturedAt.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss 'UTC'"))
                               : Tr::tr("not recorded in the file"));
    // A recording holds samples × threads rows: the modes are gathered as values, named once.
    std::set<CollectionMode> seen;
    for (const SamplePtr& sample : c.samples)
        for (const ThreadCpuSample& t : sample->threads)
            seen.insert(t.mode);
    QStringList modes;
    for (CollectionMode mode : seen)
        modes << collectionModeName(mode);
    add(Tr::tr("Mode"), modes.isEmpty() ? s.mode : modes.join(QStringLiteral(", ")));
    add(Tr::tr("Snapshots"), QString::number(c.snapshots.size()));
    add(Tr::tr("Samples"), QString::number(c.samples.size()));
    if (c.snapshots.empty())
        return facts;
    const int index = input.snapshot < 0 ? int(c.snapshots.size()) - 1 : input.snapshot;
    const Snapshot& snap = *c.snapshots[size_t(std::min(index, int(c.snapshots.size()) - 1))];
    add(Tr::tr("NUMA nodes"), QString::number(snap.countOf(EntityKind::NumaNode)));
    if (const int pus = snap.countOf(EntityKind::Pu); pus > 0)
        add(Tr::tr("CPUs"), QString::number(pus));
    QStringList accelerators;
    for (EntityId id : snap.ofKind(EntityKind::Accelerator)) {
        const Entity& e = snap.entity(id);
        const EntityId node = snap.nodeOfDevice(id);
        accelerators << (node.isValid()
                             ? Tr::tr("%1 (node %2)").arg(e.name.str()).arg(snap.entity(node).osIndex)
                             : e.name.str());
    }
    add(Tr::tr("Accelerators"), accelerators.join(QStringLiteral(", ")));
    add(Tr::tr("Processes"), QString::number(snap.countOf(EntityKind::Process)));
    add(Tr::tr("Threads"), QString::number(snap.countOf(EntityKind::Thread)));
    return facts;
}

QString figuresText(const LocalityFigures& f)
{
    return Tr::tr("similarity %1, remote share %2, expected distance %3")
        .arg(number(f.similarity), percent(f.remoteShare), number(f.expectedDistance));
}

QString nodeShares(const std::vector<double>& shares)
{
    QStringList parts;
    for (size_t i = 0; i < shares.size(); ++i)
        if (shares[i] >= 0.005)
            parts << QStringLiteral("n%1 %2").arg(i).arg(percent(shares[i]));
    return parts.isEmpty() ? QStringLiteral("–") : parts.join(QStringLiteral(", "));
}

struct Section
{
    QString anchor;
    QString title;
};

// The sections in order, for the table of contents.
std::vector<Section> sectionsOf(const Report& report)
{
    std::vector<Section> sections{{QStringLiteral("captured"), Tr::tr("What was captured")}};
    for (const ReportPicture& p : report.pictures)
        sections.push_back({p.anchor, p.title});
    sections.push_back({QStringLiteral("findings"), Tr::tr("Findings")});
    sections.push_back({QStringLiteral("suggestions"), Tr::tr("Suggestions")});
    if (report.comparison)
        sections.push_back({QStringLiteral("comparison"), Tr::tr("Before and after")});
    return sections;
}

// The page's head: styles for a browser and for print, nothing loaded from elsewhere.
QString headHtml(const Report& report)
{
    QString h;
    h += QStringLiteral("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" "
                        "lang=\"en\"><head><meta charset=\"utf-8\"/>"
                        "<meta name=\"generator\" content=\"numasight %1\"/><title>%2</title>")
             .arg(text(versionWithGit()), text(report.title));
    h += QStringLiteral(
        "<style>"
        "body{font-family:sans-serif;max-width:60em;margin:2em auto;padding:0 "
        "1em;color:#1a1a1a;line-height:1.4}"
        "h1{font-size:1.6em;margin-bottom:0}h2{border-bottom:1px solid "
        "#ccc;padding-bottom:.2em;margin-top:2em}"
        ".subtitle{color:#555}table{border-collapse:collapse;margin:.5em 0}"
        "td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left;vertical-align:top}"
        "th{background:#f0f3f6}pre{background:#f6f8fa;padding:.5em;white-space:pre-wrap;word-break:break-all}"
        "figure{margin:1em 0}figure img{max-width:100%;height:auto;border:1px solid #ddd}"
        "figcaption{color:#555;font-size:.9em}.prediction{color:#7a4b00}.missing{color:#7a4b00}"
        ".critical{color:#b00020;font-weight:bold}.warning{color:#8a5a00}"
        "nav ol{columns:2}"
        "@media print{body{max-width:none;margin:0}h2{page-break-before:always}"
        "figure,tr,pre{page-break-inside:avoid}a{color:inherit;text-decoration:none}}"
        "@page{size:A4;margin:15mm;@bottom-center{content:counter(page)}}"
        "</style>");
    h += QStringLiteral("</head><body>");

    return h;
}

QString titleHtml(const Report& report, const QHash<QString, int>& pages)
{
    QString h;
    h += QStringLiteral("<h1>%1</h1><p class=\"subtitle\">%2</p>")
             .arg(text(report.title), text(report.subtitle));
    h += QStringLiteral("<nav><h2>%1</h2><ol>").arg(Tr::tr("Contents"));
    for (const Section& s : sectionsOf(report)) {
        const int page = pages.value(s.anchor, 0);
        h += QStringLiteral("<li><a href=\"#%1\">%2</a>%3</li>")
                 .arg(s.anchor, text(s.title),
                      page > 0 ? QStringLiteral(" &#160;&#183;&#160; ") + Tr::tr("page %1").arg(page)
                               : QString());
    }
    h += QStringLiteral("</ol></nav>");

    return h;
}

QString capturedHtml(const Report& report)
{
    QString h;
    h += QStringLiteral("<h2><a name=\"captured\" id=\"captured\"></a>%1</h2><table>")
             .arg(Tr::tr("What was captured"));
    for (const ReportFact& f : report.facts)
        h += QStringLiteral("<tr><th>%1</th><td>%2</td></tr>").arg(text(f.name), text(f.value));
    h += QStringLiteral("</table>");
    if (report.advice && !report.advice->source.isEmpty())
        h += QStringLiteral("<p>%1</p>").arg(text(report.advice->source));

    return h;
}

// A picture's heading, and what the picture leaves out or why there is none; the picture itself is the
// HTML's data URI or drawn on a PDF page.
QString pictureHeadingHtml(const ReportPicture& p)
{
    return QStringLiteral("<h2><a name=\"%1\" id=\"%1\"></a>%2</h2>").arg(p.anchor, text(p.title));
}

QString pictureNotesHtml(const ReportPicture& p)
{
    QString h;
    if (!p.missing.isEmpty())
        h += QStringLiteral("<p class=\"missing\">%1</p>").arg(text(p.missing));
    for (const QString& note : p.notes)
        h += QStringLiteral("<p class=\"missing\">%1</p>").arg(text(note));
    return h;
}

QString pictureHtml(const ReportPicture& p)
{
    QString h = pictureHeadingHtml(p);
    if (p.missing.isEmpty())
        h += QStringLiteral("<figure><img alt=\"%1\" "
                            "src=\"data:image/svg+xml;base64,%2\"/><figcaption>%3</figcaption></figure>")
                 .arg(text(p.title), QString::fromLatin1(p.svg.toBase64()), text(p.caption));
    return h + pictureNotesHtml(p);
}

QString findingsHtml(const Report& report)
{
    QString h;
    h += QStringLiteral("<h2><a name=\"findings\" id=\"findings\"></a>%1</h2>").arg(Tr::tr("Findings"));
    if (!report.advice) {
        h += QStringLiteral("<p>%1</p>").arg(Tr::tr("No snapshot to advise on."));
    } else {
        const Advice& a = *report.advice;
        h += QStringLiteral("<p>%1</p>").arg(text(findingCountText(a)));
        for (const QString& note : a.notes)
            h += QStringLiteral("<p class=\"missing\">%1</p>").arg(text(note));
        if (!a.findings.empty()) {
            h += QStringLiteral("<table><tr><th>%1</th><th>%2</th><th>%3</th><th>%4</th><th>%5</th></tr>")
                     .arg(Tr::tr("Severity"), Tr::tr("Kind"), Tr::tr("Process"), Tr::tr("Finding"),
                          Tr::tr("Figures"));
            int shown = 0;
            for (const Finding& f : a.findings) {
                if (++shown > kMaxRows)
                    break;
                QStringList figures;
                for (auto it = f.numbers.constBegin(); it != f.numbers.constEnd(); ++it)
                    figures << QStringLiteral("%1 %2").arg(it.key(), number(it.value(), 3));
                QString who = f.pid >= 0 ? QStringLiteral("pid %1").arg(f.pid) : QString();
                if (f.tid)
                    who += QStringLiteral(" tid %1").arg(*f.tid);
                if (!f.command.isEmpty())
                    who += QStringLiteral(" ") + f.command.left(80);
                h += QStringLiteral(
                         "<tr><td class=\"%1\">%1</td><td>%2</td><td>%3</td><td>%4</td><td>%5</td></tr>")
                         .arg(severityName(f.severity), text(f.kind), text(who.trimmed()), text(f.message),
                              text(figures.join(QStringLiteral(", "))));
            }
            h += QStringLiteral("</table>");
            if (int(a.findings.size()) > kMaxRows)
                h += QStringLiteral("<p>%1</p>")
                         .arg(Tr::tr("%1 more findings: numasight-cli advise --json FILE lists every one.")
                                  .arg(a.findings.size() - size_t(kMaxRows)));
        }
    }

    return h;
}

QString suggestionsHtml(const Report& report)
{
    QString h;
    h += QStringLiteral("<h2><a name=\"suggestions\" id=\"suggestions\"></a>%1</h2>")
             .arg(Tr::tr("Suggestions"));
    if (!report.advice || report.advice->suggestions.empty()) {
        h += QStringLiteral("<p>%1</p>").arg(Tr::tr("Nothing to move."));
    } else {
        h += QStringLiteral("<p class=\"prediction\">%1</p>")
                 .arg(Tr::tr("The gains below are predictions from the captured figures, not measurements: "
                             "apply a suggestion and record again (numasight-cli apply --verify) to measure "
                             "it."));
        int shown = 0;
        for (const Suggestion& s : report.advice->suggestions) {
            if (++shown > kMaxRows)
                break;
            h +=
                QStringLiteral("<h3>%1</h3>").arg(text(QStringLiteral("%1 (pid %2)").arg(s.name).arg(s.pid)));
            h += QStringLiteral("<p>%1</p>")
                     .arg(text(Tr::tr("Move to node(s) %1 (CPUs %2): %3")
                                   .arg(nodeListText(s.targetNodes), s.cpus, s.reason)));
            h += QStringLiteral("<p class=\"prediction\">%1</p>")
                     .arg(text(Tr::tr("Predicted: %1 now; %2 after the move.")
                                   .arg(figuresText(s.before), figuresText(s.after))));
            if (!s.assumptions.isEmpty())
                h += QStringLiteral("<p class=\"prediction\">%1</p>").arg(text(s.assumptions));
            QStringList commands;
            if (!s.relaunch.isEmpty())
                commands << Tr::tr("# relaunch") << s.relaunch;
            if (!s.live.isEmpty())
                commands << Tr::tr("# move the running process") << s.live;
            if (!s.docker.isEmpty())
                commands << Tr::tr("# its container") << s.docker;
            if (!s.systemd.isEmpty())
                commands << Tr::tr("# its systemd service") << s.systemd;
            // Commands keep their own line breaks (a systemd snippet); other control characters are escaped.
            h += QStringLiteral("<pre>%1</pre>")
                     .arg(printableText(commands.join(QLatin1Char('\n')), LineBreaks::Keep).toHtmlEscaped());
            for (const QString& note : s.notes)
                h += QStringLiteral("<p class=\"missing\">%1</p>").arg(text(note));
        }
    }

    return h;
}

QString comparisonHtml(const Report& report)
{
    QString h;
    if (report.comparison) {
        const CaptureDiff& d = *report.comparison;
        h += QStringLiteral("<h2><a name=\"comparison\" id=\"comparison\"></a>%1</h2>")
                 .arg(Tr::tr("Before and after"));
        h += QStringLiteral("<p>%1</p>").arg(text(Tr::tr("Before: %1. After: %2.").arg(d.labelA, d.labelB)));
        for (const QString& note : d.notes)
            h += QStringLiteral("<p class=\"missing\">%1</p>").arg(text(note));
        h += QStringLiteral("<table><tr><th>%1</th><th>%2</th><th>%3</th><th>%4</th><th>%5</th></tr>")
                 .arg(Tr::tr("Process"), Tr::tr("CPU per node before"), Tr::tr("CPU per node after"),
                      Tr::tr("Remote share before → after"), Tr::tr("Change"));
        int shown = 0;
        for (const LocalityChange& c : d.processes) {
            if (c.change < kDiffThreshold && shown >= 20)
                continue; // unchanged rows after the first twenty say nothing
            if (++shown > kMaxRows)
                break;
            const QString who = QStringLiteral("%1 (pid %2)")
                                    .arg(c.name)
                                    .arg(c.inA() && c.inB() && c.pidA != c.pidB
                                             ? QStringLiteral("%1 → %2").arg(c.pidA).arg(c.pidB)
                                             : QString::number(c.inB() ? c.pidB : c.pidA));
            h += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4 → %5</td><td>%6</td></tr>")
                     .arg(text(who), text(c.inA() ? nodeShares(c.cpuSharesA) : Tr::tr("not running")),
                          text(c.inB() ? nodeShares(c.cpuSharesB) : Tr::tr("not running")),
                          percent(c.a.remoteShare), percent(c.b.remoteShare), percent(c.change));
        }
        h += QStringLiteral("</table>");
    }
    return h;
}

} // namespace

Result<Report> planReport(const ReportInput& input, const Progress& progress)
{
    const auto cancelled = [&] { return LoadError::cancel(input.path); };
    if (!input.capture || input.capture->snapshots.empty())
        return loadError(input.path, Tr::tr("holds no snapshot to report on"));
    if (input.snapshot >= int(input.capture->snapshots.size()))
        return loadError(input.path,
                         snapshotOutOfRange(input.path, input.snapshot, input.capture->snapshots.size()));
    Report report;
    report.title = Tr::tr("numasight report: %1").arg(QFileInfo(input.path).fileName());
    report.subtitle =
        Tr::tr("Generated %1 by numasight %2")
            .arg(QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'")),
                 versionWithGit());
    report.facts = factsOf(input);
    report.advice = advise(*input.capture, input.snapshot);
    progress(0.05);
    if (input.compare) {
        report.comparison = diffCaptures(*input.capture, *input.compare, QFileInfo(input.path).fileName(),
                                         QFileInfo(input.comparePath).fileName());
        report.compareLabel = QFileInfo(input.comparePath).fileName();
    }
    progress(0.1);

    QTemporaryDir dir;
    if (!dir.isValid())
        return loadError(
            input.path, Tr::tr("cannot make a temporary folder for the pictures: %1").arg(dir.errorString()));
    struct Step
    {
        QString view, anchor, title, caption;
        bool graph;
    };
    const Step steps[] = {
        {QStringLiteral("machine"), QStringLiteral("machine"), Tr::tr("The machine"),
         Tr::tr("Packages, NUMA nodes, CPUs and devices, as hwloc or the source describes them."), true},
        {QStringLiteral("combined"), QStringLiteral("combined"), Tr::tr("The workload on the machine"),
         Tr::tr(
             "Processes in the NUMA node where most of their CPU time runs, with their devices and flows."),
         true},
        {QStringLiteral("cpu-heatmap"), QStringLiteral("cpu-heatmap"), Tr::tr("CPU time per NUMA node"),
         Tr::tr("Each process's and thread's on-CPU time per NUMA node."), false},
        {QStringLiteral("mem-heatmap"), QStringLiteral("mem-heatmap"), Tr::tr("Memory per NUMA node"),
         Tr::tr("Each process's pages per NUMA node."), false},
        {QStringLiteral("distance"), QStringLiteral("distance"), Tr::tr("NUMA distances"),
         Tr::tr("The firmware's distance table (SLIT, 10 = local)."), false},
        {QStringLiteral("latency"), QStringLiteral("latency"), Tr::tr("Measured latency"),
         Tr::tr("Memory latency measured from each node's CPUs to each node's memory (ns)."), false},
        {QStringLiteral("bandwidth"), QStringLiteral("bandwidth"), Tr::tr("Measured bandwidth"),
         Tr::tr("Read bandwidth measured from each node's CPUs to each node's memory (GB/s)."), false},
    };
    const int count = int(std::size(steps));
    for (int i = 0; i < count; ++i) {
        if (progress.isCancelled())
            return cancelled();
        const Step& step = steps[i];
        ReportPicture picture;
        picture.anchor = step.anchor;
        picture.title = step.title;
        picture.caption = step.caption;
        Progress inner;
        inner.cancelled = progress.cancelled;
        Result<ReportPicture> made = step.graph ? graphPicture(input, step.view, picture, dir, inner)
                                                : heatmapPicture(input, step.view, picture);
        if (!made)
            return made.error();
        // A machine without measurements has no latency or bandwidth section at all: nothing was missed.
        const bool measured = step.view == u"latency" || step.view == u"bandwidth";
        if (!(measured && !made->missing.isEmpty()))
            report.pictures.push_back(std::move(made).value());
        progress(0.1 + 0.85 * (i + 1) / count);
    }
    return report;
}

Result<Report> drawReportHeatmaps(Report report)
{
    for (ReportPicture& picture : report.pictures) {
        if (!picture.heatmap)
            continue;
        const auto svg = renderHeatmapExport(*picture.heatmap, HeatmapExportFormat::Svg);
        if (!svg)
            return svg.error();
        picture.svg = svg->bytes;
        // Twice the screen's pixels: sharp on paper at the width of a page.
        const auto png = renderHeatmapExport(*picture.heatmap, HeatmapExportFormat::Png, {}, 2.0);
        if (!png)
            return png.error();
        picture.image = png->image;
        picture.heatmap.reset();
    }
    return report;
}

Result<Report> buildReport(const ReportInput& input, const Progress& progress)
{
    auto planned = planReport(input, progress);
    if (!planned)
        return planned.error();
    return drawReportHeatmaps(std::move(planned).value());
}

QString reportHtml(const Report& report)
{
    QString h = headHtml(report) + titleHtml(report, {}) + capturedHtml(report);
    for (const ReportPicture& p : report.pictures)
        h += pictureHtml(p);
    h += findingsHtml(report) + suggestionsHtml(report) + comparisonHtml(report);
    return h + QStringLiteral("</body></html>\n");
}

Result<QByteArray> reportPdf(const Report& report, const QString& path)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter pdf(&buffer);
    pdf.setPageSize(QPageSize(QPageSize::A4));
    pdf.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter);
    pdf.setResolution(300);
    pdf.setTitle(report.title);
    pdf.setCreator(QStringLiteral("numasight ") + versionWithGit());
    const QRectF body = pdf.pageLayout().paintRectPixels(pdf.resolution());
    const double footer = pdf.resolution() * 0.35; // room for the page number
    const QSizeF pageSize(body.width(), body.height() - footer);

    // Each section starts on a page of its own: a text section is a document paginated to the page, a
    // picture gets one page, its heading above and its caption below.
    struct Part
    {
        QString anchor;
        QString html; // a text section
        const ReportPicture* picture = nullptr;
        std::shared_ptr<QTextDocument> doc = nullptr; // laid out once, to count its pages and to draw them
    };
    std::vector<Part> parts{{QString(), QString()}, // the title and contents, filled below
                            {QStringLiteral("captured"), capturedHtml(report)}};
    for (const ReportPicture& p : report.pictures)
        parts.push_back({p.anchor, QString(), &p});
    parts.push_back({QStringLiteral("findings"), findingsHtml(report)});
    parts.push_back({QStringLiteral("suggestions"), suggestionsHtml(report)});
    if (report.comparison)
        parts.push_back({QStringLiteral("comparison"), comparisonHtml(report)});

    const QString style = QStringLiteral(
        "h1{font-size:18pt} h2{font-size:14pt} h3{font-size:11pt} body{font-size:9pt} "
        "td,th{padding:2px} th{background-color:#f0f3f6} pre{font-size:8pt; white-space:pre-wrap} "
        ".subtitle{color:#555555} "
        ".prediction{color:#7a4b00} .missing{color:#7a4b00} .critical{color:#b00020}");
    const auto document = [&](const QString& html) {
        auto doc = std::make_shared<QTextDocument>();
        doc->documentLayout()->setPaintDevice(&pdf);
        doc->setDefaultStyleSheet(style);
        doc->setHtml(html);
        doc->setPageSize(pageSize);
        return doc;
    };
    // The contents' own length does not depend on its page numbers: count with none, then fill them in.
    parts[0].html = titleHtml(report, {});
    QHash<QString, int> firstPage;
    int page = 1;
    for (Part& part : parts) {
        if (!part.anchor.isEmpty())
            firstPage.insert(part.anchor, page);
        if (!part.picture)
            part.doc = document(part.html);
        page += part.picture ? 1 : part.doc->pageCount();
    }
    parts[0].doc = document(titleHtml(report, firstPage));
    const int pageCount = page - 1;

    QPainter painter;
    if (!painter.begin(&pdf))
        return loadError(path, Tr::tr("cannot start the PDF"));
    QFont small = painter.font();
    small.setPointSizeF(8);
    int pageNumber = 0;
    const auto startPage = [&] {
        if (pageNumber > 0)
            pdf.newPage();
        ++pageNumber;
        painter.setFont(small);
        painter.drawText(QRectF(0, pageSize.height(), pageSize.width(), footer), Qt::AlignCenter,
                         Tr::tr("%1 · page %2 of %3").arg(report.title).arg(pageNumber).arg(pageCount));
    };
    // Page `page` of `doc`, its top at `y` on this page.
    const auto drawDocument = [&](QTextDocument& doc, double y, int page) {
        painter.save();
        painter.translate(0, y - page * pageSize.height());
        QAbstractTextDocumentLayout::PaintContext context;
        context.clip = QRectF(0, page * pageSize.height(), pageSize.width(), pageSize.height());
        painter.setClipRect(context.clip);
        doc.documentLayout()->draw(&painter, context);
        painter.restore();
    };
    for (const Part& part : parts) {
        if (!part.picture) {
            for (int i = 0; i < part.doc->pageCount(); ++i) {
                startPage();
                drawDocument(*part.doc, 0, i);
            }
            continue;
        }
        const ReportPicture& p = *part.picture;
        startPage();
        const auto heading = document(pictureHeadingHtml(p));
        const auto below =
            document((p.missing.isEmpty() ? QStringLiteral("<p>%1</p>").arg(text(p.caption)) : QString()) +
                     pictureNotesHtml(p));
        const double top = heading->documentLayout()->documentSize().height();
        const double under = below->documentLayout()->documentSize().height();
        drawDocument(*heading, 0, 0);
        double bottom = top;
        if (!p.image.isNull()) {
            // As large as the page allows, and never past its drawn size at 96 dpi (pictures are drawn at
            // twice that), so that small matrices are not blown up.
            const QSizeF natural = QSizeF(p.image.size()) * (pdf.resolution() / 96.0 / 2.0);
            const QSizeF room(pageSize.width(), std::max(1.0, pageSize.height() - top - under));
            QSizeF size = natural;
            if (size.width() > room.width() || size.height() > room.height())
                size.scale(room, Qt::KeepAspectRatio);
            painter.drawImage(QRectF(QPointF(0, top), size), p.image);
            bottom = top + size.height();
        }
        drawDocument(*below, bottom, 0);
    }
    if (!painter.end())
        return loadError(path, Tr::tr("cannot finish the PDF"));
    return bytes;
}

Result<qint64> writeReport(const Report& report, const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    QByteArray bytes;
    if (suffix == u"pdf") {
        auto pdf = reportPdf(report, path);
        if (!pdf)
            return pdf.error();
        bytes = std::move(pdf).value();
    } else if (suffix == u"html" || suffix == u"htm") {
        bytes = reportHtml(report).toUtf8();
    } else {
        return loadError(path, Tr::tr("a report is .html or .pdf; name the file so"));
    }
    if (const auto error = writeOutputFile(path, bytes))
        return loadError(path, *error);
    return qint64(bytes.size());
}

} // namespace numasight
