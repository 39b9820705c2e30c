// What a run of the heap-value sequence was asked for — ruleset and range,
// and the record the front end that made it adds of its own (the command
// line's output files and formats) — recorded in its checkpoint
// (sequence_file.h) so that `grundy values --resume FILE` alone carries out
// the same request, and so that a resumed run can tell when the options it
// is given say otherwise.
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
#include <map>
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
  // How often the run saved, in microseconds (>= 1), when it was told: a
  // resumed run saves as often as the run that made the file unless told
  // otherwise.
  std::optional<std::uint64_t> checkpoint_every_us;
  // The front end's own record of the run, which the library writes and
  // reads back without interpreting it: `grundy values` keeps its output
  // files and formats here ("out", "plot", "stats", "json", "csv"). A key is
  // a word of lower-case letters, digits and '_' other than the library's
  // own keys above; a value is one line.
  std::map<std::string, std::string> front_end;

  friend bool operator==(const SequenceRequest&, const SequenceRequest&) = default;
};

// Whether `key` has the shape of a front end's key in a recorded request (a
// sequence's or a misère quotient's): a non-empty word of lower-case
// letters, digits and '_'. Each request's own keys are read first.
bool is_record_word(std::string_view key);

// The front end's record of `request` under `key`, or "" when it has none.
std::string front_end_field(const SequenceRequest& request, const std::string& key);

// The absolute, normalised form of an output path as a request records it,
// so that a run resumed from another directory writes to the same file.
std::string request_path(const std::string& path);

// "key=value" lines; the text format inside a checkpoint. Throws InputError
// for a front-end value holding a line break, which the format cannot carry.
std::string encode_sequence_request(const SequenceRequest& request);
// Throws InputError naming `source` when the text is not such a request.
// Keys that are not the library's go to `front_end` as they are.
SequenceRequest decode_sequence_request(std::string_view text, const std::string& source);

// Reads the "key=value" lines of a recorded request (this one's and a
// misère quotient checkpoint's, quotient_checkpoint.h): calls field(key,
// value) for each line, every key at most once; a line without its line
// break or without '=', or a key given twice, throws bad(why). Returns the
// number of lines.
std::size_t read_request_lines(std::string_view text,
                               const std::function<InputError(const std::string&)>& bad,
                               const std::function<void(const std::string&, std::string_view)>& field);

// The settings given explicitly to the run that resumes a checkpoint, of
// those the library records.
struct SequenceRequestGiven {
  std::optional<std::string> ruleset;  // canonical name
  std::optional<Heap> from, to;
};

// The request a run resumed from `checkpoint` carries out: `recorded`, when
// every setting in `given` agrees with it; otherwise throws InputError with
// one line naming the first setting that differs, what the checkpoint
// recorded for it, and how to continue the recorded request alone. (The
// front end checks its own record the same way, with
// checkpoint_disagreement.)
SequenceRequest resumed_request(const SequenceRequest& recorded, const SequenceRequestGiven& given,
                                const std::string& checkpoint);

// The refusal of a resumed run whose `setting` (the front end's words for
// it) was given as `asked` where `checkpoint` was made for `kept`; `command`
// is the one whose resume continues the file ("values", "quotient").
InputError checkpoint_disagreement(const std::string& setting, const std::string& asked,
                                   const std::string& checkpoint, const std::string& kept,
                                   const char* command = "values");
// The same for a setting that is on or off: the checkpoint was made with it
// (`kept`) or without it.
// (Its own name: a string literal would choose a bool overload.)
InputError checkpoint_switch_disagreement(const std::string& setting, bool kept,
                                          const std::string& checkpoint,
                                          const char* command = "values");
// A checkpoint whose recorded request is unusable, `why` ("has a bad
// 'stats'"): for the front end that finds its own record bad.
InputError unusable_request(const std::string& source, const std::string& why);

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
