// app/labs/format.h: numbers and vectors as the labs' narrations write them (defined in narration.cpp).
#pragma once

#include <string>
#include <string_view>

#include "collide/math.h"

namespace lab {

// "0.8312", "-1.2e-07": four significant digits, enough to follow the arithmetic by hand.
[[nodiscard]] std::string formatNumber(double value);
// One number through a printf format ("%.3g", "%.3f"), with a zero never signed: "-0" and "-0.000" (a tiny
// negative rounded away) read as "0" and "0.000". Every number a lab shows goes through here or formatNumber.
[[nodiscard]] std::string formatWith(const char* printfFormat, double value);
// "1 step", "3 steps": a count with its noun.
[[nodiscard]] std::string counted(long long count, std::string_view one, std::string_view many);
// "(0.5, -1.25)"; a component under 1e-9 of the largest (rounding) reads as 0
[[nodiscard]] std::string formatVector(collide::Vec2<double> value);
[[nodiscard]] std::string formatVector(collide::Vec3<double> value);

}  // namespace lab
