#pragma once

// The mismatch, over-time and matrix panels each have a header of their own; this one stays so that code
// that includes it still builds. New code includes the panel's own header.
#include "views/heatmap/matrix_panel.h"
#include "views/heatmap/mismatch_panel.h"
#include "views/heatmap/time_heatmap_panel.h"
