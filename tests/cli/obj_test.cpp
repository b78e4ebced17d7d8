// The Wavefront OBJ reader: the forms exporters write, and every malformed line named by its number.
#include <gtest/gtest.h>

#include <string>

#include "io/obj.h"

namespace lab {
namespace {

std::string errorOf(const std::string& text) {
  try {
    (void)meshFromObj(text, "t.obj");
  } catch (const ObjError& error) {
    return error.what();
  }
  return "";
}

TEST(Obj, FacesInEveryCornerFormWithNegativeIndicesAndFans) {
  const collide::Mesh<double> mesh = meshFromObj(
      "# comment\nv 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0 1.0\nvt 0 0\nvn 0 0 1\ng group\ns off\n"
      "f 1/1/1 2/1/1 3/1/1 4/1/1\nf -4//1 -2//1 -1//1\nf 1/1 3/1 4/1\r\n",
      "t.obj");
  ASSERT_EQ(mesh.vertices.size(), 4u);
  ASSERT_EQ(mesh.triangles.size(), 4u);
  EXPECT_EQ(mesh.triangles[0], (std::array<int, 3>{0, 1, 2}));
  EXPECT_EQ(mesh.triangles[1], (std::array<int, 3>{0, 2, 3}));  // the quad's fan
  EXPECT_EQ(mesh.triangles[2], (std::array<int, 3>{0, 2, 3}));  // -4, -2, -1 of 4 vertices
  EXPECT_EQ(mesh.vertices[3].y, 1.0);
}

TEST(Obj, MalformedLinesAreNamedByNumber) {
  EXPECT_EQ(errorOf("v 0 0 0\nv 1 0\n"), "t.obj: line 2: v: expected 3 coordinates (and an optional w), got 2");
  EXPECT_EQ(errorOf("v 0 0 x\n"), "t.obj: line 1: v: z: \"x\" is not a number");
  EXPECT_EQ(errorOf("v 0 0 inf\n"), "t.obj: line 1: v: z: \"inf\" is not finite");
  EXPECT_EQ(errorOf("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2\n"), "t.obj: line 4: f: a face needs at least 3 corners, got 2");
  EXPECT_EQ(errorOf("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 0\n"),
            "t.obj: line 4: f: vertex index 0: OBJ indices count from 1 (or back from -1)");
  EXPECT_EQ(errorOf("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 -4\n"), "t.obj: line 4: f: vertex index -4 names no vertex (3 read so far)");
  EXPECT_EQ(errorOf("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 x/1\n"), "t.obj: line 4: f: \"x/1\" is not a vertex index");
  EXPECT_EQ(errorOf("v 0 0 0\ncurv 0 1\n"), "t.obj: line 2: unknown statement \"curv\" (this reader takes v and f)");
  EXPECT_EQ(errorOf("v 0 0 0\n"), "t.obj: no faces (no f line)");
  EXPECT_EQ(errorOf(""), "t.obj: no vertices (no v line)");
}

TEST(Obj, ADirectoryIsAFileErrorNotACrash) {
  EXPECT_THROW((void)readObjFile(COLLISION_LAB_OBJ_DIR), std::runtime_error);
}

}  // namespace
}  // namespace lab
