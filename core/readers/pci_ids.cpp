// SPDX-License-Identifier: GPL-3.0-or-later
#include "pci_ids.h"

#include <QFile>

#include <optional>

namespace numasight {

namespace {

// Parses exactly `digits` hex digits followed by at least one space then a non-empty name.
std::optional<std::pair<unsigned, QString>> idAndName(QByteArrayView line, int digits)
{
    if (line.size() < digits + 2)
        return std::nullopt;
    bool ok = false;
    const unsigned id = line.first(digits).toByteArray().toUInt(&ok, 16);
    if (!ok || line[digits] != ' ')
        return std::nullopt;
    for (int i = 0; i < digits; ++i) {
        const char c = line[i];
        const bool hex = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
        if (!hex)
            return std::nullopt;
    }
    const QString name = QString::fromUtf8(line.sliced(digits)).trimmed();
    if (name.isEmpty())
        return std::nullopt;
    return std::make_pair(id, name);
}

} // namespace

PciIds PciIds::parse(const QByteArray& text)
{
    PciIds ids;
    enum class Section
    {
        None,
        Vendor,
        Class,
        Other, // a section this reader does not need (the "X" lists after the classes)
    };
    Section section = Section::None;
    int vendor = -1; // the vendor (or class) the indented lines below belong to; -1 after a bad head
    qsizetype pos = 0;
    while (pos < text.size()) {
        qsizetype end = text.indexOf('\n', pos);
        if (end < 0)
            end = text.size();
        QByteArrayView line(text.constData() + pos, end - pos);
        pos = end + 1;
        if (line.endsWith('\r'))
            line.chop(1);
        if (line.trimmed().isEmpty() || line.startsWith('#'))
            continue;
        if (line.startsWith("\t\t"))
            continue; // subsystems and programming interfaces
        if (line.startsWith('\t')) {
            if (vendor < 0)
                continue;
            const auto entry = idAndName(line.sliced(1), section == Section::Class ? 2 : 4);
            if (!entry)
                continue;
            if (section == Section::Vendor)
                ids.m_devices.insert(std::uint32_t(vendor) << 16 | entry->first, entry->second);
            else if (section == Section::Class)
                ids.m_classes.insert(std::uint16_t(vendor << 8 | int(entry->first)), entry->second);
            continue;
        }
        if (line.startsWith("C ")) {
            const auto entry = idAndName(line.sliced(2), 2);
            section = entry ? Section::Class : Section::Other;
            vendor = entry ? int(entry->first) : -1;
            if (entry)
                ids.m_baseClasses.insert(std::uint8_t(entry->first), entry->second);
            continue;
        }
        const auto entry = idAndName(line, 4);
        // A head this reader does not know ("X ", "L "...) ends the section: its lines are not devices.
        section = entry ? Section::Vendor : Section::Other;
        vendor = entry ? int(entry->first) : -1;
        if (entry)
            ids.m_vendors.insert(std::uint16_t(entry->first), entry->second);
    }
    return ids;
}

PciIds PciIds::fromFile(const QString& path)
{
    QFile f(path);
    if (path.isEmpty() || !f.open(QIODevice::ReadOnly))
        return {};
    return parse(f.readAll());
}

QString PciIds::vendor(std::uint16_t vendorId) const
{
    return m_vendors.value(vendorId);
}

QString PciIds::device(std::uint16_t vendorId, std::uint16_t deviceId) const
{
    return m_devices.value(std::uint32_t(vendorId) << 16 | deviceId);
}

QString PciIds::className(std::uint16_t classId) const
{
    const QString sub = m_classes.value(classId);
    return sub.isEmpty() ? m_baseClasses.value(std::uint8_t(classId >> 8)) : sub;
}

QString PciIds::systemPath()
{
    const QString env = qEnvironmentVariable("NUMASIGHT_PCI_IDS");
    if (!env.isEmpty())
        return env;
    for (const char* path : {"/usr/share/misc/pci.ids", "/usr/share/hwdata/pci.ids", "/usr/share/pci.ids"})
        if (QFile::exists(QString::fromLatin1(path)))
            return QString::fromLatin1(path);
    return {};
}

const PciIds& PciIds::system()
{
    // A function-local static is initialised once, and C++ makes concurrent first calls wait for it.
    static const PciIds ids = fromFile(systemPath());
    return ids;
}

} // namespace numasight
