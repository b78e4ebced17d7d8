// [SECTION] WorldBounds3
// [SECTION] State and frame
// [SECTION] Mapping
// [SECTION] Moves
// [SECTION] Looking across an axis
//
// The view frame: the eye sits at target - forward * distance; yaw turns about world +Y (yaw 0 looks down -Z,
// with +X to the right), pitch lifts the eye above the horizon. Perspective uses a pinhole camera whose focal
// length in pixels makes the vertical field of view kFieldOfViewY; orthographic uses the same scale at the
// target's depth, so switching projection keeps the target plane's size on screen.
#include "render/orbit_camera.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace lab {

// [SECTION] WorldBounds3

void WorldBounds3::include(Vec3d p) {
  min = {std::min(min.x, p.x), std::min(min.y, p.y), std::min(min.z, p.z)};
  max = {std::max(max.x, p.x), std::max(max.y, p.y), std::max(max.z, p.z)};
}

void WorldBounds3::include(const WorldBounds3& other) {
  if (other.empty()) return;
  include(other.min);
  include(other.max);
}

WorldBounds3 WorldBounds3::none() {
  constexpr double kHuge = std::numeric_limits<double>::max();
  return {{kHuge, kHuge, kHuge}, {-kHuge, -kHuge, -kHuge}};
}

// [SECTION] State and frame

namespace {
// Near and far planes as fractions and multiples of the orbit distance: a 10^4 ratio keeps a 24-bit depth
// buffer's steps far below a pixel around the target (the depth is affine in 1/z for perspective).
constexpr double kNearFraction = 0.01;
constexpr double kFarMultiple = 100.0;
constexpr double kOrbitRadiansPerPixel = 0.008;

// An angle in (-pi, pi], so a long orbit never grows the yaw without bound.
double wrapAngle(double angle) {
  constexpr double kTwoPi = 2 * std::numbers::pi;
  angle = std::remainder(angle, kTwoPi);
  return angle <= -std::numbers::pi ? angle + kTwoPi : angle;
}
}  // namespace

void OrbitCamera::setView(Vec3d target, double yaw, double pitch, double distance) {
  if (collide::isFinite(target)) target_ = target;
  if (std::isfinite(yaw)) yaw_ = wrapAngle(yaw);
  if (std::isfinite(pitch)) pitch_ = std::clamp(pitch, -kMaxPitch, kMaxPitch);
  if (std::isfinite(distance)) distance_ = std::clamp(distance, kMinDistance, kMaxDistance);
}

Vec3d OrbitCamera::forward() const {
  const double cosPitch = std::cos(pitch_);
  return {-cosPitch * std::sin(yaw_), -std::sin(pitch_), -cosPitch * std::cos(yaw_)};
}

Vec3d OrbitCamera::right() const { return {std::cos(yaw_), 0, -std::sin(yaw_)}; }

Vec3d OrbitCamera::up() const { return collide::cross(right(), forward()); }

Vec3d OrbitCamera::eye() const { return target_ - distance_ * forward(); }

double OrbitCamera::nearPlane() const {
  return projection_ == Projection::Perspective ? kNearFraction * distance_ : -kFarMultiple * distance_;
}

double OrbitCamera::farPlane() const { return kFarMultiple * distance_; }

// [SECTION] Mapping

namespace {
// Pixels per unit of tangent (perspective) at the focal plane: half the rectangle's height spans half the field.
double focalPixels(const ScreenRect& rect) {
  return 0.5 * std::max(rect.height, 1.0) / std::tan(0.5 * OrbitCamera::kFieldOfViewY);
}
}  // namespace

Projected OrbitCamera::project(Vec3d world) const {
  const Vec3d relative = world - eye();
  const double x = collide::dot(relative, right());
  const double y = collide::dot(relative, up());
  const double z = collide::dot(relative, forward());
  const double f = focalPixels(rect_);
  const Vec2d center = rect_.center();
  Projected out;
  out.depth = z;
  out.inFront = z > nearPlane();
  if (projection_ == Projection::Perspective) {
    // Behind the eye the division would mirror the point; callers clip against inFront first.
    const double w = std::max(z, std::numeric_limits<double>::min());
    out.screen = {center.x + f * x / w, center.y - f * y / w};
  } else {
    const double scale = f / distance_;
    out.screen = {center.x + scale * x, center.y - scale * y};
  }
  return out;
}

Ray3 OrbitCamera::ray(Vec2d screen) const {
  const double f = focalPixels(rect_);
  const Vec2d center = rect_.center();
  const double u = (screen.x - center.x) / f;
  const double v = -(screen.y - center.y) / f;
  const Vec3d r = right();
  const Vec3d w = up();
  const Vec3d fwd = forward();
  if (projection_ == Projection::Perspective) return {eye(), collide::normalize(fwd + u * r + v * w)};
  // Orthographic: parallel rays from the near plane, so what is drawn (everything beyond it) can be hit.
  return {eye() + distance_ * (u * r + v * w) + nearPlane() * fwd, fwd};
}

Vec3d OrbitCamera::unproject(Vec2d screen, double depth) const {
  const Ray3 through = ray(screen);
  const Vec3d fwd = forward();
  return through.origin + ((depth - collide::dot(through.origin - eye(), fwd)) / collide::dot(through.direction, fwd)) * through.direction;
}

double OrbitCamera::pixelSizeAt(Vec3d world) const {
  const double f = focalPixels(rect_);
  if (projection_ == Projection::Orthographic) return distance_ / f;
  const double z = collide::dot(world - eye(), forward());
  return std::max(z, nearPlane()) / f;
}

// [SECTION] Moves

void OrbitCamera::orbit(Vec2d screenDelta) {
  // The scene follows the mouse: dragging right turns it right (the eye goes left), dragging down tips its top
  // toward the viewer (the eye goes up).
  setView(target_, yaw_ - kOrbitRadiansPerPixel * screenDelta.x, pitch_ + kOrbitRadiansPerPixel * screenDelta.y,
          distance_);
}

void OrbitCamera::pan(Vec2d screenDelta) {
  const double size = pixelSizeAt(target_);
  setView(target_ - size * screenDelta.x * right() + size * screenDelta.y * up(), yaw_, pitch_, distance_);
}

void OrbitCamera::zoomAt(Vec2d screenAnchor, double factor) {
  if (!std::isfinite(factor) || !(factor > 0) || !collide::isFinite(screenAnchor)) return;
  const double distance = std::clamp(distance_ / factor, kMinDistance, kMaxDistance);
  const double scale = distance / distance_;  // the clamped 1 / factor
  // The point under the cursor on the plane through the target facing the camera. Scaling the whole camera
  // about it (target and eye alike, orientation kept) leaves its projection where it was, in both projections.
  const Ray3 r = ray(screenAnchor);
  const Vec3d fwd = forward();
  const double t = collide::dot(target_ - r.origin, fwd) / collide::dot(r.direction, fwd);
  const Vec3d anchor = r.origin + t * r.direction;
  setView(anchor + scale * (target_ - anchor), yaw_, pitch_, distance);
}

void OrbitCamera::fit(const WorldBounds3& bounds, double marginPixels) {
  if (bounds.empty() || !collide::isFinite(bounds.min) || !collide::isFinite(bounds.max)) return;
  const Vec3d center = 0.5 * (bounds.min + bounds.max);
  const double f = focalPixels(rect_);
  const double halfWidth = std::max(0.5 * rect_.width - marginPixels, 1.0);
  const double halfHeight = std::max(0.5 * rect_.height - marginPixels, 1.0);
  const Vec3d r = right();
  const Vec3d w = up();
  const Vec3d fwd = forward();
  // Every corner must satisfy f |x| / depth <= half extent, with depth = D + z for the orbit distance D
  // (perspective), or f |x| / D <= half extent (orthographic): the smallest D that satisfies all eight.
  double distance = 0;
  for (int i = 0; i < 8; ++i) {
    const Vec3d corner{(i & 1) ? bounds.max.x : bounds.min.x, (i & 2) ? bounds.max.y : bounds.min.y,
                       (i & 4) ? bounds.max.z : bounds.min.z};
    const Vec3d relative = corner - center;
    const double x = std::abs(collide::dot(relative, r));
    const double y = std::abs(collide::dot(relative, w));
    const double z = collide::dot(relative, fwd);
    const double needed = std::max(f * x / halfWidth, f * y / halfHeight);
    if (projection_ == Projection::Perspective) {
      // In front of the near plane too: D + z > kNearFraction D.
      distance = std::max({distance, needed - z, -z / (1 - kNearFraction) * 1.001});
    } else {
      distance = std::max(distance, needed);
    }
  }
  // A box of no size (one point) keeps the distance; only the target moves.
  setView(center, yaw_, pitch_, distance > 0 ? distance : distance_);
}

std::array<Projected, 8> OrbitCamera::projectCorners(const WorldBounds3& bounds) const {
  std::array<Projected, 8> corners;
  for (std::size_t i = 0; i < corners.size(); ++i) {
    corners[i] = project({(i & 1) ? bounds.max.x : bounds.min.x, (i & 2) ? bounds.max.y : bounds.min.y,
                          (i & 4) ? bounds.max.z : bounds.min.z});
  }
  return corners;
}

bool OrbitCamera::shows(const WorldBounds3& bounds, double marginPixels) const {
  if (bounds.empty()) return true;
  const ScreenRect inside{rect_.x + marginPixels, rect_.y + marginPixels, rect_.width - 2 * marginPixels,
                          rect_.height - 2 * marginPixels};
  for (const Projected& corner : projectCorners(bounds))
    if (!corner.inFront || !inside.contains(corner.screen)) return false;
  return true;
}

void OrbitCamera::lookAlong(Vec3d target, Vec3d forward) {
  // forward() = (-cos(pitch) sin(yaw), -sin(pitch), -cos(pitch) cos(yaw)), inverted.
  const double length = collide::length(forward);
  if (!(length > 0) || !collide::isFinite(forward)) return;
  const Vec3d f = forward / length;
  setView(target, std::atan2(-f.x, -f.z), std::asin(std::clamp(-f.y, -1.0, 1.0)), distance_);
}

void OrbitCamera::setPreset(ViewPreset preset) {
  constexpr double kQuarter = 0.5 * std::numbers::pi;
  double yaw = 0;
  double pitch = 0;
  switch (preset) {
    case ViewPreset::PlusX: yaw = kQuarter; break;
    case ViewPreset::MinusX: yaw = -kQuarter; break;
    case ViewPreset::PlusY: pitch = kMaxPitch; break;
    case ViewPreset::MinusY: pitch = -kMaxPitch; break;
    case ViewPreset::PlusZ: yaw = 0; break;
    case ViewPreset::MinusZ: yaw = std::numbers::pi; break;
    case ViewPreset::Isometric:
      // The cube's diagonal (1, 1, 1) toward the eye: yaw 45 degrees, pitch atan(1 / sqrt 2) = 35.26 degrees.
      yaw = 0.25 * std::numbers::pi;
      pitch = std::atan(1 / std::numbers::sqrt2);
      break;
  }
  setView(target_, yaw, pitch, distance_);
}

// [SECTION] Looking across an axis

Vec3d lookAcross(Vec3d axis, std::span<const Vec3d> sideOn, Vec3d near, double tilt) {
  const double nearLength = collide::length(near);
  const Vec3d toward = nearLength > 0 && collide::isFinite(near) ? near / nearLength : Vec3d{0, 0, -1};
  const double axisLength = collide::length(axis);
  if (!(axisLength > 0) || !collide::isFinite(axis)) return toward;
  const Vec3d n = axis / axisLength;
  const collide::OrthonormalBasis<double> across = collide::orthonormalBasis(n);
  // The side-on directions' spread across the axis: p, q, r of the 2 x 2 matrix sum (a, b)(a, b)^T, each unit.
  double p = 0, q = 0, r = 0;
  int count = 0;
  Vec3d sum{};
  for (const Vec3d& s : sideOn) {
    const double length = collide::length(s);
    if (!(length > 0) || !collide::isFinite(s)) continue;
    const Vec3d unit = s / length;
    const double a = collide::dot(unit, across.tangent), b = collide::dot(unit, across.bitangent);
    p += a * a, q += a * b, r += b * b;
    sum = sum + unit;
    ++count;
  }
  Vec3d forward;
  // A spread with a clear least direction (its eigenvalues a twentieth apart, of the count): along it; else nearest.
  if (count > 0 && std::hypot(p - r, 2 * q) > 0.05 * count) {
    const double major = 0.5 * std::atan2(2 * q, p - r);
    forward = -std::sin(major) * across.tangent + std::cos(major) * across.bitangent;
  } else {
    // Looking along the axis: the default camera's direction across it (from above, three-quarters), not any.
    const Vec3d fallback = OrbitCamera{}.forward();
    forward = toward - collide::dot(toward, n) * n;
    if (collide::lengthSquared(forward) < 1e-12) forward = fallback - collide::dot(fallback, n) * n;
    forward = collide::lengthSquared(forward) > 1e-12 ? collide::normalize(forward) : across.tangent;
  }
  if (collide::dot(forward, toward) < 0) forward = -1.0 * forward;
  // Tipped toward the normals' sum, to the side nearer `near` (a view from above stays above: from under the ground
  // the pane read as upside down); on a tie, the viewer on the normals' side.
  const Vec3d off = sum - collide::dot(sum, forward) * forward;
  if (tilt != 0 && collide::length(off) > 1e-6 * std::max(count, 1)) {
    const Vec3d tip = std::sin(tilt) * collide::normalize(off);
    const Vec3d towardNormals = std::cos(tilt) * forward - tip, awayFromThem = std::cos(tilt) * forward + tip;
    forward = collide::dot(awayFromThem, toward) > collide::dot(towardNormals, toward) + 1e-12 ? awayFromThem : towardNormals;
  }
  return forward;
}

}  // namespace lab
