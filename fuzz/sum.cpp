// Fuzzes the position syntax: a whole position on one line, sums with '+',
// groups in parentheses, graph: summands (parse_game, rules/game_syntax.h),
// then the sum and the Every-SG compound built from what was parsed
// (rules/compound.h). A graph: summand names a file; here the file "g" is a
// small graph with names, and any other file cannot be opened.
#include <cstddef>
#include <cstdint>

#include "grundy/rules/compound.h"
#include "grundy/rules/game_syntax.h"
#include "harness.h"

namespace {

grundy::Graph read_graph(const std::string& file) {
  if (file == "g") return grundy::parse_graph("3 3\nname 0 a\nname 1 b\na b\nb 2\n2 a\n");
  throw grundy::InputError(file, "cannot open graph file '" + file + "'");
}

void check(std::string_view text) {
  using namespace grundy;
  const std::vector<GamePosition> summands = parse_game(text, read_graph);
  fuzz::expect(!summands.empty(), "a game parsed into no summands");
  const GamePosition sum = sum_of(summands);
  fuzz::expect(sum.ruleset != nullptr, "a sum without a ruleset");
  sum.ruleset->check_position(sum.position);
  (void)sum.ruleset->name();
  const CompoundPosition every = every_compound_of(summands);
  fuzz::expect(every.compound != nullptr, "an Every-SG compound without its compound");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return grundy::fuzz::run_one([&] { check(grundy::fuzz::as_text(data, size)); });
}
