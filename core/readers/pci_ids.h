// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QString>

#include <cstdint>

namespace numasight {

// Names from the PCI ID database (the `pci.ids` file of pciutils/hwdata): what lspci prints. hwloc names a
// PCI function only when its own build had the database; XML from elsewhere often carries bare ids.
class PciIds
{
public:
    // Parses pci.ids text: vendors, their devices, classes and subclasses. Subsystem and programming
    // interface lines are not needed; comments, blank and malformed lines are skipped.
    static PciIds parse(const QByteArray& text);
    static PciIds fromFile(const QString& path); // empty when the file cannot be read

    bool isEmpty() const { return m_vendors.isEmpty() && m_baseClasses.isEmpty(); }
    QString vendor(std::uint16_t vendorId) const;
    QString device(std::uint16_t vendorId, std::uint16_t deviceId) const;
    // `classId` is class << 8 | subclass: the subclass name, else the base class name.
    QString className(std::uint16_t classId) const;

    // The database of this system, parsed on first use (thread-safe) and kept: the file named by
    // $NUMASIGHT_PCI_IDS, else the first of /usr/share/misc/pci.ids, /usr/share/hwdata/pci.ids and
    // /usr/share/pci.ids that exists. Empty when there is none.
    static const PciIds& system();
    static QString systemPath();

private:
    QHash<std::uint16_t, QString> m_vendors;
    QHash<std::uint32_t, QString> m_devices; // vendor << 16 | device
    QHash<std::uint16_t, QString> m_classes; // class << 8 | subclass
    QHash<std::uint8_t, QString> m_baseClasses;
};

} // namespace numasight
