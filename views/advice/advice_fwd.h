// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Forward declarations of the advisor's types for the views' headers, so that everything including
// main_window.h does not compile the advisor's, the comparison's and live apply's headers as well; the .cpp
// files that use the types include core/advice/*.h themselves.

#include <cstdint>
#include <memory>

namespace numasight {

enum class Severity : std::uint8_t;
struct Finding;
struct Suggestion;
struct Advice;
using AdvicePtr = std::shared_ptr<const Advice>;
struct LocalityChange;
struct CaptureDiff;
using CaptureDiffPtr = std::shared_ptr<const CaptureDiff>;
struct ApplyPlan;
struct ApplyRun;

} // namespace numasight
