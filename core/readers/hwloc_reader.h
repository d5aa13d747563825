// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/snapshot.h"
#include "util/progress.h"
#include "util/result.h"

#include <QString>

namespace numasight {

// hwloc topologies through hwloc's own importer: packages, NUMA nodes (memory, tier), cores, PUs, caches,
// distance matrices, memory attributes, PCI and OS devices (GPUs from nvml/cuda/rsmi/opencl objects, NICs,
// Ascend NPUs by PCI vendor 0x19e5). The same code reads an XML export, this machine, or a synthetic
// description ("pack:2 [numa] core:4 pu:2", used by tests).
Result<CapturePtr> readHwlocXmlFile(const QString& path, const Progress& progress = {});
Result<CapturePtr> readLocalTopology(const Progress& progress = {});
Result<CapturePtr> readHwlocSynthetic(const QString& description, const Progress& progress = {});

} // namespace numasight
