// SPDX-License-Identifier: GPL-3.0-or-later
// The man pages and shell completion numasight-manual writes from the commands' own descriptions: every
// option of every command is in --help, the man page and docs/cli.md; groff reads the pages without a
// warning; bash completes commands, options and values as a user types them; --version says the git
// description.
#include "cli/commands.h"
#include "cli/manual_writer.h"
#include "report/export_command_line.h"
#include "support/test_process.h"
#include "version.h"

#include <QFile>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace numasight;
using namespace numasight::cli;
using numasight::test::ProcessRun;
using numasight::test::runProcess;

namespace {

const QString kManualDir = QStringLiteral(NUMASIGHT_MANUAL_DIR);

QString readText(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll());
}

QString dashed(const QString& name)
{
    return (name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + name;
}

// What bash's completion offers for `line` typed up to its end, one word per line.
QStringList bashComplete(const QString& script, const QString& line)
{
    const QString program = QStringLiteral(
        "source \"$1\" || exit 3\n"
        "COMP_LINE=$2; COMP_POINT=${#COMP_LINE}\n"
        "read -r -a COMP_WORDS <<<\"$COMP_LINE\"\n"
        "[[ $COMP_LINE == *' ' ]] && COMP_WORDS+=('')\n"
        "COMP_CWORD=$((${#COMP_WORDS[@]} - 1))\n"
        "spec=$(complete -p \"${COMP_WORDS[0]}\") || exit 4\n"
        "function=${spec#*-F }; function=${function%% *}\n"
        "\"$function\" \"${COMP_WORDS[0]}\" \"${COMP_WORDS[COMP_CWORD]}\" \"${COMP_WORDS[COMP_CWORD-1]}\"\n"
        "printf '%s\\n' \"${COMPREPLY[@]}\"\n");
    const ProcessRun r = runProcess(
        QStringLiteral("bash"),
        {QStringLiteral("--norc"), QStringLiteral("-c"), program, QStringLiteral("bash"), script, line},
        30000);
    if (r.exitCode != 0)
        return {QStringLiteral("<bash exit %1: %2>").arg(r.exitCode).arg(QString::fromUtf8(r.err))};
    QStringList words = QString::fromUtf8(r.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    words.sort();
    return words;
}

} // namespace

class TestCliManual : public QObject
{
    Q_OBJECT

private slots:
    void everyOptionIsDocumented_data();
    void everyOptionIsDocumented();
    void groffReadsThePages_data();
    void groffReadsThePages();
    void roffEscape_data();
    void roffEscape();
    void bashCompletes_data();
    void bashCompletes();
    void zshReadsItsScripts_data();
    void zshReadsItsScripts();
    void exportChoicesAreAccepted_data();
    void exportChoicesAreAccepted();
    void versionNamesTheCommit_data();
    void versionNamesTheCommit();
};

// One row per command: the spec's options are what --help prints (it is built from them), and the man page
// and docs/cli.md must not fall behind.
void TestCliManual::everyOptionIsDocumented_data()
{
    QTest::addColumn<QString>("command");
    for (const Command& c : commands())
        QTest::newRow(c.name) << QString::fromLatin1(c.name);
}

void TestCliManual::everyOptionIsDocumented()
{
    QFETCH(QString, command);
    CommandLineSpec spec;
    for (const Command& c : commands())
        if (command == QLatin1String(c.name))
            spec = c.commandLine();
    QVERIFY(!spec.options.isEmpty());
    const QString man = readText(kManualDir + QStringLiteral("/man/numasight-cli.1"));
    const QString docs = readText(QStringLiteral(NUMASIGHT_SOURCE_DIR "/docs/cli.md"));
    QVERIFY(!man.isEmpty());
    QVERIFY(!docs.isEmpty());
    const ProcessRun help = runProcess(QStringLiteral(NUMASIGHT_CLI), {command, QStringLiteral("--help")});
    QCOMPARE(help.exitCode, 0);
    const QString helpText = QString::fromUtf8(help.out);
    QVERIFY2(man.contains(QStringLiteral(".SS \"%1 [options]").arg(command)), qPrintable(command));
    QVERIFY2(docs.contains(QStringLiteral("numasight-cli %1").arg(command)), qPrintable(command));
    for (const QCommandLineOption& option : spec.options) {
        bool inDocs = false; // under any of its names: docs/cli.md writes -o for --output
        for (const QString& name : option.names()) {
            const QString word = dashed(name);
            QVERIFY2(helpText.contains(word), qPrintable(command + QLatin1Char(' ') + word));
            QVERIFY2(man.contains(cli::roffEscape(word)), qPrintable(command + QLatin1Char(' ') + word));
            inDocs =
                inDocs ||
                docs.contains(QRegularExpression(QRegularExpression::escape(word) + QStringLiteral("\\b")));
        }
        QVERIFY2(
            inDocs,
            qPrintable(QStringLiteral("docs/cli.md lacks %1 %2").arg(command, option.names().join(u'/'))));
    }
}

void TestCliManual::groffReadsThePages_data()
{
    QTest::addColumn<QString>("page");
    QTest::addColumn<QString>("mustShow");
    QTest::newRow("numasight-cli") << QStringLiteral("numasight-cli.1") << QStringLiteral("--max-body SIZE");
    QTest::newRow("numasight") << QStringLiteral("numasight.1") << QStringLiteral("--attach");
}

void TestCliManual::groffReadsThePages()
{
    QFETCH(QString, page);
    QFETCH(QString, mustShow);
    const QString groff = QStandardPaths::findExecutable(QStringLiteral("groff"));
    if (groff.isEmpty())
        QSKIP("groff is not installed (apt-get install groff-base)");
    // -ww: every warning; -z would hide the text, so it is rendered and searched.
    const ProcessRun r =
        runProcess(groff, {QStringLiteral("-man"), QStringLiteral("-Tutf8"), QStringLiteral("-ww"),
                           kManualDir + QStringLiteral("/man/") + page});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.isEmpty(), r.err.constData());
    // groff's terminal output marks bold and italics with backspaces; without them the text reads plainly.
    QString text = QString::fromUtf8(r.out);
    text.remove(QRegularExpression(QStringLiteral(".\\x08")));
    QVERIFY2(text.contains(mustShow), qPrintable(text.left(2000)));
    QVERIFY(text.contains(QStringLiteral("SEE ALSO")));
}

void TestCliManual::roffEscape_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("hyphens") << QStringLiteral("--view a-b") << QStringLiteral("\\-\\-view a\\-b");
    QTest::newRow("backslash") << QStringLiteral("C:\\x") << QStringLiteral("C:\\ex");
    QTest::newRow("leading dot") << QStringLiteral(".numasight files")
                                 << QStringLiteral("\\&.numasight files");
    QTest::newRow("leading quote") << QStringLiteral("'quoted'") << QStringLiteral("\\&'quoted'");
    QTest::newRow("dot on a later line") << QStringLiteral("a\n.b") << QStringLiteral("a\n\\&.b");
    QTest::newRow("times sign and ellipsis") << QStringLiteral("8 × 2…") << QStringLiteral("8 x 2...");
}

void TestCliManual::roffEscape()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    QCOMPARE(cli::roffEscape(text), expected);
}

void TestCliManual::bashCompletes_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("line");
    QTest::addColumn<QStringList>("expected"); // sorted; a leading "~" means "contains these"
    const QString cli = QStringLiteral("numasight-cli");
    const QString gui = QStringLiteral("numasight");
    QTest::newRow("a command") << cli << QStringLiteral("numasight-cli exp")
                               << QStringList{QStringLiteral("export")};
    QTest::newRow("every command") << cli << QStringLiteral("numasight-cli ")
                                   << QStringList{QStringLiteral("--help"), QStringLiteral("--version"),
                                                  QStringLiteral("advise"), QStringLiteral("apply"),
                                                  QStringLiteral("attach"), QStringLiteral("convert"),
                                                  QStringLiteral("diff"),   QStringLiteral("export"),
                                                  QStringLiteral("info"),   QStringLiteral("measure"),
                                                  QStringLiteral("merge"),  QStringLiteral("record"),
                                                  QStringLiteral("report")};
    QTest::newRow("--view values") << cli << QStringLiteral("numasight-cli export graph.json --view ")
                                   << QStringList{
                                          QStringLiteral("bandwidth"),   QStringLiteral("combined"),
                                          QStringLiteral("cpu-heatmap"), QStringLiteral("dataflow"),
                                          QStringLiteral("distance"),    QStringLiteral("latency"),
                                          QStringLiteral("machine"),     QStringLiteral("mem-heatmap")};
    QTest::newRow("--view=c") << cli << QStringLiteral("numasight-cli export graph.json --view=c")
                              << QStringList{QStringLiteral("combined"), QStringLiteral("cpu-heatmap")};
    QTest::newRow("an option") << cli << QStringLiteral("numasight-cli export graph.json --for")
                               << QStringList{QStringLiteral("--format")};
    QTest::newRow("--format values") << cli << QStringLiteral("numasight-cli export g.json --format p")
                                     << QStringList{QStringLiteral("pdf"), QStringLiteral("png")};
    QTest::newRow("record --mode") << cli << QStringLiteral("numasight-cli record --mode e")
                                   << QStringList{QStringLiteral("ebpf")};
    QTest::newRow("convert --to") << cli << QStringLiteral("numasight-cli convert a.json --to witty-")
                                  << QStringList{QStringLiteral("witty-envelope"),
                                                 QStringLiteral("witty-jsonl")};
    // bash replaces what follows the last ':' of the word, so that part is offered.
    QTest::newRow(":local:") << cli << QStringLiteral("numasight-cli info :lo")
                             << QStringList{QStringLiteral("local:")};
    QTest::newRow("a value with nothing to offer")
        << cli << QStringLiteral("numasight-cli export g.json --dpi ") << QStringList{};
    QTest::newRow("options of diff") << cli << QStringLiteral("numasight-cli diff a b --")
                                     << QStringList{QStringLiteral("--all"), QStringLiteral("--help"),
                                                    QStringLiteral("--host"), QStringLiteral("--json")};
    QTest::newRow("an unknown command")
        << cli << QStringLiteral("numasight-cli frobnicate --") << QStringList{};
    QTest::newRow("the window's options")
        << gui << QStringLiteral("numasight --at") << QStringList{QStringLiteral("--attach")};
}

void TestCliManual::bashCompletes()
{
    QFETCH(QString, script);
    QFETCH(QString, line);
    QFETCH(QStringList, expected);
    if (QStandardPaths::findExecutable(QStringLiteral("bash")).isEmpty())
        QSKIP("bash is not installed");
    QCOMPARE(bashComplete(kManualDir + QStringLiteral("/bash-completion/") + script, line), expected);
}

void TestCliManual::zshReadsItsScripts_data()
{
    QTest::addColumn<QString>("script");
    QTest::newRow("numasight-cli") << QStringLiteral("_numasight-cli");
    QTest::newRow("numasight") << QStringLiteral("_numasight");
}

void TestCliManual::zshReadsItsScripts()
{
    QFETCH(QString, script);
    const QString zsh = QStandardPaths::findExecutable(QStringLiteral("zsh"));
    if (zsh.isEmpty())
        QSKIP("zsh is not installed (apt-get install zsh)");
    const QString path = kManualDir + QStringLiteral("/zsh/") + script;
    const ProcessRun r = runProcess(zsh, {QStringLiteral("-n"), path});
    QVERIFY2(r.exitCode == 0 && r.err.isEmpty(), r.err.constData());
    // Loaded the way compinit loads it, the function is defined and names every command.
    const ProcessRun loaded = runProcess(
        zsh, {QStringLiteral("-f"), QStringLiteral("-c"),
              QStringLiteral(
                  "autoload -Uz compinit && compinit -u -D && fpath=(%1 $fpath) && autoload -Uz +X %2 && "
                  "functions %2 >/dev/null && echo ok")
                  .arg(QFileInfo(path).path(), script)});
    QVERIFY2(loaded.exitCode == 0 && loaded.out.trimmed() == "ok", loaded.err.constData());
}

// Each value completion offers for export is one the parser takes.
void TestCliManual::exportChoicesAreAccepted_data()
{
    QTest::addColumn<QString>("option");
    QTest::addColumn<QString>("value");
    const CommandLineSpec spec = exportCommandLine();
    for (auto it = spec.choices.constBegin(); it != spec.choices.constEnd(); ++it)
        for (const QString& value : it.value())
            QTest::addRow("--%s %s", qPrintable(it.key()), qPrintable(value)) << it.key() << value;
}

void TestCliManual::exportChoicesAreAccepted()
{
    QFETCH(QString, option);
    QFETCH(QString, value);
    QStringList args{QStringLiteral("numasight-cli"), QStringLiteral("in.json"), QStringLiteral("-o")};
    // Each option where it applies: a heatmap's for heatmaps, a graph's for graphs, CSV for --order.
    const bool heatmap = option == u"measure" || option == u"sort" || option == u"rows";
    const bool matrix = option == u"order";
    if (option == u"view" || option == u"format")
        args << QStringLiteral("out.x") << QStringLiteral("--view")
             << (option == u"view"
                     ? value
                     : (value == u"csv" ? QStringLiteral("cpu-heatmap") : QStringLiteral("combined")));
    else
        args << QStringLiteral("out.svg") << QStringLiteral("--view")
             << (heatmap  ? QStringLiteral("mem-heatmap")
                 : matrix ? QStringLiteral("distance")
                          : QStringLiteral("combined"));
    if (option == u"engine") // Graphviz's own engines are for DOT files only
        args << QStringLiteral("--format") << QStringLiteral("dot");
    else if (option != u"format")
        args << QStringLiteral("--format") << QStringLiteral("svg");
    if (option != u"view")
        args << QStringLiteral("--") + option << value;
    const ExportCommandLine parsed = parseExportCommandLine(args);
    QVERIFY2(parsed.request.has_value(),
             qPrintable(args.join(QLatin1Char(' ')) + QStringLiteral(": ") + parsed.error));
}

void TestCliManual::versionNamesTheCommit_data()
{
    QTest::addColumn<QString>("program");
    QTest::newRow("numasight-cli") << QStringLiteral(NUMASIGHT_CLI);
    // The window's --version needs no display: a package's checks and a server ask it too.
    QTest::newRow("numasight without a display") << QStringLiteral(NUMASIGHT);
}

void TestCliManual::versionNamesTheCommit()
{
    QFETCH(QString, program);
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        env.remove(QLatin1String(name));
    p.setProcessEnvironment(env);
    p.start(program, {QStringLiteral("--version")});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 0);
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    QVERIFY2(out.contains(version()), qPrintable(out));
    if (gitDescription().isEmpty())
        QSKIP("built outside a git checkout: --version shows the version alone");
    QVERIFY2(out.contains(QStringLiteral("(git %1)").arg(gitDescription())), qPrintable(out));
    QVERIFY(QRegularExpression(QStringLiteral("^[0-9a-zA-Z][0-9a-zA-Z._+~-]*$"))
                .match(gitDescription())
                .hasMatch());
}

QTEST_GUILESS_MAIN(TestCliManual)
#include "tst_cli_manual.moc"
