// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace numasight {

// What the filter boxes of the entity browser and the Threads dock understand: plain text matched without
// case against names and ids, or "cpu:N" (also "cpu N") for what runs on or is bound to CPU N. Both boxes
// parse it here so that the same words mean the same thing everywhere.
struct FilterQuery
{
    QString text; // lower case, trimmed
    int cpu = -1; // set when text is a "cpu:N" query

    static FilterQuery parse(const QString& input);
    bool isEmpty() const { return text.isEmpty(); }
};

} // namespace numasight
