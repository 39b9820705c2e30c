// Fuzzes quotient checkpoints (`grundy quotient --resume FILE`,
// solve/quotient_checkpoint.h): parse_quotient_checkpoint with its checks of
// the state against the game, the request it records
// (decode_quotient_request), and a computation resumed from the state read
// (misere_quotient with QuotientOptions::resume, one heap further).
//
// The first byte chooses what the rest is:
//   bit 0 set: a file whose last 8 bytes are replaced by the right checksum,
//              so that mutations reach what lies behind the checksum;
//   bit 1 set: the text of a recorded request alone;
//   otherwise: the file as it is.
// A request that decodes must encode to a text that decodes to the same.
#include <cstddef>
#include <cstdint>
#include <string>

#include "grundy/core/fnv1a.h"
#include "grundy/rules/registry.h"
#include "grundy/solve/misere_quotient.h"
#include "grundy/solve/quotient_checkpoint.h"
#include "harness.h"

namespace {

// A resumed computation only within these, to keep each input quick.
constexpr std::size_t kMaxOrder = 64;
constexpr grundy::Heap kMaxHeaps = 40;
constexpr std::size_t kMaxVerifyStates = 200'000;
constexpr std::size_t kMaxLearning = 20'000;

void check_request(std::string_view text) {
  using namespace grundy;
  const QuotientRunRequest request = decode_quotient_request(text, "fuzz");
  const std::string again = encode_quotient_request(request);
  fuzz::expect(encode_quotient_request(decode_quotient_request(again, "fuzz")) == again,
               "a request does not survive encoding and decoding");
}

void check_file(std::string bytes, bool fix_checksum) {
  using namespace grundy;
  if (fix_checksum && bytes.size() >= 8) {
    const std::uint64_t hash = fnv1a(std::string_view(bytes).substr(0, bytes.size() - 8));
    for (std::size_t i = 0; i < 8; ++i)
      bytes[bytes.size() - 8 + i] = static_cast<char>((hash >> (8 * i)) & 0xFF);
  }
  const QuotientCheckpoint read = parse_quotient_checkpoint(bytes, "fuzz");
  const std::string text = encode_quotient_request(read.request);
  fuzz::expect(encode_quotient_request(decode_quotient_request(text, "fuzz")) == text,
               "a recorded request does not survive encoding and decoding");
  const QuotientOptions& made = read.state.options();
  if (read.state.order() > kMaxOrder || read.state.heaps_done() >= kMaxHeaps ||
      made.max_verify_states > kMaxVerifyStates || made.max_learning_positions > kMaxLearning ||
      made.max_elements > kMaxOrder * 4 || made.max_exponent > 64 || made.max_refinements > 4)
    return;
  const auto rules = parse_ruleset(read.request.ruleset);
  QuotientOptions options = made;
  options.max_heap = read.state.heaps_done() + 1;
  options.resume = &read.state;
  options.decide_tame = false;
  const MisereQuotient q = misere_quotient(*heap_ruleset_of(*rules), options);
  fuzz::expect(q.max_heap() >= read.state.heaps_done(), "a resumed quotient lost heaps");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string rest(reinterpret_cast<const char*>(data + 1), size - 1);
  return grundy::fuzz::run_one([&] {
    if (data[0] & 2)
      check_request(rest);
    else
      check_file(rest, data[0] & 1);
  });
}
