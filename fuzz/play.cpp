// Fuzzes the input of `grundy play`: what a player types, line by line
// (move numbers, "to" positions, '|'-separated Every-SG components, hint,
// moves, undo, quit), read by run_play (src/cli/play_command.cpp) from
// standard input. The first byte chooses one of a few games and who moves
// first; the rest is standard input, given to run_play in-process through
// std::cin. Standard output, where the game is shown, goes to /dev/null.
#include <cstddef>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>

#include "cli/play_command.h"
#include "harness.h"

namespace {

// The graph of the graph: game, in a file of one fixed name (libFuzzer may
// end without running atexit handlers, so a name per process would pile up);
// written under a name of its own and renamed, so that runs side by side
// never read it half written.
const std::string& graph_file() {
  static const std::string path = [] {
    const std::string p = "/tmp/grundy-fuzz-play-graph.txt";
    const std::string part = p + "." + std::to_string(::getpid());
    std::FILE* file = std::fopen(part.c_str(), "wb");
    if (file == nullptr) grundy::fuzz::defect("cannot write " + part);
    std::fputs("4 5\nname 0 a\nname 1 b\na b\nb a\nb 2\n2 3\n3 3\n", file);
    std::fclose(file);
    if (std::rename(part.c_str(), p.c_str()) != 0) grundy::fuzz::defect("cannot rename " + part);
    return p;
  }();
  return path;
}

struct Setup {
  std::string ruleset;
  std::vector<std::string> heaps;
  bool misere = false;
  bool every = false;
};

std::vector<Setup> setups() {
  return {
      {"nim", {"3", "4", "5"}},
      {"nim", {"1", "1", "2"}, true},
      {"kayles", {"5", "7"}},
      {"kayles", {"3", "(1", "1)"}, false, true},
      {"0.137", {"9"}, true},
      {"subtract:1,3,4", {"10", "6"}},
      {"wythoff", {"3", "5"}},
      {"staircase", {"2", "1", "3"}},
      {"moore:2", {"3", "4", "5"}},
      {"lasker", {"6"}, false, true},
      {"kayles", {"4", "+", "nim", "3", "+", "wythoff", "2", "1"}},
      {"graph:" + graph_file(), {"a", "2"}},
  };
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  if (std::freopen("/dev/null", "w", stdout) == nullptr) grundy::fuzz::defect("no /dev/null");
  (void)graph_file();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const std::vector<Setup> games = setups();
  const Setup& setup = games[(data[0] >> 1) % games.size()];
  grundy::cli::PlayRequest request;
  request.ruleset = setup.ruleset;
  request.heaps = setup.heaps;
  request.misere = setup.misere;
  request.every = setup.every;
  request.first = data[0] & 1 ? "computer" : "me";
  request.search_limit = 10'000;
  std::istringstream input(std::string(reinterpret_cast<const char*>(data + 1), size - 1));
  std::streambuf* const keep = std::cin.rdbuf(input.rdbuf());
  std::cin.clear();
  grundy::fuzz::run_one([&] { grundy::cli::run_play(request); });
  std::cin.rdbuf(keep);
  return 0;
}
