// The rooms of src/solve (docs/architecture.md, "Rooms of solve"): every
// source file lives in a room, every public header of include/grundy/solve
// belongs to exactly one (its README's "Public headers" line; the templates
// of detail/ are the search room's), and no file includes a header of a room
// its README's "May include" line does not name. An include the other way
// is a decision to take in docs/architecture.md first, not a quiet arrow.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/source_tree.h"

namespace grundy::rooms_test {
namespace {

namespace fs = std::filesystem;

const fs::path& kSource = testing::kSourceTree;
using testing::file_text;

// The text after `label` up to the end of its sentence, split at ", ".
std::vector<std::string> listed(const std::string& readme, const std::string& label) {
  const auto at = readme.find(label);
  if (at == std::string::npos) return {};
  const auto end = readme.find(".\n", at);
  std::string items = readme.substr(at + label.size(), end - at - label.size());
  std::vector<std::string> out;
  std::stringstream in(items);
  std::string item;
  while (std::getline(in, item, ',')) {
    item.erase(0, item.find_first_not_of(" `\n"));
    item.erase(item.find_last_not_of(" `\n") + 1);
    if (!item.empty()) out.push_back(item);
  }
  return out;
}

struct Rooms {
  std::map<std::string, std::set<std::string>> may_include;  // room -> rooms
  std::map<std::string, std::string> public_room;            // "periodicity.h" -> room
  std::map<std::string, std::string> file_room;               // path in src/solve -> room
};

Rooms read_rooms() {
  Rooms rooms;
  for (const auto& entry : fs::directory_iterator(kSource / "src/solve")) {
    if (!entry.is_directory()) continue;
    const std::string room = entry.path().filename().string();
    const std::string readme = file_text(entry.path() / "README.md");
    EXPECT_FALSE(readme.empty()) << "src/solve/" << room << " has no README.md";
    std::set<std::string> allowed;
    for (const std::string& r : listed(readme, "May include: "))
      if (r != "no other room") allowed.insert(r);
    rooms.may_include[room] = allowed;
    for (const std::string& h : listed(readme, "Public headers: ")) {
      EXPECT_EQ(rooms.public_room.count(h), 0u) << h << " is claimed by two rooms";
      rooms.public_room[h] = room;
    }
    for (const auto& file : fs::directory_iterator(entry.path()))
      rooms.file_room[file.path().filename().string()] = room;
  }
  return rooms;
}

TEST(Rooms, EverySourceAndPublicHeaderHasItsRoom) {
  const Rooms rooms = read_rooms();
  ASSERT_GE(rooms.may_include.size(), 5u);
  for (const auto& entry : fs::directory_iterator(kSource / "src/solve"))
    EXPECT_TRUE(entry.is_directory()) << entry.path() << " is in no room";
  for (const auto& entry : fs::directory_iterator(kSource / "include/grundy/solve")) {
    if (entry.is_directory()) continue;
    EXPECT_EQ(rooms.public_room.count(entry.path().filename().string()), 1u)
        << entry.path() << " is in no room's Public headers";
  }
  EXPECT_EQ(rooms.public_room.count("detail/*.h"), 1u);
  // Every room is drawn in docs/architecture.md, and names only rooms.
  const std::string architecture = file_text(kSource / "docs/architecture.md");
  for (const auto& [room, allowed] : rooms.may_include) {
    EXPECT_NE(architecture.find("src/solve/" + room), std::string::npos)
        << "docs/architecture.md does not draw the room " << room;
    for (const std::string& r : allowed)
      EXPECT_EQ(rooms.may_include.count(r), 1u) << room << " may include an unknown room " << r;
  }
}

TEST(Rooms, NoIncludeGoesAgainstTheArrows) {
  const Rooms rooms = read_rooms();
  const std::regex include_line(R"re(#include "(grundy/solve/(detail/)?|solve/(\w+)/)(\w+\.h)")re");
  const auto room_of_include = [&](const std::smatch& m) -> std::string {
    if (m[3].matched) return m[3].str();             // "solve/ROOM/x.h"
    if (m[2].matched) return rooms.public_room.at("detail/*.h");
    const auto at = rooms.public_room.find(m[4].str());
    return at == rooms.public_room.end() ? std::string() : at->second;
  };
  std::vector<std::pair<fs::path, std::string>> files;  // each file with its room
  for (const auto& [room, allowed] : rooms.may_include)
    for (const auto& file : fs::directory_iterator(kSource / "src/solve" / room))
      files.emplace_back(file.path(), room);
  for (const auto& entry : fs::recursive_directory_iterator(kSource / "include/grundy/solve")) {
    if (entry.is_directory()) continue;
    const bool detail = entry.path().parent_path().filename() == "detail";
    const auto at = rooms.public_room.find(detail ? "detail/*.h" : entry.path().filename().string());
    if (at != rooms.public_room.end()) files.emplace_back(entry.path(), at->second);
  }
  std::size_t checked = 0;
  for (const auto& [path, room] : files) {
    std::istringstream text(file_text(path));
    std::string line;
    while (std::getline(text, line)) {
      std::smatch m;
      if (!std::regex_search(line, m, include_line)) continue;
      const std::string target = room_of_include(m);
      ++checked;
      EXPECT_FALSE(target.empty()) << path << ": " << line << " names no room's header";
      if (target.empty() || target == room) continue;
      EXPECT_EQ(rooms.may_include.at(room).count(target), 1u)
          << fs::relative(path, kSource).string() << " (room " << room << ") includes "
          << m[0].str() << " of the room " << target
          << ", which its README's \"May include\" does not name";
    }
  }
  EXPECT_GT(checked, 150u);  // the includes were read at all
}

}  // namespace
}  // namespace grundy::rooms_test
