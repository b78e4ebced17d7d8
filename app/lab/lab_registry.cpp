#include <algorithm>
#include <cctype>
#include <tuple>

#include "lab/lab.h"

namespace lab {

namespace {
std::vector<LabInfo>& registry() {
  static std::vector<LabInfo> labs;  // function-local: safe from static initialisation order
  return labs;
}

bool equalsIgnoringCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}
}  // namespace

bool registerLab(std::string group, std::string name, LabFactory create, std::vector<std::string> formerNames) {
  std::vector<LabInfo>& labs = registry();
  // Groups together, sorted by name, and within a group each lab by name: the registration order of static
  // initialisers across files is unspecified (it put "Narrow phase 3D" above "Narrow phase"), and by name the lab
  // named as its group comes first with its sibling after it ("Narrow phase", "Narrow phase 3D"; "Mid phase",
  // "Mid phase 2D"), as the README lists them.
  const auto position = std::upper_bound(labs.begin(), labs.end(), std::tie(group, name), [](const auto& key, const LabInfo& info) {
    return key < std::tie(info.group, info.name);
  });
  labs.insert(position, LabInfo{std::move(group), std::move(name), std::move(create), std::move(formerNames)});
  return true;
}

const std::vector<LabInfo>& registeredLabs() { return registry(); }

const LabInfo* findLab(std::string_view name) {
  for (const LabInfo& info : registry()) {
    if (equalsIgnoringCase(info.name, name) || equalsIgnoringCase(info.group + "/" + info.name, name)) return &info;
  }
  // Older names, kept in scene files, settings and scripts.
  for (const LabInfo& info : registry()) {
    for (const std::string& former : info.formerNames)
      if (equalsIgnoringCase(former, name)) return &info;
  }
  // A group's name alone picks its first lab ("Basics" -> Shapes).
  for (const LabInfo& info : registry())
    if (equalsIgnoringCase(info.group, name)) return &info;
  return nullptr;
}

std::string labNameList() {
  std::string names;
  for (const LabInfo& info : registry()) names += (names.empty() ? "" : ", ") + info.name;
  return names;
}

}  // namespace lab
