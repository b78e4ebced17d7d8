// app/widgets/shape_inspector.h: the side panel's exact editor of one collider (type, pose, every dimension,
// polygon vertices), shared by every lab. Edits that would break a shape (a non-convex outline, min > max) are
// refused and the reason is left in `error`, shown under the fields until the next good edit.
#pragma once

#include <string>

#include "render/shape_drawing.h"

namespace lab {

// Draws the fields inside the current ImGui window; returns true when `shape` changed this frame.
bool drawShapeInspector(Collider& shape, std::string& error);

}  // namespace lab
