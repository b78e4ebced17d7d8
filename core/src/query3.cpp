// core/src/query3.cpp: collide/query3.h for double (query3_float.cpp: for float; query3_impl.h: the code).
#include "query3_impl.h"

namespace collide {
COLLIDE_QUERY3_INSTANTIATE(double)
}  // namespace collide
