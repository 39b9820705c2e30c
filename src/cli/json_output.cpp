// The one layout of every command's JSON (docs/json.md, "Layout").
#include <cstdio>
#include <string>

#include <nlohmann/json.hpp>

#include "commands.h"

namespace grundy::cli {

void write_json(const nlohmann::json& document, std::FILE* stream) {
  // Replacing bytes that are not UTF-8 (a file name, a ruleset as typed)
  // rather than throwing keeps a hostile name from becoming a crash.
  const std::string text =
      document.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  std::fwrite(text.data(), 1, text.size(), stream);
}

void write_json(const nlohmann::ordered_json& document, std::FILE* stream) {
  write_json(nlohmann::json::parse(
                 document.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)),
             stream);
}

nlohmann::json check_json(const CheckReport& report) {
  return {{"checked", report.checked}, {"agrees", report.agrees}, {"what", report.what}};
}

}  // namespace grundy::cli
