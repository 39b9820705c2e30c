#include "grundy/solve/survey.h"

#include <algorithm>
#include <cctype>
#include <exception>
#include <mutex>
#include <set>
#include <thread>
#include <tuple>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/rules/take_and_break.h"
#include "solve/base/thread_start.h"

namespace grundy {

std::vector<std::string> survey_pending(const std::vector<std::string>& codes,
                                        const std::map<std::string, SurveyEntry>& done) {
  std::vector<std::string> pending;
  std::set<std::string> seen;
  for (const std::string& code : codes) {
    std::string name = TakeAndBreak::parse(code).name();
    if (done.count(name) != 0 || !seen.insert(name).second) continue;
    pending.push_back(std::move(name));
  }
  return pending;
}

unsigned survey_threads(unsigned requested, std::size_t codes) {
  const unsigned threads =
      requested ? requested : std::max(1U, std::thread::hardware_concurrency());
  return static_cast<unsigned>(std::min<std::size_t>(threads, std::max<std::size_t>(codes, 1)));
}

bool run_survey(const std::vector<std::string>& names, const SurveyLimits& limits, unsigned threads,
                const SurveyControl& control) {
  threads = survey_threads(threads, names.size());
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::atomic<bool> stopped{false};
  std::mutex lock;
  std::exception_ptr error;
  // Workers watch this flag: the caller's stop, or a failure to record.
  std::atomic<bool> halt{false};
  const auto work = [&] {
    while (!halt.load()) {
      if (control.stopped()) {
        stopped = true;
        halt = true;
        break;
      }
      const std::size_t i = next.fetch_add(1);
      if (i >= names.size()) break;
      SurveyEntry entry;
      if (!survey_code(TakeAndBreak::parse(names[i]), limits, entry, control)) {
        stopped = true;
        halt = true;
        break;
      }
      std::lock_guard<std::mutex> guard(lock);
      if (failed.load()) break;
      try {
        control.report(entry);
      } catch (...) {
        error = std::current_exception();
        failed = true;
        halt = true;
      }
    }
  };
  // Fewer workers than asked for when the system refuses a thread
  // (solve/base/thread_start.h): the codes go to those that run.
  std::vector<std::thread> pool = detail::start_helpers(threads - 1, work);
  work();
  for (std::thread& worker : pool) worker.join();
  if (error) std::rethrow_exception(error);
  return !stopped.load();
}

namespace {

// The code in capitals, so that digits sort by value (0-9 before A-F).
std::string sort_key(const std::string& code) {
  std::string key = code;
  for (char& c : key) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return key;
}

}  // namespace

std::vector<SurveyRow> survey_table(const std::vector<std::string>& codes,
                                    const std::map<std::string, SurveyEntry>& entries) {
  std::vector<SurveyRow> rows;
  rows.reserve(codes.size());
  for (const std::string& code : codes) {
    const auto found = entries.find(TakeAndBreak::parse(code).name());
    GRUNDY_ASSERT(found != entries.end());
    rows.push_back({code, found->second, ""});
  }
  std::stable_sort(rows.begin(), rows.end(), [](const SurveyRow& a, const SurveyRow& b) {
    return sort_key(a.code) < sort_key(b.code);
  });
  // The first row of each class, by name and by proven sequence.
  std::map<std::string, std::size_t> first_by_name;
  using Sequence = std::tuple<Heap, Heap, std::int64_t, std::vector<std::uint16_t>>;
  std::map<Sequence, std::size_t> first_by_sequence;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const SurveyEntry& e = rows[i].entry;
    std::size_t first = first_by_name.emplace(e.name, i).first->second;
    // A misère entry keeps no values: codes are joined by name only.
    if (first == i && e.status == SurveyStatus::proven && !e.misere) {
      const Periodicity& p = e.periodicity;
      first = first_by_sequence
                  .emplace(Sequence{p.preperiod, p.period, p.saltus, e.proven_prefix}, i)
                  .first->second;
    }
    if (first != i)
      rows[i].same_as = rows[first].same_as.empty() ? rows[first].code : rows[first].same_as;
  }
  return rows;
}

}  // namespace grundy
