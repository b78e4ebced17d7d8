// core/src/query.cpp: collide/query.h for double (query_float.cpp: for float; query_impl.h: the code).
#include "query_impl.h"

namespace collide {

std::string algorithmNameList() {
  std::string list;
  for (const std::string_view name : kAlgorithmNames) {
    if (!list.empty()) list += ", ";
    list += name;
  }
  return list;
}

COLLIDE_QUERY_INSTANTIATE(double)

}  // namespace collide
