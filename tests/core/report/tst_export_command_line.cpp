// SPDX-License-Identifier: GPL-3.0-or-later
// `export`'s command line, read by the one parser numasight-cli and numasight-export share: what every option
// sets, every refusal with its exact message, --help, and where `--` ends the options.
#include "report/exit_code.h"
#include "report/export_command_line.h"

#include <QTest>

#include <algorithm>
#include <map>

using namespace numasight;

namespace {

const QString kIn = QStringLiteral("in.json");
const QString kHelpHint = QStringLiteral("; run 'numasight-cli export --help'");

ExportCommandLine parse(const QStringList& args)
{
    return parseExportCommandLine(QStringList{QStringLiteral("numasight-cli")} + args);
}

// HeatmapSortKey's names, in its order.
const char* const kSortNames[] = {"remote", "cpu", "memory", "process", "name"};

template <typename Set>
QString sortedJoin(const Set& set, const auto& name)
{
    QStringList names;
    for (const auto& x : set)
        names << name(x);
    names.sort();
    return names.join(QLatin1Char(','));
}

// Every field of a request by name, as the rows below state what they expect.
std::map<QString, QString> fields(const ExportRequest& q)
{
    return {
        {QStringLiteral("input"), q.input},
        {QStringLiteral("output"), q.output},
        {QStringLiteral("format"), q.format},
        {QStringLiteral("engine"), q.engine},
        {QStringLiteral("page"), q.page},
        {QStringLiteral("dpi"), QString::number(q.dpi)},
        {QStringLiteral("dpiSet"), QString::number(q.dpiSet)},
        {QStringLiteral("snapshot"), QString::number(q.snapshot)},
        {QStringLiteral("graph"), graphViewName(q.options.view)},
        {QStringLiteral("hide"),
         sortedJoin(q.options.hiddenKinds, [](EntityKind k) { return entityKindName(k).toLower(); })},
        {QStringLiteral("min"), QString::number(q.options.minMetric)},
        {QStringLiteral("expand"), sortedJoin(q.options.expanded, [](const QString& id) { return id; })},
        {QStringLiteral("cpuRangeLimit"), QString::number(q.options.cpuRangeLimit)},
        {QStringLiteral("perNode"), QString::number(q.options.processesPerNode)},
        {QStringLiteral("caches"), QString::number(q.options.showCaches)},
        {QStringLiteral("view"),
         q.view == ExportView::Graph ? QStringLiteral("graph") : exportViewName(q.view)},
        {QStringLiteral("measure"), heatmapMetricName(metricOf(q.measure))},
        {QStringLiteral("sort"), QLatin1String(kSortNames[int(q.sort)])},
        {QStringLiteral("descending"), QString::number(q.descending)},
        {QStringLiteral("order"),
         q.order == MatrixOrder::Natural ? QStringLiteral("natural") : QStringLiteral("distance")},
        {QStringLiteral("size"), q.size.isValid()
                                     ? QStringLiteral("%1x%2").arg(q.size.width()).arg(q.size.height())
                                     : QStringLiteral("none")},
    };
}

} // namespace

class TestExportCommandLine : public QObject
{
    Q_OBJECT
private slots:
    void requests_data();
    void requests();
    void defaults();
    void errors_data();
    void errors();
    void help_data();
    void help();
};

void TestExportCommandLine::requests_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("expected"); // "field=value" pairs, space-separated; others are not checked

    const auto row = [](const char* name, const QStringList& args, const char* expected) {
        QTest::newRow(name) << args << QString::fromUtf8(expected);
    };
    // Graphs.
    row("graph, format from OUT", {kIn, "-o", "g.svg"},
        "input=in.json output=g.svg format=svg view=graph graph=combined");
    row("graph, --output", {kIn, "--output", "g.pdf"}, "output=g.pdf format=pdf");
    row("graph, -o=OUT", {kIn, "-o=g.png"}, "output=g.png format=png");
    row("graph, -oOUT", {kIn, "-og.png"}, "output=g.png format=png");
    row("graph, .gv is DOT", {kIn, "-o", "g.gv"}, "format=dot");
    row("graph, OUT's extension in capitals", {kIn, "-o", "G.SVG"}, "format=svg");
    row("graph, --format over the extension", {kIn, "-o", "g.txt", "--format", "DOT"}, "format=dot");
    row("--view machine", {kIn, "-o", "g.svg", "--view", "machine"}, "view=graph graph=machine");
    row("--view=dataflow", {kIn, "-o", "g.svg", "--view=dataflow"}, "graph=dataflow");
    row("--view in capitals", {kIn, "-o", "g.svg", "--view", "Machine"}, "graph=machine");
    row("--engine", {kIn, "-o", "g.dot", "--engine", "SFDP"}, "engine=sfdp");
    row("--engine packed for a drawing", {kIn, "-o", "g.svg", "--engine", "packed"}, "engine=packed");
    row("layout JSON", {kIn, "-o", "layout.json"}, "format=json engine=packed");
    row("--page", {kIn, "-o", "g.pdf", "--page", "A4-Landscape"}, "page=a4-landscape format=pdf");
    row("--dpi", {kIn, "-o", "g.png", "--dpi", "300"}, "dpi=300 dpiSet=1");
    row("--dpi at its bounds", {kIn, "-o", "g.png", "--dpi", "18"}, "dpi=18");
    row("--snapshot", {kIn, "-o", "g.svg", "--snapshot", "2"}, "snapshot=2");
    row("--hide, lists and repeats", {kIn, "-o", "g.svg", "--hide", "threads,gpu", "--hide", "PCI"},
        "hide=accelerator,pcidevice,thread");
    row("--hide cpu and nodes", {kIn, "-o", "g.svg", "--hide", "cpus,nodes"}, "hide=numanode,pu");
    row("--min as a share", {kIn, "-o", "g.svg", "--min", "0.05"}, "min=0.05");
    row("--min as a percentage", {kIn, "-o", "g.svg", "--min", "5 %"}, "min=0.05");
    row("--expand, repeated", {kIn, "-o", "g.dot", "--expand", "proc42", "--expand", "cpus3"},
        "expand=cpus3,proc42");
    row("--cpu-range-limit", {kIn, "-o", "g.dot", "--cpu-range-limit", "4"}, "cpuRangeLimit=4");
    row("--per-node", {kIn, "-o", "g.dot", "--per-node", "3"}, "perNode=3");
    row("--per-node 0 draws all", {kIn, "-o", "g.svg", "--per-node=0"}, "perNode=0");
    row("graph without --caches", {kIn, "-o", "g.dot"}, "caches=0");
    row("--caches", {kIn, "-o", "g.svg", "--view", "machine", "--caches"}, "caches=1 graph=machine");
    row("FILE after --", {"-o", "g.svg", "--", kIn}, "input=in.json format=svg");
    row("an option after -- is FILE", {"-o", "g.svg", "--", "--frob"}, "input=--frob");
    row("FILE after the options", {"-o", "g.svg", "--view", "machine", kIn}, "input=in.json graph=machine");
    row("the last --view wins", {kIn, "--view", "distance", "--view", "machine", "-o", "g.dot"},
        "view=graph graph=machine format=dot");

    // Pictures of heatmaps and matrices.
    row("cpu-heatmap png", {kIn, "--view", "cpu-heatmap", "-o", "c.png"},
        "view=cpu-heatmap format=png sort=cpu descending=1 order=distance size=none");
    row("mem-heatmap sorts by memory", {kIn, "--view", "mem-heatmap", "-o", "m.pdf"},
        "view=mem-heatmap sort=memory measure=total-pages");
    row("--measure", {kIn, "--view", "mem-heatmap", "-o", "m.svg", "--measure", "Dirty-Anon-Pages"},
        "measure=dirty-anon-pages");
    row("--sort and --ascending",
        {kIn, "--view", "cpu-heatmap", "-o", "c.png", "--sort", "remote", "--ascending"},
        "sort=remote descending=0");
    row("--size", {kIn, "--view", "cpu-heatmap", "-o", "c.png", "--size", "1600x1000"}, "size=1600x1000");
    row("--size with ×", {kIn, "--view", "distance", "-o", "d.png", "--size", "800×600"}, "size=800x600");
    row("--hide thread and --min on a heatmap",
        {kIn, "--view", "cpu-heatmap", "-o", "c.svg", "--hide", "thread", "--min", "10%"},
        "hide=thread min=0.1");
    row("--order natural", {kIn, "--view", "latency", "-o", "l.png", "--order", "natural"}, "order=natural");
    row("--view in capitals, picture", {kIn, "--view", "Bandwidth", "-o", "b.png"}, "view=bandwidth");

    // CSV of heatmaps and matrices.
    row("csv to standard output", {kIn, "--view", "cpu-heatmap", "--format", "csv"},
        "view=cpu-heatmap format=csv output= order=natural");
    row("csv, -o -", {kIn, "--view", "distance", "-o", "-"}, "format=csv output=-");
    row("csv from OUT's extension", {kIn, "--view", "distance", "-o", "d.CSV"}, "format=csv output=d.CSV");
    row("csv, --format in capitals", {kIn, "--view", "distance", "--format", "CSV", "-o", "d.txt"},
        "format=csv output=d.txt");
    row("csv, --view=", {kIn, "--view=cpu-heatmap", "--format=csv"}, "view=cpu-heatmap format=csv");
    row("csv, FILE after --", {"--view", "distance", "--format", "csv", "--", kIn},
        "input=in.json view=distance");
    row("csv, the last --view wins", {kIn, "--view", "machine", "--view", "latency", "--format", "csv"},
        "view=latency format=csv");
    row("csv, --measure", {kIn, "--view", "mem-heatmap", "--format", "csv", "--measure", "bytes"},
        "measure=bytes");
    row("csv, --order distance", {kIn, "--view", "distance", "--format", "csv", "--order", "distance"},
        "order=distance");
    row("csv, --snapshot", {kIn, "--view", "cpu-heatmap", "--format", "csv", "--snapshot", "0"},
        "snapshot=0");
    row("csv, --view in capitals", {kIn, "--view", "Distance", "-o", "d.csv"}, "view=distance order=natural");
}

void TestExportCommandLine::requests()
{
    QFETCH(QStringList, args);
    QFETCH(QString, expected);
    const ExportCommandLine line = parse(args);
    QVERIFY2(line.request, qPrintable(line.error));
    QCOMPARE(line.exitCode, int(Ok));
    QVERIFY(line.error.isEmpty());
    QVERIFY(line.help.isEmpty());
    const auto got = fields(*line.request);
    for (const QString& pair : expected.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QString key = pair.section(QLatin1Char('='), 0, 0);
        QVERIFY2(got.count(key), qPrintable(key));
        QCOMPARE(got.at(key), pair.section(QLatin1Char('='), 1));
    }
}

// What a request holds when no option says otherwise.
void TestExportCommandLine::defaults()
{
    const ExportCommandLine line = parse({kIn, QStringLiteral("-o"), QStringLiteral("g.svg")});
    QVERIFY(line.request);
    const auto got = fields(*line.request);
    const std::map<QString, QString> expected{{QStringLiteral("engine"), QStringLiteral("packed")},
                                              {QStringLiteral("page"), QString()},
                                              {QStringLiteral("dpi"), QStringLiteral("150")},
                                              {QStringLiteral("dpiSet"), QStringLiteral("0")},
                                              {QStringLiteral("snapshot"), QStringLiteral("-1")},
                                              {QStringLiteral("graph"), QStringLiteral("combined")},
                                              {QStringLiteral("hide"), QString()},
                                              {QStringLiteral("min"), QStringLiteral("0")},
                                              {QStringLiteral("expand"), QString()},
                                              {QStringLiteral("cpuRangeLimit"), QStringLiteral("16")},
                                              {QStringLiteral("perNode"), QStringLiteral("8")},
                                              {QStringLiteral("view"), QStringLiteral("graph")},
                                              {QStringLiteral("size"), QStringLiteral("none")},
                                              {QStringLiteral("order"), QStringLiteral("distance")}};
    for (const auto& [key, value] : expected)
        QCOMPARE(got.at(key), value);
}

void TestExportCommandLine::errors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("error"); // the whole line; every one exits 2 (Usage)

    const auto row = [](const char* name, const QStringList& args, const QString& error) {
        QTest::newRow(name) << args << error;
    };
    const QString usage =
        QStringLiteral("usage: numasight-cli export FILE -o OUT [--view VIEW] [--format FORMAT]") + kHelpHint;
    const QString csvUsage = QStringLiteral(
        "usage: numasight-cli export FILE --view cpu-heatmap|mem-heatmap|distance|latency|bandwidth "
        "--format csv [-o OUT] [--snapshot N] [--measure MEASURE] [--order natural|distance]");

    // The command line itself.
    row("nothing", {}, usage);
    row("no -o", {kIn}, usage);
    row("no FILE", {"-o", "g.svg"}, usage);
    row("two FILEs", {kIn, kIn, "-o", "g.svg"}, usage);
    row("unknown option", {kIn, "-o", "g.svg", "--frob"},
        QStringLiteral("Unknown option 'frob'.") + kHelpHint);
    row("unknown options", {kIn, "-o", "g.svg", "--frob", "-x"},
        QStringLiteral("Unknown options: frob, x.") + kHelpHint);
    row("missing value", {kIn, "-o", "g.svg", "--dpi"},
        QStringLiteral("Missing value after '--dpi'.") + kHelpHint);
    row("value of a flag", {kIn, "-o", "g.svg", "--ascending=yes"},
        QStringLiteral("Unexpected value after '--ascending'.") + kHelpHint);
    row("same file", {kIn, "-o", kIn, "--format", "svg"},
        QStringLiteral("in.json: input and output are the same file; name another file with -o"));

    // Views and formats.
    row("unknown view", {kIn, "-o", "g.svg", "--view", "galaxy"},
        QStringLiteral(
            "--view 'galaxy' is unknown: use machine, dataflow, combined, cpu-heatmap, mem-heatmap, "
            "distance, latency or bandwidth"));
    row("csv of a graph", {kIn, "-o", "g.svg", "--view", "machine", "--format", "csv"},
        QStringLiteral("--format csv does not apply to --view machine: use svg, png, pdf, dot or json"));
    row("csv of the default graph", {kIn, "--format", "csv", "-o", "g.csv"},
        QStringLiteral("--format csv does not apply to --view combined: use svg, png, pdf, dot or json"));
    row("OUT .csv of a graph", {kIn, "-o", "g.csv"},
        QStringLiteral("g.csv: cannot tell the format from the extension; name it .svg, .png, .pdf, .dot or "
                       ".json, or pass "
                       "--format"));
    row("dot of a heatmap", {kIn, "--view", "cpu-heatmap", "--format", "dot", "-o", "c.dot"},
        QStringLiteral("--format dot does not apply to --view cpu-heatmap: use png, pdf, svg or csv"));
    row("unknown format", {kIn, "-o", "g.svg", "--format", "JPG"},
        QStringLiteral("--format 'JPG' is unknown: use svg, png, pdf, dot or json"));
    row("empty format", {kIn, "-o", "g.svg", "--format", ""},
        QStringLiteral("--format '' is unknown: use svg, png, pdf, dot or json"));
    row("unknown extension", {kIn, "-o", "g.txt"},
        QStringLiteral("g.txt: cannot tell the format from the extension; name it .svg, .png, .pdf, .dot or "
                       ".json, or pass "
                       "--format"));
    row("unknown extension of a heatmap", {kIn, "--view", "distance", "-o", "d.txt"},
        QStringLiteral(
            "d.txt: cannot tell the format from the extension; name it .png, .pdf, .svg or .csv, or pass "
            "--format"));

    // Options of the other family.
    const auto onlyFor = [&row](const char* name, const QStringList& args, const char* option,
                                const char* what) {
        row(name, args,
            QStringLiteral("--%1 applies to %2 only").arg(QLatin1String(option), QLatin1String(what)));
    };
    onlyFor("--engine of a heatmap", {kIn, "--view", "cpu-heatmap", "-o", "c.png", "--engine", "dot"},
            "engine", "graphs");
    onlyFor("--expand of a matrix", {kIn, "--view", "distance", "-o", "d.png", "--expand", "x"}, "expand",
            "graphs");
    onlyFor("--cpu-range-limit of a heatmap",
            {kIn, "--view", "mem-heatmap", "-o", "m.png", "--cpu-range-limit", "4"}, "cpu-range-limit",
            "graphs");
    onlyFor("--per-node of a heatmap", {kIn, "--view", "cpu-heatmap", "-o", "c.png", "--per-node", "4"},
            "per-node", "graphs");
    onlyFor("--caches of a matrix", {kIn, "--view", "distance", "-o", "d.png", "--caches"}, "caches",
            "graphs");
    onlyFor("--measure of a cpu heatmap", {kIn, "--view", "cpu-heatmap", "-o", "c.png", "--measure", "bytes"},
            "measure", "--view mem-heatmap");
    onlyFor("--measure of a graph", {kIn, "-o", "g.svg", "--measure", "bytes"}, "measure",
            "--view mem-heatmap");
    onlyFor("--sort of a matrix", {kIn, "--view", "distance", "-o", "d.png", "--sort", "cpu"}, "sort",
            "--view cpu-heatmap and mem-heatmap");
    onlyFor("--ascending of a graph", {kIn, "-o", "g.svg", "--ascending"}, "ascending",
            "--view cpu-heatmap and mem-heatmap");
    onlyFor("--rows of a matrix", {kIn, "--view", "distance", "-o", "d.png", "--rows", "5"}, "rows",
            "--view cpu-heatmap and mem-heatmap");
    onlyFor("--order of a heatmap picture",
            {kIn, "--view", "cpu-heatmap", "-o", "c.png", "--order", "natural"}, "order",
            "the matrix views (distance, latency, bandwidth)");
    onlyFor("--size of a graph", {kIn, "-o", "g.png", "--size", "800x600"}, "size", "heatmaps and matrices");
    onlyFor("--min of a matrix", {kIn, "--view", "latency", "-o", "l.png", "--min", "5%"}, "min",
            "graphs and heatmaps");

    // Bad values.
    row("bad measure", {kIn, "--view", "mem-heatmap", "-o", "m.png", "--measure", "rss"},
        QStringLiteral("--measure 'rss' is unknown: use total-pages, anon-pages, dirty-anon-pages, bytes"));
    row("--rows 0", {kIn, "--view", "cpu-heatmap", "-o", "c.png", "--rows", "0"},
        QStringLiteral("--rows '0' is not a number of rows: use a number from 1 on, or all"));
    row("--rows some", {kIn, "--view", "cpu-heatmap", "-o", "c.png", "--rows", "some"},
        QStringLiteral("--rows 'some' is not a number of rows: use a number from 1 on, or all"));
    row("bad sort", {kIn, "--view", "cpu-heatmap", "-o", "c.png", "--sort", "size"},
        QStringLiteral("--sort 'size' is unknown: use remote, cpu, memory, process or name"));
    row("bad order", {kIn, "--view", "distance", "-o", "d.png", "--order", "sideways"},
        QStringLiteral("--order 'sideways' is unknown: use natural or distance"));
    row("bad size", {kIn, "--view", "distance", "-o", "d.png", "--size", "100x100"},
        QStringLiteral("--size '100x100' is not a picture size: use WIDTHxHEIGHT, 120 to 16000 pixels a side "
                       "(1600x1000)"));
    row("bad engine", {kIn, "-o", "g.svg", "--engine", "circo"},
        QStringLiteral("--engine 'circo' is not a layout engine: use packed, or dot, neato, fdp or sfdp with "
                       "--format dot"));
    row("Graphviz engine for a drawing", {kIn, "-o", "g.svg", "--engine", "neato"},
        QStringLiteral(
            "--engine neato does not keep every item inside its box: drawings and --format json use "
            "packed (the default); neato is for --format dot"));
    row("Graphviz engine for the layout JSON", {kIn, "-o", "g.json", "--engine", "dot"},
        QStringLiteral("--engine dot does not keep every item inside its box: drawings and --format json use "
                       "packed (the default); dot is for --format dot"));
    row("bad page", {kIn, "-o", "g.pdf", "--page", "a5"},
        QStringLiteral("--page 'a5' is unknown: use a4, a3 or letter, each with -landscape (the default) or "
                       "-portrait"));
    row("dpi too high", {kIn, "-o", "g.png", "--dpi", "5000"},
        QStringLiteral("--dpi '5000' is out of range: use a number from 18 to 1200"));
    row("dpi not a number", {kIn, "-o", "g.png", "--dpi", "high"},
        QStringLiteral("--dpi 'high' is out of range: use a number from 18 to 1200"));
    row("bad snapshot", {kIn, "-o", "g.svg", "--snapshot", "-1"},
        QStringLiteral("--snapshot takes a number from 0"));
    row("unknown kind", {kIn, "-o", "g.svg", "--hide", "thread,frob"},
        QStringLiteral("--hide 'frob' is not an entity kind: use %1").arg(cliKindNames()));
    row("heatmap hides threads only", {kIn, "--view", "cpu-heatmap", "-o", "c.png", "--hide", "process"},
        QStringLiteral(
            "--hide process: heatmaps and matrices can hide threads only (--hide thread leaves one row "
            "per process)"));
    row("bad min", {kIn, "-o", "g.svg", "--min", "150%"},
        QStringLiteral("--min '150%' is not a share of CPU time: use 0 to 1 (0.05) or a percentage (5%)"));
    row("bad cpu-range-limit", {kIn, "-o", "g.svg", "--cpu-range-limit", "0"},
        QStringLiteral("--cpu-range-limit takes a number from 1"));
    row("negative per-node", {kIn, "-o", "g.svg", "--per-node", "-1"},
        QStringLiteral("--per-node takes a number from 0 (0 draws every process)"));
    row("per-node not a number", {kIn, "-o", "g.svg", "--per-node", "few"},
        QStringLiteral("--per-node takes a number from 0 (0 draws every process)"));

    // CSV of heatmaps and matrices: its own options, messages and usage line.
    row("csv, no FILE", {"--view", "cpu-heatmap", "--format", "csv"}, csvUsage);
    row("csv, two FILEs", {kIn, kIn, "--view", "cpu-heatmap", "--format", "csv"}, csvUsage);
    row("csv, -- makes an option FILE", {"--view", "distance", "--format", "csv", "--", kIn, "--frob"},
        csvUsage);
    row("csv, a drawing option", {kIn, "--view", "cpu-heatmap", "--format", "csv", "--dpi", "300"},
        QStringLiteral("Unknown option 'dpi'."));
    row("csv, a drawing option with =", {kIn, "--view", "cpu-heatmap", "--format", "csv", "--dpi=300"},
        QStringLiteral("Unknown option 'dpi'."));
    row("csv, a drawing option without its value", {kIn, "--view", "cpu-heatmap", "--format", "csv", "--dpi"},
        QStringLiteral("Unknown option 'dpi'."));
    row("csv, a drawing flag with a value",
        {kIn, "--view", "cpu-heatmap", "--format", "csv", "--ascending=1"},
        QStringLiteral("Unknown option 'ascending'."));
    row("csv, --min and --hide",
        {kIn, "--view", "cpu-heatmap", "-o", "c.csv", "--min", "5%", "--hide", "thread"},
        QStringLiteral("Unknown options: min, hide."));
    row("csv, an unknown option", {kIn, "--view", "distance", "--format", "csv", "--frob"},
        QStringLiteral("Unknown option 'frob'."));
    row("csv, a missing value", {kIn, "--view", "distance", "--format", "csv", "--snapshot"},
        QStringLiteral("Missing value after '--snapshot'."));
    row("csv, --measure of a cpu heatmap",
        {kIn, "--view", "cpu-heatmap", "--format", "csv", "--measure", "bytes"},
        QStringLiteral("--measure applies to --view mem-heatmap only"));
    row("csv, bad measure", {kIn, "--view", "mem-heatmap", "--format", "csv", "--measure", "Bytes"},
        QStringLiteral("--measure must be total-pages, anon-pages, dirty-anon-pages, bytes, not 'Bytes'"));
    row("csv, --order of a heatmap", {kIn, "--view", "cpu-heatmap", "--format", "csv", "--order", "distance"},
        QStringLiteral("--order applies to the matrix views (distance, latency, bandwidth) only"));
    row("csv, bad order", {kIn, "--view", "distance", "-o", "d.csv", "--order", "Natural"},
        QStringLiteral("--order must be natural or distance, not 'Natural'"));
    row("csv, bad snapshot", {kIn, "--view", "distance", "-o", "-", "--snapshot", "x"},
        QStringLiteral("--snapshot takes a snapshot number from 0, not 'x'"));
}

void TestExportCommandLine::errors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, error);
    const ExportCommandLine line = parse(args);
    QVERIFY(!line.request);
    QCOMPARE(line.error, error);
    QCOMPARE(line.exitCode, int(Usage));
    QVERIFY(line.help.isEmpty());
}

void TestExportCommandLine::help_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("--help") << QStringList{QStringLiteral("--help")};
    QTest::newRow("-h") << QStringList{QStringLiteral("-h")};
    QTest::newRow("--help with a whole command")
        << QStringList{kIn, QStringLiteral("-o"), QStringLiteral("g.svg"), QStringLiteral("--help")};
    // --help documents graphs, heatmaps and CSV together, whatever else is asked.
    QTest::newRow("--help with a CSV export") << QStringList{kIn,
                                                             QStringLiteral("--view"),
                                                             QStringLiteral("distance"),
                                                             QStringLiteral("--format"),
                                                             QStringLiteral("csv"),
                                                             QStringLiteral("--help")};
}

void TestExportCommandLine::help()
{
    QFETCH(QStringList, args);
    const ExportCommandLine line = parse(args);
    QVERIFY(!line.request);
    QCOMPARE(line.exitCode, int(Ok));
    QVERIFY(line.error.isEmpty());
    QVERIFY2(line.help.startsWith(QStringLiteral("Usage: ")), qPrintable(line.help));
    for (const char* option :
         {"-o, --output <OUT>", "--view <VIEW>", "--format <FORMAT>", "--engine <ENGINE>", "--dpi <N>",
          "--snapshot <N>", "--hide <KINDS>", "--min <SHARE>", "--expand <ID>", "--cpu-range-limit <N>",
          "--caches", "--measure <MEASURE>", "--sort <KEY>", "--ascending", "--order <natural|distance>",
          "--size <WxH>", "FILE"})
        QVERIFY2(line.help.contains(QLatin1String(option)), option);
    QVERIFY(line.help.contains(QStringLiteral("or its numbers as CSV")));
    QVERIFY(line.help.simplified().contains(cliKindNames())); // wrapped in the help
}

QTEST_GUILESS_MAIN(TestExportCommandLine)
#include "tst_export_command_line.moc"
