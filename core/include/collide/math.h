// collide/math.h: 2D vectors, rotations and rigid transforms, templated on the scalar.
//
// [SECTION] Scalar helpers
// [SECTION] Vec2
// [SECTION] Rot
// [SECTION] Transform
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
// GJK uses tripleProduct(ab, ao, ab) for the perpendicular of ab toward the origin (article 000).
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

}  // namespace collide
