// The grundy sequence file: G(first..first+count-1) of one ruleset, written
// by `values --out FILE.bin` and used as the --checkpoint / --resume state of
// long runs (docs/sequence-file.md). A library user saves and resumes a
// SequenceRun (sequence_run.h) with it too.
//
// Layout, all integers little-endian:
//   8 bytes  magic "GRUNDYSQ"
//   4 bytes  format version (1)
//   4 bytes  length L of the ruleset name, then L bytes of the name
//   8 bytes  first heap size
//   8 bytes  count of values
//   count × 2 bytes  the values (uint16)
//   8 bytes  FNV-1a 64-bit checksum of every byte before it
// Written to FILE.tmp, flushed and renamed over FILE, so a crash at any moment
// leaves either the old file or the new one, never a torn one.
#pragma once

#include <cstdint>
#include <string>

#include "grundy/solve/sequence_engine.h"

namespace grundy {

struct SequenceFile {
  std::string ruleset;
  Heap first = 0;
  ValueSequence values;
};

// Writes G(first..first+count-1) of `ruleset` (its canonical name) to
// `path`; throws InputError naming the file when it cannot be written (an
// older file at `path` is then left as it was).
void write_sequence_file(const std::string& path, const std::string& ruleset, Heap first,
                         const Value16* values, std::size_t count);
// Throws InputError naming the file and what is wrong (missing, truncated,
// bad checksum, not a sequence file).
SequenceFile read_sequence_file(const std::string& path);

}  // namespace grundy
