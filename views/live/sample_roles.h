// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Qt>

namespace numasight {

// Roles shared by the tables of one sample (threads, process memory), so one filter proxy serves both.
enum SampleRole
{
    SampleSortRole = Qt::UserRole + 1, // number or text the column sorts by
    SampleSearchTextRole,              // lower-case "comm pid tid" the filter's text matches
    SampleCpusRole,                    // QList<int>: CPUs the row ran on or may run on, for "cpu:N"
    SamplePidRole,                     // qint64
    SampleTidRole,                     // qint64, -1 for process rows
};

} // namespace numasight
