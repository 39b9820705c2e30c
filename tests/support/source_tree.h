// The project's own source tree, for the tests that check its shape (the
// rooms of src/solve, one of each mechanism): where it is (GRUNDY_SOURCE_DIR,
// set by tests/CMakeLists.txt) and a file's text.
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace grundy::testing {

inline const std::filesystem::path kSourceTree = GRUNDY_SOURCE_DIR;

// The whole text of `path` ("" when it cannot be read).
inline std::string file_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace grundy::testing
