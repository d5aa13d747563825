// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "collect/bpf/bpf_collectors.h"

#include <QTest>

// Skips the whole test case, with the reason, when BPF programs cannot be loaded here; where they can, the
// kernel must also offer BTF, which every program of numasight needs. A macro: QSKIP must leave the test
// function itself.
#define NUMASIGHT_REQUIRE_BPF()                                                                              \
    do {                                                                                                     \
        QString why;                                                                                         \
        if (!numasight::bpfAvailable(&why))                                                                  \
            QSKIP(qPrintable(why));                                                                          \
        QVERIFY2(why.contains(QLatin1String("BTF")), qPrintable(why));                                       \
    } while (false)
