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
std::string resume_hint(const std::string& checkpoint, const char* command = "values") {
  return fmt::format("give {} alone to continue the recorded request",
                     front_end_words().resume(command, checkpoint));
}

// A key the front end may record: a record word, not one of the library's own.
bool is_front_end_key(std::string_view key) {
  return is_record_word(key) && key != "ruleset" && key != "from" && key != "to" &&
         key != "checkpoint_every_us";
}

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

bool is_record_word(std::string_view key) {
  if (key.empty()) return false;
  for (char c : key)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
  return true;
}

std::string front_end_field(const SequenceRequest& request, const std::string& key) {
  const auto at = request.front_end.find(key);
  return at == request.front_end.end() ? std::string() : at->second;
}

std::string encode_sequence_request(const SequenceRequest& request) {
  std::string text =
      fmt::format("ruleset={}\nfrom={}\nto={}\n", request.ruleset, request.from, request.to);
  for (const auto& [key, value] : request.front_end) {
    GRUNDY_ASSERT(is_front_end_key(key));
    if (value.find_first_of("\n\r") != std::string::npos)
      throw InputError(value, fmt::format("{} '{}' holds a line break, which a checkpoint cannot "
                                          "record",
                                          option_name(key), value));
    text += fmt::format("{}={}\n", key, value);
  }
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

InputError unusable_request(const std::string& source, const std::string& why) {
  return InputError(source, fmt::format("'{}' is not a usable grundy checkpoint: its recorded "
                                        "request {}",
                                        source, why));
}

SequenceRequest decode_sequence_request(std::string_view text, const std::string& source) {
  SequenceRequest request;
  const auto bad = [&](const std::string& why) { return unusable_request(source, why); };
  read_request_lines(text, bad, [&](const std::string& key, std::string_view value) {
    Heap number = 0;
    if (key == "ruleset") {
      request.ruleset = value;
    } else if (key == "from" || key == "to") {
      if (!parse_number(value, number)) throw bad(fmt::format("has a bad '{}'", key));
      (key == "from" ? request.from : request.to) = number;
    } else if (key == "checkpoint_every_us") {
      if (!parse_number(value, number) || number == 0) throw bad(fmt::format("has a bad '{}'", key));
      request.checkpoint_every_us = number;
    } else if (is_front_end_key(key)) {
      request.front_end.emplace(key, value);
    } else {
      throw bad(fmt::format("has a field '{}' no front end could have written", key));
    }
  });
  if (request.ruleset.empty() || request.to < request.from) throw bad("is incomplete");
  return request;
}

InputError checkpoint_disagreement(const std::string& setting, const std::string& asked,
                                   const std::string& checkpoint, const std::string& kept,
                                   const char* command) {
  return InputError(setting, fmt::format("{} {} disagrees with checkpoint '{}', which was made "
                                         "for {} {}; {}",
                                         setting, asked, checkpoint, setting, kept,
                                         resume_hint(checkpoint, command)));
}

InputError checkpoint_switch_disagreement(const std::string& setting, bool kept,
                                          const std::string& checkpoint, const char* command) {
  return InputError(setting, fmt::format("{} disagrees with checkpoint '{}', which was made {} "
                                         "it; {}",
                                         setting, checkpoint, kept ? "with" : "without",
                                         resume_hint(checkpoint, command)));
}

SequenceRequest resumed_request(const SequenceRequest& recorded, const SequenceRequestGiven& given,
                                const std::string& checkpoint) {
  if (given.ruleset && *given.ruleset != recorded.ruleset)
    throw InputError(*given.ruleset,
                     fmt::format("ruleset '{}' disagrees with checkpoint '{}', which was made for "
                                 "'{}'; {}",
                                 *given.ruleset, checkpoint, recorded.ruleset, resume_hint(checkpoint)));
  if (given.from && *given.from != recorded.from)
    throw checkpoint_disagreement(option_name("from"), fmt::to_string(*given.from), checkpoint,
                                  fmt::to_string(recorded.from));
  if (given.to && *given.to != recorded.to)
    throw checkpoint_disagreement(option_name("to"), fmt::to_string(*given.to), checkpoint,
                                  fmt::to_string(recorded.to));
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
