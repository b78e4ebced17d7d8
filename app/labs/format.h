// app/labs/format.h: numbers and vectors as the labs' narrations write them (defined in narration.cpp).
#pragma once

#include <string>

#include "collide/math.h"

namespace lab {

// "0.8312", "-1.2e-07": four significant digits, enough to follow the arithmetic by hand.
[[nodiscard]] std::string formatNumber(double value);
// "(0.5, -1.25)"
[[nodiscard]] std::string formatVector(collide::Vec2<double> value);
[[nodiscard]] std::string formatVector(collide::Vec3<double> value);

}  // namespace lab
