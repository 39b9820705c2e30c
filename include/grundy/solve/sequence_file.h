// The grundy sequence file: G(first..first+count-1) of one ruleset, written
// by `values --out FILE.bin` and used as the --checkpoint / --resume state of
// long runs (docs/sequence-file.md). A library user saves and resumes a
// SequenceRun (sequence_run.h) with it too.
//
// Layout, all integers little-endian:
//   8 bytes  magic "GRUNDYSQ"
//   4 bytes  format version (1, or 2 for a checkpoint that records its request)
//   4 bytes  length L of the ruleset name, then L bytes of the name
//   8 bytes  first heap size
//   8 bytes  count of values
//   count × 2 bytes  the values (uint16)
//   version 2 only: 4 bytes length R, then R bytes of the request
//     (encode_sequence_request, sequence_request.h)
//   8 bytes  FNV-1a 64-bit checksum of every byte before it
// The request comes after the values so that a reader of version 1 finds
// the values where it always did. Written through AtomicFile
// (core/atomic_file.h): a crash at any moment leaves either the old file or
// the new one, never a torn one.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "grundy/solve/sequence_engine.h"
#include "grundy/solve/sequence_request.h"

namespace grundy {

struct SequenceFile {
  std::string ruleset;
  Heap first = 0;
  ValueSequence values;
  // What the run that saved this checkpoint was asked for (version 2).
  std::optional<SequenceRequest> request;
};

// Writes G(first..first+count-1) of `ruleset` (its canonical name) to
// `path`, with the request when given (a checkpoint, version 2; else version
// 1); throws InputError naming the file when it cannot be written (an older
// file at `path` is then left as it was).
void write_sequence_file(const std::string& path, const std::string& ruleset, Heap first,
                         const Value16* values, std::size_t count,
                         const SequenceRequest* request = nullptr);
// Throws InputError naming the file and what is wrong (missing, truncated,
// bad checksum, not a sequence file).
SequenceFile read_sequence_file(const std::string& path);

// The header of a sequence file without reading its values: ruleset, first
// heap size and count, the file's length checked against them (the checksum
// is not). Throws InputError like read_sequence_file.
struct SequenceFileHeader {
  std::string ruleset;
  Heap first = 0;
  std::uint64_t count = 0;
};
SequenceFileHeader read_sequence_header(const std::string& path);

}  // namespace grundy
