#include "plot/plot_svg.h"

#include <cstdio>
#include <stdexcept>
#include <vector>

#include "io/text_io.h"

namespace lab {

namespace {

// Text metrics of the SVG's font (13 px sans-serif), estimated: an SVG writer has no font to measure with.
constexpr double kFontPixels = 13.0;
constexpr double kCharacterWidth = 0.6 * kFontPixels;
constexpr double kLineHeight = 1.25 * kFontPixels;

std::string colorText(Color color) {
  char text[64];
  auto byte = [](float v) { return int((v < 0 ? 0 : v > 1 ? 1 : v) * 255.0f + 0.5f); };
  std::snprintf(text, sizeof text, "#%02x%02x%02x", byte(color.r), byte(color.g), byte(color.b));
  std::string result = std::string("\"") + text + "\"";
  if (color.a < 1.0f) {
    std::snprintf(text, sizeof text, " fill-opacity=\"%.3g\" stroke-opacity=\"%.3g\"", color.a, color.a);
    result += text;
  }
  return result;
}

std::string escaped(std::string_view text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

class SvgCanvas final : public PlotCanvas {
 public:
  void polyline(std::span<const Vec2d> points, Color color, float width) override {
    out_ += "<polyline fill=\"none\" stroke-linejoin=\"round\" stroke-width=\"" + number(width) + "\" stroke=" +
            colorText(color) + " points=\"";
    for (const Vec2d& point : points) out_ += number(point.x) + "," + number(point.y) + " ";
    out_ += "\"/>\n";
  }
  void rect(Vec2d min, Vec2d max, Color fill) override {
    out_ += "<rect x=\"" + number(min.x) + "\" y=\"" + number(min.y) + "\" width=\"" + number(max.x - min.x) +
            "\" height=\"" + number(max.y - min.y) + "\" fill=" + colorText(fill) + "/>\n";
  }
  void rectOutline(Vec2d min, Vec2d max, Color color, float width) override {
    out_ += "<rect x=\"" + number(min.x) + "\" y=\"" + number(min.y) + "\" width=\"" + number(max.x - min.x) +
            "\" height=\"" + number(max.y - min.y) + "\" fill=\"none\" stroke-width=\"" + number(width) +
            "\" stroke=" + colorText(color) + "/>\n";
  }
  void text(Vec2d topLeft, std::string_view text, Color color) override {
    // y is the baseline in SVG: about 0.8 of the line below the top.
    out_ += "<text x=\"" + number(topLeft.x) + "\" y=\"" + number(topLeft.y + 0.8 * kLineHeight) + "\" fill=" +
            colorText(color) + ">" + escaped(text) + "</text>\n";
  }
  [[nodiscard]] Vec2d textSize(std::string_view text) const override {
    return {kCharacterWidth * double(text.size()), kLineHeight};
  }
  void pushClip(Vec2d min, Vec2d max) override {
    const std::string id = "clip" + std::to_string(clipCount_++);
    out_ += "<clipPath id=\"" + id + "\"><rect x=\"" + number(min.x) + "\" y=\"" + number(min.y) + "\" width=\"" +
            number(max.x - min.x) + "\" height=\"" + number(max.y - min.y) + "\"/></clipPath>\n<g clip-path=\"url(#" +
            id + ")\">\n";
  }
  void popClip() override { out_ += "</g>\n"; }

  [[nodiscard]] std::string& body() { return out_; }

 private:
  static std::string number(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", value);
    return text;
  }
  std::string out_;
  int clipCount_ = 0;
};

}  // namespace

std::string plotToSvg(std::span<const RangedPlot> plots, int width, int height) {
  SvgCanvas canvas;
  const std::vector<ScreenRect> frames = sideBySide({0, 0, double(width), double(height)}, plots.size(), kPlotGap);
  for (std::size_t i = 0; i < plots.size(); ++i) drawPlot(canvas, *plots[i].plot, plots[i].range, frames[i]);
  char header[320];
  std::snprintf(header, sizeof header,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                "font-family=\"DejaVu Sans, Verdana, sans-serif\" font-size=\"%g\">\n",
                width, height, width, height, kFontPixels);
  return header + canvas.body() + "</svg>\n";
}

bool writePlotSvg(const std::string& path, std::span<const RangedPlot> plots, int width, int height,
                  std::string& error) {
  try {
    OutputSink sink(path);
    sink.stream() << plotToSvg(plots, width, height);
    sink.finish();
    return true;
  } catch (const std::runtime_error& failure) {
    error = failure.what();
    return false;
  }
}

}  // namespace lab
