// collide/math.h: 2D and 3D vectors, rotations and rigid transforms, templated on the scalar.
//
// [SECTION] Scalar helpers
// [SECTION] Vec2
// [SECTION] Rot
// [SECTION] Transform
// [SECTION] Vec3
// [SECTION] Quat
// [SECTION] Transform3
#pragma once

#include <cmath>
#include <concepts>
#include <limits>

namespace collide {

// [SECTION] Scalar helpers

template <class S>
concept Scalar = std::floating_point<S>;

// Machine epsilon of the scalar; tolerances are relative to it (Jolt: "relative, NaN-safe termination").
template <Scalar S>
inline constexpr S kEpsilon = std::numeric_limits<S>::epsilon();

template <Scalar S>
[[nodiscard]] constexpr S clamp(S value, S low, S high) {
  return value < low ? low : (value > high ? high : value);
}

// [SECTION] Vec2

template <Scalar S>
struct Vec2 {
  using Scalar = S;
  S x{0};
  S y{0};

  constexpr Vec2() = default;
  constexpr Vec2(S xValue, S yValue) : x(xValue), y(yValue) {}

  template <class T>
  [[nodiscard]] constexpr Vec2<T> cast() const {
    return {static_cast<T>(x), static_cast<T>(y)};
  }

  constexpr Vec2 operator-() const { return {-x, -y}; }
  constexpr Vec2& operator+=(Vec2 o) { x += o.x; y += o.y; return *this; }
  constexpr Vec2& operator-=(Vec2 o) { x -= o.x; y -= o.y; return *this; }
  constexpr Vec2& operator*=(S s) { x *= s; y *= s; return *this; }
  friend constexpr Vec2 operator+(Vec2 a, Vec2 b) { return {a.x + b.x, a.y + b.y}; }
  friend constexpr Vec2 operator-(Vec2 a, Vec2 b) { return {a.x - b.x, a.y - b.y}; }
  friend constexpr Vec2 operator*(S s, Vec2 v) { return {s * v.x, s * v.y}; }
  friend constexpr Vec2 operator*(Vec2 v, S s) { return {s * v.x, s * v.y}; }
  friend constexpr Vec2 operator/(Vec2 v, S s) { return {v.x / s, v.y / s}; }
  friend constexpr bool operator==(Vec2 a, Vec2 b) = default;
};

template <Scalar S>
[[nodiscard]] constexpr S dot(Vec2<S> a, Vec2<S> b) { return a.x * b.x + a.y * b.y; }

// 2D cross product: the z of the 3D cross product; > 0 when b is counter-clockwise of a.
template <Scalar S>
[[nodiscard]] constexpr S cross(Vec2<S> a, Vec2<S> b) { return a.x * b.y - a.y * b.x; }

// Counter-clockwise perpendicular (rotate by +90 degrees).
template <Scalar S>
[[nodiscard]] constexpr Vec2<S> leftPerp(Vec2<S> v) { return {-v.y, v.x}; }

// Clockwise perpendicular (rotate by -90 degrees).
template <Scalar S>
[[nodiscard]] constexpr Vec2<S> rightPerp(Vec2<S> v) { return {v.y, -v.x}; }

template <Scalar S>
[[nodiscard]] constexpr S lengthSquared(Vec2<S> v) { return dot(v, v); }

template <Scalar S>
[[nodiscard]] inline S length(Vec2<S> v) { return std::hypot(v.x, v.y); }

template <Scalar S>
[[nodiscard]] inline S distance(Vec2<S> a, Vec2<S> b) { return length(a - b); }

template <Scalar S>
[[nodiscard]] constexpr Vec2<S> lerp(Vec2<S> a, Vec2<S> b, S t) { return a + t * (b - a); }

// Unit vector along v, or the zero vector when v is too short to have a direction.
template <Scalar S>
[[nodiscard]] inline Vec2<S> normalize(Vec2<S> v) {
  const S len = length(v);
  if (!(len > std::numeric_limits<S>::min())) return {S(0), S(0)};
  return v / len;
}

template <Scalar S>
[[nodiscard]] inline bool isFinite(Vec2<S> v) { return std::isfinite(v.x) && std::isfinite(v.y); }

// Vector triple product (a x b) x c in the plane: b * dot(a, c) - a * dot(b, c).
// Boolean GJK uses tripleProduct(ab, ao, ab) for the perpendicular of ab toward the origin (Muratori,
// "Implementing GJK", 2006).
template <Scalar S>
[[nodiscard]] constexpr Vec2<S> tripleProduct(Vec2<S> a, Vec2<S> b, Vec2<S> c) {
  return b * dot(a, c) - a * dot(b, c);
}

// [SECTION] Rot

// A rotation stored as cosine and sine, so applying it costs no trigonometry.
template <Scalar S>
struct Rot {
  S c{1};
  S s{0};

  [[nodiscard]] static Rot fromAngle(S radians) { return {std::cos(radians), std::sin(radians)}; }
  [[nodiscard]] static constexpr Rot identity() { return {S(1), S(0)}; }
  [[nodiscard]] S angle() const { return std::atan2(s, c); }

  // Local axes expressed in the parent frame.
  [[nodiscard]] constexpr Vec2<S> xAxis() const { return {c, s}; }
  [[nodiscard]] constexpr Vec2<S> yAxis() const { return {-s, c}; }

  [[nodiscard]] constexpr Vec2<S> apply(Vec2<S> v) const { return {c * v.x - s * v.y, s * v.x + c * v.y}; }
  [[nodiscard]] constexpr Vec2<S> applyInverse(Vec2<S> v) const { return {c * v.x + s * v.y, -s * v.x + c * v.y}; }

  template <class T>
  [[nodiscard]] constexpr Rot<T> cast() const { return {static_cast<T>(c), static_cast<T>(s)}; }
  friend constexpr bool operator==(Rot a, Rot b) = default;
};

// a * b: first b, then a.
template <Scalar S>
[[nodiscard]] constexpr Rot<S> operator*(Rot<S> a, Rot<S> b) {
  return {a.c * b.c - a.s * b.s, a.s * b.c + a.c * b.s};
}

// inverse(a) * b
template <Scalar S>
[[nodiscard]] constexpr Rot<S> invMul(Rot<S> a, Rot<S> b) {
  return {a.c * b.c + a.s * b.s, a.c * b.s - a.s * b.c};
}

// [SECTION] Transform

// A rigid transform: local to parent is p + q * v.
template <Scalar S>
struct Transform {
  Vec2<S> p{};
  Rot<S> q{};

  [[nodiscard]] static constexpr Transform identity() { return {}; }
  [[nodiscard]] static Transform fromPose(Vec2<S> position, S angleRadians) {
    return {position, Rot<S>::fromAngle(angleRadians)};
  }

  [[nodiscard]] constexpr Vec2<S> apply(Vec2<S> v) const { return q.apply(v) + p; }
  [[nodiscard]] constexpr Vec2<S> applyInverse(Vec2<S> v) const { return q.applyInverse(v - p); }

  template <class T>
  [[nodiscard]] constexpr Transform<T> cast() const { return {p.template cast<T>(), q.template cast<T>()}; }
  friend constexpr bool operator==(const Transform& a, const Transform& b) = default;
};

// a * b: b's frame expressed in a's parent.
template <Scalar S>
[[nodiscard]] constexpr Transform<S> operator*(const Transform<S>& a, const Transform<S>& b) {
  return {a.apply(b.p), a.q * b.q};
}

// inverse(a) * b: b's frame expressed in a's local frame. GJK works in A's frame this way, so large
// world coordinates cancel before any support point is formed (DESIGN.md, "work in A's local frame").
template <Scalar S>
[[nodiscard]] constexpr Transform<S> invMul(const Transform<S>& a, const Transform<S>& b) {
  return {a.applyInverse(b.p), invMul(a.q, b.q)};
}

// [SECTION] Vec3

template <Scalar S>
struct Vec3 {
  using Scalar = S;
  S x{0};
  S y{0};
  S z{0};

  constexpr Vec3() = default;
  constexpr Vec3(S xValue, S yValue, S zValue) : x(xValue), y(yValue), z(zValue) {}

  template <class T>
  [[nodiscard]] constexpr Vec3<T> cast() const {
    return {static_cast<T>(x), static_cast<T>(y), static_cast<T>(z)};
  }

  constexpr Vec3 operator-() const { return {-x, -y, -z}; }
  constexpr Vec3& operator+=(Vec3 o) { x += o.x; y += o.y; z += o.z; return *this; }
  constexpr Vec3& operator-=(Vec3 o) { x -= o.x; y -= o.y; z -= o.z; return *this; }
  constexpr Vec3& operator*=(S s) { x *= s; y *= s; z *= s; return *this; }
  friend constexpr Vec3 operator+(Vec3 a, Vec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
  friend constexpr Vec3 operator-(Vec3 a, Vec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
  friend constexpr Vec3 operator*(S s, Vec3 v) { return {s * v.x, s * v.y, s * v.z}; }
  friend constexpr Vec3 operator*(Vec3 v, S s) { return {s * v.x, s * v.y, s * v.z}; }
  friend constexpr Vec3 operator/(Vec3 v, S s) { return {v.x / s, v.y / s, v.z / s}; }
  friend constexpr bool operator==(Vec3 a, Vec3 b) = default;
};

template <Scalar S>
[[nodiscard]] constexpr S dot(Vec3<S> a, Vec3<S> b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

// Right-handed: cross(x, y) == z.
template <Scalar S>
[[nodiscard]] constexpr Vec3<S> cross(Vec3<S> a, Vec3<S> b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

template <Scalar S>
[[nodiscard]] constexpr S lengthSquared(Vec3<S> v) { return dot(v, v); }

// Overflow-safe like the 2D length: 1e200 along two axes has a finite length.
template <Scalar S>
[[nodiscard]] inline S length(Vec3<S> v) { return std::hypot(v.x, v.y, v.z); }

template <Scalar S>
[[nodiscard]] inline S distance(Vec3<S> a, Vec3<S> b) { return length(a - b); }

template <Scalar S>
[[nodiscard]] constexpr Vec3<S> lerp(Vec3<S> a, Vec3<S> b, S t) { return a + t * (b - a); }

// Unit vector along v, or the zero vector when v is too short to have a direction.
template <Scalar S>
[[nodiscard]] inline Vec3<S> normalize(Vec3<S> v) {
  const S len = length(v);
  if (!(len > std::numeric_limits<S>::min())) return {S(0), S(0), S(0)};
  return v / len;
}

template <Scalar S>
[[nodiscard]] inline bool isFinite(Vec3<S> v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

// Two unit vectors that complete the unit vector n to a right-handed orthonormal basis (t1, t2, n), with no
// branch on a threshold and no normalization (Duff et al., "Building an Orthonormal Basis, Revisited", JCGT 2017).
template <Scalar S>
struct OrthonormalBasis {
  Vec3<S> tangent;
  Vec3<S> bitangent;
};

template <Scalar S>
[[nodiscard]] inline OrthonormalBasis<S> orthonormalBasis(Vec3<S> n) {
  const S sign = std::copysign(S(1), n.z);
  const S a = S(-1) / (sign + n.z);
  const S b = n.x * n.y * a;
  return {{S(1) + sign * n.x * n.x * a, sign * b, -sign * n.x}, {b, sign + n.y * n.y * a, -n.y}};
}

// A unit vector perpendicular to v (any one); zero when v has no direction.
template <Scalar S>
[[nodiscard]] inline Vec3<S> perpendicular(Vec3<S> v) {
  const Vec3<S> n = normalize(v);
  if (n == Vec3<S>{}) return {};
  return orthonormalBasis(n).tangent;
}

// [SECTION] Quat

// A unit quaternion (x, y, z: the vector part, w: the scalar part) rotating by angle theta about the unit axis u:
// (u sin(theta / 2), cos(theta / 2)). q and -q are the same rotation. Shoemake, "Animating Rotation with Quaternion
// Curves", SIGGRAPH 1985; Jolt's Quat uses the same layout.
template <Scalar S>
struct Quat {
  S x{0};
  S y{0};
  S z{0};
  S w{1};

  [[nodiscard]] static constexpr Quat identity() { return {S(0), S(0), S(0), S(1)}; }

  // axis must be unit length.
  [[nodiscard]] static Quat fromAxisAngle(Vec3<S> axis, S radians) {
    const S half = S(0.5) * radians;
    const S s = std::sin(half);
    return {axis.x * s, axis.y * s, axis.z * s, std::cos(half)};
  }

  // Extrinsic x, then y, then z (roll about x, pitch about y, yaw about z): the rotation Rz(yaw) Ry(pitch) Rx(roll).
  [[nodiscard]] static Quat fromEuler(S roll, S pitch, S yaw) {
    const S cr = std::cos(S(0.5) * roll), sr = std::sin(S(0.5) * roll);
    const S cp = std::cos(S(0.5) * pitch), sp = std::sin(S(0.5) * pitch);
    const S cy = std::cos(S(0.5) * yaw), sy = std::sin(S(0.5) * yaw);
    return {sr * cp * cy - cr * sp * sy, cr * sp * cy + sr * cp * sy, cr * cp * sy - sr * sp * cy,
            cr * cp * cy + sr * sp * sy};
  }

  // The rotation whose matrix has the columns xAxis, yAxis, zAxis (orthonormal, right-handed). Shepperd's method:
  // start from the largest diagonal term so no square root sees a small, cancelled number (Shepperd, "Quaternion
  // from Rotation Matrix", J. Guidance and Control 1978).
  [[nodiscard]] static Quat fromColumns(Vec3<S> c0, Vec3<S> c1, Vec3<S> c2) {
    const S trace = c0.x + c1.y + c2.z;
    Quat q;
    if (trace >= c0.x && trace >= c1.y && trace >= c2.z) {
      const S r = std::sqrt(S(1) + trace);
      const S h = S(0.5) / r;
      q = {(c1.z - c2.y) * h, (c2.x - c0.z) * h, (c0.y - c1.x) * h, S(0.5) * r};
    } else if (c0.x >= c1.y && c0.x >= c2.z) {
      const S r = std::sqrt(S(1) + c0.x - c1.y - c2.z);
      const S h = S(0.5) / r;
      q = {S(0.5) * r, (c1.x + c0.y) * h, (c0.z + c2.x) * h, (c1.z - c2.y) * h};
    } else if (c1.y >= c2.z) {
      const S r = std::sqrt(S(1) + c1.y - c0.x - c2.z);
      const S h = S(0.5) / r;
      q = {(c1.x + c0.y) * h, S(0.5) * r, (c2.y + c1.z) * h, (c2.x - c0.z) * h};
    } else {
      const S r = std::sqrt(S(1) + c2.z - c0.x - c1.y);
      const S h = S(0.5) / r;
      q = {(c0.z + c2.x) * h, (c2.y + c1.z) * h, S(0.5) * r, (c0.y - c1.x) * h};
    }
    return q.normalized();
  }

  [[nodiscard]] constexpr Vec3<S> vector() const { return {x, y, z}; }
  [[nodiscard]] constexpr Quat conjugate() const { return {-x, -y, -z, w}; }
  [[nodiscard]] constexpr S lengthSquared() const { return x * x + y * y + z * z + w * w; }

  // Unit length again after rounding has crept in; identity when the quaternion has no direction.
  [[nodiscard]] Quat normalized() const {
    const S len = std::sqrt(lengthSquared());
    if (!(len > std::numeric_limits<S>::min())) return identity();
    const S inverse = S(1) / len;
    return {x * inverse, y * inverse, z * inverse, w * inverse};
  }

  // q v q*, expanded: v + 2w (u x v) + 2 u x (u x v) with u the vector part (two cross products, no matrix).
  [[nodiscard]] constexpr Vec3<S> apply(Vec3<S> v) const {
    const Vec3<S> u = vector();
    const Vec3<S> t = S(2) * cross(u, v);
    return v + w * t + cross(u, t);
  }
  [[nodiscard]] constexpr Vec3<S> applyInverse(Vec3<S> v) const { return conjugate().apply(v); }

  // Columns of the rotation matrix: the local axes expressed in the parent frame.
  [[nodiscard]] constexpr Vec3<S> xAxis() const {
    return {S(1) - S(2) * (y * y + z * z), S(2) * (x * y + w * z), S(2) * (x * z - w * y)};
  }
  [[nodiscard]] constexpr Vec3<S> yAxis() const {
    return {S(2) * (x * y - w * z), S(1) - S(2) * (x * x + z * z), S(2) * (y * z + w * x)};
  }
  [[nodiscard]] constexpr Vec3<S> zAxis() const {
    return {S(2) * (x * z + w * y), S(2) * (y * z - w * x), S(1) - S(2) * (x * x + y * y)};
  }

  template <class T>
  [[nodiscard]] constexpr Quat<T> cast() const {
    return {static_cast<T>(x), static_cast<T>(y), static_cast<T>(z), static_cast<T>(w)};
  }
  friend constexpr bool operator==(Quat a, Quat b) = default;
};

// a * b: first b, then a (Hamilton product).
template <Scalar S>
[[nodiscard]] constexpr Quat<S> operator*(Quat<S> a, Quat<S> b) {
  return {a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y, a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
          a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w, a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z};
}

// inverse(a) * b, for unit quaternions.
template <Scalar S>
[[nodiscard]] constexpr Quat<S> invMul(Quat<S> a, Quat<S> b) { return a.conjugate() * b; }

template <Scalar S>
[[nodiscard]] inline bool isFinite(Quat<S> q) {
  return std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z) && std::isfinite(q.w);
}

// [SECTION] Transform3

// A rigid transform in space: local to parent is p + q * v, like the 2D Transform.
template <Scalar S>
struct Transform3 {
  Vec3<S> p{};
  Quat<S> q{};

  [[nodiscard]] static constexpr Transform3 identity() { return {}; }

  [[nodiscard]] constexpr Vec3<S> apply(Vec3<S> v) const { return q.apply(v) + p; }
  [[nodiscard]] constexpr Vec3<S> applyInverse(Vec3<S> v) const { return q.applyInverse(v - p); }

  template <class T>
  [[nodiscard]] constexpr Transform3<T> cast() const { return {p.template cast<T>(), q.template cast<T>()}; }
  friend constexpr bool operator==(const Transform3& a, const Transform3& b) = default;
};

// a * b: b's frame expressed in a's parent.
template <Scalar S>
[[nodiscard]] constexpr Transform3<S> operator*(const Transform3<S>& a, const Transform3<S>& b) {
  return {a.apply(b.p), a.q * b.q};
}

// inverse(a) * b: b's frame expressed in a's local frame (what GJK works in, as in 2D).
template <Scalar S>
[[nodiscard]] constexpr Transform3<S> invMul(const Transform3<S>& a, const Transform3<S>& b) {
  return {a.applyInverse(b.p), invMul(a.q, b.q)};
}

}  // namespace collide
