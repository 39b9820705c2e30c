// Every command in docs/guide.md is run, from the repository's top folder,
// and its output must match the guide (tools/update-guide.py rewrites the
// guide after an intended change).
#include <gtest/gtest.h>

#include <sstream>

#include "support/process.h"

namespace grundy::guide_test {
namespace {

struct Example {
  std::string command;  // after "$ grundy "
  std::string expected;
};

std::vector<Example> guide_examples() {
  std::istringstream guide(testing::read_file(std::string(GRUNDY_SOURCE_DIR) + "/docs/guide.md"));
  std::vector<Example> examples;
  std::string line;
  bool in_block = false;
  while (std::getline(guide, line)) {
    if (!in_block) {
      in_block = line == "```console";
      continue;
    }
    if (line == "```") {
      in_block = false;
    } else if (line.rfind("$ grundy ", 0) == 0) {
      examples.push_back({line.substr(9), ""});
    } else if (!examples.empty()) {
      examples.back().expected += line + "\n";
    }
  }
  return examples;
}

TEST(Guide, EveryCommandMatchesItsOutput) {
  const auto examples = guide_examples();
  ASSERT_GE(examples.size(), 20u);
  for (const Example& e : examples) {
    SCOPED_TRACE("grundy " + e.command);
    const auto run = testing::run_program(
        "/bin/sh", {"-c", "cd " + testing::shell_quote(GRUNDY_SOURCE_DIR) + " && " +
                              testing::shell_quote(GRUNDY_CLI_PATH) + " " + e.command});
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.out, e.expected);
  }
}

}  // namespace
}  // namespace grundy::guide_test
