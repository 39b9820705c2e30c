// grundy quotient CODE [--max-heap N] [--json] [--checkpoint FILE]: the misère
// quotient of a heap game restricted to heaps 0..N
// (include/grundy/solve/misere_quotient.h); --resume FILE continues a
// checkpoint (include/grundy/solve/quotient_checkpoint.h).
#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "grundy/core/error.h"
#include "grundy/rules/heap_ruleset.h"
#include "grundy/rules/registry.h"
#include "grundy/solve/misere_quotient.h"
#include "grundy/solve/quotient_checkpoint.h"
#include "grundy/solve/sequence_request.h"
#include "long_run.h"

namespace grundy::cli {

namespace {

std::string tame_text(const MisereQuotient& q) {
  if (!q.tame() && q.interrupted())
    return "not decided (the run was stopped before the comparison with the quotients of Nim)";
  if (!q.tame()) return "not decided (the comparison with the quotients of Nim gave up)";
  if (*q.tame()) return "tame (isomorphic to the quotient of Nim heaps, with its P-portion)";
  return "wild (not isomorphic to the quotient of any set of Nim heaps 0..2^k-1)";
}

std::string period_text(const MisereQuotient& q) {
  if (!q.period())
    return fmt::format("no period seen in Φ(0..{})", q.max_heap());
  const auto& p = *q.period();
  std::string text = fmt::format("Φ(n + {}) = Φ(n) for n >= {}", p.period, p.preperiod);
  if (p.proven)
    text += fmt::format("; proven for every heap (periodicity criterion, docs/misere-quotients.md): "
                        "this is the quotient of the whole game");
  else
    text += fmt::format("; observed on heaps 0..{} only, not proven", q.max_heap());
  return text;
}

// Prints the quotient as the command does (text, or JSON); returns the
// command's exit status.
int print_quotient(const MisereQuotient& q, Heap asked_max_heap, bool json);

}  // namespace

int run_quotient(const QuotientRequest& asked) {
  QuotientRequest request = asked;
  const auto given = [&](const char* option) {
    return std::find(request.given.begin(), request.given.end(), option) != request.given.end();
  };
  QuotientOptions options;
  options.max_heap = request.max_heap;
  options.max_elements = request.max_elements;
  options.max_learning_positions = request.learning_limit;
  options.recalibrate = !request.no_recalibration;
  // With --resume: the request the checkpoint records, once the options
  // given again agree with it (quotient_checkpoint.h).
  std::optional<QuotientCheckpoint> saved;
  if (!request.resume.empty()) {
    saved = read_quotient_checkpoint(request.resume);
    QuotientRunGiven again;
    if (!request.ruleset.empty()) again.ruleset = parse_ruleset(request.ruleset)->name();
    if (given("--max-heap")) again.max_heap = request.max_heap;
    if (given("--max-elements")) again.max_elements = request.max_elements;
    if (given("--learning-limit")) again.max_learning_positions = request.learning_limit;
    if (given("--no-recalibration")) again.recalibrate = false;
    const QuotientRunRequest recorded = resumed_quotient_request(*saved, again, request.resume);
    // The command's own record: --json, "1" or "0" (absent: without it).
    const std::string json = recorded.front_end.count("json") ? recorded.front_end.at("json") : "0";
    for (const auto& [key, value] : recorded.front_end)
      if (key != "json" || (value != "0" && value != "1"))
        throw InputError(request.resume,
                         fmt::format("'{}' is not a usable grundy quotient checkpoint: its "
                                     "recorded request has a bad '{}'",
                                     request.resume, key));
    if (given("--json") && request.json != (json == "1"))
      throw checkpoint_switch_disagreement("--json", json == "1", request.resume, "quotient");
    request.ruleset = recorded.ruleset;
    request.json = json == "1";
    options = recorded.options;
    options.resume = &saved->state;
  }
  if (request.ruleset.empty())
    throw InputError("quotient", "'quotient' needs a ruleset, or --resume FILE of a checkpoint");
  const auto ruleset = parse_ruleset(request.ruleset);
  const HeapRuleset* heaps = &require_heap_ruleset(*ruleset, "quotient");
  if (ruleset->has_cycles())
    throw InputError(request.ruleset,
                     fmt::format("'{}' can cycle; misère quotients need play that ends",
                                 ruleset->name()));
  // Before any work: a checkpoint is replaced only by the run that resumes it.
  const std::string checkpoint =
      checkpoint_path(request.checkpoint, request.resume, saved.has_value());
  check_new_checkpoint(checkpoint, request.resume, "quotient");
  std::optional<Heap> saved_heaps;
  if (saved) saved_heaps = saved->state.heaps_done();
  if (!checkpoint.empty()) {
    options.save = [&](const QuotientState& state) {
      write_quotient_checkpoint(checkpoint, state, {{"json", request.json ? "1" : "0"}});
      saved_heaps = state.heaps_done();
    };
    options.save_every = request.checkpoint_every;
  }
  SearchRun run;
  options.control = run.control();
  // A stop (Ctrl-C, SIGTERM, --time) ends with the quotient verified so far,
  // printed as any other.
  options.stop_returns_quotient = true;
  // So does a limit (--max-elements, --max-memory) reached on the way: what
  // was adjoined before it is verified, and worth the minutes it took.
  options.stop_at_limit = true;
  options.max_seconds = request.time;
  options.max_memory = memory_limit(request.max_memory);
  const MisereQuotient q = misere_quotient(*heaps, options);
  run.finish();
  const bool by_signal = q.interrupted() && !q.out_of_time();
  const int status = print_quotient(q, options.max_heap, request.json);
  if (q.interrupted()) {
    const std::string what = by_signal ? "interrupted" : "the time budget ran out";
    if (checkpoint.empty())
      std::fprintf(stderr, "grundy: %s; nothing was saved (no --checkpoint)\n", what.c_str());
    else if (!saved_heaps)
      std::fprintf(stderr, "grundy: %s before heap 1 was adjoined; nothing was saved\n",
                   what.c_str());
    else
      std::fprintf(stderr,
                   "grundy: %s; heaps 0..%llu saved to '%s': continue with `grundy "
                   "quotient --resume %s`\n",
                   what.c_str(), static_cast<unsigned long long>(*saved_heaps),
                   checkpoint.c_str(), checkpoint.c_str());
  }
  return by_signal ? 130 : status;
}

namespace {

int print_quotient(const MisereQuotient& q, Heap asked_max_heap, bool json) {

  std::vector<std::string> p_names, phi_names;
  for (auto x : q.p_portion()) p_names.push_back(q.name(x));
  for (auto x : q.pretending()) phi_names.push_back(q.name(x));
  std::string generators;
  for (std::size_t i = 0; i < q.generator_heaps().size(); ++i)
    generators += fmt::format("{}{} = heap {}", i ? ", " : "", MisereQuotient::generator_name(i),
                              q.generator_heaps()[i]);

  if (json) {
    nlohmann::json j;
    j["ruleset"] = q.ruleset_name();
    j["max_heap"] = q.max_heap();
    j["asked_max_heap"] = asked_max_heap;
    j["stopped"] = q.limit_note().empty() ? nlohmann::json(nullptr) : nlohmann::json(q.limit_note());
    j["interrupted"] = q.interrupted();
    j["out_of_time"] = q.out_of_time();
    j["order"] = q.order();
    nlohmann::json gens = nlohmann::json::array();
    for (std::size_t i = 0; i < q.generator_heaps().size(); ++i)
      gens.push_back({{"name", MisereQuotient::generator_name(i)}, {"heap", q.generator_heaps()[i]}});
    j["generators"] = gens;
    nlohmann::json relations = nlohmann::json::array();
    for (const auto& r : q.relations())
      relations.push_back({q.word_name(r.left), q.word_name(r.right)});
    j["relations"] = relations;
    j["presentation"] = q.presentation();
    std::vector<std::string> elements;
    for (MisereQuotient::Element x = 0; x < q.order(); ++x) elements.push_back(q.name(x));
    j["elements"] = elements;
    j["p_portion"] = p_names;
    j["p_size"] = p_names.size();
    j["pretending"] = phi_names;
    if (q.period())
      j["period"] = {{"period", q.period()->period},
                     {"preperiod", q.period()->preperiod},
                     {"proven", q.period()->proven}};
    else
      j["period"] = nullptr;
    j["whole_game"] = q.whole_game();
    j["tame"] = q.tame() ? nlohmann::json(*q.tame()) : nlohmann::json(nullptr);
    j["last_new_generator"] =
        q.last_new_generator() ? nlohmann::json(*q.last_new_generator()) : nlohmann::json(nullptr);
    std::vector<std::vector<MisereQuotient::Element>> table(q.order());
    for (MisereQuotient::Element x = 0; x < q.order(); ++x)
      for (MisereQuotient::Element y = 0; y < q.order(); ++y) table[x].push_back(q.multiply(x, y));
    j["multiplication"] = table;
    std::printf("%s\n", j.dump().c_str());
    return 0;
  }

  std::string out = fmt::format("{}: misère quotient of heaps 0..{}\n", q.ruleset_name(),
                                q.max_heap());
  if (!q.limit_note().empty())
    out += fmt::format("stopped: {}; what follows is the quotient of heaps 0..{}, verified\n",
                       q.limit_note(), q.max_heap());
  out += fmt::format("presentation: {}\n", q.presentation());
  out += fmt::format("generators: {}\n", generators.empty() ? std::string("none") : generators);
  out += fmt::format("order |Q| = {}\n", q.order());
  out += fmt::format("P-portion ({}): {}\n", p_names.size(), fmt::join(p_names, ", "));
  out += fmt::format("pretending function Φ(n), n = 0..{}:\n", q.max_heap());
  for (std::size_t n = 0; n < phi_names.size(); n += 10) {
    std::vector<std::string> row(phi_names.begin() + static_cast<std::ptrdiff_t>(n),
                                 phi_names.begin() + static_cast<std::ptrdiff_t>(
                                                         std::min(n + 10, phi_names.size())));
    out += fmt::format("{:>8}: {}\n", n, fmt::join(row, " "));
  }
  out += fmt::format("period: {}\n", period_text(q));
  out += fmt::format("tame or wild: {}\n", tame_text(q));
  out += fmt::format("last new generator: {}\n",
                     q.last_new_generator() ? fmt::format("heap {}", *q.last_new_generator())
                                            : std::string("none"));
  std::fputs(out.c_str(), stdout);
  return 0;
}

}  // namespace

}  // namespace grundy::cli
