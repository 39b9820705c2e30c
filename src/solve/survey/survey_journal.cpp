#include "grundy/solve/survey_journal.h"

#include <unistd.h>

#include <charconv>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/core/front_end_words.h"

namespace grundy {

namespace {

constexpr std::string_view kHeader = "grundy survey journal 1 ";
// A line's fields; a misère survey's lines have four more (quotient heap,
// order, |P|, tame).
constexpr std::size_t kFields = 13;
constexpr std::size_t kMisereFields = 17;

// The limits as the header records them: "max N work W", or for a misère
// survey "misere heap N elements K work W".
std::string limits_text(const SurveyLimits& limits) {
  if (limits.misere)
    return fmt::format("misere heap {} elements {} work {}", limits.max_heap,
                       limits.max_elements, limits.max_work);
  return fmt::format("max {} work {}", limits.max_values, limits.max_work);
}

// Tabs and line breaks cannot occur in a field: an engine message that held
// one would cut the line.
std::string field_text(std::string text) {
  for (char& c : text)
    if (c == '\t' || c == '\n' || c == '\r') c = ' ';
  return text;
}

template <typename Number>
bool parse_number(std::string_view text, Number& value) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size() && !text.empty();
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  while (true) {
    const std::size_t at = text.find(separator);
    parts.push_back(text.substr(0, at));
    if (at == std::string_view::npos) return parts;
    text.remove_prefix(at + 1);
  }
}

}  // namespace

std::string survey_journal_line(const SurveyEntry& e) {
  const Periodicity& p = e.periodicity;
  std::string line = fmt::format("{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t", e.name,
                                 survey_status_name(e.status), p.period, p.preperiod, p.saltus,
                                 p.checked_to, p.proof_needs, e.largest_value, e.rare_count,
                                 e.milliseconds, field_text(p.criterion), field_text(e.stopped));
  for (std::size_t i = 0; i < e.proven_prefix.size(); ++i) {
    if (i != 0) line += ',';
    line += std::to_string(e.proven_prefix[i]);
  }
  if (e.misere) line += fmt::format("\t{}\t{}\t{}\t{}", e.quotient_heap, e.order, e.p_size, e.tame);
  line += '\n';
  return line;
}

SurveyEntry parse_survey_journal_line(std::string_view line, const std::string& where) {
  const auto damaged = [&](std::string_view what) {
    return InputError(where, fmt::format("{}: not a survey journal entry ({})", where, what));
  };
  const std::vector<std::string_view> fields = split(line, '\t');
  if (fields.size() != kFields && fields.size() != kMisereFields)
    throw damaged(fmt::format("{} fields", fields.size()));
  SurveyEntry e;
  Periodicity& p = e.periodicity;
  e.name = std::string(fields[0]);
  if (e.name.empty()) throw damaged("no code");
  if (!parse_survey_status(fields[1], e.status)) throw damaged("status");
  if (!parse_number(fields[2], p.period) || !parse_number(fields[3], p.preperiod) ||
      !parse_number(fields[4], p.saltus) || !parse_number(fields[5], p.checked_to) ||
      !parse_number(fields[6], p.proof_needs) || !parse_number(fields[7], e.largest_value) ||
      !parse_number(fields[8], e.rare_count) || !parse_number(fields[9], e.milliseconds))
    throw damaged("a number");
  p.criterion = std::string(fields[10]);
  e.stopped = std::string(fields[11]);
  p.proven = e.status == SurveyStatus::proven;
  if (!fields[12].empty())
    for (std::string_view value : split(fields[12], ',')) {
      std::uint16_t v = 0;
      if (!parse_number(value, v)) throw damaged("a value");
      e.proven_prefix.push_back(v);
    }
  if (fields.size() == kMisereFields) {
    e.misere = true;
    if (!parse_number(fields[13], e.quotient_heap) || !parse_number(fields[14], e.order) ||
        !parse_number(fields[15], e.p_size) || !parse_number(fields[16], e.tame) || e.tame < -1 ||
        e.tame > 1 || e.order == 0 || e.p_size > e.order)
      throw damaged("a number of the quotient");
    if (!e.proven_prefix.empty() || (p.proven && p.period == 0)) throw damaged("the period");
    return e;
  }
  if (p.proven != (e.proven_prefix.size() == p.preperiod + p.period && p.period != 0))
    throw damaged("the proven values");
  return e;
}

SurveyJournal::SurveyJournal(std::string path, const SurveyLimits& wanted)
    : path_(std::move(path)) {
  const std::string limits = grundy::limits_text(wanted);
  const std::string header = fmt::format("{}{}\n", kHeader, limits);
  std::error_code error;
  if (std::filesystem::exists(path_, error)) {
    std::ifstream in(path_, std::ios::binary);
    std::ostringstream text_stream;
    text_stream << in.rdbuf();
    if (!in && !in.eof()) throw InputError(path_, fmt::format("cannot read '{}'", path_));
    const std::string text = text_stream.str();
    // Everything up to the last newline; beyond it, a write a kill cut short.
    const std::size_t complete = text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1;
    std::string_view lines(text.data(), complete);
    if (complete == 0) {
      // Not even the header was written: start afresh.
    } else {
      const std::size_t first_end = lines.find('\n');
      const std::string_view first = lines.substr(0, first_end);
      if (first.substr(0, kHeader.size()) != kHeader)
        throw InputError(path_, fmt::format("'{}' is not a survey journal", path_));
      if (first.substr(kHeader.size()) != limits)
        throw InputError(path_,
                         fmt::format("the journal '{}' was written with the limits '{}', not "
                                     "'{}' ({}, {} and {} or {}, {} and {}); use those or "
                                     "another journal",
                                     path_, first.substr(kHeader.size()), limits,
                                     option_name("max"), option_name("max-work"),
                                     option_name("misere"), option_name("max-heap"),
                                     option_name("max-elements"), option_name("max-work")));
      const bool misere_lines = wanted.misere;
      lines.remove_prefix(first_end + 1);
      std::size_t line_number = 1;
      while (!lines.empty()) {
        ++line_number;
        const std::size_t end = lines.find('\n');
        SurveyEntry entry = parse_survey_journal_line(
            lines.substr(0, end), fmt::format("{} line {}", path_, line_number));
        if (entry.misere != misere_lines)
          throw InputError(path_, fmt::format("{} line {}: not a survey journal entry (a {} "
                                              "entry in a {} survey's journal)",
                                              path_, line_number,
                                              entry.misere ? "misère" : "normal-play",
                                              misere_lines ? "misère" : "normal-play"));
        entries_[entry.name] = std::move(entry);
        lines.remove_prefix(end + 1);
      }
    }
    std::filesystem::resize_file(path_, complete, error);
    if (error) throw InputError(path_, fmt::format("cannot write '{}'", path_));
    file_ = std::fopen(path_.c_str(), "ab");
    if (!file_) throw InputError(path_, fmt::format("cannot write '{}'", path_));
    if (complete == 0) {
      std::fputs(header.c_str(), file_);
      std::fflush(file_);
    }
  } else {
    file_ = std::fopen(path_.c_str(), "wb");
    if (!file_) throw InputError(path_, fmt::format("cannot write '{}'", path_));
    std::fputs(header.c_str(), file_);
    if (std::fflush(file_) != 0 || ::fsync(::fileno(file_)) != 0)
      throw InputError(path_, fmt::format("cannot write '{}'", path_));
  }
}

SurveyJournal::~SurveyJournal() {
  if (file_) std::fclose(file_);
}

void SurveyJournal::append(const SurveyEntry& entry) {
  const std::string line = survey_journal_line(entry);
  if (std::fwrite(line.data(), 1, line.size(), file_) != line.size() || std::fflush(file_) != 0 ||
      ::fsync(::fileno(file_)) != 0)
    throw InputError(path_, fmt::format("cannot write '{}' (disk full?)", path_));
  entries_[entry.name] = entry;
}

}  // namespace grundy
