// SPDX-License-Identifier: GPL-3.0-or-later
#include "entity.h"

namespace numasight {

const EntityDetail& EntityDetailRef::empty()
{
    static const EntityDetail none;
    return none;
}

bool EntityDetail::isEmpty() const
{
    return memoryBytes == 0 && memoryFreeBytes == 0 && memoryTier.isEmpty() && numastat.isEmpty() &&
           cmdline.isEmpty() && pciBusId.isEmpty() && vendor.isEmpty() && containerId.isEmpty() &&
           containerType.isEmpty() && cacheBytes == 0;
}

void EntityDetailRef::assign(const EntityDetail& value)
{
    if (value.isEmpty())
        m_d.reset();
    else
        m_d = new EntityDetail(value);
}

} // namespace numasight
