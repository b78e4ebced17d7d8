// Renderer3D's pixels, drawn off-screen under a virtual display (OffscreenTarget, as `screenshot` does): an opaque
// cube covers the centre and leaves the corners to the background, the nearer of two cubes wins whatever the
// order they are drawn in, a translucent face blends over what is behind it, an onTop point shows through a
// surface while a depth-tested one is hidden, near-plane clipping keeps a triangle through the eye sane, and
// 3D and 2D views share the frame. Each test also writes its PNG (COLLISION_LAB_RENDER3D_PNG_DIR) to look at.
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <glad/gl.h>
#include <gtest/gtest.h>

#include "platform/window.h"
#include "collide/hull3.h"
#include "render/offscreen.h"
#include "render/renderer3d.h"
#include "render/shape_drawing3.h"
#include "widgets/gizmo3.h"

namespace lab {
namespace {

constexpr int kWidth = 320;
constexpr int kHeight = 240;

struct Rgb {
  int r, g, b;
};

class Renderer3DPixels : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    window_ = std::make_unique<Window>(WindowOptions{kWidth, kHeight, /*visible=*/false, "renderer3d test"});
    renderer_ = std::make_unique<Renderer3D>();
    renderer_->init();
  }
  static void TearDownTestSuite() {
    renderer_.reset();
    window_.reset();
  }

  // Draws one frame into an off-screen target through `draw`, keeps its pixels and writes its PNG.
  void render(const OrbitCamera& camera, const std::function<void(Renderer3D&)>& draw) {
    OffscreenTarget target(kWidth, kHeight);
    ASSERT_TRUE(target.complete());
    glViewport(0, 0, kWidth, kHeight);
    glClearColor(palette::kBackground.r, palette::kBackground.g, palette::kBackground.b, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    window_->beginOffscreenFrame(kWidth, kHeight);
    renderer_->beginFrame(kWidth, kHeight, 1.0);
    renderer_->beginViewport(camera);
    draw(*renderer_);
    renderer_->endViewport();
    window_->endFrame(/*swap=*/false);
    pixels_.assign(std::size_t(kWidth) * kHeight * 4, 0);
    target.readPixels(pixels_.data());
    const char* directory = std::getenv("COLLISION_LAB_RENDER3D_PNG_DIR");
    if (directory && *directory) {
      std::string error;
      const std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
      EXPECT_TRUE(target.writePng(std::string(directory) + "/" + name + ".png", error)) << error;
    }
  }

  // The pixel at window coordinates (origin top-left).
  [[nodiscard]] Rgb at(int x, int y) const {
    const std::size_t i = (std::size_t(kHeight - 1 - y) * kWidth + std::size_t(x)) * 4;
    return {pixels_[i], pixels_[i + 1], pixels_[i + 2]};
  }

  static OrbitCamera frontCamera(Projection projection = Projection::Perspective) {
    OrbitCamera camera;
    camera.setRect({0, 0, kWidth, kHeight});
    camera.setView({0, 0, 0}, 0.5, 0.4, 6);
    camera.setProjection(projection);
    return camera;
  }

  static Collider3 cube(Vec3d center, double half) {
    return Collider3{collide::Box3<double>{{half, half, half}}, {center, collide::Quat<double>::identity()}};
  }

  static inline std::unique_ptr<Window> window_;
  static inline std::unique_ptr<Renderer3D> renderer_;
  std::vector<unsigned char> pixels_;
};

const Rgb kBackground{0x1b, 0x1e, 0x24};

bool isBackground(Rgb c) { return std::abs(c.r - kBackground.r) + std::abs(c.g - kBackground.g) + std::abs(c.b - kBackground.b) < 6; }
bool isReddish(Rgb c) { return c.r > 90 && c.g < 40 && c.b < 40; }
bool isGreenish(Rgb c) { return c.g > 90 && c.r < 40 && c.b < 40; }

TEST_F(Renderer3DPixels, AnOpaqueCubeCoversTheCentreAndLeavesTheCorners) {
  // Multisampled (resolved into the target) and drawn straight into it, in both projections.
  for (const auto& [samples, projection] : {std::pair{4, Projection::Perspective}, std::pair{4, Projection::Orthographic},
                                            std::pair{0, Projection::Perspective}}) {
    renderer_->setSamples(samples);
    render(frontCamera(projection), [](Renderer3D& r) {
      drawShape3(r, cube({0, 0, 0}, 1), Color{1, 0, 0, 1}, ShapeStyle3{1.0f});
    });
    EXPECT_TRUE(isReddish(at(kWidth / 2, kHeight / 2))) << at(kWidth / 2, kHeight / 2).r;
    for (const auto& [x, y] : {std::pair{2, 2}, std::pair{kWidth - 3, 2}, std::pair{2, kHeight - 3}, std::pair{kWidth - 3, kHeight - 3}})
      EXPECT_TRUE(isBackground(at(x, y)));
  }
  renderer_->setSamples(Renderer3D::kDefaultSamples);
}

TEST_F(Renderer3DPixels, TheNearerCubeWinsWhicheverIsDrawnFirst) {
  const OrbitCamera camera = frontCamera();
  const Vec3d toEye = -3.0 * camera.forward();
  for (bool nearFirst : {true, false}) {
    render(camera, [&](Renderer3D& r) {
      const Collider3 nearCube = cube(toEye, 0.4);
      const Collider3 farCube = cube({0, 0, 0}, 1);
      if (nearFirst) drawShape3(r, nearCube, Color{0, 1, 0, 1}, ShapeStyle3{1.0f});
      drawShape3(r, farCube, Color{1, 0, 0, 1}, ShapeStyle3{1.0f});
      if (!nearFirst) drawShape3(r, nearCube, Color{0, 1, 0, 1}, ShapeStyle3{1.0f});
    });
    EXPECT_TRUE(isGreenish(at(kWidth / 2, kHeight / 2)));
  }
}

TEST_F(Renderer3DPixels, ATranslucentFaceBlendsOverWhatIsBehindIt) {
  const OrbitCamera camera = frontCamera();
  const Vec3d f = camera.forward();
  const Vec3d r = camera.right();
  const Vec3d u = camera.up();
  const Vec3d c = -2.0 * f;  // a square facing the eye, between it and the cube
  render(camera, [&](Renderer3D& renderer) {
    drawShape3(renderer, cube({0, 0, 0}, 1), Color{1, 0, 0, 1}, ShapeStyle3{1.0f});
    renderer.triangle(c - r - u, c + r - u, c + r + u, Color{0, 0, 1, 0.5f});
    renderer.triangle(c - r - u, c + r + u, c - r + u, Color{0, 0, 1, 0.5f});
  });
  const Rgb centre = at(kWidth / 2, kHeight / 2);
  EXPECT_GT(centre.r, 40);  // the red cube through the blue glass
  EXPECT_GT(centre.b, 60);
  EXPECT_LT(centre.g, 30);
}

TEST_F(Renderer3DPixels, AnOnTopPointShowsThroughASurfaceAndADepthTestedOneDoesNot) {
  const OrbitCamera camera = frontCamera();
  const Vec3d behind = 2.5 * camera.forward();  // behind the cube, on the line of sight through the centre
  const Vec3d before = -2.5 * camera.forward();  // between the eye and the cube
  render(camera, [&](Renderer3D& r) {
    drawShape3(r, cube({0, 0, 0}, 1), Color{1, 0, 0, 1}, ShapeStyle3{1.0f});
    r.point(before, Color{0, 1, 0, 1}, 6.0f, /*onTop=*/true);
  });
  EXPECT_TRUE(isGreenish(at(kWidth / 2, kHeight / 2)));
  // Behind the cube the point still shows, as the hidden look: a ring of its colour round a faint centre.
  render(camera, [&](Renderer3D& r) {
    drawShape3(r, cube({0, 0, 0}, 1), Color{1, 0, 0, 1}, ShapeStyle3{1.0f});
    r.point(behind, Color{0, 1, 0, 1}, 6.0f, /*onTop=*/true);
  });
  EXPECT_TRUE(isGreenish(at(kWidth / 2 + 6, kHeight / 2))) << at(kWidth / 2 + 6, kHeight / 2).g;
  const Rgb centre = at(kWidth / 2, kHeight / 2);
  EXPECT_GT(centre.r, centre.g);
  EXPECT_GT(centre.g, 40);
  render(camera, [&](Renderer3D& r) {
    drawShape3(r, cube({0, 0, 0}, 1), Color{1, 0, 0, 1}, ShapeStyle3{1.0f});
    r.point(behind, Color{0, 1, 0, 1}, 6.0f, /*onTop=*/false);
  });
  EXPECT_TRUE(isReddish(at(kWidth / 2, kHeight / 2)));
}

// The depth cue of the on-top layer (CAD's hidden lines): a line passing behind a translucent cube is dashed and
// faint there and solid beside it; a surface marked as hiding nothing (hidesOnTop false) leaves it solid.
TEST_F(Renderer3DPixels, AnOnTopLineIsDashedAndFaintWhereASurfaceHidesIt) {
  const OrbitCamera camera = frontCamera();
  const Vec3d behind = 2.5 * camera.forward();
  const Vec3d across = 4.0 * camera.right();
  const auto scan = [this](int from, int to) {
    int lit = 0, unlit = 0, brightest = 0;
    for (int x = from; x <= to; ++x) {
      const Rgb c = at(x, kHeight / 2);
      (c.g > c.r + 30 ? lit : unlit) += 1;
      brightest = std::max(brightest, c.g);
    }
    return std::array<int, 3>{lit, unlit, brightest};
  };
  for (bool hides : {false, true}) {  // the PNG written shows the hidden look
    render(camera, [&](Renderer3D& r) {
      const Collider3 box = cube({0, 0, 0}, 1);
      const ShapeMesh3 mesh = shapeMesh3(box);
      for (std::size_t t = 0; t + 2 < mesh.triangles.size(); t += 3)
        r.triangle(mesh.positions[static_cast<std::size_t>(mesh.triangles[t])], mesh.positions[static_cast<std::size_t>(mesh.triangles[t + 1])],
                   mesh.positions[static_cast<std::size_t>(mesh.triangles[t + 2])], Color{1, 0, 0, 0.3f}, hides);
      r.line(behind - across, behind + across, Color{0, 1, 0, 1}, Style3{3.0f, 0, 0, true});
    });
    const auto [litBehind, gaps, brightestBehind] = scan(kWidth / 2 - 25, kWidth / 2 + 25);
    const auto [litBeside, gapsBeside, brightestBeside] = scan(kWidth / 2 + 95, kWidth / 2 + 115);
    EXPECT_EQ(gapsBeside, 0);
    EXPECT_GT(brightestBeside, 200);
    if (hides) {
      EXPECT_GT(litBehind, 10);  // dashes ...
      EXPECT_GT(gaps, 3);        // ... and the gaps between them
      EXPECT_LT(brightestBehind, brightestBeside - 40) << brightestBehind << " " << brightestBeside;
    } else {
      EXPECT_EQ(gaps, 0);
      EXPECT_GT(brightestBehind, 200);
    }
  }
}

// A faceted sphere's curved outline is its silhouette only: the rim of the disc it covers on screen is drawn, its
// facets' edges inside the disc are not; a cube's edges meet at 90 degrees, creases sharper than the limit, so
// the ones facing the camera are drawn too.
TEST_F(Renderer3DPixels, ACurvedOutlineDrawsTheSilhouetteAndSharpCreasesOnly) {
  OrbitCamera camera = frontCamera(Projection::Orthographic);
  camera.setPreset(ViewPreset::PlusZ);
  const Collider3 sphere{collide::Sphere<double>{{0, 0, 0}, 1.5}, {{0, 0, 0}, collide::Quat<double>::identity()}};
  const ShapeMesh3 ball = shapeMesh3(sphere, 48);
  render(camera, [&](Renderer3D& r) { r.curvedOutline(ball.positions, ball.triangles, Color{0, 1, 0, 1}, 2.0f); });
  const Vec2d centre = camera.project({0, 0, 0}).screen;
  const double radius = camera.project({1.5, 0, 0}).screen.x - centre.x;
  int rim = 0;
  for (int dx = -3; dx <= 3; ++dx) rim += isGreenish(at(static_cast<int>(std::lround(centre.x + radius)) + dx, static_cast<int>(std::lround(centre.y))));
  EXPECT_GT(rim, 0);
  for (const double f : {0.0, 0.3, 0.6})
    for (const double angle : {0.2, 1.3, 2.9}) {
      const Rgb inside = at(static_cast<int>(std::lround(centre.x + f * radius * std::cos(angle))),
                            static_cast<int>(std::lround(centre.y + f * radius * std::sin(angle))));
      EXPECT_TRUE(isBackground(inside)) << f << " " << angle;
    }
  const ShapeMesh3 box = shapeMesh3(cube({0, 0, 0}, 1));
  render(frontCamera(), [&](Renderer3D& r) { r.curvedOutline(box.positions, box.triangles, Color{0, 1, 0, 1}, 2.0f); });
  // The front top edge, between the top face and the +z face (both facing this camera): a crease, drawn.
  const Vec2d edge = frontCamera().project({0, 1, 1}).screen;
  int lit = 0;
  for (int dy = -2; dy <= 2; ++dy) lit += isGreenish(at(static_cast<int>(std::lround(edge.x)), static_cast<int>(std::lround(edge.y)) + dy));
  EXPECT_GT(lit, 0);
}

// mesh() outlines the edges its topology lists (worked out once, by meshTopology(), when the mesh is built), and
// only those: the cube's front top edge is drawn in the outline colour with a topology that lists it, not with one
// that lists none, and an index out of range is skipped.
TEST_F(Renderer3DPixels, AMeshOutlinesTheEdgesItsTopologyLists) {
  const OrbitCamera camera = frontCamera();
  const ShapeMesh3 box = shapeMesh3(cube({0, 0, 0}, 1));
  const MeshTopology topology = meshTopology(box.positions, box.triangles);
  EXPECT_EQ(topology.surface, MeshSurface::Closed);
  EXPECT_EQ(topology.outline, outlineEdges(box.positions, box.triangles));
  const auto greenAtEdge = [&](const MeshTopology& drawn) {
    render(camera, [&](Renderer3D& r) {
      r.mesh(box.positions, box.triangles, Color{0, 0, 0, 0}, Color{0, 1, 0, 1}, 2.0f, {}, drawn);
    });
    const Vec2d edge = camera.project({0, 1, 1}).screen;  // the front top edge's midpoint
    int lit = 0;
    for (int dy = -2; dy <= 2; ++dy) lit += isGreenish(at(static_cast<int>(std::lround(edge.x)), static_cast<int>(std::lround(edge.y)) + dy));
    return lit;
  };
  EXPECT_GT(greenAtEdge(topology), 0);
  EXPECT_EQ(greenAtEdge(MeshTopology{MeshSurface::Closed, {}}), 0);
  MeshTopology outOfRange = topology;
  outOfRange.outline.emplace_back(0, static_cast<int>(box.positions.size()));
  EXPECT_GT(greenAtEdge(outOfRange), 0);
}

TEST_F(Renderer3DPixels, AnEdgeOnAFaceIsNotBuriedInIt) {
  // A front face's outline, drawn with the face: the outline's pixels keep the outline colour.
  OrbitCamera camera = frontCamera();
  camera.setPreset(ViewPreset::PlusZ);
  render(camera, [](Renderer3D& r) { drawShape3(r, cube({0, 0, 0}, 1), Color{0, 1, 0, 1}, ShapeStyle3{1.0f, 3.0f}); });
  // The front face's top edge: y = 1 at z = 1, projected above the centre.
  const Projected edge = camera.project({0, 1, 1});
  const Rgb c = at(kWidth / 2, static_cast<int>(std::lround(edge.screen.y)));
  EXPECT_GT(c.g, 200) << c.r << " " << c.g << " " << c.b;
}

TEST_F(Renderer3DPixels, ATriangleThroughTheEyeIsClippedNotMirrored) {
  // A ground triangle reaching far behind the camera: only the part in front is drawn, below the horizon.
  OrbitCamera camera;
  camera.setRect({0, 0, kWidth, kHeight});
  camera.setView({0, 1, 0}, 0, 0.0, 5);  // level, 1 above the ground
  render(camera, [](Renderer3D& r) {
    r.triangle({-50, 0, -60}, {50, 0, -60}, {0, 0, 80}, Color{1, 0, 0, 1});
  });
  EXPECT_TRUE(isReddish(at(kWidth / 2, kHeight - 5)));   // the ground just in front of the viewer
  EXPECT_TRUE(isBackground(at(kWidth / 2, 5)));          // the sky stays empty
}

TEST_F(Renderer3DPixels, LinesArrowsAndTheTriadDrawWhereTheyProject) {
  const OrbitCamera camera = frontCamera();
  render(camera, [&](Renderer3D& r) {
    r.arrow({-1, 0, 0}, {1, 0, 0}, Color{1, 1, 0, 1}, 3.0f, 14.0f);
    r.line({0, -1, 0}, {0, 1, 0}, Color{0, 1, 1, 1}, Style3{3.0f, 6.0f, 4.0f});
    drawAxisTriad(r);
    drawGroundGrid(r);
  });
  const Vec2d mid = camera.project({0.5, 0, 0}).screen;
  const Rgb shaft = at(static_cast<int>(std::lround(mid.x)), static_cast<int>(std::lround(mid.y)));
  EXPECT_GT(shaft.r, 170);
  EXPECT_GT(shaft.g, 170);
  EXPECT_LT(shaft.b, 80);
  // The triad's X axis leaves its corner origin toward +x on screen (yaw 0.5: x points right and a little down).
  const Vec2d origin{46, kHeight - 46};
  const Vec2d xTip = origin + Vec2d{collide::dot(Vec3d{1, 0, 0}, camera.right()), -collide::dot(Vec3d{1, 0, 0}, camera.up())} * 20.0;
  const Rgb x = at(static_cast<int>(std::lround(xTip.x)), static_cast<int>(std::lround(xTip.y)));
  EXPECT_GT(x.r, 150);
  EXPECT_LT(x.g, 140);
  EXPECT_GT(renderer_->primitiveCount(), 10);
}

TEST_F(Renderer3DPixels, TheGizmoDrawsOverTheShapeWithItsHoveredHandleLit) {
  const OrbitCamera camera = frontCamera();
  const Pose3 pose{{0, 0, 0}, collide::Quat<double>::identity()};
  render(camera, [&](Renderer3D& r) {
    drawShape3(r, cube({0, 0, 0}, 1), Color{0.3f, 0.3f, 0.3f, 1}, ShapeStyle3{1.0f});
    drawGizmo(r, pose, GizmoPart::RotateY);
  });
  // The X arrow's shaft shows through the cube, red; the lit Y ring is pale yellow.
  const double unit = camera.pixelSizeAt(pose.p);
  const Vec2d shaft = camera.project({0.6 * GizmoSize{}.arrowPixels * unit, 0, 0}).screen;
  const Rgb x = at(static_cast<int>(std::lround(shaft.x)), static_cast<int>(std::lround(shaft.y)));
  EXPECT_GT(x.r, 180);
  EXPECT_LT(x.g, 130);
  const double r = GizmoSize{}.ringPixels * unit * std::sqrt(0.5);
  const Vec2d ring = camera.project({r, 0, r}).screen;  // on the Y ring only, between +x and +z
  const Rgb y = at(static_cast<int>(std::lround(ring.x)), static_cast<int>(std::lround(ring.y)));
  EXPECT_GT(y.r, 200);
  EXPECT_GT(y.g, 200);
}

// Fragment shader invocations, counted with GL_ARB_pipeline_statistics_query where the driver has it (llvmpipe,
// where they are the frame's cost, does): a software renderer shades every pixel of what is drawn, seen or not.
class Renderer3DFragments : public Renderer3DPixels {
 protected:
  void SetUp() override {
    if (!GLAD_GL_ARB_pipeline_statistics_query) {
      // Only a GPU driver without the extension may skip: Xvfb's llvmpipe, where this matters, has it.
      const std::string renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
      ASSERT_EQ(renderer.find("llvmpipe"), std::string::npos) << "llvmpipe without GL_ARB_pipeline_statistics_query";
      GTEST_SKIP() << "no GL_ARB_pipeline_statistics_query on " << renderer;
    }
    renderer_->setSamples(0);
  }
  void TearDown() override { renderer_->setSamples(Renderer3D::kDefaultSamples); }

  // The fragments shaded by one single-sampled frame of views (each with its camera, drawn by `draw`).
  static GLuint64 shadedFragments(const std::vector<OrbitCamera>& views, const std::function<void(Renderer3D&)>& draw) {
    OffscreenTarget target(kWidth, kHeight);
    EXPECT_TRUE(target.complete());
    glViewport(0, 0, kWidth, kHeight);
    glClear(GL_COLOR_BUFFER_BIT);
    window_->beginOffscreenFrame(kWidth, kHeight);
    GLuint query = 0;
    glGenQueries(1, &query);
    glBeginQuery(GL_FRAGMENT_SHADER_INVOCATIONS_ARB, query);
    renderer_->beginFrame(kWidth, kHeight, 1.0);
    for (const OrbitCamera& camera : views) {
      renderer_->beginViewport(camera);
      draw(*renderer_);
      renderer_->endViewport();
    }
    glEndQuery(GL_FRAGMENT_SHADER_INVOCATIONS_ARB);
    GLuint64 invocations = 0;
    glGetQueryObjectui64v(query, GL_QUERY_RESULT, &invocations);
    glDeleteQueries(1, &query);
    window_->endFrame(/*swap=*/false);
    return invocations;
  }
};

// Single-sampled (the window under a software renderer), the views' depth is cleared once for the whole frame: a
// scissored clear is drawn as a rectangle by Mesa, whose fragments llvmpipe shades one by one (docs/PERFORMANCE.md,
// "Toward 60 frames per second"). Two empty views side by side then run no fragment shader at all.
TEST_F(Renderer3DFragments, EmptySingleSampledViewsShadeNoFragments) {
  std::vector<OrbitCamera> views;
  for (int view = 0; view < 2; ++view) {
    views.push_back(frontCamera());
    views.back().setRect({view * kWidth / 2.0, 0, kWidth / 2.0, kHeight});
  }
  EXPECT_EQ(shadedFragments(views, [](Renderer3D&) {}), 0u) << "of " << kWidth * kHeight << " pixels";
}

// The on-top layer's depth cue needs the depth of the surfaces alone: it is drawn in the near half of the depth
// range instead of clearing the depth of the rectangle it covers, which Mesa draws as a rectangle. Two on-top
// dots in opposite corners (a rectangle of the whole view between them) shade their own quads only, twice (the
// hidden look and the given one).
TEST_F(Renderer3DFragments, AnOnTopLayerShadesOnlyItsOwnFragments) {
  const OrbitCamera camera = frontCamera();
  const GLuint64 fragments = shadedFragments({camera}, [&](Renderer3D& r) {
    r.screenPoint({10, 10}, Color{0, 1, 0, 1}, 4.0f);
    r.screenPoint({kWidth - 10, kHeight - 10}, Color{0, 1, 0, 1}, 4.0f);
  });
  // Each dot's quad: (2 (4 + 0.75 + 1))^2 = 132 pixels, drawn twice.
  EXPECT_LT(fragments, 2000u) << "of " << kWidth * kHeight << " pixels";
}

// A fading line (the ground grid's) is drawn only as far as its fade still shows over the background: a line of
// the grid's minor colour through the centre of its fade shades under 90% of the fragments of the same line drawn
// plainly (the outer sixth of the radius each way is cut), and its middle still shows.
TEST_F(Renderer3DFragments, AFadingLineStopsWhereItsFadeNoLongerShows) {
  OrbitCamera camera = frontCamera(Projection::Orthographic);
  camera.setPreset(ViewPreset::PlusZ);
  const Vec3d a{-2.5, 0, 0}, b{2.5, 0, 0};
  const GLuint64 plain = shadedFragments({camera}, [&](Renderer3D& r) { r.line(a, b, palette::kGridMinor); });
  const GLuint64 fading = shadedFragments({camera}, [&](Renderer3D& r) { r.fadingLine(a, b, palette::kGridMinor, {0, 0, 0}, 2.5); });
  EXPECT_LT(static_cast<double>(fading), 0.9 * static_cast<double>(plain)) << fading << " of " << plain;
  EXPECT_GT(fading, 0u);
  render(camera, [&](Renderer3D& r) { r.fadingLine(a, b, palette::kGridMinor, {0, 0, 0}, 2.5, Style3{3.0f}); });
  const Vec2d middle = camera.project({0.5, 0, 0}).screen;
  EXPECT_FALSE(isBackground(at(static_cast<int>(std::lround(middle.x)), static_cast<int>(std::lround(middle.y)))));
}

// The on-top layer's occluders: a closed mesh wholly beyond the near plane lays depth from its faces turned toward
// the eye only (the nearest surface at every pixel), one layer of a translucent cube instead of two; what it hides
// is still drawn hidden. A mesh the near plane cuts (the eye inside a big cube) keeps every face: its far wall,
// turned away from the eye, hides the line beyond it.
TEST_F(Renderer3DFragments, AClosedMeshHidesTheOnTopLayerWithItsNearFacesOnly) {
  const OrbitCamera camera = frontCamera();
  const ShapeMesh3 box = shapeMesh3(cube({0, 0, 0}, 1));
  ASSERT_EQ(box.topology.surface, MeshSurface::Closed);
  const auto drawCubeAs = [&](Renderer3D& r, MeshSurface surface) {
    r.mesh(box.positions, box.triangles, Color{1, 0, 0, 0.3f}, Color{0, 0, 0, 0}, 0.0f, {}, MeshTopology{surface, {}});
  };
  const auto drawCube = [&](Renderer3D& r) { drawCubeAs(r, box.topology.surface); };
  const auto drawDots = [](Renderer3D& r) {  // an on-top layer whose rectangle is the whole view
    r.screenPoint({10, 10}, Color{0, 1, 0, 1}, 4.0f);
    r.screenPoint({kWidth - 10, kHeight - 10}, Color{0, 1, 0, 1}, 4.0f);
  };
  const auto cubeAlone = static_cast<double>(shadedFragments({camera}, drawCube));  // both translucent layers
  const auto dots = static_cast<double>(shadedFragments({camera}, drawDots));
  const auto both = static_cast<double>(shadedFragments({camera}, [&](Renderer3D& r) {
    drawCube(r);
    drawDots(r);
  }));
  const double occluders = both - cubeAlone - dots;
  EXPECT_LT(occluders, 0.6 * cubeAlone) << occluders << " occluder fragments; the cube's two layers " << cubeAlone;
  EXPECT_GT(occluders, 0.4 * cubeAlone) << occluders << " occluder fragments; the cube's two layers " << cubeAlone;
  // Said to be open, the same cube lays occluder depth from every face: the saving comes from the flag.
  const auto openBoth = static_cast<double>(shadedFragments({camera}, [&](Renderer3D& r) {
    drawCubeAs(r, MeshSurface::Open);
    drawDots(r);
  }));
  EXPECT_GT(openBoth - cubeAlone - dots, 0.9 * cubeAlone);

  // Hidden behind the cube: the hidden look, fainter (a line as given is near full green).
  const auto brightestAlong = [this](int from, int to) {
    int brightest = 0;
    for (int x = from; x <= to; ++x) brightest = std::max(brightest, at(x, kHeight / 2).g);
    return brightest;
  };
  renderer_->setSamples(0);
  const Vec3d behind = 2.5 * camera.forward();
  const Vec3d across = 4.0 * camera.right();
  render(camera, [&](Renderer3D& r) {
    drawCube(r);
    r.line(behind - across, behind + across, Color{0, 1, 0, 1}, Style3{3.0f, 0, 0, true});
  });
  EXPECT_LT(brightestAlong(kWidth / 2 - 25, kWidth / 2 + 25), 200);
  // The eye inside a cube of half 10 (the near plane cuts it): a line 25 beyond the target is behind its far wall.
  const ShapeMesh3 room = shapeMesh3(cube({0, 0, 0}, 10));
  const Vec3d farther = 25.0 * camera.forward();
  render(camera, [&](Renderer3D& r) {
    r.mesh(room.positions, room.triangles, Color{1, 0, 0, 0.1f}, Color{0, 0, 0, 0}, 0.0f, {}, room.topology);
    r.line(farther - 3.0 * across, farther + 3.0 * across, Color{0, 1, 0, 1}, Style3{3.0f, 0, 0, true});
  });
  EXPECT_LT(brightestAlong(kWidth / 2 - 25, kWidth / 2 + 25), 200);
}

// Frame time at the 3D lab's size, measured by hand (tests never time things):
//   xvfb_run.py -- render3d_tests --gtest_also_run_disabled_tests --gtest_filter='*FrameTime*'
// Two 64-point hulls and their Minkowski difference's hull translucent with their edges, 40 labels, the grid
// and the triad; then the same with a 128-segment translucent sphere (16k triangles) added.
TEST_F(Renderer3DPixels, DISABLED_FrameTimeAt1600x1000) {
  constexpr int kBigWidth = 1600;
  constexpr int kBigHeight = 1000;
  std::vector<Vec3d> cloudA, cloudB, difference;
  std::uint32_t state = 12345;
  const auto random = [&state] {
    state = state * 1664525u + 1013904223u;
    return static_cast<double>(state >> 8) / static_cast<double>(1u << 24) * 2 - 1;
  };
  for (int i = 0; i < 64; ++i) {
    cloudA.push_back(collide::normalize(Vec3d{random(), random(), random()}) + Vec3d{-0.6, 0, 0});
    cloudB.push_back(0.8 * collide::normalize(Vec3d{random(), random(), random()}) + Vec3d{0.6, 0.2, 0});
  }
  for (const Vec3d& a : cloudA)
    for (const Vec3d& b : cloudB) difference.push_back(a - b);
  const Collider3 hullA{*collide::makeHull<double>(cloudA).hull, {}};
  const Collider3 hullB{*collide::makeHull<double>(cloudB).hull, {}};
  const Collider3 minkowski{*collide::makeHull<double>(difference).hull, {}};
  const Collider3 sphere{collide::Sphere<double>{{0, 1, 0}, 1.2}, {}};
  OrbitCamera camera;
  camera.setRect({0, 0, kBigWidth, kBigHeight});
  camera.setView({0, 0, 0}, 0.6, 0.45, 7);
  // What the window got (a virtual display may have no multisampled visual).
  GLint windowSamples = 0;
  glGetIntegerv(GL_SAMPLES, &windowSamples);
  std::printf("the window's framebuffer: %d samples\n", windowSamples);
  for (const auto& [samples, withSphere] : {std::pair{4, false}, std::pair{4, true}, std::pair{0, false}, std::pair{0, true}}) {
    renderer_->setSamples(samples);
    OffscreenTarget target(kBigWidth, kBigHeight);
    ASSERT_TRUE(target.complete());
    constexpr int kFrames = 30;
    double seconds = 0;
    int primitives = 0;
    for (int frame = 0; frame < kFrames + 3; ++frame) {
      const auto start = std::chrono::steady_clock::now();
      glViewport(0, 0, kBigWidth, kBigHeight);
      glClear(GL_COLOR_BUFFER_BIT);
      window_->beginOffscreenFrame(kBigWidth, kBigHeight);
      renderer_->beginFrame(kBigWidth, kBigHeight, 1.0);
      renderer_->beginViewport(camera);
      drawGroundGrid(*renderer_);
      drawShape3(*renderer_, minkowski, palette::kMinkowski);
      drawShape3(*renderer_, hullA, palette::kShapeA);
      drawShape3(*renderer_, hullB, palette::kShapeB);
      if (withSphere) drawShape3(*renderer_, sphere, palette::kSeparated, ShapeStyle3{0.3f, 2.0f, false, 128});
      for (int i = 0; i < 40; ++i) {
        char name[16];
        std::snprintf(name, sizeof name, "w%d", i);
        renderer_->label(difference[static_cast<std::size_t>(i * 97)], name, palette::kText);
      }
      drawAxisTriad(*renderer_);
      renderer_->endViewport();
      window_->endFrame(/*swap=*/false);
      glFinish();
      if (frame >= 3) seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      primitives = renderer_->primitiveCount();
    }
    std::printf("frame time at %dx%d, %d primitives%s: %.2f ms (%d samples)\n", kBigWidth, kBigHeight, primitives,
                withSphere ? " (with a 128-segment sphere)" : "", 1000 * seconds / kFrames, renderer_->samples());
  }
  renderer_->setSamples(Renderer3D::kDefaultSamples);
}

}  // namespace
}  // namespace lab
