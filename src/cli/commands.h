// The grundy command line: one function per command. Each returns the exit
// status; bad input and limits are reported by throwing InputError or
// LimitError, which main turns into one line on stderr and status 2.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace grundy::cli {

struct AnalyzeRequest {
  std::string ruleset;
  std::vector<std::string> heaps;
  std::string input_file;  // heaps read from this file ('-': standard input)
  bool misere = false;
  bool json = false;
  bool one = false;
  bool count = false;
  std::uint64_t max_moves = 10'000;  // with --count: most moves counted
  std::uint64_t search_limit = 4'000'000;
};

struct ValuesRequest {
  std::string ruleset;
  std::string from = "0";
  std::string to = "30";
  bool json = false;
  bool csv = false;
};

int run_analyze(const AnalyzeRequest& request);
int run_values(const ValuesRequest& request);

// Heap sizes from a file of whitespace-separated decimal numbers.
std::vector<std::uint64_t> read_heaps(const std::string& path);

}  // namespace grundy::cli
