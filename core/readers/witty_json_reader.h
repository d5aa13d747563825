// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/snapshot.h"
#include "util/progress.h"
#include "util/result.h"

#include <QByteArrayView>
#include <QString>

namespace numasight {

// Reads witty-profiler graph JSON: a plain {"nodes", "edges"} file, the HTTP envelope
// {"env", "content"}, or JSON Lines (one graph per line, one snapshot each). Identities are rebuilt from
// each type's key fields, the denormalized copies (edge endpoints, ThreadEntity.process) fold into one
// entity each, every field is kept in Entity::attributes / Edge::payload, and unknown types are kept.
Result<CapturePtr> readWittyJsonFile(const QString& path, const Progress& progress = {});
// `data` must stay valid for the call; `fileName` is only used in messages.
Result<CapturePtr> readWittyJson(QByteArrayView data, const QString& fileName, const Progress& progress = {});

// How this thread's witty documents were read so far: element by element (the usual shape, valid), or whole
// (anything else, and every document with an error). For tests and benchmarks.
struct WittyReadPaths
{
    int byElement = 0;
    int whole = 0;
    int parallelLists = 0; // nodes or edges lists parsed on more than one thread
    int copiesKnown = 0; // entity copies recognised by their identity as they were parsed (not read further)
    // Threads' copies of a process that the same parsing thread read in full earlier in the list (among
    // copiesKnown).
    int processesReadBefore = 0;
    int minified = 0; // JSON values minified on this thread (kept whole, or an unknown entity's identity)
    int mapped = 0;   // files read through a mapping held under a read lease
    int copied = 0;   // files read into a copy (no lease to be had, or mapping turned off)
    int listsFromFile = 0; // nodes or edges lists of a mapped file read with pread() instead (FileText)
};
WittyReadPaths& wittyReadPaths();

// When this thread's reads find a list's elements and parse them on several threads (the model is still
// built in order, on the reading thread). For tests and benchmarks; the defaults suit every file.
struct WittyReadTuning
{
    size_t parallelScanFrom = size_t(16) << 20; // where elements end is looked for on several threads when
                                                // at least this many bytes follow a list's start
    size_t parallelFrom = 2048;            // lists shorter than this are parsed on the reading thread alone
    size_t batchElements = 2048;           // elements handed to a parsing thread at once …
    size_t batchBytes = size_t(1) << 20;   // … or fewer, once their text reaches this size
    int threads = 0;                       // threads in all; 0: one per core, at most 4
    bool mapFiles = true;                  // files are mapped when a read lease can be had, else copied
    size_t fileReadFrom = size_t(4) << 20; // a mapped file's lists are read from the file from this size on
    size_t fileWindow = size_t(1) << 20;   // … this many bytes at a time (more for a longer element)
};
WittyReadTuning& wittyReadTuning();

} // namespace numasight
