// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/common/filter_query.h"

#include <QRegularExpression>

namespace numasight {

FilterQuery FilterQuery::parse(const QString& input)
{
    FilterQuery q;
    q.text = input.trimmed().toLower();
    static const QRegularExpression cpuQuery(QStringLiteral("^cpu[:\\s]\\s*(\\d+)$"));
    const auto match = cpuQuery.match(q.text);
    q.cpu = match.hasMatch() ? match.captured(1).toInt() : -1;
    return q;
}

} // namespace numasight
