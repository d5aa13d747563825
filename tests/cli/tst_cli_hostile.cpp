// SPDX-License-Identifier: GPL-3.0-or-later
// numasight-cli's outputs against what a hostile or unlucky environment does to them: a full
// disk, a full standard output, signals during an export, an output that is the input or a symlink, and
// names made to break an SVG, a spreadsheet or a terminal.
#include "support/file_size_limit.h"
#include "support/test_process.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QXmlStreamReader>

#include <csignal>
#include <memory>
#include <sys/mount.h>
#include <sys/resource.h>
#include <unistd.h>

using namespace numasight::test;

// How the disk is full: RLIMIT_FSIZE with SIGXFSZ ignored, RLIMIT_FSIZE as a shell's `ulimit -f` sets it, or
// a full tmpfs (root only).
enum class Disk
{
    FileSizeLimit,
    UlimitF,
    FullTmpfs
};
Q_DECLARE_METATYPE(Disk)

namespace {
const QString kWitty = QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json");
const QByteArray kOld = "the file as it was before the command\n";

ProcessRun cli(const QStringList& args)
{
    return runProcess(QStringLiteral(NUMASIGHT_CLI), args);
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing>");
}

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size() && f.flush();
}

// What a command left in `dir` besides `keep`: temporaries of a write that did not finish.
QStringList leftovers(const QString& dir, const QStringList& keep)
{
    QStringList out;
    for (const QString& name : QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::System))
        if (!keep.contains(name))
            out << name;
    return out;
}

// The witty fixture with the process "containerd-shim" renamed to `name` (JSON-escaped), in `path`.
bool writeRenamedWitty(const QString& path, const QString& name)
{
    QByteArray text = readAll(kWitty);
    QByteArray quoted = QJsonDocument(QJsonArray{name}).toJson(QJsonDocument::Compact);
    quoted = quoted.mid(1, quoted.size() - 2); // ["…"] → "…"
    text.replace("\"containerd-shim\"", quoted);
    return writeFile(path, text);
}

// Every pid whose parent is `parent`.
QList<qint64> childrenOf(qint64 parent)
{
    QList<qint64> out;
    for (const QString& entry : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        bool ok = false;
        const qint64 pid = entry.toLongLong(&ok);
        if (!ok)
            continue;
        const QByteArray stat = readAll(QStringLiteral("/proc/%1/stat").arg(pid));
        const qsizetype close = stat.lastIndexOf(')');
        if (close < 0)
            continue;
        const QList<QByteArray> fields = stat.mid(close + 2).split(' '); // state ppid …
        if (fields.size() > 1 && fields[1].toLongLong() == parent)
            out << pid;
    }
    return out;
}

// Whether `pid` still runs (a zombie waiting for a reaper has stopped).
bool running(qint64 pid)
{
    const QByteArray stat = readAll(QStringLiteral("/proc/%1/stat").arg(pid));
    const qsizetype close = stat.lastIndexOf(')');
    return close >= 0 && stat.size() > close + 2 && stat[close + 2] != 'Z' && stat[close + 2] != 'X';
}

// A tmpfs of `bytes` at `dir`, unmounted on destruction; !ok() when this user cannot mount.
struct SmallTmpfs
{
    QString dir;
    bool ok = false;
    SmallTmpfs(const QString& at, int kib)
        : dir(at)
    {
        QDir().mkpath(dir);
        const QByteArray options = "size=" + QByteArray::number(kib) + "k";
        ok = ::mount("tmpfs", QFile::encodeName(dir).constData(), "tmpfs", 0, options.constData()) == 0;
    }
    ~SmallTmpfs()
    {
        if (ok)
            ::umount2(QFile::encodeName(dir).constData(), MNT_DETACH);
    }
    // Fills what is left with one file, so that the next write fails with ENOSPC.
    bool fill() const
    {
        QFile f(dir + QStringLiteral("/filler"));
        if (!f.open(QIODevice::WriteOnly))
            return false;
        const QByteArray block(512, 'x');
        while (f.write(block) == block.size() && f.flush()) {
        }
        QByteArray byte(1, 'x');
        while (f.write(byte) == 1 && f.flush()) {
        }
        return true;
    }
};
} // namespace

class TestCliHostile : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void fullDisk_data();
    void fullDisk();
    void fullStandardOutput_data();
    void fullStandardOutput();
    void convertToStandardOutput();
    void signalDuringExport_data();
    void signalDuringExport();
    void outputIsInput_data();
    void outputIsInput();
    void outputThroughSymlink();
    void controlCharactersInSvg_data();
    void controlCharactersInSvg();
    void csvInjection();
    void longName();
    void oneLineErrors();
    void outOfMemory_data();
    void outOfMemory();

private:
    QString path(const QString& name) const { return m_dir.filePath(name); }
    QTemporaryDir m_dir;
};

void TestCliHostile::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

void TestCliHostile::fullDisk_data()
{
    QTest::addColumn<QStringList>("args"); // "@" is the output
    QTest::addColumn<QString>("out");
    QTest::addColumn<Disk>("disk");
    const QList<std::pair<const char*, QStringList>> commands{
        {"export dot",
         {QStringLiteral("export"), kWitty, QStringLiteral("-o"), QStringLiteral("@"),
          QStringLiteral("--format"), QStringLiteral("dot")}},
        {"export csv",
         {QStringLiteral("export"), kWitty, QStringLiteral("--view"), QStringLiteral("distance"),
          QStringLiteral("--format"), QStringLiteral("csv"), QStringLiteral("-o"), QStringLiteral("@")}},
        {"export svg",
         {QStringLiteral("export"), kWitty, QStringLiteral("-o"), QStringLiteral("@"),
          QStringLiteral("--format"), QStringLiteral("svg")}},
        {"export png",
         {QStringLiteral("export"), kWitty, QStringLiteral("-o"), QStringLiteral("@"),
          QStringLiteral("--format"), QStringLiteral("png")}},
        {"export heatmap svg",
         {QStringLiteral("export"), kWitty, QStringLiteral("--view"), QStringLiteral("distance"),
          QStringLiteral("--format"), QStringLiteral("svg"), QStringLiteral("-o"), QStringLiteral("@")}},
        {"convert witty",
         {QStringLiteral("convert"), kWitty, QStringLiteral("-o"), QStringLiteral("@"),
          QStringLiteral("--to"), QStringLiteral("witty")}},
        {"convert capture",
         {QStringLiteral("convert"), kWitty, QStringLiteral("-o"), QStringLiteral("@"),
          QStringLiteral("--to"), QStringLiteral("capture")}},
    };
    const char* const names[] = {"file size limit", "ulimit -f (SIGXFSZ not ignored)", "full tmpfs"};
    for (const Disk disk : {Disk::FileSizeLimit, Disk::UlimitF, Disk::FullTmpfs})
        for (const auto& [name, args] : commands)
            QTest::addRow("%s, %s", name, names[int(disk)]) << args << QStringLiteral("out.file") << disk;
}

// Defect 1: a write that fails (ENOSPC, EFBIG) exits 1 naming the file and leaves the old one as it was.
void TestCliHostile::fullDisk()
{
    QFETCH(QStringList, args);
    QFETCH(QString, out);
    QFETCH(Disk, disk);
    const bool tmpfs = disk == Disk::FullTmpfs;
    const QString dir = path(QStringLiteral("disk-%1").arg(QTest::currentDataTag()).replace(' ', '_'));
    QVERIFY(QDir().mkpath(dir));
    std::unique_ptr<SmallTmpfs> small;
    if (tmpfs) {
        if (geteuid() != 0)
            QSKIP("mounting a tmpfs needs root (CI runs as root); the file size limit rows cover the rest");
        small = std::make_unique<SmallTmpfs>(dir, 64);
        if (!small->ok)
            QSKIP(qPrintable(QStringLiteral("cannot mount a tmpfs here: %1").arg(qt_error_string(errno))));
    }
    const QString target = dir + QLatin1Char('/') + out;
    QVERIFY(writeFile(target, kOld));
    for (QString& a : args)
        if (a == u"@")
            a = target;
    ProcessRun r;
    if (tmpfs) {
        QVERIFY(small->fill());
        r = cli(args);
    } else {
        // 64 bytes: less than any of these outputs; the CLI and its helper inherit the limit.
        FileSizeLimit limit(64);
        QVERIFY(limit.ok());
        // A shell's `ulimit -f` leaves SIGXFSZ at its default, which ends the process at the first write
        // past the limit unless it ignores the signal itself.
        r = disk == Disk::UlimitF ? runProcess(QStringLiteral(NUMASIGHT_CLI), args, 120000,
                                               [] { std::signal(SIGXFSZ, SIG_DFL); })
                                  : cli(args);
    }
    QCOMPARE(r.exitCode, 1);
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.contains(target), qPrintable(err));
    QCOMPARE(err.count(QLatin1Char('\n')), 1);
    QVERIFY2(!err.contains(QLatin1String("Unknown error")), qPrintable(err));
    QCOMPARE(readAll(target), kOld);
    QCOMPARE(leftovers(dir, {out, QStringLiteral("filler")}), QStringList());
}

void TestCliHostile::fullStandardOutput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("info --json") << QStringList{QStringLiteral("info"), kWitty, QStringLiteral("--json")};
    QTest::newRow("info") << QStringList{QStringLiteral("info"), kWitty};
    QTest::newRow("advise") << QStringList{QStringLiteral("advise"), kWitty};
    QTest::newRow("advise --json") << QStringList{QStringLiteral("advise"), kWitty, QStringLiteral("--json")};
    QTest::newRow("diff") << QStringList{QStringLiteral("diff"), kWitty, kWitty, QStringLiteral("--all")};
    QTest::newRow("export -o - dot") << QStringList{QStringLiteral("export"),   kWitty,
                                                    QStringLiteral("-o"),       QStringLiteral("-"),
                                                    QStringLiteral("--format"), QStringLiteral("dot")};
    QTest::newRow("export -o - csv") << QStringList{QStringLiteral("export"),   kWitty,
                                                    QStringLiteral("--view"),   QStringLiteral("distance"),
                                                    QStringLiteral("--format"), QStringLiteral("csv"),
                                                    QStringLiteral("-o"),       QStringLiteral("-")};
    QTest::newRow("convert -o -") << QStringList{QStringLiteral("convert"), kWitty, QStringLiteral("-o"),
                                                 QStringLiteral("-")};
}

// Defect 6: a standard output that takes nothing (/dev/full) is a failure, said in one line.
void TestCliHostile::fullStandardOutput()
{
    QFETCH(QStringList, args);
    QProcess p;
    p.setWorkingDirectory(m_dir.path());
    p.setStandardOutputFile(QStringLiteral("/dev/full"));
    p.start(QStringLiteral(NUMASIGHT_CLI), args);
    p.closeWriteChannel();
    QVERIFY(p.waitForFinished(120000));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QCOMPARE(p.exitCode(), 1);
    QVERIFY2(err.contains(QLatin1String("standard output")), qPrintable(err));
    QCOMPARE(err.count(QLatin1Char('\n')), 1);
    QVERIFY(!QFileInfo::exists(path(QStringLiteral("-"))));
}

// Defect 6: "-o -" is standard output, not a file named "-".
void TestCliHostile::convertToStandardOutput()
{
    QProcess p;
    p.setWorkingDirectory(m_dir.path());
    p.start(QStringLiteral(NUMASIGHT_CLI),
            {QStringLiteral("convert"), kWitty, QStringLiteral("-o"), QStringLiteral("-")});
    p.closeWriteChannel();
    QVERIFY(p.waitForFinished(120000));
    QCOMPARE(p.exitCode(), 0);
    const QJsonDocument graph = QJsonDocument::fromJson(p.readAllStandardOutput());
    QVERIFY(graph.isObject());
    QVERIFY(graph.object().contains(QLatin1String("nodes")));
    QVERIFY(!QFileInfo::exists(path(QStringLiteral("-"))));
    // A capture is SQLite and needs a file.
    const ProcessRun r = cli({QStringLiteral("convert"), kWitty, QStringLiteral("-o"), QStringLiteral("-"),
                              QStringLiteral("--to"), QStringLiteral("capture")});
    QCOMPARE(r.exitCode, 2);
}

void TestCliHostile::signalDuringExport_data()
{
    QTest::addColumn<int>("signal");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("format");
    QTest::newRow("SIGINT, png") << int(SIGINT) << 130 << "png";
    QTest::newRow("SIGTERM, png") << int(SIGTERM) << 143 << "png";
    QTest::newRow("SIGTERM, svg") << int(SIGTERM) << 143 << "svg";
}

// Defect 9: a signal to numasight-cli alone (not its process group) during a drawn export ends it with the
// documented code, ends its helper, and leaves no file.
void TestCliHostile::signalDuringExport()
{
    QFETCH(int, signal);
    QFETCH(int, exitCode);
    QFETCH(QString, format);
    const QString big = path(QStringLiteral("big.json"));
    if (!QFileInfo::exists(big)) {
        const ProcessRun scaled = runProcess(QStringLiteral(NUMASIGHT_WITTY_SCALE),
                                             {kWitty, QStringLiteral("200"), QStringLiteral("-o"), big});
        QVERIFY2(scaled.exitCode == 0, scaled.err.constData());
    }
    const QString dir = path(QStringLiteral("signal-%1").arg(signal) + format);
    QVERIFY(QDir().mkpath(dir));
    const QString out = dir + QStringLiteral("/big.") + format;
    QProcess p;
    p.start(QStringLiteral(NUMASIGHT_CLI),
            {QStringLiteral("export"), big, QStringLiteral("-o"), out, QStringLiteral("--format"), format});
    QVERIFY(p.waitForStarted());
    // Signalled while its helper works.
    QList<qint64> helpers;
    QElapsedTimer waited;
    waited.start();
    while (helpers.isEmpty() && p.state() == QProcess::Running && waited.elapsed() < 60000) {
        QThread::msleep(20);
        helpers = childrenOf(p.processId());
    }
    QVERIFY2(!helpers.isEmpty(), "the helper never started");
    QThread::msleep(300);
    QVERIFY2(p.state() == QProcess::Running, "the export ended before the signal: the input is too small");
    QCOMPARE(::kill(pid_t(p.processId()), signal), 0);
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), exitCode);
    QElapsedTimer gone;
    gone.start();
    while (running(helpers.first()) && gone.elapsed() < 10000)
        QThread::msleep(50);
    QVERIFY2(!running(helpers.first()), "the helper outlived numasight-cli");
    QVERIFY(!QFileInfo::exists(out));
    QCOMPARE(leftovers(dir, {}), QStringList());
}

void TestCliHostile::outputIsInput_data()
{
    QTest::addColumn<QString>("how");
    QTest::addColumn<QString>("format");
    QTest::newRow("same path, dot") << "same"
                                    << "dot";
    QTest::newRow("same path, csv") << "same"
                                    << "csv";
    QTest::newRow("./ spelling, dot") << "dot-slash"
                                      << "dot";
    QTest::newRow("symlink to the input, dot") << "symlink"
                                               << "dot";
    QTest::newRow("hard link to the input, csv") << "hardlink"
                                                 << "csv";
}

// Defect 10: export refuses to write over what it reads, under any name.
void TestCliHostile::outputIsInput()
{
    QFETCH(QString, how);
    QFETCH(QString, format);
    const QString input = path(QStringLiteral("input-%1-%2.json").arg(how, format));
    const QByteArray content = readAll(kWitty);
    QVERIFY(writeFile(input, content));
    QString output = input;
    if (how == u"dot-slash") {
        output = QFileInfo(input).path() + QStringLiteral("/./") + QFileInfo(input).fileName();
    } else if (how == u"symlink") {
        output = input + QStringLiteral(".link");
        QVERIFY(QFile::link(input, output));
    } else if (how == u"hardlink") {
        output = input + QStringLiteral(".hard");
        QCOMPARE(::link(QFile::encodeName(input).constData(), QFile::encodeName(output).constData()), 0);
    }
    QStringList args{QStringLiteral("export"),   input, QStringLiteral("-o"), output,
                     QStringLiteral("--format"), format};
    if (format == u"csv")
        args << QStringLiteral("--view") << QStringLiteral("distance");
    const ProcessRun r = cli(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("input and output are the same file"), r.err.constData());
    QCOMPARE(readAll(input), content);
}

// Defect 10: an output that is a symlink is written through: the link stays, its target gets the content.
void TestCliHostile::outputThroughSymlink()
{
    const QString target = path(QStringLiteral("real.dot"));
    const QString link = path(QStringLiteral("link.dot"));
    QVERIFY(writeFile(target, kOld));
    QVERIFY(QFile::link(target, link));
    const ProcessRun r = cli({QStringLiteral("export"), kWitty, QStringLiteral("-o"), link,
                              QStringLiteral("--format"), QStringLiteral("dot")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(QFileInfo(link).isSymLink());
    QVERIFY(readAll(target).startsWith("digraph") || readAll(target).startsWith("graph"));
}

void TestCliHostile::controlCharactersInSvg_data()
{
    QTest::addColumn<QStringList>("options");
    QTest::newRow("graph") << QStringList{};
    QTest::newRow("cpu heatmap") << QStringList{QStringLiteral("--view"), QStringLiteral("cpu-heatmap")};
    QTest::newRow("memory heatmap") << QStringList{QStringLiteral("--view"), QStringLiteral("mem-heatmap")};
}

// Defect 14: control characters in a name do not make the SVG invalid XML.
void TestCliHostile::controlCharactersInSvg()
{
    QFETCH(QStringList, options);
    const QString input = path(QStringLiteral("control.json"));
    QVERIFY(writeRenamedWitty(input, QStringLiteral("evil\x1b[31m\x01\x07\x08name")));
    const QString out = path(QStringLiteral("control-%1.svg").arg(QTest::currentDataTag()).replace(' ', '_'));
    const ProcessRun r =
        cli(QStringList{QStringLiteral("export"), input, QStringLiteral("-o"), out} + options);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QByteArray svg = readAll(out);
    QXmlStreamReader xml(svg);
    while (!xml.atEnd())
        xml.readNext();
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(svg.contains("evil"));
}

// Defect 14: a name a spreadsheet would run as a formula gets a ' in front in the CSV.
void TestCliHostile::csvInjection()
{
    const QString input = path(QStringLiteral("formula.json"));
    QVERIFY(writeRenamedWitty(input, QStringLiteral("=HYPERLINK(\"http://x\")")));
    const QString out = path(QStringLiteral("formula.csv"));
    const ProcessRun r = cli({QStringLiteral("export"), input, QStringLiteral("--view"),
                              QStringLiteral("mem-heatmap"), QStringLiteral("-o"), out});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QByteArray csv = readAll(out);
    QVERIFY2(csv.contains(",\"'=HYPERLINK(\"\"http://x\"\")\","), csv.constData());
    QVERIFY(!csv.contains(",=HYPERLINK") && !csv.contains(",\"=HYPERLINK"));
}

// Defect 14: a 20 000-character name is drawn cut, and the export works.
void TestCliHostile::longName()
{
    const QString input = path(QStringLiteral("long.json"));
    QVERIFY(writeRenamedWitty(input, QString(20000, QLatin1Char('n'))));
    for (const QString& format : {QStringLiteral("dot"), QStringLiteral("svg")}) {
        const QString out = path(QStringLiteral("long.") + format);
        const ProcessRun r = cli(
            {QStringLiteral("export"), input, QStringLiteral("-o"), out, QStringLiteral("--format"), format});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QByteArray text = readAll(out);
        QVERIFY(text.contains(QString(100, QLatin1Char('n')).toUtf8()));
        QVERIFY2(!text.contains(QString(1000, QLatin1Char('n')).toUtf8()), qPrintable(format));
    }
}

// Defect 14: an error is one line whatever it quotes (here a file name with a line break, a CR and an ESC).
void TestCliHostile::oneLineErrors()
{
    const QString input = path(QStringLiteral("bad\nname\r\x1b[2J.json"));
    QVERIFY(writeFile(input, "{\"nodes\": [1, 2"));
    for (const QString& command : {QStringLiteral("info"), QStringLiteral("advise")}) {
        const ProcessRun r = cli({command, input});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY2(!r.err.contains('\r') && !r.err.contains('\x1b'), r.err.constData());
    }
}

// Defect 16: a graph too large for the memory the process may use ends in one line naming the file and what
// to do, exit 1, instead of a crash or a kill. The files are sparse: a valid start, then zeros the parser's
// buffers must be sized for.
void TestCliHostile::outOfMemory_data()
{
    QTest::addColumn<QByteArray>("head");
    QTest::addColumn<qint64>("size");
    QTest::addColumn<qint64>("limit"); // RLIMIT_AS of the command
    QTest::addColumn<QString>("why");  // which check speaks: the parser's allocation, or the budget before it
    const qint64 gib = qint64(1) << 30;
    QTest::newRow("graph, parser cannot allocate")
        << QByteArray("{\"nodes\":[") << qint64(200'000'000) << gib << QStringLiteral("ulimit -v");
    QTest::newRow("envelope, parser cannot allocate")
        << QByteArray("{\"env\":{},\"content\":{\"nodes\":[") << qint64(200'000'000) << gib
        << QStringLiteral("ulimit -v");
    QTest::newRow("graph, refused before reading")
        << QByteArray("{\"nodes\":[") << qint64(900'000'000) << gib << QStringLiteral("needs at least");
}

void TestCliHostile::outOfMemory()
{
#if defined(__SANITIZE_ADDRESS__)
    QSKIP("AddressSanitizer reserves terabytes of address space: an address-space limit stops it, not the "
          "reader");
#endif
    QFETCH(QByteArray, head);
    QFETCH(qint64, size);
    QFETCH(qint64, limit);
    QFETCH(QString, why);
    const QString file = path(QStringLiteral("huge.json"));
    {
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        QCOMPARE(f.write(head), head.size());
        QVERIFY(f.resize(size));
    }
    const ProcessRun r =
        runProcess(QStringLiteral(NUMASIGHT_CLI), {QStringLiteral("info"), file}, 120000, [limit] {
            const rlimit l{rlim_t(limit), rlim_t(limit)};
            setrlimit(RLIMIT_AS, &l);
        });
    QFile::remove(file);
    const QString err = QString::fromUtf8(r.err);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(err.contains(file) && err.contains(QLatin1String("out of memory")) && err.contains(why),
             qPrintable(err));
    QCOMPARE(err.count(QLatin1Char('\n')), 1);
}

QTEST_GUILESS_MAIN(TestCliHostile)
#include "tst_cli_hostile.moc"
