// The journal of a survey: every finished code's entry, appended and synced
// to disk as soon as it is known, so that a survey killed at any moment (the
// machine, one MPI rank, the whole job) loses no finished result, and a
// survey run again with the same journal computes only the codes it lacks.
//
// Description: a text file. The first line, "grundy survey journal 1 max N
//   work W", records the limits per code (survey_entry.h); entries depend
//   only on their code and the limits, so a journal serves any family with
//   the same limits (and refuses other limits). Then one line per entry, tab-separated: name,
//   status, period, preperiod, saltus, checked_to, proof_needs, largest
//   value, rare count, milliseconds, criterion, the engine's message, and the
//   proven prefix G(0..preperiod+period-1) as comma-separated numbers. A
//   misère survey's journal starts "grundy survey journal 1 misere heap N
//   elements K work W", and its lines have four fields more: the heaps
//   adjoined, |Q|, |P| and tame (1, 0, or -1 when not decided). A
//   last line without its newline is what a kill during a write leaves: it
//   is dropped, and cut off the file before anything is appended.
// Source: the journal is grundy's own format (docs/survey.md).
// Time: O(size of the file) to open; one write and one fsync per entry.
// Status: tests/unit/survey_test.cpp (round trip, torn last line, damaged
//   lines, another bound), tests/cli/survey_cli_test.cpp (killed runs resume).
#pragma once

#include <cstdio>
#include <map>
#include <string>

#include "grundy/core/types.h"
#include "grundy/solve/survey_entry.h"

namespace grundy {

// One entry as a journal line (with its newline), and back. parse throws
// InputError naming `where` when the line is not one.
std::string survey_journal_line(const SurveyEntry& entry);
SurveyEntry parse_survey_journal_line(std::string_view line, const std::string& where);

class SurveyJournal {
 public:
  // Opens `path`, reading the entries it holds, or creates it. Throws
  // InputError when it cannot be read or written, when a line is damaged,
  // or when it was written with other limits.
  SurveyJournal(std::string path, const SurveyLimits& limits);
  ~SurveyJournal();
  SurveyJournal(const SurveyJournal&) = delete;
  SurveyJournal& operator=(const SurveyJournal&) = delete;

  // The entries read or appended, by canonical name.
  const std::map<std::string, SurveyEntry>& entries() const { return entries_; }
  // Appends the entry and syncs the file. Throws InputError (disk full).
  void append(const SurveyEntry& entry);
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  std::FILE* file_ = nullptr;
  std::map<std::string, SurveyEntry> entries_;
};

}  // namespace grundy
