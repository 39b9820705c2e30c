#include "grundy/solve/sequence_request.h"

#include <algorithm>
#include <filesystem>
#include <functional>
#include <vector>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/core/front_end_words.h"

namespace grundy {

namespace {

// How to continue the recorded request, in the front end's words.
std::string resume_hint(const std::string& checkpoint) {
  return fmt::format("give {} alone to continue the recorded request",
                     front_end_words().resume("values", checkpoint));
}

std::string shown(const std::string& path) { return path.empty() ? "none" : "'" + path + "'"; }

bool parse_number(std::string_view text, Heap& value) {
  if (text.empty() || text.size() > 20) return false;
  value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    const Heap digit = static_cast<Heap>(c - '0');
    if (value > (~Heap{0} - digit) / 10) return false;
    value = value * 10 + digit;
  }
  return true;
}

}  // namespace

std::string request_path(const std::string& path) {
  if (path.empty()) return path;
  std::error_code error;
  const std::filesystem::path absolute = std::filesystem::absolute(path, error);
  return error ? path : absolute.lexically_normal().string();
}

std::string encode_sequence_request(const SequenceRequest& request) {
  for (const std::string* path : {&request.out, &request.plot})
    if (path->find_first_of("\n\r") != std::string::npos)
      throw InputError(*path, "an output path with a line break cannot be recorded in a checkpoint");
  std::string text =
      fmt::format("ruleset={}\nfrom={}\nto={}\nout={}\nplot={}\nstats={}\njson={}\ncsv={}\n",
                  request.ruleset, request.from, request.to, request.out, request.plot,
                  int{request.stats}, int{request.json}, int{request.csv});
  // Only when given, so that a file of a run without it reads as before.
  if (request.checkpoint_every_us)
    text += fmt::format("checkpoint_every_us={}\n", *request.checkpoint_every_us);
  return text;
}

std::size_t read_request_lines(std::string_view text,
                               const std::function<InputError(const std::string&)>& bad,
                               const std::function<void(const std::string&, std::string_view)>& field) {
  std::vector<std::string> seen;
  while (!text.empty()) {
    const auto end = text.find('\n');
    if (end == std::string_view::npos) throw bad("is truncated");
    const std::string_view line = text.substr(0, end);
    text.remove_prefix(end + 1);
    const auto equals = line.find('=');
    if (equals == std::string_view::npos) throw bad("has a line without '='");
    std::string key(line.substr(0, equals));
    if (std::find(seen.begin(), seen.end(), key) != seen.end())
      throw bad(fmt::format("gives '{}' twice", key));
    field(key, line.substr(equals + 1));
    seen.push_back(std::move(key));
  }
  return seen.size();
}

SequenceRequest decode_sequence_request(std::string_view text, const std::string& source) {
  SequenceRequest request;
  const auto bad = [&](const std::string& why) {
    return InputError(source, fmt::format("'{}' is not a usable grundy checkpoint: its recorded "
                                          "request {}",
                                          source, why));
  };
  read_request_lines(text, bad, [&](const std::string& key, std::string_view value) {
    Heap number = 0;
    if (key == "ruleset") {
      request.ruleset = value;
    } else if (key == "from" || key == "to") {
      if (!parse_number(value, number)) throw bad(fmt::format("has a bad '{}'", key));
      (key == "from" ? request.from : request.to) = number;
    } else if (key == "out") {
      request.out = value;
    } else if (key == "plot") {
      request.plot = value;
    } else if (key == "checkpoint_every_us") {
      if (!parse_number(value, number) || number == 0) throw bad(fmt::format("has a bad '{}'", key));
      request.checkpoint_every_us = number;
    } else if (key == "stats" || key == "json" || key == "csv") {
      if (value != "0" && value != "1") throw bad(fmt::format("has a bad '{}'", key));
      (key == "stats" ? request.stats : key == "json" ? request.json : request.csv) = value == "1";
    } else {
      throw bad(fmt::format("has an unknown field '{}'", key));
    }
  });
  if (request.ruleset.empty() || request.to < request.from) throw bad("is incomplete");
  return request;
}

SequenceRequest resumed_request(const SequenceRequest& recorded, const SequenceRequestGiven& given,
                                const std::string& checkpoint) {
  const auto differs = [&](const std::string& option, const std::string& asked,
                           const std::string& kept) {
    return InputError(option, fmt::format("{} {} disagrees with checkpoint '{}', which was made "
                                          "for {} {}; {}",
                                          option, asked, checkpoint, option, kept,
                                          resume_hint(checkpoint)));
  };
  if (given.ruleset && *given.ruleset != recorded.ruleset)
    throw InputError(*given.ruleset,
                     fmt::format("ruleset '{}' disagrees with checkpoint '{}', which was made for "
                                 "'{}'; {}",
                                 *given.ruleset, checkpoint, recorded.ruleset, resume_hint(checkpoint)));
  if (given.from && *given.from != recorded.from)
    throw differs(option_name("from"), fmt::to_string(*given.from), fmt::to_string(recorded.from));
  if (given.to && *given.to != recorded.to)
    throw differs(option_name("to"), fmt::to_string(*given.to), fmt::to_string(recorded.to));
  if (given.out && *given.out != recorded.out)
    throw differs(option_name("out"), shown(*given.out), shown(recorded.out));
  if (given.plot && *given.plot != recorded.plot)
    throw differs(option_name("plot"), shown(*given.plot), shown(recorded.plot));
  const std::pair<const std::optional<bool>*, std::pair<bool, std::string>> flags[] = {
      {&given.stats, {recorded.stats, option_name("stats")}},
      {&given.json, {recorded.json, option_name("json")}},
      {&given.csv, {recorded.csv, option_name("csv")}}};
  for (const auto& [flag, kept] : flags)
    if (*flag && **flag != kept.first)
      throw InputError(kept.second,
                       fmt::format("{} disagrees with checkpoint '{}', which was made {} it; {}",
                                   kept.second, checkpoint, kept.first ? "with" : "without",
                                   resume_hint(checkpoint)));
  return recorded;
}

std::string checkpoint_path(const std::string& checkpoint, const std::string& resume,
                            bool resume_records_request) {
  if (!checkpoint.empty()) return checkpoint;
  return resume_records_request ? resume : std::string();
}

void check_new_checkpoint(const std::string& checkpoint, const std::string& resume,
                          const char* command) {
  if (checkpoint.empty()) return;
  std::error_code error;
  if (!std::filesystem::exists(checkpoint, error)) return;
  if (!resume.empty() && std::filesystem::equivalent(checkpoint, resume, error)) return;
  throw InputError(checkpoint,
                   fmt::format("checkpoint '{}' already exists: continue it with {}, or remove "
                               "it to start afresh",
                               checkpoint, front_end_words().resume(command, checkpoint)));
}

}  // namespace grundy
