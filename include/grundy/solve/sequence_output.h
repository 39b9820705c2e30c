// The output files of a heap-value run (`grundy values --out FILE`): what an
// existing one holds, and the rule that a result replaces it only when it
// covers at least that much, so that no run — a resumed one with a default
// range, say — ever throws computed values away (docs/sequence-file.md,
// "Output files").
//
// What a file holds: a sequence file, its ruleset and G(first..first+count-1)
//   (read_sequence_header, without reading the values); a CSV file of
//   grundy's "n,value" form, the heap sizes on its first and last lines (the
//   ruleset is not in the file, so only the range is compared); an empty file,
//   nothing. Anything else is not grundy's, and is never replaced.
#pragma once

#include <functional>
#include <string>

#include "grundy/core/types.h"

namespace grundy {

// Throws InputError, in one line naming the file and what it holds, unless
// `path` is absent or empty, or holds values that G(from..to) of `ruleset`
// covers. Called before a run starts, so that a refusal costs nothing.
void check_output_replaceable(const std::string& path, const std::string& ruleset, Heap from,
                              Heap to);

// Writes "n,value" and one line per heap size from..to to `path` through
// AtomicFile (core/atomic_file.h).
void write_values_csv(const std::string& path, Heap from, Heap to,
                      const std::function<Nimber(Heap)>& value_at);

}  // namespace grundy
