// grundy analyze RULESET HEAP...: outcome, values and winning moves.
#include <cstdio>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "explain.h"
#include "grundy/core/error.h"
#include "grundy/rules/registry.h"
#include "grundy/solve/analysis.h"

namespace grundy::cli {

namespace {

// Positions longer than this are not repeated after each move in text output;
// the description names the heap that changed.
constexpr std::size_t kShowPositionUpTo = 24;

std::string join(const Position& p) { return fmt::format("{}", fmt::join(p, " ")); }

void print_text(const Ruleset& ruleset, const Position& position, const Analysis& a,
                const AnalyzeRequest& request) {
  std::string out;
  const bool misere = request.misere;
  const bool show_position = position.size() <= kShowPositionUpTo;
  if (request.count) {
    if (a.winning_move_count)
      out += fmt::format("{}\n", *a.winning_move_count);
    else
      out += fmt::format("more than {}\n", request.max_moves);
    std::fwrite(out.data(), 1, out.size(), stdout);
    return;
  }
  out += fmt::format("{} ({} play): {}\n", ruleset.name(), misere ? "misère" : "normal",
                     show_position ? join(position) : fmt::format("{} heaps", position.size()));
  out += fmt::format("outcome: {} — the {} wins\n", outcome_letter(a.outcome),
                     a.outcome == Outcome::N ? "player to move" : "other player");
  if (a.heap_values && a.heap_values->size() <= kShowPositionUpTo)
    out += fmt::format("heap values: {}\n", join(*a.heap_values));
  if (a.value)
    out += fmt::format("value: {}\n", *a.value);
  else
    out += fmt::format("value: none ({})\n", a.value_note);
  out += fmt::format("method: {}\n", a.method);
  const auto& moves = a.winning_moves.moves;
  if (moves.empty()) {
    out += "winning moves: none\n";
  } else if (request.one) {
    out += "winning move:\n";
  } else {
    out += fmt::format("winning moves ({}{}):\n", a.winning_moves.complete ? "" : "first ",
                       moves.size());
  }
  for (const Move& move : moves) {
    if (show_position)
      out += fmt::format("  {}  →  {}\n", move.description, join(move.after(position)));
    else
      out += fmt::format("  {}\n", move.description);
    if (request.one) break;
    if (out.size() > (1 << 16)) {
      std::fwrite(out.data(), 1, out.size(), stdout);
      out.clear();
    }
  }
  if (!a.winning_moves.complete && !request.one)
    out += fmt::format("  … and more (raise --max-moves to list them)\n");
  std::fwrite(out.data(), 1, out.size(), stdout);
}

void print_json(const Ruleset& ruleset, const Position& position, const Analysis& a,
                const AnalyzeRequest& request) {
  nlohmann::json j;
  j["ruleset"] = ruleset.name();
  j["convention"] = request.misere ? "misere" : "normal";
  j["position"] = position;
  j["outcome"] = std::string(1, outcome_letter(a.outcome));
  j["value"] = a.value ? nlohmann::json(*a.value) : nlohmann::json(nullptr);
  if (!a.value) j["value_note"] = a.value_note;
  j["heap_values"] = a.heap_values ? nlohmann::json(*a.heap_values) : nlohmann::json(nullptr);
  j["method"] = a.method;
  auto moves = nlohmann::json::array();
  if (!request.count) {
    for (const Move& move : a.winning_moves.moves) {
      moves.push_back({{"description", move.description}, {"position", move.after(position)}});
      if (request.one) break;
    }
  }
  j["winning_moves"] = std::move(moves);
  j["winning_moves_complete"] = a.winning_moves.complete && !request.one && !request.count;
  j["winning_move_count"] =
      a.winning_move_count ? nlohmann::json(*a.winning_move_count) : nlohmann::json(nullptr);
  const std::string text = j.dump(2) + "\n";
  std::fwrite(text.data(), 1, text.size(), stdout);
}

}  // namespace

int run_analyze(const AnalyzeRequest& request) {
  const auto ruleset = parse_ruleset(request.ruleset);
  if (!request.input_file.empty() && !request.heaps.empty())
    throw InputError(request.input_file, "give the heaps either on the command line or with --input, not both");
  Position position;
  if (!request.input_file.empty()) {
    position = read_heaps(request.input_file);
    ruleset->check_position(position);
  } else {
    if (request.heaps.empty())
      throw InputError(request.ruleset, "analyze needs a position: one or more heap sizes");
    position = parse_position(*ruleset, request.heaps);
  }
  AnalysisOptions options;
  options.convention = request.misere ? Convention::misere : Convention::normal;
  options.max_moves = request.one ? 1 : request.max_moves;
  options.count_only = request.count;
  options.search_limit = request.search_limit;
  options.compute.accept_observed = request.observed;
  const Analysis a = analyze(*ruleset, position, options);
  if (request.json) {
    print_json(*ruleset, position, a, request);
  } else {
    print_text(*ruleset, position, a, request);
    if (request.explain) {
      const std::string text = "\n" + explain(*ruleset, position, a, request.misere);
      std::fwrite(text.data(), 1, text.size(), stdout);
    }
  }
  return 0;
}

}  // namespace grundy::cli
