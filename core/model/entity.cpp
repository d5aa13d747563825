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
           containerType.isEmpty() && cacheBytes == 0 && socketAddress.isEmpty() && socketProtocol.isEmpty();
}

void EntityDetailRef::assign(const EntityDetail& value)
{
    if (value.isEmpty())
        m_d.reset();
    else
        m_d = new EntityDetail(value);
}

namespace {

// Where the address ends and the protocol starts in a key "address:port/protocol": the last '/', and the
// last ':' before it. -1 when the key has no such form.
std::pair<qsizetype, qsizetype> socketKeySplit(QStringView key)
{
    const qsizetype slash = key.lastIndexOf(QLatin1Char('/'));
    if (slash < 0)
        return {-1, -1};
    const qsizetype colon = key.left(slash).lastIndexOf(QLatin1Char(':'));
    return {colon, colon < 0 ? -1 : slash};
}

} // namespace

void Entity::setSocket(const QString& socketAddress, int socketPort, const QString& socketProtocol)
{
    port = socketPort;
    // Read back from the key only when that gives exactly these two strings back (an address or protocol
    // holding ':' or '/' may not).
    const PackedText::Utf16 text = key.utf16();
    const QStringView k = text;
    const auto [colon, slash] = socketKeySplit(k);
    socketFromKey = colon >= 0 && k.left(colon) == socketAddress && k.sliced(slash + 1) == socketProtocol &&
                    k.sliced(colon + 1, slash - colon - 1) == QString::number(socketPort);
    if (socketFromKey) {
        if (detail.isAllocated() && (!detail->socketAddress.isEmpty() || !detail->socketProtocol.isEmpty())) {
            detail->socketAddress.clear();
            detail->socketProtocol.clear();
        }
        return;
    }
    if (socketAddress.isEmpty() && socketProtocol.isEmpty() && !detail.isAllocated())
        return;
    detail->socketAddress = socketAddress;
    detail->socketProtocol = socketProtocol;
}

QString Entity::address() const
{
    if (!socketFromKey)
        return detail->socketAddress;
    const PackedText::Utf16 text = key.utf16();
    return text.view().left(socketKeySplit(text).first).toString();
}

QString Entity::protocol() const
{
    if (!socketFromKey)
        return detail->socketProtocol;
    const PackedText::Utf16 text = key.utf16();
    return text.view().sliced(socketKeySplit(text).second + 1).toString();
}

} // namespace numasight
