// SPDX-License-Identifier: GPL-3.0-or-later
#include "hwloc_xml_v3.h"

#include "hwloc_xml_sniff.h"
#include "util/index_set.h"

#include <QCoreApplication>
#include <QXmlStreamReader>
#include <QXmlStreamWriter>

#include <set>
#include <vector>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::HwlocReader)
};

// hwloc 3's OS device types are a bitmask (include/hwloc.h of hwloc 3); hwloc 2's are one value each.
enum : qulonglong
{
    kV3Storage = 1 << 0,
    kV3Memory = 1 << 1,
    kV3Gpu = 1 << 2,
    kV3Coproc = 1 << 3,
    kV3Network = 1 << 4,
    kV3OpenFabrics = 1 << 5,
    kV3Dma = 1 << 6,
};
enum V2OsdevType
{
    kV2Block = 0,
    kV2Gpu = 1,
    kV2Network = 2,
    kV2OpenFabrics = 3,
    kV2Dma = 4,
    kV2Coproc = 5,
};
// Distances: HOPS is new in 3.0 and was LATENCY before.
constexpr qulonglong kDistancesLatency = 1 << 2;
constexpr qulonglong kDistancesHops = 1 << 5;

// The same choice, in the same order, as hwloc 3's own v2 export.
std::optional<int> v2OsdevType(qulonglong types, QStringView subtype, QStringView name)
{
    if (types & (kV3Storage | kV3Memory))
        return kV2Block;
    if (types & kV3OpenFabrics)
        return kV2OpenFabrics;
    if (types & kV3Network)
        return subtype == QLatin1String("BXI") ? kV2OpenFabrics : kV2Network;
    if (types & kV3Dma)
        return kV2Dma;
    if (types & kV3Coproc)
        return name.startsWith(QLatin1String("nvml")) || name.startsWith(QLatin1String("rsmi")) ? kV2Gpu
                                                                                                : kV2Coproc;
    if (types & kV3Gpu)
        return kV2Gpu;
    return std::nullopt;
}

// hwloc 2 kept each GPU's backend on the device; hwloc 3 keeps backends once for the whole topology.
QString backendOfSubtype(QStringView subtype)
{
    static const std::pair<const char*, const char*> kBackends[] = {
        {"CUDA", "CUDA"}, {"NVML", "NVML"},           {"OpenCL", "OpenCL"},
        {"RSMI", "RSMI"}, {"LevelZero", "LevelZero"}, {"Display", "GL"},
    };
    for (const auto& [sub, backend] : kBackends)
        if (subtype == QLatin1String(sub))
            return QString::fromLatin1(backend);
    return {};
}

// What the rewrite needs before it starts writing: the topology-wide parts that hwloc 2 keeps on objects.
struct TopologyWide
{
    std::vector<std::pair<QString, QString>> infos;
    std::vector<IndexSet> memoryTiers;   // in the file's order, which is the tiers' numbering
    std::set<qint64> objectsWithBackend; // ordinal of each <object> that has a Backend info of its own
};

QString readerProblem(const QXmlStreamReader& xml)
{
    return Tr::tr("line %1, column %2: %3")
        .arg(xml.lineNumber())
        .arg(xml.columnNumber())
        .arg(xml.errorString());
}

std::optional<TopologyWide> collectTopologyWide(const QByteArray& data, QString* problem)
{
    TopologyWide wide;
    QXmlStreamReader xml(data);
    std::vector<QString> names;
    std::vector<qint64> objectOrdinals; // the ordinal of each open <object>, -1 for other elements
    qint64 objects = 0;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const QString name = xml.name().toString();
            const bool underTopology = names.size() == 1 && names.front() == QLatin1String("topology");
            const auto attributes = xml.attributes();
            if (name == QLatin1String("object")) {
                objectOrdinals.push_back(objects++);
            } else {
                if (name == QLatin1String("info") && !objectOrdinals.empty() && objectOrdinals.back() >= 0 &&
                    attributes.value(QLatin1String("name")) == QLatin1String("Backend"))
                    wide.objectsWithBackend.insert(objectOrdinals.back());
                objectOrdinals.push_back(-1);
            }
            if (underTopology && name == QLatin1String("info")) {
                wide.infos.emplace_back(attributes.value(QLatin1String("name")).toString(),
                                        attributes.value(QLatin1String("value")).toString());
            } else if (underTopology && name == QLatin1String("memtier")) {
                const QByteArray nodeset = attributes.value(QLatin1String("nodeset")).toLatin1();
                auto nodes =
                    IndexSet::fromBitmap(std::string_view(nodeset.constData(), size_t(nodeset.size())));
                if (!nodes) {
                    *problem = Tr::tr("line %1: <memtier> has an unreadable nodeset \"%2\"")
                                   .arg(xml.lineNumber())
                                   .arg(QString::fromLatin1(nodeset.left(40)));
                    return std::nullopt;
                }
                wide.memoryTiers.push_back(std::move(*nodes));
            }
            names.push_back(name);
        } else if (xml.isEndElement()) {
            names.pop_back();
            objectOrdinals.pop_back();
        }
    }
    if (xml.hasError()) {
        *problem = readerProblem(xml);
        return std::nullopt;
    }
    return wide;
}

void writeInfo(QXmlStreamWriter& out, const QString& name, const QString& value)
{
    out.writeEmptyElement(QStringLiteral("info"));
    out.writeAttribute(QStringLiteral("name"), name);
    out.writeAttribute(QStringLiteral("value"), value);
}

} // namespace

int hwlocXmlMajorVersion(const QByteArray& xml)
{
    QXmlStreamReader reader(xml);
    while (!reader.atEnd()) {
        reader.readNext();
        if (reader.isStartElement()) {
            if (reader.name() != QLatin1String("topology"))
                return 0;
            const QStringView version = reader.attributes().value(QLatin1String("version"));
            const qsizetype dot = version.indexOf(QLatin1Char('.'));
            bool ok = false;
            const int major = version.left(dot < 0 ? version.size() : dot).toInt(&ok);
            return ok && major > 0 ? major : 0;
        }
    }
    return 0;
}

std::optional<QByteArray> downgradeHwlocXmlV3(const QByteArray& data, QString* problem)
{
    auto wide = collectTopologyWide(data, problem);
    if (!wide)
        return std::nullopt;

    QByteArray result;
    result.reserve(data.size());
    QXmlStreamWriter out(&result);
    out.setAutoFormatting(true);
    out.setAutoFormattingIndent(2);
    // hwloc's own parser reads the first lines literally: the declaration, the DOCTYPE, then
    // <topology version="2.0"> with no other attribute.
    out.writeStartDocument();
    out.writeDTD(QStringLiteral("<!DOCTYPE topology SYSTEM \"hwloc2.dtd\">"));

    QXmlStreamReader xml(data);
    int depth = 0;
    qint64 objects = 0;
    bool rootWritten = false;
    const bool tiered = wide->memoryTiers.size() > 1;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const QStringView name = xml.name();
            const auto attributes = xml.attributes();
            if (depth == 0) {
                out.writeStartElement(QStringLiteral("topology"));
                out.writeAttribute(QStringLiteral("version"), QStringLiteral("2.0"));
                ++depth;
                continue;
            }
            if (depth == 1 && (name == QLatin1String("info") || name == QLatin1String("memtier") ||
                               name == QLatin1String("pci_locality"))) {
                xml.skipCurrentElement(); // topology-wide: moved onto the root object, or 3.x only
                continue;
            }
            out.writeStartElement(name.toString());
            ++depth;
            if (name == QLatin1String("distances2") || name == QLatin1String("distances2hetero")) {
                for (const auto& a : attributes) {
                    QString value = a.value().toString();
                    bool ok = false;
                    const qulonglong kind = a.value().toULongLong(&ok);
                    if (a.qualifiedName() == QLatin1String("kind") && ok && (kind & kDistancesHops))
                        value = QString::number((kind & ~kDistancesHops) | kDistancesLatency);
                    out.writeAttribute(a.qualifiedName().toString(), value);
                }
                continue;
            }
            if (name != QLatin1String("object")) {
                out.writeAttributes(attributes);
                continue;
            }

            const qint64 ordinal = objects++;
            const QStringView typeName = attributes.value(QLatin1String("type"));
            const hwloc_obj_type_t type = hwlocXmlObjectType(typeName);
            const QStringView subtype = attributes.value(QLatin1String("subtype"));
            const QStringView objectName = attributes.value(QLatin1String("name"));
            QString inclusive;
            for (const auto& a : attributes) {
                const QStringView key = a.qualifiedName();
                if (key == QLatin1String("id") || key == QLatin1String("memory_tier"))
                    continue;
                if (key == QLatin1String("cache_inclusive")) {
                    inclusive = a.value().toString();
                    continue;
                }
                if (key == QLatin1String("osdev_type")) {
                    bool ok = false;
                    const qulonglong types = a.value().toULongLong(&ok);
                    if (!ok) {
                        *problem = Tr::tr("line %1: osdev_type \"%2\" is not a number")
                                       .arg(xml.lineNumber())
                                       .arg(a.value().left(20));
                        return std::nullopt;
                    }
                    if (const auto v2 = v2OsdevType(types, subtype, objectName))
                        out.writeAttribute(QStringLiteral("osdev_type"), QString::number(*v2));
                    continue;
                }
                out.writeAttribute(key.toString(), a.value().toString());
            }

            if (!rootWritten) {
                rootWritten = true;
                for (const auto& [key, value] : wide->infos)
                    writeInfo(out, key, value);
                if (tiered)
                    writeInfo(out, QStringLiteral("MemoryTiersNr"),
                              QString::number(wide->memoryTiers.size()));
            }
            if (type == HWLOC_OBJ_NUMANODE && tiered) {
                bool ok = false;
                const int os = attributes.value(QLatin1String("os_index")).toInt(&ok);
                for (size_t tier = 0; ok && tier < wide->memoryTiers.size(); ++tier) {
                    if (wide->memoryTiers[tier].contains(os)) {
                        writeInfo(out, QStringLiteral("MemoryTier"), QString::number(tier));
                        break;
                    }
                }
            }
            if ((hwloc_obj_type_is_cache(type) || type == HWLOC_OBJ_MEMCACHE) && !inclusive.isEmpty() &&
                inclusive != QLatin1String("0"))
                writeInfo(out, QStringLiteral("Inclusive"), inclusive);
            if (type == HWLOC_OBJ_OS_DEVICE && !wide->objectsWithBackend.count(ordinal)) {
                if (const QString backend = backendOfSubtype(subtype); !backend.isEmpty())
                    writeInfo(out, QStringLiteral("Backend"), backend);
            }
        } else if (xml.isEndElement()) {
            out.writeEndElement();
            --depth;
        } else if (xml.isCharacters() && !xml.isWhitespace()) {
            out.writeCharacters(xml.text().toString()); // userdata payloads
        }
    }
    if (xml.hasError()) {
        *problem = readerProblem(xml);
        return std::nullopt;
    }
    out.writeEndDocument();
    return result;
}

} // namespace numasight
