// Checkpoints of a misère quotient computation (misere_quotient.h): the
// state after heaps 0..k, with the request of the run that saved it, so that
// `grundy quotient --resume FILE` continues it exactly, to the heap bound it
// recorded or a larger one (docs/misere-quotients.md, "Checkpoints").
//
// Layout, all integers little-endian:
//   8 bytes  magic "GRUNDYQC"
//   4 bytes  format version (1)
//   4 bytes  length R, then R bytes of the request: `key=value` lines
//            (encode_quotient_request)
//   the state: 8 bytes k (heaps 0..k adjoined), 4 bytes the order m;
//     the multiplication table, m × m × 4 bytes; the P-portion, m bytes (0
//     or 1); each element's representative (4 bytes count, 8 bytes a heap)
//     and its tokens (8 bytes); Φ(0..k), (k + 1) × 4 bytes; the option
//     elements of each heap 0..k (4 bytes count, 4 bytes an element); the
//     heaps of the letters the next heap's refinement uses (4 bytes count,
//     8 bytes a heap); why the run stopped before heap k + 1 (4 bytes
//     length, the text; empty when it did not) and 1 byte, 1 when that was
//     a failed verification
//   8 bytes  FNV-1a 64-bit checksum of every byte before it
// Written through AtomicFile (core/atomic_file.h): a crash at any moment
// leaves the old file or the new one, never a torn one. Reading checks the
// format, and the state against the game: the indices stay inside the
// quotient, the table is a commutative monoid with identity 0 (associative
// by Light's test over the heaps' elements, which generate it), each
// representative's element and tokens and each heap's option elements are
// what the game's moves give, and the quotient passes the verification of
// docs/misere-quotients.md again. A file that fails is refused, never used.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "grundy/core/types.h"
#include "grundy/solve/misere_quotient.h"

namespace grundy {

// What a quotient run was asked for, as its checkpoint records it.
struct QuotientRunRequest {
  std::string ruleset;  // the canonical name
  // The computation's options; control, save and resume are not recorded.
  QuotientOptions options;
  // The front end's own record of the run, kept without being read (as
  // SequenceRequest::front_end, sequence_request.h): `grundy quotient` keeps
  // "json" here ("1" or "0"), and the Python module writes back what it
  // found, so that the command resumes its file as it made it.
  std::map<std::string, std::string> front_end;
};

// "key=value" lines: ruleset, max_heap, max_elements, max_exponent,
// max_verify_states, max_refinements, max_learning_positions, verify,
// stop_when_proven, stop_at_limit, decide_tame, recalibrate (absent from
// checkpoints written before it existed: read as 0), then the front end's
// record (any other lower-case word).
std::string encode_quotient_request(const QuotientRunRequest& request);
// Throws InputError naming `source` when the text is not such a request.
QuotientRunRequest decode_quotient_request(std::string_view text, const std::string& source);

struct QuotientCheckpoint {
  QuotientRunRequest request;
  // Made with request.options (QuotientState::options).
  QuotientState state;
};

// Writes the state, with the request it continues (the state's ruleset and
// options, the front end's record given), to `path`; throws InputError
// naming the file when it cannot be written (an older file at `path` is then
// left as it was).
void write_quotient_checkpoint(const std::string& path, const QuotientState& state,
                               const std::map<std::string, std::string>& front_end = {});
// Throws InputError naming the file and what is wrong: missing, truncated,
// bad checksum, not a quotient checkpoint, a ruleset that is not a heap game
// or a state that does not check against it.
QuotientCheckpoint read_quotient_checkpoint(const std::string& path);
// The same from the file's bytes; `source` names it in errors.
QuotientCheckpoint parse_quotient_checkpoint(std::string_view bytes, const std::string& source);

// The options given explicitly on the command line that resumes a run.
struct QuotientRunGiven {
  std::optional<std::string> ruleset;  // canonical name
  std::optional<Heap> max_heap;
  std::optional<std::size_t> max_elements, max_learning_positions;
  std::optional<bool> recalibrate;
};

// The request a run resumed from `checkpoint` carries out: the recorded one,
// with max_heap replaced when given (it may be larger than recorded, not
// smaller than the heaps the checkpoint holds); every other option given
// must agree with the recorded one, or an InputError names the first that
// differs, what the checkpoint recorded, and that `--resume FILE` alone
// continues the request.
QuotientRunRequest resumed_quotient_request(const QuotientCheckpoint& recorded,
                                         const QuotientRunGiven& given,
                                         const std::string& checkpoint);

}  // namespace grundy
