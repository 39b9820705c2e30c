// How a message names what its reader can change. The library says what it
// refuses and why ("would exceed the limit of 4000000 positions"); how to
// ask for more is the front end's to say, in its own vocabulary: an option
// of the command line (--search-limit), a keyword argument of the Python
// module (search_limit=), a setting of the C++ API (the search_limit
// argument). Each front end installs its words once, at start-up, before any
// computation; computations on any thread only read them.
//
// Without an installed vocabulary the words are the C++ API's, for a
// program that embeds the library.
#pragma once

#include <functional>
#include <string>
#include <string_view>

namespace grundy {

struct FrontEndWords {
  // A setting in the front end's words, or empty when the front end has no
  // such setting (the message then leaves the advice out). Settings are
  // named as the command line names them without the dashes
  // ("search-limit", "max-memory", "max-elements", "max-heap", "count",
  // "learning-limit", "no-recalibration", "json"); a user game solver's
  // limits, which the command line does not have, are "game-positions",
  // "game-options", "game-memory" and "game-visits".
  std::function<std::string(std::string_view setting)> setting;
  // The same setting given a value: `--max-heap 40`, `max_heap=40`.
  std::function<std::string(std::string_view setting, std::string_view value)> given;
  // How to continue the checkpoint `file` of `command` ("values",
  // "quotient"): `grundy values --resume FILE` on the command line.
  std::function<std::string(std::string_view command, std::string_view file)> resume;
  // What accepts a period that is observed but not proven, after "an
  // observed pattern is accepted by".
  std::string observed;
  // What computes G(0..n) in full ("{0}" stands for n); empty when nothing
  // does. Offered only for n up to ComputeLimits::in_full_max.
  std::string in_full;
  // Where the reader finds every ruleset name the parser reads, after
  // "see": `'grundy help rulesets'`, `grundy.rulesets()`.
  std::string catalogue;
};

// The words in use.
const FrontEndWords& front_end_words();

// Installs a front end's words; call once, before any computation.
void set_front_end_words(FrontEndWords words);

// The C++ API's words (the default).
FrontEndWords library_words();

// front_end_words().setting(name).
std::string setting_name(std::string_view setting);

// For the calls this thread makes while it lives, `setting` is named
// `words` (empty: the advice left out) whatever the front end's words say:
// a setting one call of a front end has and its others do not (the Python
// module's values() takes max_memory; its graph reading does not).
class SettingWords {
 public:
  SettingWords(std::string setting, std::string words);
  ~SettingWords();
  SettingWords(const SettingWords&) = delete;
  SettingWords& operator=(const SettingWords&) = delete;

 private:
  const SettingWords* outer_;
  std::string setting_;
  std::string words_;
  friend std::string setting_name(std::string_view setting);
};

// setting_name(setting), or the setting as the command line spells it
// without its dashes when the front end has no words for it: for a message
// that must name the setting it is about ("--out 'a.txt' disagrees with
// ..."), such as "out", "store", "from", "to", "plot", "stats", "json",
// "csv", "max" and "max-work" of a sequence request or a survey journal.
std::string option_name(std::string_view setting);

// " (raise it with SETTING)" in the front end's words, or "" when it has no
// such setting: the usual end of a refusal at a limit.
std::string raise_with(std::string_view setting);

}  // namespace grundy
