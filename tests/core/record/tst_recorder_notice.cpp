// SPDX-License-Identifier: GPL-3.0-or-later
// The recorder's warnings as the window logs them: one kind per refused file whatever the pid, the missing
// capability named with how to grant it, and the reason told apart for root with and without CAP_SYS_PTRACE.
#include "record/recorder.h"
#include "record/recorder_notice.h"
#include "util/translation.h"

#include <QCoreApplication>
#include <QLocale>
#include <QTest>

#include <unistd.h>

using namespace numasight;

Q_DECLARE_METATYPE(numasight::OwnCapabilities)

namespace {

OwnCapabilities caps(bool root, bool ptrace, bool bpf = false)
{
    OwnCapabilities c;
    c.known = true;
    c.root = root;
    c.sysPtrace = ptrace;
    c.bpf = bpf;
    c.perfmon = bpf;
    return c;
}

} // namespace

class TestRecorderNotice : public QObject
{
    Q_OBJECT
private slots:
    void explain_data();
    void explain();
    void ebpfFallbackTranslated();
    void ownCapabilities();
};

void TestRecorderNotice::explain_data()
{
    QTest::addColumn<QString>("warning");
    QTest::addColumn<OwnCapabilities>("caps");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<bool>("permission");
    QTest::addColumn<QStringList>("says");    // every one of these
    QTest::addColumn<QStringList>("saysNot"); // none of these
    const QString numaMaps = QStringLiteral("pid 1: cannot read numa_maps: Permission denied");
    QTest::newRow("user without ptrace")
        << numaMaps << caps(false, false) << "refused:numa_maps" << true
        << QStringList{"Cannot read numa_maps", "pid 1", "CAP_SYS_PTRACE",
                       "sudo setcap cap_sys_ptrace,cap_dac_read_search,cap_perfmon,cap_bpf+ep",
                       "run numasight as root"}
        << QStringList{"AppArmor"};
    QTest::newRow("root without ptrace (a container)")
        << numaMaps << caps(true, false) << "refused:numa_maps" << true
        << QStringList{"runs as root but without CAP_SYS_PTRACE", "subset of its own", "pid 1",
                       "--cap-add SYS_PTRACE"}
        << QStringList{"setcap"};
    QTest::newRow("root with ptrace: an LSM")
        << numaMaps << caps(true, true) << "refused:numa_maps" << true
        << QStringList{"AppArmor or SELinux", "user namespace", "Yama's ptrace_scope is not the cause"}
        << QStringList{"setcap"};
    QTest::newRow("another pid, same kind")
        << "pid 4242: cannot read numa_maps: Permission denied" << caps(false, false) << "refused:numa_maps"
        << true << QStringList{"pid 4242"} << QStringList{};
    QTest::newRow("localized strerror")
        << "pid 7: cannot read fd: 权限不够" << caps(false, false) << "refused:fd" << true
        << QStringList{"Cannot read fd", "权限不够"} << QStringList{};
    QTest::newRow("eBPF without its capabilities")
        << "eBPF collectors are not available (bpf() failed: Operation not permitted); recording with procfs"
        << caps(false, false) << "ebpf" << true << QStringList{"CAP_BPF and CAP_PERFMON", "setcap"}
        << QStringList{};
    QTest::newRow("eBPF probe refused (the usual case without capabilities)")
        << "eBPF cannot be used (bpf() failed: Operation not permitted); recording CPU time with procfs "
           "sampling"
        << caps(false, false) << "ebpf" << true << QStringList{"CAP_BPF and CAP_PERFMON", "setcap"}
        << QStringList{};
    QTest::newRow("eBPF with them") << "eBPF collectors did not start (no BTF); recording with procfs"
                                    << caps(true, true, true) << "ebpf" << false
                                    << QStringList{"no BTF", "the reason above is the kernel's"}
                                    << QStringList{"setcap"};
    QTest::newRow("anything else, as it is")
        << "cannot read /proc/vmstat: No such file or directory" << caps(false, false)
        << "cannot read /proc/vmstat: No such file or directory" << false
        << QStringList{"cannot read /proc/vmstat"} << QStringList{"CAP_"};
}

void TestRecorderNotice::explain()
{
    QFETCH(QString, warning);
    QFETCH(OwnCapabilities, caps);
    QFETCH(QString, kind);
    QFETCH(bool, permission);
    QFETCH(QStringList, says);
    QFETCH(QStringList, saysNot);
    const RecorderNotice n = explainRecorderWarning(warning, caps);
    QCOMPARE(n.kind, kind);
    QCOMPARE(n.permission, permission);
    for (const QString& s : says)
        QVERIFY2(n.text.contains(s), qPrintable(s + QStringLiteral(" not in: ") + n.text));
    for (const QString& s : saysNot)
        QVERIFY2(!n.text.contains(s), qPrintable(s + QStringLiteral(" in: ") + n.text));
}

// The recorder writes its warnings in the user's language; the explanation must still be found.
void TestRecorderNotice::ebpfFallbackTranslated()
{
    const char* source = "eBPF cannot be used (%1); recording CPU time with procfs sampling";
    QVERIFY(installTranslations(QLocale(QStringLiteral("zh_CN"))));
    const QString zh =
        QCoreApplication::translate("numasight::Recorder", source).arg(QStringLiteral("EPERM"));
    QVERIFY2(!zh.startsWith(QLatin1String("eBPF cannot")), qPrintable(zh)); // translated
    QVERIFY(isEbpfFallback(zh));
    QCOMPARE(explainRecorderWarning(zh, caps(false, false)).kind, QStringLiteral("ebpf"));
    QVERIFY(!isEbpfFallback(QStringLiteral("cannot read /proc/vmstat: EPERM")));
}

void TestRecorderNotice::ownCapabilities()
{
    // This process: CapEff is in every Linux /proc/self/status, and root is what geteuid() says.
    const OwnCapabilities c = numasight::ownCapabilities();
    QVERIFY(c.known);
    QCOMPARE(c.root, geteuid() == 0);
}

QTEST_GUILESS_MAIN(TestRecorderNotice)
#include "tst_recorder_notice.moc"
