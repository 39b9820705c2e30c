// grundy survey FAMILY [--max N] [--out table.csv|.json|.txt]: every code of
// a family of take-and-break games, with its proven period or how far it was
// computed without one, and the codes that are the same game (survey.h); on
// threads, or across MPI ranks (survey_run.h); resumable through a journal
// (survey_journal.h).
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "grundy/core/atomic_file.h"
#include "grundy/core/error.h"
#include "grundy/rules/heap_ruleset.h"
#include "grundy/rules/registry.h"
#include "grundy/solve/heap_values.h"
#include "grundy/solve/survey.h"
#include "grundy/solve/survey_family.h"
#include "grundy/solve/survey_journal.h"
#include "long_run.h"
#include "survey_run.h"

namespace grundy::cli {

namespace {

enum class TableFormat { csv, json, text };

// A misère survey's verification work per code unless --max-work is given:
// 10^10 steps, about ten seconds.
constexpr std::uint64_t kMisereSurveyWork = 10'000'000'000;

TableFormat table_format(const std::string& out) {
  const std::string extension = std::filesystem::path(out).extension().string();
  if (extension == ".csv") return TableFormat::csv;
  if (extension == ".json") return TableFormat::json;
  if (extension == ".txt") return TableFormat::text;
  throw InputError(out, fmt::format("--out '{}': the table is written as .csv, .json or .txt",
                                    out));
}

std::vector<std::string> family_codes(const std::string& family) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(family, error)) return expand_family(family);
  std::ifstream in(family, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in && !in.eof()) throw InputError(family, fmt::format("cannot read '{}'", family));
  return expand_family_list(text.str(), family);
}

std::string seconds(const SurveyEntry& e) {
  return fmt::format("{}.{:03}", e.milliseconds / 1000, e.milliseconds % 1000);
}

// What the survey found for one code, in words: "period 34, preperiod 53,
// proven", or never "proven" without the proof.
std::string result_text(const SurveyEntry& e) {
  const Periodicity& p = e.periodicity;
  const Heap last = p.checked_to == 0 ? 0 : p.checked_to - 1;
  std::string pattern = fmt::format("period {}, preperiod {}", p.period, p.preperiod);
  if (p.saltus != 0) pattern += fmt::format(", saltus {}", p.saltus);
  std::string text;
  switch (e.status) {
    case SurveyStatus::proven:
      return pattern + ", proven";
    case SurveyStatus::observed:
      text = fmt::format("no period proven up to n = {} (seen: {}", last, pattern);
      text += p.proof_needs != 0 ? fmt::format("; a proof needs {} values)", p.proof_needs)
                                 : std::string("; no criterion applies)");
      if (!e.stopped.empty()) text += fmt::format(" ({})", e.stopped);
      break;
    case SurveyStatus::none:
      text = fmt::format("no period up to n = {}", last);
      if (!e.stopped.empty()) text += fmt::format(" ({})", e.stopped);
      break;
    case SurveyStatus::stopped:
      text = p.checked_to == 0 ? fmt::format("not computed: {}", e.stopped)
                               : fmt::format("no period up to n = {} (stopped: {})", last,
                                             e.stopped);
      break;
  }
  return text + fmt::format("; largest value {}, rare count {}", e.largest_value, e.rare_count);
}

// A misère survey's result for one code, in words: "heaps 0..30, |Q| = 8,
// |P| = 2, Φ period 2 from heap 8, proven (the whole game); wild".
std::string misere_result_text(const SurveyEntry& e) {
  const Periodicity& p = e.periodicity;
  std::string text =
      fmt::format("heaps 0..{}, |Q| = {}, |P| = {}", e.quotient_heap, e.order, e.p_size);
  if (p.period == 0)
    text += ", no period of Φ seen";
  else
    text += fmt::format(", Φ period {} from heap {}, {}", p.period, p.preperiod,
                        p.proven ? "proven (the whole game)" : "observed, not proven");
  text += e.tame == 1 ? "; tame" : e.tame == 0 ? "; wild" : "; tame or wild not decided";
  if (!e.stopped.empty() && !p.proven) text += fmt::format(" (stopped: {})", e.stopped);
  return text;
}

std::string tame_word(const SurveyEntry& e) {
  return e.tame == 1 ? "tame" : e.tame == 0 ? "wild" : "";
}

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

std::string misere_table_csv(const std::vector<SurveyRow>& rows, bool times) {
  std::string csv = "code,name,same_as,heaps,order,p_portion,period,preperiod,proven,tame";
  csv += times ? ",seconds,stopped\n" : ",stopped\n";
  for (const SurveyRow& row : rows) {
    const SurveyEntry& e = row.entry;
    const Periodicity& p = e.periodicity;
    const bool has_period = p.period != 0;
    csv += fmt::format("{},{},{},{},{},{},{},{},{},{}", csv_field(row.code), csv_field(e.name),
                       csv_field(row.same_as), e.quotient_heap, e.order, e.p_size,
                       has_period ? std::to_string(p.period) : std::string(),
                       has_period ? std::to_string(p.preperiod) : std::string(),
                       p.proven ? "yes" : "no", tame_word(e));
    if (times) csv += fmt::format(",{}", seconds(e));
    csv += fmt::format(",{}\n", csv_field(p.proven ? std::string() : e.stopped));
  }
  return csv;
}

std::string table_csv(const std::vector<SurveyRow>& rows, bool times) {
  std::string csv =
      "code,name,same_as,status,period,preperiod,saltus,checked_to,proof_needs,largest_value,"
      "rare_count";
  csv += times ? ",seconds,criterion,stopped\n" : ",criterion,stopped\n";
  for (const SurveyRow& row : rows) {
    const SurveyEntry& e = row.entry;
    const Periodicity& p = e.periodicity;
    const bool has_period = p.period != 0;
    csv += fmt::format("{},{},{},{},{},{},{},{},{},{},{}", csv_field(row.code),
                       csv_field(e.name), csv_field(row.same_as), survey_status_name(e.status),
                       has_period ? std::to_string(p.period) : std::string(),
                       has_period ? std::to_string(p.preperiod) : std::string(),
                       has_period ? std::to_string(p.saltus) : std::string(), p.checked_to,
                       p.proof_needs == 0 ? std::string() : std::to_string(p.proof_needs),
                       e.largest_value, e.rare_count);
    if (times) csv += fmt::format(",{}", seconds(e));
    csv += fmt::format(",{},{}\n", csv_field(p.criterion), csv_field(e.stopped));
  }
  return csv;
}

nlohmann::json table_json(const std::string& family, Heap max, const std::vector<SurveyRow>& rows,
                          bool times) {
  nlohmann::json codes = nlohmann::json::array();
  for (const SurveyRow& row : rows) {
    const SurveyEntry& e = row.entry;
    const Periodicity& p = e.periodicity;
    const bool has_period = p.period != 0;
    nlohmann::json j;
    j["code"] = row.code;
    j["name"] = e.name;
    j["same_as"] = row.same_as.empty() ? nlohmann::json(nullptr) : nlohmann::json(row.same_as);
    if (e.misere) {
      j["heaps"] = e.quotient_heap;
      j["order"] = e.order;
      j["p_portion"] = e.p_size;
      j["period"] = has_period ? nlohmann::json(p.period) : nlohmann::json(nullptr);
      j["preperiod"] = has_period ? nlohmann::json(p.preperiod) : nlohmann::json(nullptr);
      j["proven"] = p.proven;
      j["tame"] = e.tame == -1 ? nlohmann::json(nullptr) : nlohmann::json(e.tame == 1);
      if (times) j["seconds"] = static_cast<double>(e.milliseconds) / 1000.0;
      j["stopped"] =
          e.stopped.empty() || p.proven ? nlohmann::json(nullptr) : nlohmann::json(e.stopped);
      codes.push_back(std::move(j));
      continue;
    }
    j["status"] = survey_status_name(e.status);
    j["proven"] = e.status == SurveyStatus::proven;
    j["period"] = has_period ? nlohmann::json(p.period) : nlohmann::json(nullptr);
    j["preperiod"] = has_period ? nlohmann::json(p.preperiod) : nlohmann::json(nullptr);
    j["saltus"] = has_period ? nlohmann::json(p.saltus) : nlohmann::json(nullptr);
    j["checked_to"] = p.checked_to;
    j["proof_needs"] = p.proof_needs == 0 ? nlohmann::json(nullptr) : nlohmann::json(p.proof_needs);
    j["largest_value"] = e.largest_value;
    j["rare_count"] = e.rare_count;
    if (times) j["seconds"] = static_cast<double>(e.milliseconds) / 1000.0;
    j["criterion"] = p.criterion;
    j["stopped"] = e.stopped.empty() ? nlohmann::json(nullptr) : nlohmann::json(e.stopped);
    codes.push_back(std::move(j));
  }
  nlohmann::json table;
  table["family"] = family;
  table[!rows.empty() && rows[0].entry.misere ? "max_heap" : "max"] = max;
  table["codes"] = std::move(codes);
  return table;
}

std::string table_text(const std::string& family, Heap max, const std::vector<SurveyRow>& rows,
                       bool times) {
  std::size_t code_width = 4, name_width = 4, same_width = 7;
  std::size_t proven = 0, games = 0;
  for (const SurveyRow& row : rows) {
    code_width = std::max(code_width, row.code.size());
    name_width = std::max(name_width, row.entry.name.size());
    same_width = std::max(same_width, row.same_as.size());
    if (row.same_as.empty()) {
      ++games;
      if (row.entry.status == SurveyStatus::proven) ++proven;
    }
  }
  const bool misere = !rows.empty() && rows[0].entry.misere;
  std::string text =
      misere ? fmt::format("misère survey of {}: {} codes, their quotients of heaps 0..{} at most\n",
                           family, rows.size(), max)
             : fmt::format("survey of {}: {} codes, at most {} values each\n", family,
                           rows.size(), max);
  text += fmt::format("{:<{}}  {:<{}}  {:<{}}  {}result\n", "code", code_width, "name",
                      name_width, "same as", same_width, times ? "seconds  " : "");
  for (const SurveyRow& row : rows)
    text += fmt::format("{:<{}}  {:<{}}  {:<{}}  {}{}\n", row.code, code_width, row.entry.name,
                        name_width, row.same_as.empty() ? "-" : row.same_as, same_width,
                        times ? fmt::format("{:>7}  ", seconds(row.entry)) : std::string(),
                        misere ? misere_result_text(row.entry) : result_text(row.entry));
  if (misere)
    text += fmt::format("{} different codes; {} with a quotient proven for the whole game, {} "
                        "without\n",
                        games, proven, games - proven);
  else
    text += fmt::format(
        "{} different games (codes joined when their names are equal or their periods are "
        "proven with equal values); {} with a proven period, {} without\n",
        games, proven, games - proven);
  return text;
}

}  // namespace

int run_survey(const SurveyRequest& request) {
  const std::vector<std::string> codes = family_codes(request.family);
  const auto given = [&](const char* option) {
    return std::find(request.given.begin(), request.given.end(), option) != request.given.end();
  };
  SurveyLimits limits;
  limits.max_values = parse_count(request.max);
  if (limits.max_values < 16) throw InputError(request.max, "--max must be at least 16");
  limits.max_work = parse_count(request.max_work);
  if (request.misere) {
    if (given("--max"))
      throw InputError("--max", "--max counts the values of normal play; a misère survey "
                                "adjoins heaps up to --max-heap");
    limits.misere = true;
    limits.max_heap = request.max_heap;
    limits.max_elements = request.max_elements;
    // Steps of verification work, about a nanosecond each: about ten
    // seconds of verification per code unless --max-work says otherwise.
    if (!given("--max-work")) limits.max_work = kMisereSurveyWork;
  } else if (given("--max-heap") || given("--max-elements")) {
    throw InputError(given("--max-heap") ? "--max-heap" : "--max-elements",
                     "--max-heap and --max-elements are for a misère survey (--misere)");
  }
  const Heap max = request.misere ? limits.max_heap : limits.max_values;
  if (!request.misere) {
    // Each code searched keeps up to --max values in memory (2 bytes each),
    // as many codes at once as threads: refused up front past the memory
    // limit rather than by a failed allocation hours in.
    const unsigned threads = survey_threads(request.threads, codes.size());
    const std::uint64_t limit = memory_limit("");
    if (max > code_values_within(limit) / threads) {
      const std::uint64_t bytes = detail::saturating_mul(detail::saturating_mul(max, 2), threads);
      throw InputError(request.max,
                       fmt::format("--max {} for {} codes at once keeps up to {} MiB of values "
                                   "in memory, over the limit of {} MiB (three quarters of this "
                                   "machine's memory): ask for a smaller --max or fewer --threads",
                                   max, threads, bytes >> 20, limit >> 20));
    }
  }
  std::optional<TableFormat> format;
  if (!request.out.empty()) format = table_format(request.out);
  std::string journal_path = request.journal;
  if (journal_path.empty() && !request.out.empty()) journal_path = request.out + ".journal";
  if (request.resume) {
    if (journal_path.empty())
      throw InputError("--resume", "--resume needs --out or --journal: the journal to continue");
    std::error_code error;
    if (!std::filesystem::exists(journal_path, error))
      throw InputError(journal_path,
                       fmt::format("--resume: there is no journal '{}' to continue", journal_path));
  }

  std::unique_ptr<SurveyJournal> journal;
  std::map<std::string, SurveyEntry> entries;
  const auto prepare = [&] {
    if (!journal_path.empty()) {
      journal = std::make_unique<SurveyJournal>(journal_path, limits);
      entries = journal->entries();
    }
    return survey_pending(codes, entries);
  };
  const auto record = [&](const SurveyEntry& entry) {
    if (journal) journal->append(entry);
    entries[entry.name] = entry;
  };
  LongRun stop(0, 0);
  const SurveyRun run = distribute_survey(prepare, limits, request.threads, record, stop.stop_flag());
  if (!run.root) return 0;
  if (!run.complete) {
    const std::size_t pending = survey_pending(codes, entries).size();
    std::fprintf(stderr, "grundy: interrupted: %zu codes still to do%s\n", pending,
                 journal_path.empty()
                     ? ""
                     : fmt::format("; the journal {} keeps the finished ones: run the same "
                                   "command again to continue",
                                   journal_path)
                           .c_str());
    return 130;
  }

  const std::vector<SurveyRow> rows = survey_table(codes, entries);
  const bool times = !request.no_times;
  if (format) {
    std::string table;
    switch (*format) {
      case TableFormat::csv:
        table = request.misere ? misere_table_csv(rows, times) : table_csv(rows, times);
        break;
      case TableFormat::json: table = table_json(request.family, max, rows, times).dump(1) + "\n"; break;
      case TableFormat::text: table = table_text(request.family, max, rows, times); break;
    }
    AtomicFile file(request.out);
    file.write(table);
    file.commit();
  }
  std::fputs(table_text(request.family, max, rows, times).c_str(), stdout);
  return 0;
}

}  // namespace grundy::cli
