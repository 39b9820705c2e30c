// Fuzzes sequence and checkpoint files (`grundy values --resume FILE`,
// solve/sequence_file.h): read_sequence_file, read_sequence_header, the
// request a checkpoint records (decode_sequence_request) and a run resumed
// from the values read (SequenceRun::resume, then a few more values).
//
// The first byte chooses what the rest is:
//   bit 0 set: a file whose last 8 bytes are replaced by the right checksum,
//              so that mutations reach what lies behind the checksum;
//   bit 1 set: the text of a recorded request alone;
//   otherwise: the file as it is.
// A request that decodes must encode to a text that decodes to it again.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

#include "grundy/core/fnv1a.h"
#include "grundy/rules/registry.h"
#include "grundy/rules/take_and_break.h"
#include "grundy/solve/sequence_file.h"
#include "grundy/solve/sequence_run.h"
#include "harness.h"

namespace {

// Values computed beyond those resumed, and the most values resumed.
constexpr std::size_t kExtraValues = 64;
constexpr std::size_t kMaxResumed = 4096;

const std::string& scratch_path() {
  static const std::string path = "/tmp/grundy-fuzz-" + std::to_string(::getpid()) + ".bin";
  return path;
}

void write_file(const std::string& path, const std::string& bytes) {
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (file == nullptr) grundy::fuzz::defect("cannot write " + path);
  std::fwrite(bytes.data(), 1, bytes.size(), file);
  std::fclose(file);
}

void check_request(std::string_view text) {
  using namespace grundy;
  const SequenceRequest request = decode_sequence_request(text, "fuzz");
  const std::string again = encode_sequence_request(request);
  fuzz::expect(decode_sequence_request(again, "fuzz") == request,
               "a request does not survive encoding and decoding");
}

void check_file(std::string bytes, bool fix_checksum) {
  using namespace grundy;
  if (fix_checksum && bytes.size() >= 8) {
    const std::uint64_t hash = fnv1a(std::string_view(bytes).substr(0, bytes.size() - 8));
    for (std::size_t i = 0; i < 8; ++i)
      bytes[bytes.size() - 8 + i] = static_cast<char>((hash >> (8 * i)) & 0xFF);
  }
  const std::string& path = scratch_path();
  write_file(path, bytes);
  // Removed again however this input ends (libFuzzer may end the process
  // without running atexit handlers).
  struct Remover {
    const std::string& path;
    ~Remover() { std::remove(path.c_str()); }
  } remover{path};
  try {
    (void)read_sequence_header(path);
  } catch (const InputError&) {
  }
  SequenceFile file = read_sequence_file(path);
  if (file.request) {
    const std::string text = encode_sequence_request(*file.request);
    fuzz::expect(decode_sequence_request(text, "fuzz") == *file.request,
                 "a recorded request does not survive encoding and decoding");
  }
  if (file.values.size() > kMaxResumed) return;
  const auto rules = parse_ruleset(file.ruleset);
  const auto* code = dynamic_cast<const TakeAndBreak*>(rules.get());
  if (code == nullptr) return;
  const std::size_t resumed = file.values.size();
  SequenceRun run = SequenceRun::resume(*code, std::move(file), path, 1);
  run.extend(resumed + kExtraValues);
  fuzz::expect(run.reached() == resumed + kExtraValues + 1, "a resumed run stops short");
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
