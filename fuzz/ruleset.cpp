// Fuzzes ruleset names and codes (parse_ruleset) and the numbers of a
// position (parse_position). Input: the first line is the ruleset name as
// typed, every further line one number token. A name that parses must give
// back its canonical name, parse again to the same name, and, for a heap
// ruleset, agree with the naive mex on its first values.
#include <cstddef>
#include <cstdint>

#include "grundy/rules/heap_ruleset.h"
#include "grundy/rules/registry.h"
#include "grundy/solve/heap_values.h"
#include "harness.h"

namespace {

// Values compared with the naive mex, and the heaps above which a position's
// options are not listed.
constexpr grundy::Heap kCheckedValues = 12;
constexpr grundy::Heap kListedHeap = 64;

void check(std::string_view text) {
  using namespace grundy;
  std::vector<std::string> lines = fuzz::lines_of(text);
  const std::string name = lines.front();
  lines.erase(lines.begin());
  const auto rules = parse_ruleset(name);
  const std::string canonical = rules->name();
  fuzz::expect(!canonical.empty(), "a ruleset without a name");
  fuzz::expect(parse_ruleset(canonical)->name() == canonical,
               "the canonical name does not parse back to itself");
  if (const auto* heap_rules = dynamic_cast<const HeapRuleset*>(rules.get())) {
    const std::vector<Nimber> naive = naive_heap_values(*heap_rules, kCheckedValues);
    HeapValues values(*heap_rules);
    for (Heap n = 0; n <= kCheckedValues; ++n)
      fuzz::expect(values.value(n) == naive[n], "HeapValues differs from the naive mex");
  }
  const Position position = parse_position(*rules, lines);
  bool small = true;
  for (const Heap h : position) small = small && h <= kListedHeap;
  if (small) {
    (void)rules->show(position);
    (void)rules->options(position, 16);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return grundy::fuzz::run_one([&] { check(grundy::fuzz::as_text(data, size)); });
}
