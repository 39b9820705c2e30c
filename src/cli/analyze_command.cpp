// grundy analyze RULESET HEAP...: outcome, values and winning moves.
#include <cstdio>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "explain.h"
#include "grundy/core/error.h"
#include "grundy/rules/heap_ruleset.h"
#include "grundy/rules/registry.h"
#include "grundy/solve/analysis.h"
#include "grundy/solve/suspense.h"

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
  if (moves.empty() && !a.winning_moves.complete) {
    out += "winning moves: none found within the search budget (the search was cut: the list is "
           "incomplete)\n";
  } else if (moves.empty()) {
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
  if (!a.winning_moves.complete && !request.one && !moves.empty())
    out += fmt::format("  … the list is incomplete (raise --max-moves to list more)\n");
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

// Every-SG (theory.md §5, seed 003): each heap of a heap game is a component
// (after a split, the sum of its parts); other games are one component. The
// mover wins iff the largest suspense number is odd, and good play moves in
// every component: winners prolong, losers hurry.
int run_every(const Ruleset& ruleset, const Position& position, const AnalyzeRequest& request) {
  std::vector<Position> components;
  const bool heap_game = dynamic_cast<const HeapRuleset*>(&ruleset) != nullptr;
  if (heap_game) {
    for (Heap h : position) components.push_back({h});
  } else {
    components.push_back(position);
  }
  Suspense suspense(ruleset, request.search_limit);
  std::vector<std::uint64_t> values;
  std::uint64_t largest = 0;
  for (const Position& c : components) {
    values.push_back(suspense.value(c));
    largest = std::max(largest, values.back());
  }
  const bool wins = largest % 2 == 1;
  // The move good play makes: in every component that can still move.
  Position after;
  std::vector<std::string> parts;
  for (std::size_t i = 0; i < components.size(); ++i) {
    Position next = components[i];
    if (values[i] > 0) {
      next = suspense.best_option(components[i]);
      if (heap_game) {
        // Describe the move in the whole position, so that heap numbers are right.
        Position whole = position;
        whole.erase(whole.begin() + static_cast<std::ptrdiff_t>(i));
        whole.insert(whole.begin() + static_cast<std::ptrdiff_t>(i), next.begin(), next.end());
        parts.push_back(ruleset.describe_move(position, whole));
      } else {
        parts.push_back(ruleset.describe_move(components[i], next));
      }
    }
    after.insert(after.end(), next.begin(), next.end());
  }
  if (request.json) {
    nlohmann::json j;
    j["ruleset"] = ruleset.name();
    j["convention"] = "every";
    j["position"] = position;
    j["outcome"] = wins ? "N" : "P";
    j["value"] = nullptr;
    j["suspense"] = values;
    j["heap_values"] = nullptr;
    auto moves = nlohmann::json::array();
    if (wins) moves.push_back({{"description", fmt::format("{}", fmt::join(parts, "; "))}, {"position", after}});
    j["winning_moves"] = moves;
    std::puts(j.dump(2).c_str());
    return 0;
  }
  std::string out = fmt::format("{} (Every-SG: move in every component): {}\n", ruleset.name(), join(position));
  out += fmt::format("outcome: {} — the {} wins\n", wins ? 'N' : 'P', wins ? "player to move" : "other player");
  out += fmt::format("suspense numbers: {} (largest {}, {})\n", fmt::join(values, " "), largest,
                     wins ? "odd" : "even");
  if (wins)
    out += fmt::format("winning move: {}  →  {}\n", fmt::join(parts, "; "), join(after));
  else if (largest > 0)
    out += fmt::format("no winning move; hurrying: {}  →  {}\n", fmt::join(parts, "; "), join(after));
  else
    out += "no move at all\n";
  std::fputs(out.c_str(), stdout);
  return 0;
}

int run_remoteness(const Ruleset& ruleset, const Position& position, const AnalyzeRequest& request) {
  const Convention convention = request.misere ? Convention::misere : Convention::normal;
  Remoteness remoteness(ruleset, convention, request.search_limit);
  const std::uint64_t r = remoteness.value(position);
  std::optional<Position> best;
  bool any_option = false;
  ruleset.for_each_option(position, [&](const Position&) { return !(any_option = true); });
  if (any_option) best = remoteness.best_option(position);
  const bool wins = r % 2 == 1;
  if (request.json) {
    nlohmann::json j;
    j["ruleset"] = ruleset.name();
    j["convention"] = request.misere ? "misere" : "normal";
    j["position"] = position;
    j["outcome"] = wins ? "N" : "P";
    j["remoteness"] = r;
    if (best)
      j["best_move"] = {{"description", ruleset.describe_move(position, *best)}, {"position", *best}};
    std::puts(j.dump(2).c_str());
    return 0;
  }
  std::string out = fmt::format("{} ({} play): {}\n", ruleset.name(), request.misere ? "misère" : "normal", join(position));
  out += fmt::format("outcome: {} — the {} wins\n", wins ? 'N' : 'P', wins ? "player to move" : "other player");
  out += fmt::format("remoteness: {} ({}: the player to move {}; the winner hurries, the loser resists{})\n",
                     r, wins ? "odd" : "even", wins ? "wins" : "loses",
                     request.misere ? "; in misère play a position without moves counts 1" : "");
  if (best)
    out += fmt::format("{}: {}  →  {}\n", wins ? "winning move" : "longest resistance",
                       ruleset.describe_move(position, *best), join(*best));
  std::fputs(out.c_str(), stdout);
  return 0;
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
  if (request.every) return run_every(*ruleset, position, request);
  if (request.remoteness) return run_remoteness(*ruleset, position, request);
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
