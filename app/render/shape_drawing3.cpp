// [SECTION] Meshes
// [SECTION] Drawing
#include "render/shape_drawing3.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <span>
#include <type_traits>
#include <utility>
#include <variant>

namespace lab {

namespace {

constexpr double kTwoPi = 2 * std::numbers::pi;

// Two unit vectors u, v with u x v = w (w unit): the plane of a circle around w.
std::pair<Vec3d, Vec3d> planeAround(Vec3d w) {
  const Vec3d u = collide::perpendicular(w);
  return {u, collide::cross(w, u)};
}

// A surface of revolution about the unit axis w: profile rings from the bottom up, each a centre and a radius
// (radius 0: a pole, one vertex) and the surface's normal there toward the ring below and toward the ring above,
// each `axial` along w plus `radial` outward (a unit pair); they differ at a crease (a cylinder's rim). Triangles
// run counter-clockwise seen from outside; the normals are one per triangle corner.
struct Ring {
  Vec3d center;
  double radius;
  std::array<double, 2> below, above;  // {axial, radial}
};

void lathe(ShapeMesh3& mesh, Vec3d w, std::span<const Ring> rings, int slices) {
  const auto [u, v] = planeAround(w);
  std::vector<int> first(rings.size());
  for (std::size_t r = 0; r < rings.size(); ++r) {
    first[r] = static_cast<int>(mesh.positions.size());
    if (rings[r].radius <= 0) {
      mesh.positions.push_back(rings[r].center);
      continue;
    }
    for (int s = 0; s < slices; ++s) {
      const double t = kTwoPi * s / slices;
      mesh.positions.push_back(rings[r].center + rings[r].radius * (std::cos(t) * u + std::sin(t) * v));
    }
  }
  const auto index = [&](std::size_t r, int s) { return rings[r].radius <= 0 ? first[r] : first[r] + (s % slices); };
  // The normal at slice s of ring r, on the side toward ring `toward`.
  const auto normal = [&](std::size_t r, int s, std::size_t toward) {
    const std::array<double, 2>& n = toward > r ? rings[r].above : rings[r].below;
    const double t = kTwoPi * s / slices;
    return n[0] * w + n[1] * (std::cos(t) * u + std::sin(t) * v);
  };
  const auto push = [&](std::size_t ra, int sa, std::size_t rb, int sb, std::size_t rc, int sc, std::size_t low) {
    const std::size_t high = low + 1;
    mesh.triangles.insert(mesh.triangles.end(), {index(ra, sa), index(rb, sb), index(rc, sc)});
    mesh.normals.insert(mesh.normals.end(), {normal(ra, sa, ra == low ? high : low), normal(rb, sb, rb == low ? high : low),
                                             normal(rc, sc, rc == low ? high : low)});
  };
  for (std::size_t r = 0; r + 1 < rings.size(); ++r) {
    const bool lowPole = rings[r].radius <= 0;
    const bool highPole = rings[r + 1].radius <= 0;
    if (lowPole && highPole) continue;
    for (int s = 0; s < slices; ++s) {
      // Along the slice direction, then up the axis: (dt x dw) points outward.
      if (!lowPole) push(r, s, r, s + 1, r + 1, s + 1, r);
      if (!highPole) push(r, s, r + 1, s + 1, r + 1, s, r);
    }
  }
}

// The 8 corners of a box (bit 0: +x, bit 1: +y, bit 2: +z) and its 12 triangles, outward.
void boxMesh(ShapeMesh3& mesh, Vec3d low, Vec3d high) {
  for (int i = 0; i < 8; ++i)
    mesh.positions.push_back({(i & 1) ? high.x : low.x, (i & 2) ? high.y : low.y, (i & 4) ? high.z : low.z});
  // Each face as a quad, counter-clockwise seen from outside.
  constexpr int kFaces[6][4] = {{0, 4, 6, 2}, {1, 3, 7, 5}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 2, 3, 1}, {4, 5, 7, 6}};
  for (const auto& f : kFaces) mesh.triangles.insert(mesh.triangles.end(), {f[0], f[1], f[2], f[0], f[2], f[3]});
}

// The circle where the cone from the eye touches a sphere (its silhouette); nothing when the eye is inside.
// Orthographic: the great circle facing the view.
bool sphereSilhouette(const OrbitCamera& camera, Vec3d center, double radius, Vec3d& circleCenter,
                      double& circleRadius, Vec3d& normal) {
  if (camera.projection() == Projection::Orthographic) {
    circleCenter = center;
    circleRadius = radius;
    normal = camera.forward();
    return true;
  }
  const Vec3d toEye = camera.eye() - center;
  const double d2 = collide::lengthSquared(toEye);
  if (!(d2 > radius * radius)) return false;
  const double k = radius * radius / d2;
  circleCenter = center + k * toEye;
  circleRadius = radius * std::sqrt(1 - k);
  normal = collide::normalize(toEye);
  return true;
}

// The direction toward the viewer from a point.
Vec3d towardViewer(const OrbitCamera& camera, Vec3d at) {
  return camera.projection() == Projection::Orthographic ? -1.0 * camera.forward()
                                                         : collide::normalize(camera.eye() - at);
}

void circle(Renderer3D& renderer, Vec3d center, Vec3d normal, double radius, int segments, Color color,
            const Style3& style) {
  const auto [u, v] = planeAround(normal);
  std::vector<Vec3d> points(static_cast<std::size_t>(segments));
  for (int s = 0; s < segments; ++s) {
    const double t = kTwoPi * s / segments;
    points[static_cast<std::size_t>(s)] = center + radius * (std::cos(t) * u + std::sin(t) * v);
  }
  renderer.polyline(points, true, color, style);
}

// Half a circle from +side through +toward to -side.
void halfCircle(Renderer3D& renderer, Vec3d center, Vec3d side, Vec3d toward, double radius, int segments,
                Color color, const Style3& style) {
  std::vector<Vec3d> points(static_cast<std::size_t>(segments / 2 + 1));
  for (std::size_t s = 0; s < points.size(); ++s) {
    const double t = std::numbers::pi * static_cast<double>(s) / static_cast<double>(points.size() - 1);
    points[s] = center + radius * (std::cos(t) * side + std::sin(t) * toward);
  }
  renderer.polyline(points, false, color, style);
}

}  // namespace

// [SECTION] Meshes

ShapeMesh3 shapeMesh3(const Collider3& collider, int segments) {
  segments = std::max(segments, 3);
  const collide::Transform3<double> xf = collide::placement(collider);
  ShapeMesh3 mesh;
  std::visit(
      [&](const auto& shape) {
        using T = std::decay_t<decltype(shape)>;
        if constexpr (std::is_same_v<T, collide::Point3<double>>) {
          mesh.positions = {shape.position};
        } else if constexpr (std::is_same_v<T, collide::Segment3<double>>) {
          mesh.positions = {shape.a, shape.b};
        } else if constexpr (std::is_same_v<T, collide::Triangle3<double>>) {
          mesh.positions = {shape.a, shape.b, shape.c};
          mesh.triangles = {0, 1, 2};
        } else if constexpr (std::is_same_v<T, collide::Sphere<double>>) {
          const int stacks = std::max(segments / 2, 2);
          std::vector<Ring> rings;
          for (int k = 0; k <= stacks; ++k) {
            const double phi = std::numbers::pi * (static_cast<double>(k) / stacks - 0.5);
            const std::array<double, 2> n = {std::sin(phi), std::cos(phi)};
            rings.push_back({shape.center + Vec3d{0, shape.radius * std::sin(phi), 0},
                             k == 0 || k == stacks ? 0.0 : shape.radius * std::cos(phi), n, n});
          }
          lathe(mesh, {0, 1, 0}, rings, segments);
        } else if constexpr (std::is_same_v<T, collide::Aabb3<double>>) {
          boxMesh(mesh, shape.min, shape.max);
        } else if constexpr (std::is_same_v<T, collide::Box3<double>>) {
          boxMesh(mesh, -1.0 * shape.halfExtents, shape.halfExtents);
        } else if constexpr (std::is_same_v<T, collide::Capsule3<double>>) {
          Vec3d axis = collide::normalize(shape.b - shape.a);
          if (axis == Vec3d{}) axis = {0, 1, 0};  // a and b together: a sphere
          const int quarter = std::max(segments / 4, 1);
          std::vector<Ring> rings;
          for (int k = 0; k <= quarter; ++k) {  // the hemisphere around a, from its pole to its equator
            const double phi = 0.5 * std::numbers::pi * (static_cast<double>(k) / quarter - 1);
            const std::array<double, 2> n = {std::sin(phi), std::cos(phi)};
            rings.push_back({shape.a + shape.radius * std::sin(phi) * axis, k == 0 ? 0.0 : shape.radius * std::cos(phi), n, n});
          }
          for (int k = 0; k <= quarter; ++k) {  // the hemisphere around b, from its equator to its pole
            const double phi = 0.5 * std::numbers::pi * static_cast<double>(k) / quarter;
            const std::array<double, 2> n = {std::sin(phi), std::cos(phi)};
            rings.push_back({shape.b + shape.radius * std::sin(phi) * axis, k == quarter ? 0.0 : shape.radius * std::cos(phi), n, n});
          }
          lathe(mesh, axis, rings, segments);
        } else if constexpr (std::is_same_v<T, collide::Cylinder<double>>) {
          // The caps flat, the side smooth, creased at the rims.
          const double h = shape.halfHeight;
          constexpr std::array<double, 2> kDown = {-1, 0}, kOut = {0, 1}, kUp = {1, 0};
          const Ring rings[4] = {{{0, -h, 0}, 0.0, kDown, kDown}, {{0, -h, 0}, shape.radius, kDown, kOut},
                                 {{0, h, 0}, shape.radius, kOut, kUp}, {{0, h, 0}, 0.0, kUp, kUp}};
          lathe(mesh, {0, 1, 0}, rings, segments);
        } else if constexpr (std::is_same_v<T, collide::Hull<double>>) {
          mesh.positions = shape.vertices;
          for (const collide::HullFace<double>& face : shape.faces) {
            for (int i = 1; i + 1 < face.count; ++i) {
              mesh.triangles.insert(mesh.triangles.end(),
                                    {shape.faceVertices[static_cast<std::size_t>(face.first)],
                                     shape.faceVertices[static_cast<std::size_t>(face.first + i)],
                                     shape.faceVertices[static_cast<std::size_t>(face.first + i + 1)]});
            }
          }
        } else if constexpr (std::is_same_v<T, collide::Mesh<double>>) {
          mesh.positions = shape.vertices;
          for (const std::array<int, 3>& t : shape.triangles) mesh.triangles.insert(mesh.triangles.end(), t.begin(), t.end());
        }
        // The solids' tessellations close up by construction (ShapeMesh3.EverySolidIsClosedOutwardAndInsideItsBounds
        // checks each against meshSurface()); a triangle mesh is whatever its file holds, so only it is asked.
        if constexpr (std::is_same_v<T, collide::Mesh<double>>) {
          mesh.topology.surface = meshSurface(mesh.triangles, static_cast<int>(mesh.positions.size()));
        } else if constexpr (!std::is_same_v<T, collide::Point3<double>> && !std::is_same_v<T, collide::Segment3<double>> &&
                             !std::is_same_v<T, collide::Triangle3<double>>) {
          mesh.topology.surface = MeshSurface::Closed;
        }
      },
      collider.shape);
  for (Vec3d& p : mesh.positions) p = xf.apply(p);
  for (Vec3d& n : mesh.normals) n = xf.q.apply(n);
  return mesh;
}

std::vector<Vec3d> smoothNormals(std::span<const Vec3d> positions, std::span<const int> triangles, double creaseDegrees) {
  const auto count = static_cast<int>(positions.size());
  const auto valid = [count](int index) { return index >= 0 && index < count; };
  const std::size_t faceCount = triangles.size() / 3;
  // Each triangle's area vector (twice its area along its unit normal), and the triangles around each vertex.
  std::vector<Vec3d> areas(faceCount, Vec3d{});
  std::vector<std::vector<std::size_t>> around(positions.size());
  for (std::size_t f = 0; f < faceCount; ++f) {
    const int* t = &triangles[3 * f];
    if (!valid(t[0]) || !valid(t[1]) || !valid(t[2])) continue;
    const auto at = [&](int k) { return positions[static_cast<std::size_t>(t[k])]; };
    areas[f] = collide::cross(at(1) - at(0), at(2) - at(0));
    for (int k = 0; k < 3; ++k) around[static_cast<std::size_t>(t[k])].push_back(f);
  }
  // A corner blends only the triangles around its vertex within the crease angle of its own (smoothing by angle,
  // as modelling tools' auto-smooth): across a sharp edge neither side bends the other's light.
  const double creaseCosine = std::cos(creaseDegrees * std::numbers::pi / 180.0);
  std::vector<Vec3d> normals(3 * faceCount, Vec3d{});
  for (std::size_t f = 0; f < faceCount; ++f) {
    const Vec3d face = collide::normalize(areas[f]);
    for (std::size_t k = 0; k < 3; ++k) {
      const int vertex = triangles[3 * f + k];
      Vec3d sum = areas[f];
      if (valid(vertex)) {
        for (const std::size_t other : around[static_cast<std::size_t>(vertex)])
          if (other != f && collide::dot(collide::normalize(areas[other]), face) >= creaseCosine) sum += areas[other];
      }
      normals[3 * f + k] = collide::normalize(sum);
    }
  }
  return normals;
}

WorldBounds3 shapeBounds3(const Collider3& collider) {
  const collide::Bounds<double, 3> box = collide::bounds(collider);
  return {{box.min[0], box.min[1], box.min[2]}, {box.max[0], box.max[1], box.max[2]}};
}

// [SECTION] Drawing

void drawShape3(Renderer3D& renderer, const Collider3& collider, Color color, const ShapeStyle3& style) {
  const OrbitCamera& camera = renderer.camera();
  const int segments = std::max(style.segments, 3);
  const Style3 edge = style.dashed ? Style3{style.outlineWidth, 7.0f, 5.0f} : Style3{style.outlineWidth};
  // Lines that help read a curved surface's pose (a sphere's equator, a capsule's seams) but are not edges.
  const Style3 guide{0.6f * style.outlineWidth, style.dashed ? 7.0f : 0.0f, style.dashed ? 5.0f : 0.0f};
  const Color guideColor = color.withAlpha(0.45f * color.a);
  const Color fill = color.withAlpha(style.fillAlpha * color.a);
  const collide::Transform3<double> xf = collide::placement(collider);
  const ShapeMesh3 mesh = shapeMesh3(collider, segments);
  if (style.fillAlpha > 0 && !mesh.triangles.empty())
    renderer.mesh(mesh.positions, mesh.triangles, fill, Color{0, 0, 0, 0}, 0.0f, mesh.normals, mesh.topology);

  const auto edges = [&](std::span<const std::pair<int, int>> pairs) {
    for (const auto& [i, j] : pairs)
      renderer.line(mesh.positions[static_cast<std::size_t>(i)], mesh.positions[static_cast<std::size_t>(j)], color, edge);
  };
  std::visit(
      [&](const auto& shape) {
        using T = std::decay_t<decltype(shape)>;
        if constexpr (std::is_same_v<T, collide::Point3<double>>) {
          renderer.point(mesh.positions[0], color, 5.0f);
        } else if constexpr (std::is_same_v<T, collide::Segment3<double>>) {
          renderer.line(mesh.positions[0], mesh.positions[1], color, Style3{style.outlineWidth + 1.0f, edge.dash, edge.gap});
          renderer.point(mesh.positions[0], color, 3.5f);
          renderer.point(mesh.positions[1], color, 3.5f);
        } else if constexpr (std::is_same_v<T, collide::Sphere<double>>) {
          const Vec3d center = xf.apply(shape.center);
          circle(renderer, center, xf.q.apply(Vec3d{0, 1, 0}), shape.radius, 2 * segments, guideColor, guide);
          Vec3d silhouetteCenter, normal;
          double radius = 0;
          if (sphereSilhouette(camera, center, shape.radius, silhouetteCenter, radius, normal))
            circle(renderer, silhouetteCenter, normal, radius, 2 * segments, color, edge);
        } else if constexpr (std::is_same_v<T, collide::Capsule3<double>>) {
          const Vec3d a = xf.apply(shape.a);
          const Vec3d b = xf.apply(shape.b);
          const Vec3d axis = collide::normalize(b - a);
          const Vec3d view = towardViewer(camera, 0.5 * (a + b));
          const Vec3d side = collide::normalize(collide::cross(axis, view));
          if (axis == Vec3d{} || side == Vec3d{}) {
            // Seen end-on (or a sphere): the outline is the nearer end's silhouette.
            Vec3d silhouetteCenter, normal;
            double radius = 0;
            const Vec3d nearer = collide::dot(b - a, view) > 0 ? b : a;
            if (sphereSilhouette(camera, nearer, shape.radius, silhouetteCenter, radius, normal))
              circle(renderer, silhouetteCenter, normal, radius, 2 * segments, color, edge);
          } else {
            // The two sides and the two round ends, in the plane facing the viewer.
            const Vec3d along = collide::normalize(axis - collide::dot(axis, view) * view);
            renderer.line(a + shape.radius * side, b + shape.radius * side, color, edge);
            renderer.line(a - shape.radius * side, b - shape.radius * side, color, edge);
            halfCircle(renderer, b, side, along, shape.radius, segments, color, edge);
            halfCircle(renderer, a, side, -1.0 * along, shape.radius, segments, color, edge);
            circle(renderer, a, axis, shape.radius, segments, guideColor, guide);
            circle(renderer, b, axis, shape.radius, segments, guideColor, guide);
          }
        } else if constexpr (std::is_same_v<T, collide::Cylinder<double>>) {
          const Vec3d axis = xf.q.apply(Vec3d{0, 1, 0});
          const Vec3d top = xf.apply(Vec3d{0, shape.halfHeight, 0});
          const Vec3d bottom = xf.apply(Vec3d{0, -shape.halfHeight, 0});
          circle(renderer, top, axis, shape.radius, segments, color, edge);
          circle(renderer, bottom, axis, shape.radius, segments, color, edge);
          const Vec3d side = collide::normalize(collide::cross(axis, towardViewer(camera, xf.p)));
          if (side != Vec3d{}) {
            renderer.line(bottom + shape.radius * side, top + shape.radius * side, color, edge);
            renderer.line(bottom - shape.radius * side, top - shape.radius * side, color, edge);
          }
        } else if constexpr (std::is_same_v<T, collide::Hull<double>>) {
          for (const collide::HullEdge& e : shape.edges)
            renderer.line(mesh.positions[static_cast<std::size_t>(e.a)], mesh.positions[static_cast<std::size_t>(e.b)], color, edge);
        } else {
          // Triangle, aabb, box and mesh: the border and crease edges of the triangles.
          edges(outlineEdges(mesh.positions, mesh.triangles));
        }
      },
      collider.shape);
}

std::array<Vec3d, 8> boxCorners(Vec3d low, Vec3d high) {
  std::array<Vec3d, 8> corners;
  for (int i = 0; i < 8; ++i) {
    corners[static_cast<std::size_t>(i)] = {(i & 1) ? high.x : low.x, (i & 2) ? high.y : low.y, (i & 4) ? high.z : low.z};
  }
  return corners;
}

void drawWireBox(Renderer3D& renderer, const std::array<Vec3d, 8>& corners, Color color, const Style3& style) {
  constexpr int kEdges[12][2] = {{0, 1}, {2, 3}, {4, 5}, {6, 7}, {0, 2}, {1, 3}, {4, 6}, {5, 7}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};
  for (const auto& edge : kEdges)
    renderer.line(corners[static_cast<std::size_t>(edge[0])], corners[static_cast<std::size_t>(edge[1])], color, style);
}

}  // namespace lab
