// app/render/viewport.h: one pane of the canvas: its index in the lab's views, its title, its kind and its
// camera (a planar view uses `camera`, a spatial view `orbit`; both share the pane's rectangle).
#pragma once

#include "lab/vocabulary.h"
#include "render/camera.h"
#include "render/orbit_camera.h"

namespace lab {

struct Viewport {
  int index = 0;
  const char* title = "";
  ViewKind kind = ViewKind::Planar;
  Camera camera;
  OrbitCamera orbit;
};

}  // namespace lab
