// `collision-lab experiment --plot OUT.png` under Xvfb: the histogram PNG checked by pixel (bars of each
// algorithm's colour, the tallest bar near the top, legend swatches, title text, the theme's background).
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "support/png_image.h"

namespace {

using lab::test::blend;
using lab::test::near;
using lab::test::Rgb;
using Image = lab::test::RgbImage;

constexpr Rgb kBackground{0x1b, 0x1e, 0x24};
constexpr Rgb kPlotBackground{0x15, 0x18, 0x1d};
constexpr Rgb kGjk{0x4a, 0x9e, 0xff};
constexpr Rgb kDistance{0x5f, 0xd6, 0x8a};
constexpr Rgb kEpa{0xff, 0x5c, 0x5c};
constexpr double kBarAlpha = 0.85;

Image runAndLoad(const std::string& arguments, const std::string& path) {
  std::filesystem::remove(path);
  const std::string command = std::string(COLLISION_LAB_EXE) + " experiment " + arguments + " --plot " + path + " -q";
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
  Image image;
  if (!lab::test::loadPng(path, image)) ADD_FAILURE() << "cannot read " << path;
  return image;
}

TEST(PlotPng, HistogramOfThreeAlgorithmsIsReadable) {
  const std::string path = testing::TempDir() + "plot_png_histogram.png";
  const Image image = runAndLoad("--family ngon8 --trials 20000 --algo gjk,distance,epa --seed 1 --plot-size 900x500", path);
  ASSERT_EQ(image.width, 900);
  ASSERT_EQ(image.height, 500);
  EXPECT_TRUE(near(image.at(2, 2), kBackground, 2));
  EXPECT_TRUE(near(image.at(2, image.height - 3), kBackground, 2));
  // Bars of every algorithm (translucent over the plot background), hundreds of pixels each.
  for (const Rgb colour : {kGjk, kDistance, kEpa}) EXPECT_GT(image.count(blend(colour, kBarAlpha, kPlotBackground), 8), 2000);
  // Legend swatches are opaque.
  for (const Rgb colour : {kGjk, kDistance, kEpa}) EXPECT_GT(image.count(colour, 3), 30);
  // Half of boolean GJK runs stop after one iteration: its bar reaches the top fifth of the plot.
  EXPECT_GT(image.count(blend(kGjk, kBarAlpha, kPlotBackground), 8, image.height / 8, image.height / 5), 50);
  // Text: the title and axis labels are light pixels; the top band has the title.
  EXPECT_GT(image.count({0xd8, 0xdc, 0xe4}, 60, 0, 30), 100);
}

TEST(PlotPng, CumulativeLinesEndAtOneHundredPercent) {
  const std::string path = testing::TempDir() + "plot_png_cumulative.png";
  const Image image = runAndLoad("--family boxes --trials 5000 --algo distance --cumulative --plot-size 600x400", path);
  ASSERT_EQ(image.width, 600);
  // A line, not bars: few pixels of the colour, and some of them in the top fifth (100 %).
  const int total = image.count(kDistance, 40);
  EXPECT_GT(total, 200);
  EXPECT_LT(total, 20000);
  EXPECT_GT(image.count(kDistance, 40, image.height / 10, image.height / 5), 20);
}

}  // namespace
