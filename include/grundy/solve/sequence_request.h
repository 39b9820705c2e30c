// What a run of the heap-value sequence was asked for — ruleset, range and
// outputs — recorded in its checkpoint (sequence_file.h) so that
// `grundy values --resume FILE` alone carries out the same request, and so
// that a resumed run can tell when the options it is given say otherwise.
//
// Rules (docs/sequence-file.md, "Checkpoints"):
//   - a checkpoint records the whole request; resuming from it continues that
//     request, and every option given again explicitly must agree with it,
//     or the run is refused naming the option (resumed_request);
//   - a resumed run saves to the checkpoint it resumed from unless
//     --checkpoint names another file (checkpoint_path), so that Ctrl-C on a
//     resumed run saves too;
//   - a new run never overwrites an existing checkpoint: that file is
//     resumed, or removed by hand (check_new_checkpoint).
#pragma once

#include <functional>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/core/types.h"

namespace grundy {

struct SequenceRequest {
  std::string ruleset;  // the canonical name
  Heap from = 0;
  Heap to = 0;
  std::string out;   // --out, as an absolute path ("" when none); CSV when it ends in .csv
  std::string plot;  // --plot, as an absolute path ("" when none)
  bool stats = false;
  bool json = false;
  bool csv = false;
  // --checkpoint-every when it was given, in microseconds (>= 1): a resumed
  // run saves as often as the run that made the file unless told otherwise.
  std::optional<std::uint64_t> checkpoint_every_us;

  friend bool operator==(const SequenceRequest&, const SequenceRequest&) = default;
};

// The absolute, normalised form of an output path as a request records it,
// so that a run resumed from another directory writes to the same file.
std::string request_path(const std::string& path);

// "key=value" lines; the text format inside a checkpoint. Throws InputError
// for a path holding a line break, which the format cannot carry.
std::string encode_sequence_request(const SequenceRequest& request);
// Throws InputError naming `source` when the text is not such a request.
SequenceRequest decode_sequence_request(std::string_view text, const std::string& source);

// Reads the "key=value" lines of a recorded request (this one's and a
// misère quotient checkpoint's, quotient_checkpoint.h): calls field(key,
// value) for each line, every key at most once; a line without its line
// break or without '=', or a key given twice, throws bad(why). Returns the
// number of lines.
std::size_t read_request_lines(std::string_view text,
                               const std::function<InputError(const std::string&)>& bad,
                               const std::function<void(const std::string&, std::string_view)>& field);

// The options given explicitly on the command line that resumes a run
// (paths already in request_path form).
struct SequenceRequestGiven {
  std::optional<std::string> ruleset;  // canonical name
  std::optional<Heap> from, to;
  std::optional<std::string> out, plot;
  std::optional<bool> stats, json, csv;
};

// The request a run resumed from `checkpoint` carries out: `recorded`, when
// every option in `given` agrees with it; otherwise throws InputError with
// one line naming the first option that differs, what the checkpoint
// recorded for it, and that `--resume FILE` alone continues the request.
SequenceRequest resumed_request(const SequenceRequest& recorded, const SequenceRequestGiven& given,
                                const std::string& checkpoint);

// Where a run saves its state: `checkpoint` when given; otherwise, for a run
// resumed from a file that records its request, that file itself; otherwise
// nowhere ("").
std::string checkpoint_path(const std::string& checkpoint, const std::string& resume,
                            bool resume_records_request);

// Throws InputError when `checkpoint` already exists and is not the file
// being resumed (`resume`): a new run would replace what it holds with
// less at its first save. `command` is the one whose --resume continues it.
void check_new_checkpoint(const std::string& checkpoint, const std::string& resume,
                          const char* command = "values");

}  // namespace grundy
