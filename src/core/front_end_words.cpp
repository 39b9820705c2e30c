#include "grundy/core/front_end_words.h"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

namespace grundy {

namespace {

FrontEndWords& installed() {
  static FrontEndWords words = library_words();
  return words;
}

}  // namespace

FrontEndWords library_words() {
  FrontEndWords words;
  words.setting = [](std::string_view setting) -> std::string {
    // The fields and arguments that hold these settings.
    if (setting == "search-limit") return "the search_limit argument";
    if (setting == "max-memory") return "the max_memory argument";
    if (setting == "max-elements") return "QuotientOptions::max_elements";
    if (setting == "max-heap") return "QuotientOptions::max_heap";
    if (setting == "learning-limit") return "QuotientOptions::max_learning_positions";
    if (setting == "no-recalibration") return "QuotientOptions::recalibrate = false";
    if (setting == "count") return "AnalysisOptions::count_only";
    if (setting == "game-positions")
      return "GameLimits::positions, the second argument of GameSolver's constructor";
    if (setting == "game-options") return "GameLimits::options";
    if (setting == "game-memory") return "GameLimits::bytes";
    if (setting == "game-visits") return "GameLimits::visits";
    return std::string(setting);
  };
  words.given = [](std::string_view setting, std::string_view value) {
    std::string name(setting);
    if (setting == "learning-limit") name = "max_learning_positions";
    if (setting == "no-recalibration") return fmt::format("recalibrate = {}", value);
    std::replace(name.begin(), name.end(), '-', '_');
    return fmt::format("{} = {}", name, value);
  };
  words.resume = [](std::string_view, std::string_view file) {
    return fmt::format("a run resumed from '{}'", file);
  };
  words.observed = "ComputeLimits::accept_observed";
  words.in_full = "a SequenceRun to n = {0} computes G(0..{0}) in full";
  words.catalogue = "ruleset_catalogue()";
  return words;
}

const FrontEndWords& front_end_words() { return installed(); }

void set_front_end_words(FrontEndWords words) { installed() = std::move(words); }

namespace {
// The innermost SettingWords of this thread.
thread_local const SettingWords* innermost = nullptr;
}  // namespace

SettingWords::SettingWords(std::string setting, std::string words)
    : outer_(innermost), setting_(std::move(setting)), words_(std::move(words)) {
  innermost = this;
}
SettingWords::~SettingWords() { innermost = outer_; }

std::string setting_name(std::string_view setting) {
  for (const SettingWords* s = innermost; s != nullptr; s = s->outer_)
    if (s->setting_ == setting) return s->words_;
  return front_end_words().setting(setting);
}

std::string option_name(std::string_view setting) {
  std::string name = setting_name(setting);
  return name.empty() ? std::string(setting) : name;
}

std::string raise_with(std::string_view setting) {
  const std::string name = setting_name(setting);
  return name.empty() ? std::string() : fmt::format(" (raise it with {})", name);
}

}  // namespace grundy
