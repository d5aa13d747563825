// SPDX-License-Identifier: GPL-3.0-or-later
// packaging/ssh/numasight-record-hosts.sh with the ssh and scp of tests/cli/fake_ssh, which run each "host"
// in a folder of this machine as sshd would (the command joined and given to sh -c in the home folder): hosts
// recorded in parallel or one at a time, captures copied here and named after the host, the per-host summary
// and exit status when a host is unreachable or its recording fails, quoting through the remote shell, and
// the script's refusals.
#include "support/test_process.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace numasight::test;

namespace {

const QString kScript = QStringLiteral(NUMASIGHT_SOURCE_DIR "/packaging/ssh/numasight-record-hosts.sh");
const QString kFakeSsh = QStringLiteral(NUMASIGHT_SOURCE_DIR "/tests/cli/fake_ssh");

} // namespace

class TestFleetSsh : public QObject
{
    Q_OBJECT
private slots:
    void record_data();
    void record();
};

void TestFleetSsh::record_data()
{
    // ARGS: <OUT> is the local output folder, <HOSTS> the folder holding the hosts' homes, <LIST> a host file
    // ("a" and "b" with comments and a blank line), <CLI> numasight-cli, <FILE> a plain file.
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QStringList>("captured"); // the hosts whose capture is in <OUT>, each checked with info
    QTest::addColumn<QStringList>("messages"); // regular expressions, each matching a line of the output
    const QStringList quick{"-d", "600ms", "-i", "300ms"};
    const QStringList procfs{"--", "--mode", "procfs"};

    QTest::newRow("two hosts at once, numasight-cli from the remote PATH")
        << QStringList{"-o", "<OUT>", "a", "root@b"} + quick + procfs << 0 << QStringList{"a", "b"}
        << QStringList{"^a +ok +<OUT>/a\\.numasight$", "^b +ok +<OUT>/b\\.numasight$",
                       "^numasight-record-hosts\\.sh: 2 of 2 host\\(s\\) captured into <OUT>: a\\.numasight "
                       "b\\.numasight$"};
    QTest::newRow("one at a time, from a host file")
        << QStringList{"-o", "<OUT>", "-f", "<LIST>", "--parallel", "1", "--cli", "<CLI>"} + quick + procfs
        << 0 << QStringList{"a", "b"} << QStringList{"^b +ok +<OUT>/b\\.numasight$"};
    QTest::newRow("an unreachable host fails alone")
        << QStringList{"-o", "<OUT>", "a", "unreachable", "--cli", "<CLI>"} + quick + procfs << 1
        << QStringList{"a"}
        << QStringList{
               "^unreachable +exit 255 +ssh failed: ssh: connect to host unreachable port 22: Connection "
               "refused \\(<OUT>/unreachable\\.log\\)$",
               "^numasight-record-hosts\\.sh: 1 of 2 host\\(s\\) captured into <OUT>: a\\.numasight$",
               "^numasight-record-hosts\\.sh: 1 of 2 host\\(s\\) failed: see their lines above and their "
               "logs$"};
    QTest::newRow("a record option numasight-cli refuses")
        << QStringList{"-o", "<OUT>", "a", "--cli", "<CLI>", "--", "--mode", "bogus"} << 1 << QStringList{}
        << QStringList{"^a +exit 2 +numasight-cli record exited with 2: .*bogus",
                       "^numasight-record-hosts\\.sh: 0 of 1 host\\(s\\) captured into <OUT>$"};
    QTest::newRow("numasight-cli missing on the host")
        << QStringList{"-o", "<OUT>", "a", "--cli", "/nonexistent/numasight-cli"} + quick << 1
        << QStringList{}
        << QStringList{"^a +exit 127 +numasight-cli record exited with 127: .*/nonexistent/numasight-cli"};
    // Quotes, spaces, parentheses and $ reach numasight-cli as one argument through the remote shell: broken
    // quoting is a shell syntax error or a different regular expression, and no capture.
    QTest::newRow("a record option that a shell would split")
        << QStringList{"-o", "<OUT>", "a", "--cli", "<CLI>"} + quick +
               QStringList{"--", "--mode", "procfs", "--comm", "numasight|it's (a $HOME; test)"}
        << 0 << QStringList{"a"} << QStringList{"^a +ok "};
    QTest::newRow("an absolute remote folder")
        << QStringList{"-o", "<OUT>", "a", "--cli", "<CLI>", "--remote-dir", "<HOSTS>/shared/run1"} + quick +
               procfs
        << 0 << QStringList{"a"} << QStringList{"^a +ok "};

    QTest::newRow("no output folder")
        << QStringList{"a"} << 2 << QStringList{}
        << QStringList{"^numasight-record-hosts\\.sh: no output folder: give -o DIR"};
    QTest::newRow("no hosts") << QStringList{"-o", "<OUT>"} << 2 << QStringList{}
                              << QStringList{
                                     "^numasight-record-hosts\\.sh: no hosts: name them after the options"};
    QTest::newRow("a host that is an ssh option")
        << QStringList{"-o", "<OUT>", "-oProxyCommand=touch x"} << 2 << QStringList{}
        << QStringList{"unknown option '-oProxyCommand=touch x'"};
    QTest::newRow("a host with shell characters")
        << QStringList{"-o", "<OUT>", "a;reboot"} << 2 << QStringList{}
        << QStringList{"'a;reboot' is not a host name ssh takes"};
    QTest::newRow("one host twice") << QStringList{"-o", "<OUT>", "a", "root@a"} << 2 << QStringList{}
                                    << QStringList{"host a is given twice \\(a and root@a\\)"};
    QTest::newRow("-o among the record options")
        << QStringList{"-o", "<OUT>", "a", "--", "--output=x.numasight"} << 2 << QStringList{}
        << QStringList{"'--output=x\\.numasight' among the record options"};
    QTest::newRow("--parallel 0") << QStringList{"-o", "<OUT>", "--parallel", "0", "a"} << 2 << QStringList{}
                                  << QStringList{"--parallel takes a number above 0, not '0'"};
    QTest::newRow("a remote folder scp would quote differently")
        << QStringList{"-o", "<OUT>", "--remote-dir", "my runs", "a"} << 2 << QStringList{}
        << QStringList{"--remote-dir 'my runs': use letters"};
    QTest::newRow("a host file that cannot be read")
        << QStringList{"-o", "<OUT>", "-f", "/nonexistent/hosts"} << 2 << QStringList{}
        << QStringList{"cannot read the host list /nonexistent/hosts"};
    QTest::newRow("an output folder that cannot be made")
        << QStringList{"-o", "<FILE>/captures", "a"} << 1 << QStringList{}
        << QStringList{"^numasight-record-hosts\\.sh: cannot create the output folder <FILE>/captures$"};
}

void TestFleetSsh::record()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QStringList, captured);
    QFETCH(QStringList, messages);

    QTemporaryDir work;
    QVERIFY(work.isValid());
    const QString out = work.filePath(QStringLiteral("captures"));
    const QString hosts = work.filePath(QStringLiteral("hosts"));
    const QString list = work.filePath(QStringLiteral("hosts.txt"));
    const QString file = work.filePath(QStringLiteral("plain-file"));
    QFile listFile(list);
    QVERIFY(listFile.open(QIODevice::WriteOnly));
    listFile.write("# the fleet\na   # first\n\n  b\n");
    listFile.close();
    QFile plain(file);
    QVERIFY(plain.open(QIODevice::WriteOnly));
    plain.close();
    // Paths go into the messages escaped, since these are regular expressions.
    const auto fill = [&](QString text, bool regex) {
        const auto put = [regex](const QString& path) {
            return regex ? QRegularExpression::escape(path) : path;
        };
        return text.replace(QLatin1String("<OUT>"), put(out))
            .replace(QLatin1String("<HOSTS>"), put(hosts))
            .replace(QLatin1String("<LIST>"), put(list))
            .replace(QLatin1String("<FILE>"), put(file))
            .replace(QLatin1String("<CLI>"), put(QStringLiteral(NUMASIGHT_CLI)));
    };
    for (QString& arg : args)
        arg = fill(arg, false);

    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("FAKE_SSH_HOSTS"), hosts);
    env.insert(QStringLiteral("PATH"), kFakeSsh + QLatin1Char(':') +
                                           QFileInfo(QStringLiteral(NUMASIGHT_CLI)).absolutePath() +
                                           QLatin1Char(':') + env.value(QStringLiteral("PATH")));
    QElapsedTimer timer;
    timer.start();
    const ProcessRun r = runProcess(env, kScript, args, 60000);
    qInfo("exit %d after %lld ms", r.exitCode, timer.elapsed());
    const QString output = QString::fromUtf8(r.out + r.err);
    QVERIFY2(r.exitCode == exitCode, qPrintable(QStringLiteral("exit %1:\n%2").arg(r.exitCode).arg(output)));
    for (const QString& message : messages) {
        const QRegularExpression pattern(fill(message, true), QRegularExpression::MultilineOption);
        QVERIFY2(pattern.match(output).hasMatch(),
                 qPrintable(pattern.pattern() + QStringLiteral(" not in:\n") + output));
    }

    QStringList expected;
    for (const QString& host : captured)
        expected << host + QStringLiteral(".numasight");
    const QStringList written = QDir(out).entryList({QStringLiteral("*.numasight")}, QDir::Files, QDir::Name);
    QCOMPARE(written, expected);
    // Nothing half-copied is left beside them.
    QCOMPARE(QDir(out).entryList({QStringLiteral(".*.part")}, QDir::Files | QDir::Hidden), QStringList{});
    for (const QString& name : written) {
        const ProcessRun info =
            runProcess(QStringLiteral(NUMASIGHT_CLI),
                       {QStringLiteral("info"), QDir(out).filePath(name), QStringLiteral("--json")});
        QVERIFY2(info.exitCode == 0, info.err.constData());
        const QJsonObject source =
            QJsonDocument::fromJson(info.out).object().value(QStringLiteral("source")).toObject();
        QVERIFY2(source.value(QStringLiteral("samples")).toInt() > 0, info.out.constData());
        QVERIFY2(
            QFile::exists(QDir(out).filePath(name.section(QLatin1Char('.'), 0, 0) + QStringLiteral(".log"))),
            qPrintable(name));
    }
}

QTEST_GUILESS_MAIN(TestFleetSsh)
#include "tst_fleet_ssh.moc"
