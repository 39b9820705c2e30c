// The web explorer's bindings (embind): the library's answers as JSON text
// for JavaScript, and nothing else (docs/architecture.md: a front end parses,
// calls the library and converts). The analysis JSON is the command line's
// own (src/present/analysis_json.h, docs/json.md) and the explanation text is
// `grundy analyze --explain`'s (src/present/explanation_text.h), so that the page and the
// command agree to the letter. docs/web.md describes the page.
//
// Every function returns a JSON object; bad input or a limit gives
// {"error": "the one-line message"} instead. An exception must not reach
// JavaScript: emscripten 3.1.6 delivers it there as a bare number.
// Integers above 2^53 - 1, which a JavaScript number cannot hold exactly,
// are written as decimal strings.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <exception>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "present/analysis_json.h"
#include "present/command_line_words.h"
#include "present/move_syntax.h"
#include "present/period_json.h"
#include "present/explanation_text.h"
#include "present/titled_name.h"
#include "grundy/grundy.h"
#include "solve/engines/rare_common.h"

namespace grundy::web {

namespace {

using nlohmann::json;

constexpr std::uint64_t kMaxSafeInteger = (std::uint64_t{1} << 53) - 1;
// Positions a search for Play's prediction and Explain's remoteness may store:
// small, so that the page answers at once or says it cannot.
constexpr std::uint64_t kPredictionLimit = 200'000;
// The mex table lists the options of heaps up to this size, at most this many.
constexpr Heap kMexTableHeapUpTo = 4096;
constexpr std::size_t kMexTableOptions = 400;
constexpr std::size_t kMexTableHeaps = 6;
// Options offered to the player in Play, and listed with their values in
// Analyse.
constexpr std::size_t kPlayOptions = 500;
// Play's searches (the computer's move, each turn's outcome, Hint) stay
// within the library's own bound on a search, its position limit and the
// work that limit allows (solve/detail/search_work.h: 8 steps a position),
// at the limit of `grundy play` (Strategy::kDefaultSearchLimit), which
// therefore decides the same. From a position of more than kPlayOptions
// options the computer does not search for its move at all, as past a
// search limit.
constexpr std::uint64_t kPlaySearchLimit = Strategy::kDefaultSearchLimit;

bool too_many_options(const Ruleset& ruleset, const Position& position) {
  return ruleset.options(position, kPlayOptions + 1).size() > kPlayOptions;
}

// Unsigned integers too large for a JavaScript number become strings.
void make_exact(json& j) {
  if (j.is_number_unsigned()) {
    const auto v = j.get<std::uint64_t>();
    if (v > kMaxSafeInteger) j = std::to_string(v);
  } else if (j.is_number_integer()) {
    const auto v = j.get<std::int64_t>();
    if (v > static_cast<std::int64_t>(kMaxSafeInteger) || v < -static_cast<std::int64_t>(kMaxSafeInteger))
      j = std::to_string(v);
  } else if (j.is_array() || j.is_object()) {
    for (json& item : j) make_exact(item);
  }
}

// What the library's messages advise, in the page's words
// (core/front_end_words.h): the page's own limits are fixed, so the way past
// one is the command line's.
FrontEndWords page_words() {
  FrontEndWords words = present::command_line_words();
  words.setting = [option = words.setting](std::string_view setting) {
    return "the command line's " + option(setting);
  };
  words.resume = [resume = words.resume](std::string_view command, std::string_view file) {
    return resume(command, file) + " on the command line";
  };
  words.observed = "this page as soon as one is seen";
  words.in_full = "`grundy value --store FILE` on the command line computes G(0..{0}) in full";
  words.catalogue = "the list of rulesets in the Analyse view";
  return words;
}

// Runs `work` and returns its JSON as text, or {"error": message}.
template <class Work>
std::string answer(Work work) {
  try {
    json j = work();
    make_exact(j);
    return j.dump();
  } catch (const std::bad_alloc&) {
    return json{{"error", "out of memory: the browser cannot hold what this needs"}}.dump();
  } catch (const LimitError& e) {
    // The setting as data too (core/error.h), for the page to act on.
    json j{{"error", detail::one_line(e.what())}};
    if (const auto& exceeded = e.exceeded())
      j["limit"] = {{"setting", exceeded->setting},
                    {"value", exceeded->limit},
                    {"needed", exceeded->needed == 0 ? json(nullptr) : json(exceeded->needed)}};
    return j.dump();
  } catch (const std::exception& e) {
    return json{{"error", detail::one_line(e.what())}}.dump();
  }
}

// The graph last solved in the Graph view: the summand graph:page in any
// position field ("kayles 5 + graph:page a d").
std::optional<std::string> page_graph;

// graph:FILE summands name files, which a web page does not have, except
// graph:page.
Graph page_graph_reader(const std::string& file) {
  if (file == "page" && page_graph) return parse_graph_input(*page_graph, "");
  throw InputError("graph:" + file,
                   file == "page" ? std::string("graph:page is the graph of the Graph view: solve one there first")
                                  : fmt::format("graph:{}: a web page reads no files; enter the graph in "
                                                "the Graph view and write graph:page",
                                                file));
}

std::vector<GamePosition> summands_of(const std::string& text) {
  return parse_game(text, page_graph_reader);
}

Convention play_convention(const std::string& name) {
  if (name == "normal") return Convention::normal;
  if (name == "misere") return Convention::misere;
  throw InputError(name, fmt::format("unknown convention '{}': use normal or misere", name));
}

// The game Play plays: the sum of the summands in normal or misère play, or
// their Every-SG or conjunctive compound (every heap of a heap game a
// component, as `grundy analyze --every` reads them), played by the normal
// rule: whoever cannot move loses.
struct PlayGame {
  std::shared_ptr<const Ruleset> ruleset;
  Position position;
  const Compound* compound = nullptr;  // Every-SG or conjunctive
  CompoundKind kind = CompoundKind::disjunctive;
  Convention convention = Convention::normal;
};

PlayGame play_game(const std::string& text, const std::string& convention) {
  PlayGame g;
  if (convention == "every" || convention == "conjunctive") {
    g.kind = convention == "every" ? CompoundKind::every : CompoundKind::conjunctive;
    CompoundPosition c = every_compound_of(summands_of(text), g.kind);
    g.compound = c.compound.get();
    g.ruleset = std::move(c.compound);
    g.position = std::move(c.position);
    return g;
  }
  g.convention = play_convention(convention);
  GamePosition whole = sum_of(summands_of(text));
  g.ruleset = std::move(whole.ruleset);
  g.position = std::move(whole.position);
  return g;
}

// Every-SG or conjunctive: who wins, the move good play makes (the
// library's, by suspense or remoteness numbers) and how many moves the game
// lasts with good play (the largest suspense; the least remoteness), if the
// components were analysed one by one.
struct CompoundTurn {
  Outcome outcome = Outcome::P;
  std::optional<Position> move;
  std::optional<std::uint64_t> moves_left;  // suspense or least remoteness
};

// How long the game lasts with good play (remoteness.h: play_length, which
// knows that misère play counts a position without moves as 1), as Play
// predicts it: {"moves_left", "winner_moves"}, both null when unknown.
void add_play_length(json& j, std::optional<std::uint64_t> remoteness, Convention convention) {
  if (!remoteness) {
    j["moves_left"] = nullptr;
    j["winner_moves"] = nullptr;
    return;
  }
  const PlayLength length = play_length(*remoteness, convention);
  j["moves_left"] = length.moves;
  j["winner_moves"] = length.winner_moves;
}

CompoundTurn compound_turn(const PlayGame& g) {
  CompoundTurn t;
  const CompoundAnalysis a =
      analyze_compound(*g.compound, g.position, AnalysisOptions{}.search_limit);
  t.outcome = a.outcome;
  t.move = a.move;
  t.moves_left = a.decisive();
  return t;
}

// The analysis of `text` in a convention: normal, misere, every,
// conjunctive or remoteness (remoteness in normal play; misere-remoteness in
// misère play), each as `grundy analyze --json` with the matching flag.
json analysis_of(const std::string& text, const std::string& convention) {
  const std::vector<GamePosition> summands = summands_of(text);
  if (convention == "every" || convention == "conjunctive") {
    const bool conjunctive = convention == "conjunctive";
    const CompoundPosition game = every_compound_of(
        summands, conjunctive ? CompoundKind::conjunctive : CompoundKind::every);
    const CompoundAnalysis a =
        analyze_compound(*game.compound, game.position, AnalysisOptions{}.search_limit);
    json j = present::compound_json(*game.compound, game.position, a, conjunctive);
    j["text"] = game.compound->show(game.position);
    // The text of the position after the move, for the page to step into.
    if (a.outcome == Outcome::N && a.move && !j["winning_moves"].empty())
      j["winning_moves"][0]["text"] = game.compound->show(*a.move);
    return j;
  }
  const GamePosition whole = sum_of(summands);
  if (convention == "remoteness" || convention == "misere-remoteness") {
    const bool misere = convention == "misere-remoteness";
    const RemotenessAnalysis r =
        analyze_remoteness(*whole.ruleset, whole.position,
                           misere ? Convention::misere : Convention::normal,
                           AnalysisOptions{}.search_limit);
    json j = present::remoteness_json(*whole.ruleset, whole.position, r, misere);
    j["text"] = game_text(*whole.ruleset, whole.position);
    if (r.best) j["best_move"]["text"] = game_text(*whole.ruleset, *r.best);
    return j;
  }
  const bool misere = play_convention(convention) == Convention::misere;
  AnalysisOptions options;
  options.convention = misere ? Convention::misere : Convention::normal;
  options.max_moves = 200;
  options.compute.accept_observed = true;
  const Analysis a = analyze(*whole.ruleset, whole.position, options);
  json j = present::analysis_json(*whole.ruleset, whole.position, a, misere);
  j["text"] = game_text(*whole.ruleset, whole.position);
  std::size_t i = 0;
  for (const Move& move : a.winning_moves.items) {
    if (i >= j["winning_moves"].size()) break;
    j["winning_moves"][i++]["text"] = game_text(*whole.ruleset, move.after(whole.position));
  }
  // Every option with its value and outcome (`analyze --options`), each
  // with its text to step into; past a limit, the message instead.
  try {
    const OptionValues table = option_values(*whole.ruleset, whole.position, options, kPlayOptions);
    j.update(present::option_values_json(*whole.ruleset, table));
    for (std::size_t k = 0; k < table.options.size(); ++k)
      j["options"][k]["text"] = game_text(*whole.ruleset, table.options[k].after);
  } catch (const LimitError& e) {
    j["options_note"] = detail::one_line(e.what());
  }
  return j;
}

std::string analyze_web(const std::string& text, const std::string& convention) {
  return answer([&] { return analysis_of(text, convention); });
}

// The move perfect play makes (Strategy, what `grundy play` does; in
// Every-SG and conjunctive play the move of the compound's analysis), or
// {"move": null} when there is none.
std::string best_move_web(const std::string& text, const std::string& convention) {
  return answer([&] {
    const PlayGame g = play_game(text, convention);
    std::optional<Position> after;
    std::string note;
    if (g.compound != nullptr) {
      try {
        after = compound_turn(g).move;
      } catch (const LimitError&) {
        // Too large to search: any legal move, as `grundy play` does.
        after = first_option(*g.ruleset, g.position);
        note = "too large to search";
      }
    } else {
      // Past the page's search limit, the strategy plays a winning move found
      // by analysis (values, closed forms), else any legal move.
      Strategy strategy(*g.ruleset, g.convention,
                        too_many_options(*g.ruleset, g.position) ? 1 : kPlaySearchLimit);
      if (auto choice = strategy.best_move(g.position)) {
        after = choice->after;
        note = choice->note;
      }
    }
    if (!after) return json{{"move", nullptr}};
    return json{{"move",
                 {{"description", g.ruleset->describe_move(g.position, *after)},
                  {"text", game_text(*g.ruleset, *after)},
                  {"note", note}}}};
  });
}

// Play's analysis of a position within the page's search limit: the
// outcome, the value and one winning move, as Hint and each turn show them;
// nothing past the limit, with the library's refusal in `note`.
std::optional<Analysis> analyze_within_limit(const PlayGame& g, std::string& note) {
  AnalysisOptions options;
  options.convention = g.convention;
  options.max_moves = 1;
  options.compute.accept_observed = true;
  options.search_limit = kPlaySearchLimit;
  try {
    return analyze(*g.ruleset, g.position, options);
  } catch (const LimitError& e) {
    note = e.what();
    return std::nullopt;
  }
}

// Play's Hint: the outcome and a winning move, as the Analyse view gives
// them, but within the page's search limit (kPlaySearchLimit), as the
// computer's move and each turn's outcome are found. Normal play answers from
// the values at once; past the limit (misère play of a large position) the
// answer gives the search's refusal, with outcome "?", instead of searching
// for minutes. Every-SG and conjunctive play answer as the Analyse view does
// (their searches are bounded by positions stored).
std::string hint_web(const std::string& text, const std::string& convention) {
  return answer([&] {
    const PlayGame g = play_game(text, convention);
    if (g.compound != nullptr) return analysis_of(text, convention);
    std::string note;
    const std::optional<Analysis> a = analyze_within_limit(g, note);
    if (!a) return json{{"outcome", "?"}, {"winning_moves", json::array()}, {"note", note}};
    auto moves = json::array();
    for (const Move& move : a->winning_moves.items)
      moves.push_back({{"description", move.description},
                       {"text", game_text(*g.ruleset, move.after(g.position))}});
    return json{{"outcome", std::string(1, outcome_letter(a->outcome))},
                {"winning_moves", std::move(moves)}};
  });
}

// The options of a position, for the player to choose from; "more" when cut.
std::string options_web(const std::string& text, const std::string& convention) {
  return answer([&] {
    const PlayGame g = play_game(text, convention);
    const OptionList options = g.ruleset->options(g.position, kPlayOptions);
    auto list = json::array();
    for (const Position& after : options.items)
      list.push_back({{"description", g.ruleset->describe_move(g.position, after)},
                      {"text", game_text(*g.ruleset, after)}});
    return json{{"text", game_text(*g.ruleset, g.position)},
                {"options", std::move(list)},
                {"complete", options.complete}};
  });
}

// The player's move typed as `grundy play` reads it (src/present/move_syntax.h):
// a move number, the move as listed, the position after it ("to 3 4"); in
// Every-SG and conjunctive play also one move number per component that can
// move ("2 1") or the components after the move ("to 1 1 | 2"). Answers the
// position after the move, or the command's one-line complaint.
std::string read_move_web(const std::string& text, const std::string& convention,
                          const std::string& typed) {
  return answer([&] {
    const PlayGame g = play_game(text, convention);
    Position after;
    bool by_component = false;
    std::vector<std::size_t> movable;
    if (g.compound != nullptr) {
      const std::vector<Position> components = g.compound->decode(g.position);
      for (std::size_t i = 0; i < components.size(); ++i)
        if (first_option(g.compound->ruleset(i), components[i])) movable.push_back(i);
      const std::vector<std::string> words = split_game_words(typed);
      const bool numbers = std::all_of(words.begin(), words.end(), [](const std::string& w) {
        return !w.empty() && w.find_first_not_of("0123456789") == std::string::npos;
      });
      by_component = typed.find('|') != std::string::npos ||
                     (numbers && words.size() > 1 && words.size() == movable.size());
      // Conjunctive play ends when a component cannot move: no move to read.
      if (by_component && g.kind == CompoundKind::conjunctive && movable.size() < components.size())
        by_component = false;
      if (by_component) {
        std::vector<const Ruleset*> rulesets;
        for (std::size_t i = 0; i < g.compound->size(); ++i) rulesets.push_back(&g.compound->ruleset(i));
        after = Compound::encode(present::read_every_move(rulesets, components, movable, typed));
      }
    }
    if (!by_component) after = present::read_move(*g.ruleset, g.position, typed);
    return json{{"description", g.ruleset->describe_move(g.position, after)},
                {"text", game_text(*g.ruleset, after)}};
  });
}

// What Play shows after each turn: outcome, value (normal play) and
// remoteness, the last within a small search (null when beyond it). In
// Every-SG the remoteness is the largest suspense number, in conjunctive
// play the least remoteness of the components: how many moves the game
// lasts with good play.
std::string turn_web(const std::string& text, const std::string& convention) {
  return answer([&] {
    const PlayGame g = play_game(text, convention);
    if (g.compound != nullptr) {
      const CompoundTurn t = compound_turn(g);
      json j{{"outcome", std::string(1, outcome_letter(t.outcome))},
             {"value", nullptr},
             {"remoteness", t.moves_left ? json(*t.moves_left) : json(nullptr)}};
      add_play_length(j, t.moves_left, Convention::normal);
      return j;
    }
    std::string note;
    const std::optional<Analysis> a = analyze_within_limit(g, note);
    // A search (misère play of a large position) past the page's limit:
    // the game goes on without the outcome, as `grundy play` does.
    if (!a)
      return json{{"outcome", "?"},         {"value", nullptr},       {"remoteness", nullptr},
                  {"moves_left", nullptr}, {"winner_moves", nullptr}, {"outcome_note", note}};
    json j{{"outcome", std::string(1, outcome_letter(a->outcome))},
           {"value", a->value ? json(*a->value) : json(nullptr)},
           {"remoteness", nullptr}};
    add_play_length(j, std::nullopt, g.convention);
    try {
      if (too_many_options(*g.ruleset, g.position))
        throw LimitError(fmt::format("no remoteness search from a position of more than {} moves",
                                     kPlayOptions));
      const RemotenessAnalysis r = analyze_remoteness(*g.ruleset, g.position, g.convention,
                                                      kPredictionLimit);
      if (r.remoteness) j["remoteness"] = *r.remoteness;
      add_play_length(j, r.remoteness, g.convention);
    } catch (const LimitError& e) {
      j["remoteness_note"] = e.what();
    }
    return j;
  });
}

json nim_sum_json(const NimSumStep& s) {
  return {{"values", s.values},   {"nim_sum", s.nim_sum},         {"index", s.index},
          {"others", s.others},   {"highest_bit", s.highest_bit}, {"value", s.value},
          {"target", s.target}};
}

// The mex table of heap n of a heap game, from the library's option table
// (solve/option_table.h): each option (its parts and their values), the
// option's value worked out as the command's --explain writes it
// (present::option_value_text, with ⊕), the values reached and G(n), their mex.
json mex_table(const HeapRuleset& heaps, HeapValues& values, Heap n) {
  const OptionTable table =
      option_table(heaps, n, [&](Heap m) { return values.value(m); }, kMexTableOptions);
  auto rows = json::array();
  for (const OptionRow& row : table.rows) {
    auto parts = json::array();
    for (std::size_t i = 0; i < row.option.part_count; ++i)
      parts.push_back({row.option.parts[i], row.part_values[i]});
    rows.push_back({{"parts", std::move(parts)},
                    {"value", row.value},
                    {"text", present::option_value_text(row, "⊕")}});
  }
  return {{"heap", n},
          {"value", values.value(n)},
          {"options", std::move(rows)},
          {"option_count", table.option_count},
          {"complete", table.option_count == table.rows.size()},
          {"reached", table.reached},
          {"mex", table.mex}};
}

// Explain: the analysis, the command line's --explain text, the nim-sum of
// the component values in binary columns, and the mex table of each small
// heap of each heap game (the last two in normal play).
std::string explain_web(const std::string& text, const std::string& convention) {
  return answer([&] {
    const std::vector<GamePosition> summands = summands_of(text);
    const GamePosition whole = sum_of(summands);
    const bool misere = play_convention(convention) == Convention::misere;
    AnalysisOptions options;
    options.convention = misere ? Convention::misere : Convention::normal;
    options.max_moves = 200;
    options.compute.accept_observed = true;
    const Analysis a = analyze(*whole.ruleset, whole.position, options);
    json j;
    j["analysis"] = present::analysis_json(*whole.ruleset, whole.position, a, misere);
    j["explanation"] = present::explanation_text(*whole.ruleset, whole.position, a, misere);
    if (a.heap_values) j["nim_sum"] = nim_sum_json(nim_sum_step(*a.heap_values));
    // The mex tables are of normal-play values, which do not decide misère
    // play; Nim's are left out, a heap's size being its value (the page
    // says so), so that its nim-sum is not buried under trivial tables.
    auto tables = json::array();
    for (const GamePosition& s : misere ? std::vector<GamePosition>{} : summands) {
      const HeapRuleset* heaps = heap_ruleset_of(*s.ruleset);
      if (heaps == nullptr || heaps->is_nim()) continue;
      HeapValues values(*heaps, ComputeLimits{});
      std::vector<Heap> shown;  // each heap size once
      for (Heap n : s.position) {
        if (tables.size() >= kMexTableHeaps || n > kMexTableHeapUpTo ||
            std::find(shown.begin(), shown.end(), n) != shown.end())
          continue;
        shown.push_back(n);
        json t = mex_table(*heaps, values, n);
        t["ruleset"] = present::titled_name(*s.ruleset);
        tables.push_back(std::move(t));
      }
    }
    j["mex_tables"] = std::move(tables);
    return j;
  });
}

// Sequence: one run at a time per module instance (the page's Web Worker has
// its own), extended by the worker in chunks so that it can report progress.
struct SequenceState {
  std::shared_ptr<const Ruleset> ruleset;
  const HeapRuleset* heaps = nullptr;
  std::unique_ptr<SequenceRun> run;       // take-and-break codes: the engine
  std::unique_ptr<HeapValues> table;      // closed forms and other games
  Heap reached = 0;                       // G(0..reached-1) known
  // The period search of a far range has run (proven or not): later chunks
  // do not examine the same values again.
  bool period_searched = false;
};
SequenceState sequence;

std::string sequence_start(const std::string& name) {
  return answer([&] {
    sequence = SequenceState{};
    std::shared_ptr<const Ruleset> ruleset = parse_ruleset(name);
    const HeapRuleset* heaps = &require_heap_ruleset(*ruleset, "values");
    const HeapValueSource source = heap_value_source(*heaps);
    sequence.ruleset = ruleset;
    sequence.heaps = heaps;
    std::string method;
    if (source.source == ValueSource::code_engine) {
      sequence.run = std::make_unique<SequenceRun>(*source.code, 1);
      method = "code engine";
    } else {
      // The table's bound as the module's values() has it (code_run_plan.h),
      // for the most values the page holds.
      ComputeLimits limits = table_run_limits(Heap{1} << 26, default_memory_limit());
      limits.accept_observed = false;
      sequence.table = std::make_unique<HeapValues>(*heaps, limits);
      method = source.source == ValueSource::closed_form ? sequence.table->method() : "table";
    }
    return json{{"ruleset", present::titled_name(*ruleset)}, {"method", method}};
  });
}

// G(reached..to) appended; returns those values.
std::string sequence_extend(double to_number) {
  return answer([&] {
    if (!sequence.heaps) throw InputError("", "no sequence started");
    if (!(to_number >= 0) || to_number > static_cast<double>(kMaxSafeInteger))
      throw InputError(fmt::format("{}", to_number), "the last heap size is out of range");
    const Heap to = static_cast<Heap>(to_number);
    auto values = json::array();
    if (to + 1 <= sequence.reached) return json{{"values", values}, {"reached", sequence.reached}};
    // The page holds G(0..to): refused as the module's values() is, by the
    // library's plan (code_run_plan.h), before any work.
    const std::uint64_t limit = default_memory_limit();
    const std::optional<CodeRunPlan> plan = check_values_in_memory(
        heap_value_source(*sequence.heaps), 0, to, sequence.ruleset->shown_name(), limit);
    // Past the values a period search computes first: from a proven period
    // when the search finds one, else in full unless the plan refuses it.
    if (plan && plan->far && sequence.run && !sequence.run->period()) {
      if (!sequence.period_searched) sequence.run->search_period(plan->search_bound);
      sequence.period_searched = true;
      if (far_run_refused(*plan, *sequence.run, limit))
        throw far_run_refusal(*plan, *sequence.run, sequence.ruleset->shown_name(), limit);
    }
    if (sequence.run && sequence.run->period()) {
      for (Heap n = sequence.reached; n <= to; ++n) values.push_back(sequence.run->value(n));
    } else if (sequence.run) {
      sequence.run->extend(to);
      const ValueSequence& v = sequence.run->values();
      for (Heap n = sequence.reached; n <= to; ++n) values.push_back(v[n]);
    } else {
      if (!sequence.table->has_closed_form()) sequence.table->require(to);
      for (Heap n = sequence.reached; n <= to; ++n) values.push_back(sequence.table->value(n));
    }
    sequence.reached = to + 1;
    json j{{"values", std::move(values)}, {"reached", sequence.reached}};
    if (sequence.run) {
      const EngineProgress stats = sequence.run->stats();
      j["rare_count"] = stats.rare_count;
      j["mask"] = stats.mask;
    }
    return j;
  });
}

// The run extended to G(0..to) without handing the values over: what
// bench/web_bench.py times.
std::string sequence_reach(double to_number) {
  return answer([&] {
    if (!sequence.run) throw InputError("", "no code engine run started");
    sequence.run->extend(static_cast<Heap>(to_number));
    sequence.reached = sequence.run->reached();
    return json{{"reached", sequence.reached}};
  });
}

// For tests/web/kernels_test.py: G(0..last) of a take-and-break code by the
// rare/common engine on one thread, with the module's vector kernels (simd)
// or the engine's portable ones, and a fixed mask (mask < 0: chosen from the
// value frequencies, as always elsewhere); with the kernels that ran and the
// splits the scans looked at, so that the test knows the vector paths ran.
std::string sequence_kernels_web(const std::string& code, double last, double mask, bool simd) {
  return answer([&] {
    if (!(last >= 0) || last > static_cast<double>(Heap{1} << 24))
      throw InputError(fmt::format("{}", last), "the last heap size is between 0 and 2^24 here");
    if (mask >= 65536) throw InputError(fmt::format("{}", mask), "the mask is below 65536");
    RareCommonOptions options;
    options.threads = 1;
    options.simd = simd;
    if (mask >= 0) options.mask = static_cast<Nimber>(mask);
    RareCommonEngine engine(TakeAndBreak::parse(code), options);
    ValueSequence values;
    engine.extend(values, static_cast<Heap>(last), {});
    return json{{"values", values},
                {"kernels", engine.kernel()},
                {"scan_steps", engine.stats().scan_steps}};
  });
}

// The period search of `grundy period NAME --max MAX` (one thread; MAX 0:
// without --max, the command's default bound and work budget), its
// progress reported to `progress(reached)`; with the values it computed, for
// the plot.
std::string period_web(const std::string& name, double max_number, emscripten::val progress) {
  return answer([&] {
    const auto ruleset = parse_ruleset(name);
    if (!(max_number >= 0) || max_number > static_cast<double>(Heap{1} << 26))
      throw InputError(fmt::format("{}", max_number),
                       "the most values searched is at most 2^26 in a browser");
    // The library's plan (code_run_plan.h), as `grundy period --max` and the
    // module's period(max=) have it; on one thread.
    const std::optional<Heap> max =
        max_number == 0 ? std::nullopt : std::optional<Heap>(static_cast<Heap>(max_number));
    const PeriodPlan plan = plan_period(*ruleset, max, std::nullopt, 1, default_memory_limit());
    EngineControl control;
    if (!progress.isUndefined() && !progress.isNull())
      control.progress = [&](const EngineProgress& p) { progress(static_cast<double>(p.reached)); };
    const PeriodSearch search = search_period(plan.code, plan.options, control);
    json j = present::periodicity_json(search.periodicity);
    j["ruleset"] = present::titled_name(*ruleset);
    j["stopped"] = search.stopped;
    j["unprovable"] = search.unprovable;
    j["values"] = search.values;
    return j;
  });
}

// Graph: the values of every vertex of a graph in the text format of
// docs/graph-format.md (γ, with ∞ and its set on cycles), and the analysis
// of tokens on it when some are given. The graph becomes graph:page.
std::string graph_web(const std::string& text, const std::string& tokens_text) {
  return answer([&] {
    auto graph = std::make_shared<const Graph>(parse_graph_input(text, ""));
    const GraphValues values = solve_graph(*graph);
    auto vertices = json::array();
    for (Vertex u = 0; u < graph->vertex_count(); ++u) {
      const GammaValue g = gamma_value(*graph, values.gamma, u);
      auto followers = json::array();
      for (Vertex v : graph->followers(u)) followers.push_back(v);
      vertices.push_back({{"label", graph->label(u)},
                          {"finite", g.finite},
                          {"value", g.value},
                          {"infinity_set", g.infinity_set},
                          {"text", gamma_text(g)},
                          {"outcome", std::string(1, outcome_letter(outcome_of(g)))},
                          {"followers", std::move(followers)}});
    }
    json j{{"vertices", std::move(vertices)},
           {"acyclic", values.acyclic},
           {"cycle", values.cycle}};
    page_graph = text;
    if (!split_game_words(tokens_text).empty()) {
      const GamePosition tokens = sum_of(summands_of("graph:page " + tokens_text));
      AnalysisOptions options;
      options.max_moves = 50;
      const Analysis a = analyze(*tokens.ruleset, tokens.position, options);
      j["analysis"] = present::analysis_json(*tokens.ruleset, tokens.position, a, false);
      // The vertices the tokens stand on (a vertex once per token), for the
      // drawing to mark.
      j["tokens"] = tokens.position;
    }
    return j;
  });
}

// A count typed into a field (the Sequence view's last n), read as the
// command line reads --to: 1000000, 1M, 10^6, 2^20, 1e6.
std::string count_web(const std::string& text) {
  return answer([&] { return json{{"value", parse_count(text)}}; });
}

// The rulesets the position fields accept, for the page's help.
std::string catalogue_web() {
  return answer([] {
    auto list = json::array();
    for (const RulesetSyntax& r : ruleset_catalogue()) list.push_back({{"pattern", r.pattern}, {"description", r.description}});
    return list;
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(grundy_web) {
  set_front_end_words(page_words());
  emscripten::function("analyze", &analyze_web);
  emscripten::function("bestMove", &best_move_web);
  emscripten::function("hint", &hint_web);
  emscripten::function("options", &options_web);
  emscripten::function("turn", &turn_web);
  emscripten::function("readMove", &read_move_web);
  emscripten::function("explain", &explain_web);
  emscripten::function("sequenceStart", &sequence_start);
  emscripten::function("sequenceExtend", &sequence_extend);
  emscripten::function("sequenceReach", &sequence_reach);
  emscripten::function("sequenceKernels", &sequence_kernels_web);
  emscripten::function("period", &period_web);
  emscripten::function("graph", &graph_web);
  emscripten::function("catalogue", &catalogue_web);
  emscripten::function("count", &count_web);
}

}  // namespace grundy::web
