// Running the grundy binary (GRUNDY_CLI_PATH, set for the cli tests) from a
// test: plain runs, JSON output, and the one-line error with exit status 2
// that every bad input must give.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/process.h"

namespace grundy::testing {

inline ProgramRun grundy_cli(const std::vector<std::string>& args, const std::string& input = "") {
  return run_program(GRUNDY_CLI_PATH, args, input);
}

// The JSON the command prints; the command must succeed.
inline nlohmann::json grundy_json(const std::vector<std::string>& args) {
  const auto run = grundy_cli(args);
  EXPECT_EQ(run.status, 0) << run.err;
  return nlohmann::json::parse(run.out);
}

// One line on stderr naming `token`, nothing on stdout, exit status 2.
inline void expect_bad_input(const std::vector<std::string>& args, const std::string& token) {
  SCOPED_TRACE(nlohmann::json(args).dump());
  const auto run = grundy_cli(args);
  EXPECT_EQ(run.status, 2);
  EXPECT_TRUE(run.out.empty()) << run.out;
  ASSERT_FALSE(run.err.empty());
  EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
  EXPECT_NE(run.err.find(token), std::string::npos) << run.err;
}

}  // namespace grundy::testing
