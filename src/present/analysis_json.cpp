// The JSON of an analysis, shared by `grundy analyze --json` and the web
// explorer (analysis_json.h; the schema is docs/json.md).
#include "present/analysis_json.h"

#include <utility>

#include "grundy/solve/remoteness.h"

namespace grundy::present {

namespace {

// JSON gives the position after each winning move up to this many numbers.
constexpr std::size_t kJsonPositionUpTo = 256;

bool is_compound(const Ruleset& ruleset) { return compound_of(ruleset) != nullptr; }

// A winning move in JSON: what it changes (docs/json.md), and the whole
// position after it only where that is small: a position of 10^5 heaps with
// 10^4 winning moves would otherwise be written 10^4 times.
nlohmann::json move_json(const Ruleset& ruleset, const Position& position, const Move& move) {
  nlohmann::json m{{"description", move.description}};
  const bool whole_compound = move.component == Move::kWhole && is_compound(ruleset);
  if (!whole_compound) {
    if (move.component != Move::kWhole) m["component"] = move.component;
    m["index"] = move.index;
    m["replaced"] = move.replaced;
    m["parts"] = move.parts;
  }
  // A move of a whole compound comes from a search, on a small position.
  if (whole_compound || position.size() <= kJsonPositionUpTo)
    m["position"] = position_json(ruleset, move.after(position));
  return m;
}

}  // namespace

nlohmann::json position_json(const Ruleset& ruleset, const Position& position) {
  const Compound* compound = compound_of(ruleset);
  if (compound == nullptr) return position;
  auto parts = nlohmann::json::array();
  const auto components = compound->decode(position);
  for (std::size_t i = 0; i < components.size(); ++i)
    parts.push_back({{"ruleset", compound->ruleset(i).shown_name()}, {"position", components[i]}});
  return parts;
}

nlohmann::json analysis_json(const Ruleset& ruleset, const Position& position, const Analysis& a,
                             bool misere, bool one, bool count) {
  nlohmann::json j;
  j["ruleset"] = ruleset.shown_name();
  j["convention"] = misere ? "misere" : "normal";
  j["position"] = position_json(ruleset, position);
  j["outcome"] = std::string(1, outcome_letter(a.outcome));
  j["value"] = a.value ? nlohmann::json(*a.value) : nlohmann::json(nullptr);
  if (!a.value) j["value_note"] = a.value_note;
  j["heap_values"] = a.heap_values ? nlohmann::json(*a.heap_values) : nlohmann::json(nullptr);
  j["method"] = a.method;
  j["proven"] = a.proven;
  if (!a.moves_note.empty()) j["moves_note"] = a.moves_note;
  auto moves = nlohmann::json::array();
  if (!count) {
    for (const Move& move : a.winning_moves.items) {
      moves.push_back(move_json(ruleset, position, move));
      if (one) break;
    }
  }
  j["winning_moves"] = std::move(moves);
  j["winning_moves_complete"] = a.winning_moves.complete && !one && !count;
  j["winning_move_count"] =
      a.winning_move_count ? nlohmann::json(*a.winning_move_count) : nlohmann::json(nullptr);
  return j;
}

nlohmann::json compound_json(const Compound& every, const Position& position,
                             const CompoundAnalysis& e, bool conjunctive) {
  // The components of one heap game as one row (a component of one heap a
  // number, a group of heaps a list: [3, [1, 1]]); otherwise every
  // component with its ruleset.
  bool one_row = true;
  for (std::size_t i = 0; i < every.size(); ++i)
    one_row = one_row && every.ruleset(i).numbers_are_components() &&
              every.ruleset(i).name() == every.ruleset(0).name();
  auto as_json = [&](const Position& p) {
    if (!one_row) return position_json(every, p);
    auto row = nlohmann::json::array();
    for (const Position& c : every.decode(p))
      row.push_back(c.size() == 1 ? nlohmann::json(c[0]) : nlohmann::json(c));
    return row;
  };
  nlohmann::json j;
  j["ruleset"] = one_row ? every.ruleset(0).shown_name() : every.shown_name();
  j["convention"] = conjunctive ? "conjunctive" : "every";
  j["position"] = as_json(position);
  j["outcome"] = std::string(1, outcome_letter(e.outcome));
  j["value"] = nullptr;
  j[conjunctive ? "remoteness" : "suspense"] =
      e.numbers.empty() ? nlohmann::json(nullptr) : nlohmann::json(e.numbers);
  j["heap_values"] = nullptr;
  j["method"] = e.method;
  auto moves = nlohmann::json::array();
  if (e.outcome == Outcome::N && e.move)
    moves.push_back({{"description", every.describe_move(position, *e.move)},
                     {"position", as_json(*e.move)}});
  j["winning_moves"] = moves;
  return j;
}

nlohmann::json option_values_json(const Ruleset& ruleset, const OptionValues& table) {
  auto rows = nlohmann::json::array();
  for (const OptionValue& row : table.options) {
    nlohmann::json value = nullptr;
    if (row.value) value = row.value->finite ? nlohmann::json(row.value->value) : nlohmann::json(gamma_text(*row.value));
    rows.push_back({{"description", row.description},
                    {"position", position_json(ruleset, row.after)},
                    {"value", std::move(value)},
                    {"outcome", std::string(1, outcome_letter(row.outcome))}});
  }
  return {{"options", std::move(rows)},
          {"options_complete", table.complete},
          {"options_mex", table.mex ? nlohmann::json(*table.mex) : nlohmann::json(nullptr)}};
}

nlohmann::json remoteness_json(const Ruleset& ruleset, const Position& position,
                               const RemotenessAnalysis& r, bool misere) {
  nlohmann::json j;
  j["ruleset"] = ruleset.shown_name();
  j["convention"] = misere ? "misere" : "normal";
  j["position"] = position_json(ruleset, position);
  j["outcome"] = std::string(1, outcome_letter(r.outcome));
  j["remoteness"] = r.remoteness ? nlohmann::json(*r.remoteness) : nlohmann::json(nullptr);
  // The game's length with good play, which in misère play is one less than
  // the remoteness (remoteness.h: play_length).
  if (r.remoteness) {
    const PlayLength length =
        play_length(*r.remoteness, misere ? Convention::misere : Convention::normal);
    j["moves_left"] = length.moves;
    j["winner_moves"] = length.winner_moves;
  } else {
    j["moves_left"] = nullptr;
    j["winner_moves"] = nullptr;
  }
  if (r.best)
    j["best_move"] = {{"description", ruleset.describe_move(position, *r.best)},
                      {"position", position_json(ruleset, *r.best)}};
  return j;
}

}  // namespace grundy::present
