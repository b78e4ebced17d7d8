// core/src/query_float.cpp: collide/query.h for float (query.cpp: for double; query_impl.h: the code).
#include "query_impl.h"

namespace collide {

COLLIDE_QUERY_INSTANTIATE(float)

}  // namespace collide
