// app/labs/format.h: numbers and vectors as the labs' narrations write them (defined in narration.cpp).
#pragma once

#include <string>
#include <string_view>

#include "collide/math.h"

namespace lab {

// "0.8312", "-1.2e-07": four significant digits, enough to follow the arithmetic by hand; from 1e4 on the whole
// part in full ("1000002", not "1e+06"). formatSignificant(value, 4).
[[nodiscard]] std::string formatNumber(double value);
// The shortest text that reads back to the same double ("1.6", a float 0.1f as "0.10000000149011612"): what a
// command line the app copies must hold to make the same run, and what a refusal says was kept.
[[nodiscard]] std::string exactNumber(double value);
// The one number format of the labs' panels: `digits` significant digits, an exponent below 1e-4 ("-1.2e-07"), and
// from 1e4 on the whole part in full with the decimals the digits leave ("1000001" with 4, "1000001.0001" with 11;
// never "1e+06"), trailing zeros dropped. The narration (4 digits), the step tables (4, or more until different
// vectors read differently) and the RESULT block (4, the words' digits: a result repeated reads the same) all
// write numbers with it: at 1e6 the narration's "0.0001" read "-0.000100" in the table beside it.
[[nodiscard]] std::string formatSignificant(double value, int digits);
// One number through a printf format ("%.3g", "%.3f"), with a zero never signed: "-0" and "-0.000" (a tiny
// negative rounded away) read as "0" and "0.000". Every number a lab shows goes through here or formatNumber.
[[nodiscard]] std::string formatWith(const char* printfFormat, double value);
// value with 4 significant digits, or as many more (up to 10) as it takes to read differently from previous, and
// from previousShown (how previous was written), when the two differ: a list of |v| that converges shows "0.5729,
// 0.57268, 0.572676" instead of "0.5727" three times. A value equal to previous reads as previousShown.
[[nodiscard]] std::string formatApart(double value, double previous, std::string_view previousShown = {});
// "1 step", "3 steps": a count with its noun.
[[nodiscard]] std::string counted(long long count, std::string_view one, std::string_view many);
// "(0.5, -1.25)"; a component under 1e-9 of the largest (rounding) reads as 0
[[nodiscard]] std::string formatVector(collide::Vec2<double> value);
[[nodiscard]] std::string formatVector(collide::Vec3<double> value);
// The same, each component to at least `resolution` (0.0001: four decimals, trailing zeros dropped): two points a
// small distance apart far from the origin (the result's witness points at x = 100000, 0.3 apart) read apart.
[[nodiscard]] std::string formatVector(collide::Vec2<double> value, double resolution);
[[nodiscard]] std::string formatVector(collide::Vec3<double> value, double resolution);

}  // namespace lab
