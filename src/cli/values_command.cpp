// grundy values RULESET [--from A] [--to B]: G(n) of a single heap.
#include <cstdio>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "grundy/core/error.h"
#include "grundy/rules/heap_ruleset.h"
#include "grundy/rules/registry.h"
#include "grundy/solve/heap_values.h"

namespace grundy::cli {

namespace {
constexpr Heap kMaxRange = 100'000'000;
}

int run_values(const ValuesRequest& request) {
  const auto ruleset = parse_ruleset(request.ruleset);
  const auto* heaps = dynamic_cast<const HeapRuleset*>(ruleset.get());
  if (heaps == nullptr)
    throw InputError(request.ruleset,
                     fmt::format("'values' needs a heap ruleset: positions of '{}' are not sums of "
                                 "single heaps (use 'grundy analyze')",
                                 ruleset->name()));
  if (request.json && request.csv) throw InputError("--csv", "choose one of --json and --csv");
  const Heap from = parse_heap(request.from), to = parse_heap(request.to);
  if (to < from)
    throw InputError(request.to, fmt::format("--to {} is smaller than --from {}", to, from));
  if (to - from >= kMaxRange)
    throw InputError(request.to, fmt::format("at most {} values at a time", kMaxRange));
  HeapValues values(*heaps);
  values.require(to);
  std::string out;
  auto flush = [&] {
    std::fwrite(out.data(), 1, out.size(), stdout);
    out.clear();
  };
  if (request.json) {
    nlohmann::json j;
    j["ruleset"] = ruleset->name();
    j["from"] = from;
    j["to"] = to;
    auto list = nlohmann::json::array();
    for (Heap n = from;; ++n) {
      list.push_back(values.value(n));
      if (n == to) break;
    }
    j["values"] = std::move(list);
    out = j.dump() + "\n";
  } else if (request.csv) {
    out = "n,value\n";
    for (Heap n = from;; ++n) {
      out += fmt::format("{},{}\n", n, values.value(n));
      if (out.size() > (1 << 16)) flush();
      if (n == to) break;
    }
  } else {
    out = fmt::format("{}: G(n) for n = {}..{}\n", ruleset->name(), from, to);
    for (Heap n = from;; ++n) {
      if ((n - from) % 10 == 0) out += fmt::format("{}{:>8}:", n == from ? "" : "\n", n);
      out += fmt::format(" {}", values.value(n));
      if (out.size() > (1 << 16)) flush();
      if (n == to) break;
    }
    out += "\n";
  }
  flush();
  return 0;
}

}  // namespace grundy::cli
