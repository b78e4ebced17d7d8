// workloads/motions.h: moving boxes for the broad-phase CLI, tests, benchmarks and lab. No I/O.
//
// Four motions, deterministic by seed (our own SplitMix64, so goldens do not depend on a standard library's
// distributions):
//   drift     coherent small velocities, reflected at the walls: temporal coherence at its best;
//   bounce    fast velocities reflected in the box: many swaps a frame;
//   floor     boxes fall onto a floor line and rest there: every box shares the same range on the up axis,
//             sweep and prune's worst case if it sweeps that axis (RTR collision summary, 25.1.1);
//   teleport  every box jumps to a random place every frame: no coherence at all.
// Sizes: half extents in [0.1, 0.5] on each axis (so Box2D's 0.1 m fat margin fits the same scene); the world
// grows with the count so the density stays the same.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "collide/broadphase.h"
#include "workloads/random.h"

namespace collide {

enum class BoxMotion { Drift, Bounce, Floor, Teleport };

inline constexpr std::array<std::string_view, 4> kMotionNames = {"drift", "bounce", "floor", "teleport"};

[[nodiscard]] constexpr std::string_view motionName(BoxMotion motion) { return kMotionNames[static_cast<int>(motion)]; }

[[nodiscard]] constexpr std::optional<BoxMotion> parseMotion(std::string_view name) {
  for (std::size_t i = 0; i < kMotionNames.size(); ++i) {
    if (kMotionNames[i] == name) return static_cast<BoxMotion>(i);
  }
  return std::nullopt;
}

// Boxes moving by one of the motions. Axis Dim - 1 is "up" for the floor.
template <Scalar S, int Dim = 2>
class MovingBoxes {
 public:
  using Box = Bounds<S, Dim>;
  using Vector = std::array<double, Dim>;

  static constexpr double kMinHalfExtent = 0.1;
  static constexpr double kMaxHalfExtent = 0.5;
  static constexpr double kSpacing = 3.0;       // world side = spacing * count^(1/Dim): about 4% covered in 2D
  static constexpr double kDriftSpeed = 0.02;   // per frame
  static constexpr double kBounceSpeed = 0.25;  // per frame
  static constexpr double kGravity = 0.01;      // per frame squared
  static constexpr double kFloorSpacing = 1.0;  // floor length per box
  static constexpr double kDropHeight = 4.0;    // floor: boxes start this high at most, landing by frame 30

  static constexpr std::size_t kNone = static_cast<std::size_t>(-1);

  // The broad-phase labs' scenes, which `collision-lab broadphase` makes too, so that a lab's counters can be re-run
  // from the command line: one generator, a denser world than the benchmarks' (kLabSpacing), and in the plane every
  // third box a circle's (labCircle: its box a square, as wide as the box drawn for it).
  static constexpr double kLabSpacing = 2.0;
  [[nodiscard]] static constexpr bool labCircle(std::size_t i) { return Dim == 2 && i % 3 == 2; }
  [[nodiscard]] static MovingBoxes lab(BoxMotion motion, std::size_t count, std::uint64_t seed,
                                       double spacing = kLabSpacing) {
    MovingBoxes scene(motion, count, seed, spacing);
    for (std::size_t i = 0; i < count; ++i) {
      if (!labCircle(i)) continue;
      Vector square;
      square.fill(scene.halfExtents_[i][0]);
      scene.setHalfExtents(i, square);
    }
    return scene;
  }

  // `spacing` sets the density (the broad-phase lab uses a denser world than the benchmarks); the floor's length
  // scales with it too.
  MovingBoxes(BoxMotion motion, std::size_t count, std::uint64_t seed, double spacing = kSpacing)
      : motion_(motion), random_(seed) {
    const double side = spacing * std::pow(static_cast<double>(std::max<std::size_t>(count, 1)), 1.0 / Dim);
    for (int axis = 0; axis < Dim; ++axis) worldSize_[axis] = side;
    if (motion == BoxMotion::Floor) {
      for (int axis = 0; axis + 1 < Dim; ++axis) {
        worldSize_[axis] = kFloorSpacing * (spacing / kSpacing) *
                           std::pow(static_cast<double>(std::max<std::size_t>(count, 1)), 1.0 / (Dim - 1));
      }
      worldSize_[Dim - 1] = kDropHeight;
    }
    centres_.resize(count);
    halfExtents_.resize(count);
    velocities_.resize(count);
    for (std::size_t i = 0; i < count; ++i) {
      for (int axis = 0; axis < Dim; ++axis) {
        halfExtents_[i][axis] = random_.uniform(kMinHalfExtent, kMaxHalfExtent);
        centres_[i][axis] = random_.uniform(halfExtents_[i][axis], worldSize_[axis] - halfExtents_[i][axis]);
      }
      velocities_[i] = motionVelocity();
    }
    writeBoxes();
  }

  // Advances one frame; displacement(i) is how far box i's centre moved. Box `held` (one the user drags) stays.
  void step(std::size_t held = kNone) {
    previous_ = centres_;
    for (std::size_t i = 0; i < centres_.size(); ++i) {
      if (i == held) continue;
      switch (motion_) {
        case BoxMotion::Drift:
        case BoxMotion::Bounce:
          moveAndReflect(i);
          break;
        case BoxMotion::Floor:
          velocities_[i][Dim - 1] -= kGravity;
          moveAndReflect(i);
          break;
        case BoxMotion::Teleport:
          for (int axis = 0; axis < Dim; ++axis) {
            centres_[i][axis] = random_.uniform(halfExtents_[i][axis], worldSize_[axis] - halfExtents_[i][axis]);
          }
          break;
      }
    }
    writeBoxes();
  }

  [[nodiscard]] const std::vector<Box>& boxes() const { return boxes_; }
  [[nodiscard]] std::size_t size() const { return boxes_.size(); }
  [[nodiscard]] Vector displacement(std::size_t i) const {
    Vector d{};
    if (i >= previous_.size()) return d;
    for (int axis = 0; axis < Dim; ++axis) d[axis] = centres_[i][axis] - previous_[i][axis];
    return d;
  }
  [[nodiscard]] const Vector& worldSize() const { return worldSize_; }
  [[nodiscard]] const Vector& centre(std::size_t i) const { return centres_[i]; }
  [[nodiscard]] const Vector& halfExtents(std::size_t i) const { return halfExtents_[i]; }
  [[nodiscard]] const Vector& velocity(std::size_t i) const { return velocities_[i]; }

  // Edits (the broad-phase lab): move a box by hand, change its size, add one with a velocity of the motion,
  // remove one (the last box takes its index).
  void place(std::size_t i, const Vector& centre) {
    centres_[i] = centre;
    writeBox(i);
  }
  void setHalfExtents(std::size_t i, const Vector& halfExtents) {
    halfExtents_[i] = halfExtents;
    writeBox(i);
  }
  void setVelocity(std::size_t i, const Vector& velocity) { velocities_[i] = velocity; }
  // The walls the boxes reflect off (a loaded scene grows the world to hold its boxes).
  void setWorldSize(const Vector& worldSize) { worldSize_ = worldSize; }
  std::size_t add(const Vector& centre, const Vector& halfExtents) {
    centres_.push_back(centre);
    halfExtents_.push_back(halfExtents);
    velocities_.push_back(motionVelocity());
    boxes_.emplace_back();
    writeBox(boxes_.size() - 1);
    return boxes_.size() - 1;
  }
  void remove(std::size_t i) {
    for (auto* list : {&centres_, &halfExtents_, &velocities_}) {
      (*list)[i] = list->back();
      list->pop_back();
    }
    boxes_[i] = boxes_.back();
    boxes_.pop_back();
    previous_.clear();
  }
  [[nodiscard]] BoxMotion motion() const { return motion_; }

 private:
  // A random direction at the motion's speed; on the floor, horizontal.
  Vector motionVelocity() {
    Vector v = randomVelocity(motion_ == BoxMotion::Bounce ? kBounceSpeed : kDriftSpeed);
    if (motion_ == BoxMotion::Floor) v[Dim - 1] = 0;
    return v;
  }

  Vector randomVelocity(double speed) {
    Vector v{};
    double length = 0;
    for (int axis = 0; axis < Dim; ++axis) {
      v[axis] = random_.uniform(-1, 1);
      length += v[axis] * v[axis];
    }
    length = std::sqrt(length);
    for (int axis = 0; axis < Dim; ++axis) v[axis] = length > 0 ? speed * v[axis] / length : 0;
    return v;
  }

  // Moves a box and reflects it off the walls; on the floor (up axis, motion Floor) it stops instead.
  void moveAndReflect(std::size_t i) {
    for (int axis = 0; axis < Dim; ++axis) {
      double& c = centres_[i][axis];
      double& v = velocities_[i][axis];
      const double low = halfExtents_[i][axis];
      const double high = worldSize_[axis] - halfExtents_[i][axis];
      c += v;
      if (c < low) {
        c = low;
        v = (motion_ == BoxMotion::Floor && axis == Dim - 1) ? 0 : -v;
      } else if (c > high) {
        c = high;
        v = -v;
      }
    }
  }

  void writeBoxes() {
    boxes_.resize(centres_.size());
    for (std::size_t i = 0; i < centres_.size(); ++i) writeBox(i);
  }

  void writeBox(std::size_t i) {
    for (int axis = 0; axis < Dim; ++axis) {
      boxes_[i].min[axis] = static_cast<S>(centres_[i][axis] - halfExtents_[i][axis]);
      boxes_[i].max[axis] = static_cast<S>(centres_[i][axis] + halfExtents_[i][axis]);
    }
  }

  BoxMotion motion_;
  SplitMix64 random_;
  Vector worldSize_{};
  std::vector<Vector> centres_;
  std::vector<Vector> previous_;
  std::vector<Vector> halfExtents_;
  std::vector<Vector> velocities_;
  std::vector<Box> boxes_;
};

}  // namespace collide
