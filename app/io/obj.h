// app/io/obj.h: triangle meshes from Wavefront OBJ text (the subset a mesh needs).
//
// Read: `v x y z [w]` (w ignored) and `f a b c ...` with each corner as `v`, `v/vt`, `v//vn` or `v/vt/vn`;
// indices count from 1, negative ones count back from the last vertex read so far (-1 is the newest). A face
// with more than 3 corners is fan-triangulated from its first corner (exact for convex polygons, which is what
// exporters write). Ignored: comments (#), vt, vn, vp, g, o, s, usemtl, mtllib, l, p. Anything else, and every
// malformed line, is refused with its line number: "part.obj: line 12: f: vertex index 9 names no vertex (8 read
// so far)". The reader only reads: it never writes or replaces a file.
#pragma once

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string_view>

#include "collide/shapes3.h"

namespace lab {

class ObjError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

inline constexpr std::uintmax_t kMaxObjFileBytes = 256u << 20;  // 256 MiB: a few million triangles

// The mesh in `text`; `name` starts every message. Throws ObjError.
[[nodiscard]] collide::Mesh<double> meshFromObj(std::string_view text, std::string_view name);

// The mesh in the OBJ file at `path` (read through readTextFile: regular files only). Throws FileError or
// ObjError.
[[nodiscard]] collide::Mesh<double> readObjFile(const std::filesystem::path& path);

}  // namespace lab
