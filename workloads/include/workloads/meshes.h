// workloads/meshes.h: procedural triangle meshes for the mid phase's tests, benchmarks, command line and labs:
// a UV sphere, a torus, an extruded gear (concave), a terrain patch, a cloth grid that deforms over time, and a
// random triangle soup. Every mesh is closed and counter-clockwise seen from outside where it has an outside, and
// no generator makes a zero-area triangle.
//
// [SECTION] Sphere and torus
// [SECTION] Gear
// [SECTION] Terrain and cloth
// [SECTION] Triangle soup
// [SECTION] B's pose by turns
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <vector>

#include "collide/math.h"
#include "collide/shapes3.h"
#include "workloads/random.h"

namespace collide {

// [SECTION] Sphere and torus

// `rings` bands from pole to pole (>= 2), `segments` around (>= 3): 2 * segments * (rings - 1) triangles, the
// bands next to the poles as fans.
template <Scalar S = double>
[[nodiscard]] Mesh<S> sphereMesh(S radius, int rings, int segments) {
  rings = std::max(rings, 2);
  segments = std::max(segments, 3);
  Mesh<S> mesh;
  mesh.vertices.push_back({S(0), S(0), radius});
  for (int i = 1; i < rings; ++i) {
    const double polar = std::numbers::pi * i / rings;
    for (int j = 0; j < segments; ++j) {
      const double azimuth = 2.0 * std::numbers::pi * j / segments;
      mesh.vertices.push_back({static_cast<S>(radius * std::sin(polar) * std::cos(azimuth)),
                               static_cast<S>(radius * std::sin(polar) * std::sin(azimuth)),
                               static_cast<S>(radius * std::cos(polar))});
    }
  }
  mesh.vertices.push_back({S(0), S(0), -radius});
  const int south = static_cast<int>(mesh.vertices.size()) - 1;
  const auto ring = [&](int i, int j) { return 1 + (i - 1) * segments + (j % segments); };
  for (int j = 0; j < segments; ++j) mesh.triangles.push_back({0, ring(1, j), ring(1, j + 1)});
  for (int i = 1; i + 1 < rings; ++i) {
    for (int j = 0; j < segments; ++j) {
      mesh.triangles.push_back({ring(i, j), ring(i + 1, j), ring(i + 1, j + 1)});
      mesh.triangles.push_back({ring(i, j), ring(i + 1, j + 1), ring(i, j + 1)});
    }
  }
  for (int j = 0; j < segments; ++j) mesh.triangles.push_back({south, ring(rings - 1, j + 1), ring(rings - 1, j)});
  return mesh;
}

// A torus around the z axis: `major` steps around the ring (>= 3), `minor` around the tube (>= 3); 2 * major *
// minor triangles.
template <Scalar S = double>
[[nodiscard]] Mesh<S> torusMesh(S majorRadius, S minorRadius, int major, int minor) {
  major = std::max(major, 3);
  minor = std::max(minor, 3);
  Mesh<S> mesh;
  for (int i = 0; i < major; ++i) {
    const double u = 2.0 * std::numbers::pi * i / major;
    for (int j = 0; j < minor; ++j) {
      const double v = 2.0 * std::numbers::pi * j / minor;
      const double r = majorRadius + minorRadius * std::cos(v);
      mesh.vertices.push_back({static_cast<S>(r * std::cos(u)), static_cast<S>(r * std::sin(u)),
                               static_cast<S>(minorRadius * std::sin(v))});
    }
  }
  const auto at = [&](int i, int j) { return (i % major) * minor + (j % minor); };
  for (int i = 0; i < major; ++i) {
    for (int j = 0; j < minor; ++j) {
      mesh.triangles.push_back({at(i, j), at(i + 1, j), at(i + 1, j + 1)});
      mesh.triangles.push_back({at(i, j), at(i + 1, j + 1), at(i, j + 1)});
    }
  }
  return mesh;
}

// [SECTION] Gear

// A spur gear extruded along z: `teeth` (>= 3) trapezoid teeth between rootRadius and tipRadius, thickness along
// z. Concave (the gaps between teeth), closed: the profile is star-shaped about the axis, so each cap is a fan from
// a centre vertex.
template <Scalar S = double>
[[nodiscard]] Mesh<S> gearMesh(int teeth, S rootRadius, S tipRadius, S thickness) {
  teeth = std::max(teeth, 3);
  std::vector<Vec2<S>> profile;  // counter-clockwise: per tooth, root, tip, tip, root
  for (int t = 0; t < teeth; ++t) {
    const double base = 2.0 * std::numbers::pi * t / teeth;
    const double step = 2.0 * std::numbers::pi / teeth;
    const double angles[4] = {base, base + 0.2 * step, base + 0.45 * step, base + 0.65 * step};
    const S radii[4] = {rootRadius, tipRadius, tipRadius, rootRadius};
    for (int k = 0; k < 4; ++k) {
      profile.push_back({static_cast<S>(radii[k] * std::cos(angles[k])), static_cast<S>(radii[k] * std::sin(angles[k]))});
    }
  }
  const int n = static_cast<int>(profile.size());
  const S h = S(0.5) * thickness;
  Mesh<S> mesh;
  for (const Vec2<S> p : profile) mesh.vertices.push_back({p.x, p.y, h});
  for (const Vec2<S> p : profile) mesh.vertices.push_back({p.x, p.y, -h});
  mesh.vertices.push_back({S(0), S(0), h});
  mesh.vertices.push_back({S(0), S(0), -h});
  const int top = 2 * n, bottom = 2 * n + 1;
  for (int i = 0; i < n; ++i) {
    const int j = (i + 1) % n;
    mesh.triangles.push_back({top, i, j});
    mesh.triangles.push_back({bottom, n + j, n + i});
    mesh.triangles.push_back({i, n + i, n + j});
    mesh.triangles.push_back({i, n + j, j});
  }
  return mesh;
}

// [SECTION] Terrain and cloth

// A height field over [-size/2, size/2]^2 in the xy plane: `cells` x `cells` squares (>= 1), two triangles
// each, heights from a few sines (smooth hills, no randomness).
template <Scalar S = double>
[[nodiscard]] Mesh<S> terrainMesh(int cells, S size, S amplitude) {
  cells = std::max(cells, 1);
  Mesh<S> mesh;
  for (int i = 0; i <= cells; ++i) {
    for (int j = 0; j <= cells; ++j) {
      const double x = size * (double(i) / cells - 0.5);
      const double y = size * (double(j) / cells - 0.5);
      const double k = 2.0 * std::numbers::pi / size;
      const double z = amplitude * (0.6 * std::sin(1.3 * k * x) * std::cos(0.9 * k * y) + 0.3 * std::sin(3.1 * k * x + 2.3 * k * y) +
                                    0.1 * std::cos(7.0 * k * y));
      mesh.vertices.push_back({static_cast<S>(x), static_cast<S>(y), static_cast<S>(z)});
    }
  }
  const auto at = [&](int i, int j) { return i * (cells + 1) + j; };
  for (int i = 0; i < cells; ++i) {
    for (int j = 0; j < cells; ++j) {
      mesh.triangles.push_back({at(i, j), at(i + 1, j), at(i + 1, j + 1)});
      mesh.triangles.push_back({at(i, j), at(i + 1, j + 1), at(i, j + 1)});
    }
  }
  return mesh;
}

// A square cloth of `cells` x `cells` squares in the xy plane, side `size`, at time 0. clothAt moves its
// vertices (same topology) so a refitted tree can be compared with a rebuilt one frame by frame.
template <Scalar S = double>
[[nodiscard]] Mesh<S> clothMesh(int cells, S size) {
  return terrainMesh<S>(cells, size, S(0));
}

// The cloth's vertex positions at `time` (seconds): a travelling wave whose amplitude grows from the pinned
// edge x = -size/2, curling up into a spiral and back (period 4 pi seconds), so the tree's quality drifts.
template <Scalar S = double>
void deformCloth(Mesh<S>& cloth, int cells, S size, double time) {
  cells = std::max(cells, 1);
  for (int i = 0; i <= cells; ++i) {
    for (int j = 0; j <= cells; ++j) {
      const double u = double(i) / cells, v = double(j) / cells;
      const double x0 = size * (u - 0.5), y0 = size * (v - 0.5);
      const double fold = 0.5 * (1.0 - std::cos(0.5 * time));  // 0 .. 1 and back, period 4 pi seconds
      const double wave = 0.15 * size * u * std::sin(2.0 * std::numbers::pi * (1.5 * v - 0.4 * time));
      const double angle = 1.5 * std::numbers::pi * fold * u;  // curls up: the free edge turns 270 degrees
      const double pivot = -0.5 * size;
      const double x = pivot + (x0 - pivot) * std::cos(angle);
      const double z = (x0 - pivot) * std::sin(angle) + wave;
      cloth.vertices[i * (cells + 1) + j] = {static_cast<S>(x), static_cast<S>(y0), static_cast<S>(z)};
    }
  }
}

// [SECTION] Triangle soup

// `count` independent triangles with centres uniform in a cube of side `extent` and edges about `size` long: no
// shared vertices, so many crossings and near-misses (the brute-force cross-check's worst case).
template <Scalar S = double>
[[nodiscard]] Mesh<S> triangleSoup(int count, S extent, S size, SplitMix64& random) {
  Mesh<S> mesh;
  for (int t = 0; t < count; ++t) {
    const Vec3<double> center{random.uniform(-0.5, 0.5) * extent, random.uniform(-0.5, 0.5) * extent,
                              random.uniform(-0.5, 0.5) * extent};
    // Redraw slivers, at most 64 times (one draw in a hundred is a sliver); then a fixed right triangle.
    std::array<Vec3<double>, 3> corners{center, center + Vec3<double>{size, 0, 0}, center + Vec3<double>{0, size, 0}};
    for (int attempt = 0; attempt < 64; ++attempt) {
      std::array<Vec3<double>, 3> drawn;
      for (auto& corner : drawn) {
        corner = center + Vec3<double>{random.uniform(-0.5, 0.5) * size, random.uniform(-0.5, 0.5) * size,
                                       random.uniform(-0.5, 0.5) * size};
      }
      if (length(cross(drawn[1] - drawn[0], drawn[2] - drawn[0])) >= 0.01 * size * size) {
        corners = drawn;
        break;
      }
    }
    const int first = static_cast<int>(mesh.vertices.size());
    for (const auto& corner : corners) mesh.vertices.push_back(corner.template cast<S>());
    mesh.triangles.push_back({first, first + 1, first + 2});
  }
  return mesh;
}

// A mesh moved by a transform (its vertices in the parent frame): the second mesh of a pair, posed.
template <Scalar S>
[[nodiscard]] Mesh<S> transformed(const Mesh<S>& mesh, const Transform3<S>& transform) {
  Mesh<S> result = mesh;
  for (Vec3<S>& vertex : result.vertices) vertex = transform.apply(vertex);
  return result;
}

// [SECTION] B's pose by turns

// A pose as the "Mid phase" lab gives B's and `collision-lab midphase --pose-b x,y,z,rx,ry,rz` reads it: a position,
// and turns in degrees about x, then y, then z, each about the fixed world axes (q = qz qy qx, Quat::fromEuler).
[[nodiscard]] inline Transform3<double> poseFromTurns(Vec3<double> position, Vec3<double> degrees) {
  constexpr double kRadians = std::numbers::pi / 180.0;
  return {position, Quat<double>::fromEuler(degrees.x * kRadians, degrees.y * kRadians, degrees.z * kRadians)};
}

}  // namespace collide
