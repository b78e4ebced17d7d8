// core/src/query3_float.cpp: collide/query3.h for float (query3.cpp: for double; query3_impl.h: the code).
#include "query3_impl.h"

namespace collide {
COLLIDE_QUERY3_INSTANTIATE(float)
}  // namespace collide
