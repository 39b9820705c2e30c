#include "present/command_line_words.h"

#include <string>
#include <string_view>

#include <fmt/format.h>

namespace grundy::present {

FrontEndWords command_line_words() {
  FrontEndWords words;
  words.setting = [](std::string_view setting) { return "--" + std::string(setting); };
  words.given = [](std::string_view setting, std::string_view value) {
    return fmt::format("--{} {}", setting, value);
  };
  words.resume = [](std::string_view command, std::string_view file) {
    return fmt::format("`grundy {} --resume {}`", command, file);
  };
  words.observed = "`value --observed` and by `analyze` without --proven-only";
  words.in_full = "`value --store FILE` computes G(0..{0}) in full";
  words.catalogue = "'grundy help rulesets'";
  return words;
}

}  // namespace grundy::present
