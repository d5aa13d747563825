// SPDX-License-Identifier: GPL-3.0-or-later
// OutputFile: whole or nothing whatever the file system says, symlinks written through, the input never
// overwritten; terminalLine(): any message on one line.
#include "report/output_file.h"
#include "report/terminal_line.h"
#include "support/file_size_limit.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace numasight;

namespace {
QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing>");
}

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}
} // namespace

class TestOutputFile : public QObject
{
    Q_OBJECT
private slots:
    void writesWhole();
    void fileSizeLimit_data();
    void fileSizeLimit();
    void symlinkWrittenThrough();
    void keepsMode();
    void sameFile();
    void terminalLine_data();
    void terminalLine();

private:
    QTemporaryDir m_dir;
};

void TestOutputFile::writesWhole()
{
    const QString path = m_dir.filePath(QStringLiteral("whole.txt"));
    QVERIFY(writeFile(path, "old"));
    QCOMPARE(writeOutputFile(path, "new content"), std::nullopt);
    QCOMPARE(readAll(path), QByteArray("new content"));
    QCOMPARE(QDir(m_dir.path()).entryList(QDir::Files | QDir::Hidden),
             QStringList{QStringLiteral("whole.txt")});
}

void TestOutputFile::fileSizeLimit_data()
{
    QTest::addColumn<int>("limit");
    QTest::addColumn<int>("size");
    // Qt's buffered QSaveFile renamed its temporary after a failed flush: these sizes fit its buffer.
    QTest::newRow("one byte fits") << 1 << 100;
    QTest::newRow("a part fits") << 4096 << 9768;
    QTest::newRow("all but one byte") << 1000 << 1001;
}

// What a full disk does (EFBIG is ENOSPC's twin here): the old file stays, no temporary is left.
void TestOutputFile::fileSizeLimit()
{
    QFETCH(int, limit);
    QFETCH(int, size);
    const QString dir = m_dir.filePath(QStringLiteral("limit-%1").arg(limit));
    QVERIFY(QDir().mkpath(dir));
    const QString path = dir + QStringLiteral("/out.csv");
    QVERIFY(writeFile(path, "old"));
    std::optional<QString> error;
    {
        test::FileSizeLimit fsize{rlim_t(limit)};
        QVERIFY(fsize.ok());
        error = writeOutputFile(path, QByteArray(size, 'x'));
    }
    QVERIFY(error.has_value());
    QVERIFY2(error->startsWith(path + QStringLiteral(": cannot write: ")), qPrintable(*error));
    QVERIFY2(!error->contains(QLatin1Char('\n')), qPrintable(*error));
    QCOMPARE(readAll(path), QByteArray("old"));
    QCOMPARE(QDir(dir).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("out.csv")});
}

void TestOutputFile::symlinkWrittenThrough()
{
    const QString target = m_dir.filePath(QStringLiteral("target.dot"));
    const QString link = m_dir.filePath(QStringLiteral("link.dot"));
    QVERIFY(writeFile(target, "old"));
    QVERIFY(QFile::link(target, link));
    QCOMPARE(writeOutputFile(link, "digraph {}"), std::nullopt);
    QVERIFY(QFileInfo(link).isSymLink());
    QCOMPARE(readAll(target), QByteArray("digraph {}"));
}

void TestOutputFile::keepsMode()
{
    const QString path = m_dir.filePath(QStringLiteral("mode.txt"));
    QVERIFY(writeFile(path, "old"));
    QVERIFY(QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup));
    QCOMPARE(writeOutputFile(path, "new"), std::nullopt);
    struct stat st = {};
    QCOMPARE(::stat(QFile::encodeName(path).constData(), &st), 0);
    QCOMPARE(st.st_mode & 0777, mode_t(0640));
}

void TestOutputFile::sameFile()
{
    const QString input = m_dir.filePath(QStringLiteral("in.json"));
    QVERIFY(writeFile(input, "{}"));
    const QString link = m_dir.filePath(QStringLiteral("in-link.json"));
    QVERIFY(QFile::link(input, link));
    QVERIFY(numasight::sameFile(input, input));
    QVERIFY(numasight::sameFile(input, m_dir.path() + QStringLiteral("/./in.json")));
    QVERIFY(numasight::sameFile(input, link));
    QVERIFY(!numasight::sameFile(input, m_dir.filePath(QStringLiteral("other.json"))));
}

void TestOutputFile::terminalLine_data()
{
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("line");
    QTest::newRow("plain") << "graph.json:1:2: bad"
                           << "graph.json:1:2: bad";
    QTest::newRow("newlines") << "schema:\nCREATE TABLE a(\n  x INT\n);"
                              << "schema: CREATE TABLE a( x INT );";
    QTest::newRow("CR from MLC") << "mlc.txt:3: 'Numa node\r' is unknown"
                                 << "mlc.txt:3: 'Numa node ' is unknown";
    QTest::newRow("CRLF at the end") << "bad\r\n"
                                     << "bad";
    QTest::newRow("ESC and BEL") << "a\x1b[2Jb\x07"
                                 << "a\\e[2Jb\\a";
    QTest::newRow("C1 CSI") << QStringLiteral("a\u009b2Jb") << "a\\u009b2Jb";
    QTest::newRow("too long") << QString(1500, QLatin1Char('x'))
                              << QString(999, QLatin1Char('x')) + QChar(0x2026);
}

void TestOutputFile::terminalLine()
{
    QFETCH(QString, message);
    QFETCH(QString, line);
    QCOMPARE(numasight::terminalLine(message), line);
}

QTEST_GUILESS_MAIN(TestOutputFile)
#include "tst_output_file.moc"
