// One of each mechanism (docs/architecture.md, "One of each"): the code of
// the library and its front ends is searched for a second copy of a thing
// that exists once. A failure names the file that grew its own copy; the
// fix is to use the one named in the message, not to widen this test.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "support/source_tree.h"

namespace grundy::one_of_each_test {
namespace {

namespace fs = std::filesystem;

const fs::path& kSource = testing::kSourceTree;
using testing::file_text;

// The C++ sources of the library and of every front end, relative to the
// source tree. The tests are left out: they keep by-definition twins on
// purpose (a FNV-1a written out to check the one in core).
std::vector<std::string> sources() {
  std::vector<std::string> files;
  for (const char* top : {"include", "src", "python/src", "web", "fuzz", "bench", "examples"}) {
    if (!fs::exists(kSource / top)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(kSource / top)) {
      const std::string ext = entry.path().extension().string();
      if (entry.is_regular_file() && (ext == ".h" || ext == ".cpp"))
        files.push_back(fs::relative(entry.path(), kSource).generic_string());
    }
  }
  return files;
}

// The files among sources() that contain `text`.
std::set<std::string> files_with(const std::string& text) {
  std::set<std::string> found;
  for (const std::string& file : sources())
    if (file_text(kSource / file).find(text) != std::string::npos) found.insert(file);
  return found;
}

TEST(OneOfEach, SourcesAreRead) { EXPECT_GT(sources().size(), 200u); }

TEST(OneOfEach, Fnv1a) {
  EXPECT_EQ(files_with("cbf29ce484222325"), std::set<std::string>{"include/grundy/core/fnv1a.h"});
}

// Helper threads start through solve/base/thread_start.h, which holds the
// one policy for a thread the system refuses.
TEST(OneOfEach, ThreadStart) {
  const std::set<std::string> only{"src/solve/base/thread_start.h"};
  EXPECT_EQ(files_with("std::system_error"), only);
  EXPECT_EQ(files_with("std::thread("), only);
  EXPECT_TRUE(files_with("std::jthread").empty());
}

// Every long computation of the library is watched and stopped through
// Control<Progress> (solve/control.h): no other stop flag in the library.
TEST(OneOfEach, Control) {
  std::set<std::string> library_files;
  for (const std::string& file : files_with("std::atomic<bool>* stop"))
    if (file.rfind("include/", 0) == 0 || file.rfind("src/core/", 0) == 0 ||
        file.rfind("src/rules/", 0) == 0 || file.rfind("src/solve/", 0) == 0 ||
        file.rfind("src/present/", 0) == 0)
      library_files.insert(file);
  EXPECT_EQ(library_files, std::set<std::string>{"include/grundy/solve/control.h"});
}

// The command line is a front end like the others: nothing outside src/cli
// reaches into it (what it reads, the library reads; what it shows of an
// answer, src/present shows).
TEST(OneOfEach, NothingOutsideTheCommandLineIncludesIt) {
  for (const std::string& file : sources()) {
    if (file.rfind("src/cli/", 0) == 0) continue;
    const std::string text = file_text(kSource / file);
    EXPECT_EQ(text.find("#include \"cli/"), std::string::npos) << file;
    EXPECT_EQ(text.find("src/cli/"), std::string::npos) << file << " names a file of src/cli";
  }
}

}  // namespace
}  // namespace grundy::one_of_each_test
