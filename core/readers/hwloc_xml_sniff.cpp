// SPDX-License-Identifier: GPL-3.0-or-later
#include "hwloc_xml_sniff.h"

#include "hwloc_xml_v3.h"
#include "model/ids.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QXmlStreamReader>

#include <hwloc.h>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::HwlocReader)
};
} // namespace

namespace {

constexpr qint64 kSniffBytes = 64 * 1024;
// CPU numbers beyond numasight's CPU sets (IndexSet) cannot come from a real machine either.
constexpr int kMaxPuOsIndex = 1 << 20;
const QString kHint = QStringLiteral("expected an hwloc XML topology (as written by `lstopo --of xml`)");

LoadError errorAt(const QString& path, const QString& message, const QByteArray& data, qint64 offset)
{
    LoadError e;
    e.file = path;
    e.message = message;
    locateOffset(data.constData(), data.size(), offset, &e.line, &e.column);
    return e;
}

LoadError readerError(const QString& path, const QXmlStreamReader& xml, const QString& what)
{
    LoadError e;
    e.file = path;
    e.line = int(xml.lineNumber());
    e.column = int(xml.columnNumber());
    e.message = QStringLiteral("%1: %2").arg(what, xml.errorString());
    return e;
}

QString printable(QByteArray bytes)
{
    for (char& c : bytes)
        if (uchar(c) < 0x20 || uchar(c) >= 0x7f)
            c = '?';
    return QString::fromLatin1(bytes);
}

} // namespace

QByteArray normalizedHwlocXml(QByteArray data)
{
    if (data.startsWith("\xEF\xBB\xBF"))
        data.remove(0, 3);
    return data.replace("\r\n", "\n").replace('\r', '\n');
}

// The file's spelling is classified by hwloc's own parser, not compared with the names lstopo writes.
hwloc_obj_type_t hwlocXmlObjectType(QStringView type)
{
    const QByteArray text = type.left(64).toLatin1();
    hwloc_obj_type_t parsed = HWLOC_OBJ_TYPE_MAX;
    if (text.isEmpty() || hwloc_type_sscanf(text.constData(), &parsed, nullptr, 0) != 0)
        return HWLOC_OBJ_TYPE_MAX;
    return parsed;
}

std::optional<LoadError> precheckHwlocXml(const QString& path)
{
    LoadError e;
    e.file = path;
    const QFileInfo fi(path);
    if (!fi.exists()) {
        e.message = Tr::tr("file not found; check the path");
        return e;
    }
    if (fi.isDir()) {
        e.message = QStringLiteral("is a directory; ") + kHint;
        return e;
    }
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        e.message = Tr::tr("cannot read the file: %1").arg(f.errorString());
        return e;
    }
    return precheckHwlocXml(path, f.readAll());
}

std::optional<LoadError> precheckHwlocXml(const QString& path, const QByteArray& data)
{
    LoadError e;
    e.file = path;
    const QByteArray head = data.left(kSniffBytes);
    qint64 start = head.startsWith("\xEF\xBB\xBF") ? 3 : 0;
    while (start < head.size() && QChar::isSpace(uchar(head[start])))
        ++start;
    if (start >= head.size()) {
        e.message = (head.isEmpty() ? QStringLiteral("file is empty; ")
                                    : QStringLiteral("file holds only blanks; ")) +
                    kHint;
        return e;
    }
    if (head[start] != '<') {
        return errorAt(
            path,
            Tr::tr("not XML: the file starts with \"%1\"; %2").arg(printable(head.mid(start, 16)), kHint),
            head, start);
    }

    // hwloc's built-in parser (used when the libxml2 plugin is absent) accepts some truncated documents
    // and leaks on others, so the whole document is checked here first; it streams, a few ms per MB.
    QXmlStreamReader xml(data);
    bool sawRoot = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.name() == QLatin1String("object")) {
            const auto attributes = xml.attributes();
            const QStringView type = attributes.value(QLatin1String("type"));
            const QStringView osIndex = attributes.value(QLatin1String("os_index"));
            const hwloc_obj_type_t parsed = hwlocXmlObjectType(type);
            const int limit = parsed == HWLOC_OBJ_NUMANODE ? kMaxNodeOsIndex
                              : parsed == HWLOC_OBJ_PU     ? kMaxPuOsIndex
                                                           : -1;
            bool ok = false;
            const qulonglong value = osIndex.toULongLong(&ok);
            // A PU or node without one is numbered 4294967295 (HWLOC_UNKNOWN_INDEX) by hwloc, which then
            // builds a 512 MB bitmap for it: a second or more and a gigabyte for one missing attribute.
            if (limit >= 0 && (!ok || value > qulonglong(limit))) {
                e.line = int(xml.lineNumber());
                e.column = int(xml.columnNumber());
                e.message =
                    osIndex.isEmpty()
                        ? Tr::tr("<object type=\"%1\"> has no os_index, which hwloc writes for every "
                                 "%2; the file is damaged or was edited")
                              .arg(type.left(20), parsed == HWLOC_OBJ_PU ? QStringLiteral("PU")
                                                                         : QStringLiteral("NUMA node"))
                        : Tr::tr("<object type=\"%1\"> has os_index \"%2\", above %3, which no kernel "
                                 "numbers; the file is damaged or was edited")
                              .arg(type.left(20), osIndex.left(20))
                              .arg(limit);
                return e;
            }
        }
        if (xml.isStartElement() && !sawRoot) {
            sawRoot = true;
            if (xml.name() != QLatin1String("topology")) {
                e.line = int(xml.lineNumber());
                e.column = int(xml.columnNumber());
                e.message = Tr::tr("not an hwloc topology: root element is <%1>, expected <topology>")
                                .arg(xml.name());
                return e;
            }
        }
    }
    if (!xml.hasError())
        return std::nullopt;
    if (xml.error() == QXmlStreamReader::PrematureEndOfDocumentError)
        return readerError(path, xml,
                           sawRoot ? Tr::tr("truncated hwloc XML (the document ends early)")
                                   : Tr::tr("not an hwloc topology: no root element"));
    return readerError(path, xml, Tr::tr("not well-formed XML"));
}

LoadError diagnoseHwlocXml(const QString& path)
{
    if (auto pre = precheckHwlocXml(path))
        return *pre;
    LoadError e;
    e.file = path;
    QFile f(path);
    if (f.open(QIODevice::ReadOnly) && hwlocXmlMajorVersion(f.read(kSniffBytes)) == 3) {
        e.message =
            Tr::tr("hwloc 2.x rejected this hwloc 3 document (XML format 3.x) after its conversion to "
                   "format 2.0; export it with `lstopo --of v2xml`");
        return e;
    }
    e.message = Tr::tr("hwloc rejected this <topology> document (well-formed XML, but not content hwloc "
                       "2.x can import); run `HWLOC_XML_VERBOSE=1 lstopo-no-graphics -i FILE` for "
                       "hwloc's reason");
    return e;
}

} // namespace numasight
