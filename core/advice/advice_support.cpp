// SPDX-License-Identifier: GPL-3.0-or-later
#include "advice/advice_support.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace numasight {

WittyProcStatus readWittyProcStatus(const QByteArray& payload)
{
    WittyProcStatus out;
    const QJsonObject root = QJsonDocument::fromJson(payload).object();
    QJsonObject st = root.value(QLatin1StringView("proc_status")).toObject();
    if (st.isEmpty())
        st = root.value(QLatin1StringView("numa_access_info"))
                 .toObject()
                 .value(QLatin1StringView("proc_status"))
                 .toObject();
    if (st.isEmpty())
        return out;
    const QJsonValue v = st.value(QLatin1StringView("voluntary_ctxt_switches"));
    const QJsonValue iv = st.value(QLatin1StringView("involuntary_ctxt_switches"));
    if (v.isDouble())
        out.voluntary = v.toDouble();
    if (iv.isDouble())
        out.involuntary = iv.toDouble();
    const QString cpus = st.value(QLatin1StringView("cpus_allowed_list")).toString();
    if (!cpus.isEmpty())
        out.cpusAllowed = CpuSet::fromRangeString(cpus);
    const QString mems = st.value(QLatin1StringView("mems_allowed_list")).toString();
    if (!mems.isEmpty())
        out.memsAllowed = NodeSet::fromRangeString(mems);
    return out;
}

QJsonValue jsonNumber(double x)
{
    return std::isnan(x) ? QJsonValue(QJsonValue::Null) : QJsonValue(x);
}

QJsonValue jsonId(std::int64_t id)
{
    return id < 0 ? QJsonValue(QJsonValue::Null) : QJsonValue(qint64(id));
}

} // namespace numasight
