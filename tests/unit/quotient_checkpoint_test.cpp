// Checkpoints of misère quotients (quotient_checkpoint.h): a computation
// saved after any heap and resumed, in memory or through a file, to the same
// or a larger heap bound, gives exactly the quotient of one uninterrupted
// run (the twin here); requests survive encoding; damaged, mismatched and
// forged checkpoints are refused with an InputError naming the file.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <map>
#include <string>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/rules/registry.h"
#include "grundy/solve/misere_quotient.h"
#include "grundy/solve/quotient_checkpoint.h"
#include "support/process.h"

namespace grundy::quotient_checkpoint_test {
namespace {

using testing::read_file;
using testing::scratch;

std::string path(const std::string& name) { return (scratch().path() / name).string(); }

const HeapRuleset& heap_game(const std::string& name) {
  static std::vector<std::unique_ptr<Ruleset>> kept;
  kept.push_back(parse_ruleset(name));
  return *heap_ruleset_of(*kept.back());
}

// Everything a quotient shows, as text.
std::string shown(const MisereQuotient& q) {
  std::string text = q.ruleset_name() + " " + std::to_string(q.max_heap()) + " " +
                     q.presentation() + " note:" + q.limit_note() + " P:";
  for (auto x : q.p_portion()) text += q.name(x) + ",";
  text += " phi:";
  for (auto x : q.pretending()) text += q.name(x) + ",";
  text += " table:";
  for (MisereQuotient::Element x = 0; x < q.order(); ++x)
    for (MisereQuotient::Element y = 0; y < q.order(); ++y)
      text += std::to_string(q.multiply(x, y)) + ",";
  if (q.period())
    text += " period:" + std::to_string(q.period()->preperiod) + "+" +
            std::to_string(q.period()->period) + (q.period()->proven ? "!" : "?");
  text += " tame:" + std::string(!q.tame() ? "?" : *q.tame() ? "1" : "0");
  return text;
}

void write_bytes(const std::string& file, const std::string& bytes) {
  std::FILE* f = std::fopen(file.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  std::fwrite(bytes.data(), 1, bytes.size(), f);
  std::fclose(f);
}

// Every state saved on the way to heap `first`, resumed (in memory, and
// two of them read back from their file) to heap `last`, against one run
// to `last`.
std::string expect_resumes(const std::string& code, Heap first, Heap last,
                           QuotientOptions options = {}) {
  SCOPED_TRACE(code);
  const HeapRuleset& game = heap_game(code);
  options.max_heap = last;
  const std::string whole = shown(misere_quotient(game, options));

  std::vector<QuotientState> states;
  QuotientOptions first_run = options;
  first_run.max_heap = first;
  first_run.save_every = 0;
  first_run.save = [&](const QuotientState& state) { states.push_back(state); };
  const MisereQuotient before = misere_quotient(game, first_run);
  EXPECT_FALSE(states.empty());
  if (states.empty()) return whole;
  EXPECT_EQ(states.back().heaps_done(), before.max_heap());
  for (const QuotientState& state : states) {
    SCOPED_TRACE("after heap " + std::to_string(state.heaps_done()));
    QuotientOptions resumed = options;
    resumed.resume = &state;
    EXPECT_EQ(shown(misere_quotient(game, resumed)), whole);

    // Through a file too, for two of the states (each write waits for the
    // disk).
    if (&state != &states.back() && &state != &states[states.size() / 2]) continue;
    const std::string file = path("round-trip.qck");
    write_quotient_checkpoint(file, state, {{"json", "1"}});
    const QuotientCheckpoint read = read_quotient_checkpoint(file);
    EXPECT_EQ(read.request.ruleset, game.name());
    EXPECT_EQ(read.request.front_end, (std::map<std::string, std::string>{{"json", "1"}}));
    EXPECT_EQ(read.request.options.max_heap, first);
    EXPECT_EQ(read.state.heaps_done(), state.heaps_done());
    EXPECT_EQ(read.state.stop_note(), state.stop_note());
    resumed.resume = &read.state;
    EXPECT_EQ(shown(misere_quotient(game, resumed)), whole);
  }
  return whole;
}

QuotientOptions without_learning() {
  QuotientOptions options;
  options.max_learning_positions = 0;
  options.recalibrate = false;
  return options;
}

TEST(QuotientCheckpoint, ResumedRunsEqualOneRun) {
  expect_resumes("0.75", 12, 24, without_learning());
  expect_resumes("kayles", 10, 16, without_learning());
  // 0.312 needs the finer base at heap 4 (docs/misere-quotients.md).
  expect_resumes("0.312", 6, 10, without_learning());
  // A run that stops early (no recalibration, no learning: 0.14 stops before
  // heap 14, see docs/misere-quotients.md) stops there again when resumed
  // further.
  const std::string stopped = expect_resumes("0.14", 15, 16, without_learning());
  EXPECT_NE(stopped.find("note:heap 14 could not be adjoined"), std::string::npos) << stopped;
  // With recalibration the same heaps go through (heap 14 recalibrated).
  QuotientOptions recalibrating;
  recalibrating.max_learning_positions = 0;
  const std::string through = expect_resumes("0.14", 15, 16, recalibrating);
  EXPECT_EQ(through.find("note:heap"), std::string::npos) << through;
}

// With refinement off and a small budget (as in
// tests/stress/misere_quotient_test.cpp), 0.64's heaps 7..9 are learned:
// without learning its quotient stops at heap 6.
TEST(QuotientCheckpoint, LearnedHeapsResume) {
  QuotientOptions options;
  options.max_elements = 48;
  options.max_refinements = 0;
  options.recalibrate = false;
  options.max_verify_states = 20'000;
  options.stop_at_limit = true;
  options.decide_tame = false;
  options.max_learning_positions = 0;
  options.max_heap = 9;
  ASSERT_EQ(misere_quotient(heap_game("0.64"), options).max_heap(), 6u);
  options.max_learning_positions = 20'000;
  const std::string whole = expect_resumes("0.64", 8, 9, options);
  EXPECT_EQ(whole.find("note:"), whole.find("note: P:")) << whole;  // no stop
  EXPECT_EQ(whole.rfind("0.64 9 ", 0), 0u) << whole;
}

TEST(QuotientCheckpoint, RequestRoundTrip) {
  QuotientRunRequest request;
  request.ruleset = "0.137";
  request.options.max_heap = 77;
  request.options.max_elements = 300;
  request.options.max_learning_positions = 0;
  request.options.verify = false;
  request.options.stop_when_proven = true;
  request.options.recalibrate = false;
  request.front_end = {{"json", "1"}, {"note", "a front end's own words"}};
  const QuotientRunRequest back = decode_quotient_request(encode_quotient_request(request), "x");
  EXPECT_EQ(encode_quotient_request(back), encode_quotient_request(request));
  EXPECT_EQ(back.options.max_heap, 77u);
  EXPECT_EQ(back.options.max_learning_positions, 0u);
  EXPECT_TRUE(back.options.stop_when_proven);
  EXPECT_FALSE(back.options.recalibrate);
  EXPECT_EQ(back.front_end, request.front_end);  // kept, not read
  const std::string text = encode_quotient_request(request);
  // A request written before recalibration existed (no such line) continues
  // without it, as it was made.
  QuotientRunRequest fresh;
  fresh.ruleset = "0.07";
  const std::string now = encode_quotient_request(fresh);
  const std::size_t line = now.find("recalibrate=1\n");
  ASSERT_NE(line, std::string::npos) << now;
  EXPECT_TRUE(decode_quotient_request(now, "x").options.recalibrate);
  const std::string older = now.substr(0, line) + now.substr(line + 14);
  EXPECT_FALSE(decode_quotient_request(older, "x").options.recalibrate);
  EXPECT_THROW(decode_quotient_request(now + "recalibrate=1\n", "x"), InputError);
  for (const std::string& broken :
       {text.substr(0, text.size() - 1), text + "Extra=1\n", text + "json=1\n",
        // A line of the library's missing, however many the front end has.
        text.substr(0, text.find("max_exponent")) + text.substr(text.find("max_verify_states")),
        std::string("ruleset=0.137\n"), text.substr(0, text.find("max_heap")) + "max_heap=x\n" +
                                            text.substr(text.find("max_elements"))})
    EXPECT_THROW(decode_quotient_request(broken, "x"), InputError) << broken;
}

// A checkpoint of 0.75 to heap 10, to be damaged.
std::string good_checkpoint() {
  const HeapRuleset& game = heap_game("0.75");
  QuotientOptions options;
  options.max_heap = 10;
  std::optional<QuotientState> last;
  options.save = [&](const QuotientState& state) { last = state; };
  misere_quotient(game, options);
  const std::string file = path("good.qck");
  write_quotient_checkpoint(file, *last);
  return read_file(file);
}

void fix_checksum(std::string& bytes) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (std::size_t i = 0; i + 8 < bytes.size(); ++i) {
    hash ^= static_cast<unsigned char>(bytes[i]);
    hash *= 0x100000001b3ULL;
  }
  for (std::size_t i = 0; i < 8; ++i)
    bytes[bytes.size() - 8 + i] = static_cast<char>((hash >> (8 * i)) & 0xff);
}

void expect_refused(const std::string& bytes, const std::string& why) {
  const std::string file = path("bad.qck");
  write_bytes(file, bytes);
  try {
    read_quotient_checkpoint(file);
    ADD_FAILURE() << "accepted: " << why;
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(file), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << e.what();
  }
}

TEST(QuotientCheckpoint, DamagedFilesAreRefused) {
  const std::string good = good_checkpoint();
  EXPECT_THROW(read_quotient_checkpoint(path("missing.qck")), InputError);
  expect_refused("", "wrong magic number");
  expect_refused("GRUNDYSQ" + good.substr(8), "wrong magic number");
  for (std::size_t length : {std::size_t{8}, std::size_t{12}, std::size_t{40}, good.size() / 2,
                             good.size() - 1})
    expect_refused(good.substr(0, length), "");
  std::string flipped = good;
  flipped[good.size() / 2] = static_cast<char>(flipped[good.size() / 2] ^ 1);
  expect_refused(flipped, "checksum mismatch");
  // Damage behind a right checksum (a forged file): every byte of the state
  // changed in turn is read without a crash, refused or not; these changes
  // are refused, each by the check that it breaks.
  const std::size_t state_at = good.find("recalibrate=1\n") + 14;  // the request's last line
  for (std::size_t i = state_at; i + 8 < good.size(); ++i) {
    std::string forged = good;
    forged[i] = static_cast<char>(forged[i] ^ 0x01);
    fix_checksum(forged);
    try {
      (void)parse_quotient_checkpoint(forged, "forged");
    } catch (const InputError&) {
    }
  }
  const std::size_t m = parse_quotient_checkpoint(good, "good").state.order();
  ASSERT_GE(m, 3u);
  const std::size_t table_at = state_at + 12, p_at = table_at + 4 * m * m;
  const auto forge = [&](std::size_t at, char value) {
    std::string forged = good;
    forged[at] = value;
    fix_checksum(forged);
    return forged;
  };
  expect_refused(forge(table_at + 4 * 1, 2), "element 0 is not the identity");
  const char product = good[table_at + 4 * (1 * m + 2)];
  expect_refused(forge(table_at + 4 * (1 * m + 2), product == 0 ? 1 : 0), "does not commute");
  expect_refused(forge(table_at + 4 * (1 * m + 2) + 3, 1), "outside the quotient");
  // A product changed on both sides: still commutative, with identity 0,
  // but no longer associative.
  {
    std::string forged = good;
    const char other = static_cast<char>((product + 1) % static_cast<int>(m));
    forged[table_at + 4 * (1 * m + 2)] = other;
    forged[table_at + 4 * (2 * m + 1)] = other;
    fix_checksum(forged);
    expect_refused(forged, "not associative");
  }
  expect_refused(forge(p_at, 1), "heap 0 is not the empty game");
  // A P-bit changed: no longer reduced, or wrong on some sum.
  expect_refused(forge(p_at + 1, static_cast<char>(good[p_at + 1] ^ 1)), "");
  expect_refused(forge(p_at + 1, 2), "P-portion is malformed");
  // The representative of element 0 is the empty sum: count 0, tokens 0.
  expect_refused(forge(p_at + m + 4, 1), "representative");
}

TEST(QuotientCheckpoint, MismatchedResumesAreRefused) {
  const HeapRuleset& game = heap_game("0.75");
  QuotientOptions options;
  options.max_heap = 8;
  std::optional<QuotientState> last;
  options.save = [&](const QuotientState& state) { last = state; };
  misere_quotient(game, options);
  ASSERT_TRUE(last);
  QuotientOptions other = options;
  other.save = nullptr;
  other.resume = &*last;
  EXPECT_THROW(misere_quotient(heap_game("kayles"), other), InputError);
  other.max_heap = 7;
  EXPECT_THROW(misere_quotient(game, other), InputError);
  other.max_heap = 9;
  other.max_elements = 100;
  EXPECT_THROW(misere_quotient(game, other), InputError);
  other.max_elements = options.max_elements;
  other.max_learning_positions = 0;
  EXPECT_THROW(misere_quotient(game, other), InputError);

  const std::string file = path("mismatch.qck");
  write_quotient_checkpoint(file, *last);
  const QuotientCheckpoint read = read_quotient_checkpoint(file);
  QuotientRunGiven given;
  given.max_heap = 40;
  EXPECT_EQ(resumed_quotient_request(read, given, file).options.max_heap, 40u);
  given.max_heap = 7;
  EXPECT_THROW(resumed_quotient_request(read, given, file), InputError);
  given.max_heap.reset();
  given.ruleset = "0.77";
  EXPECT_THROW(resumed_quotient_request(read, given, file), InputError);
  given.ruleset = "0.75";
  given.max_elements = 10;
  EXPECT_THROW(resumed_quotient_request(read, given, file), InputError);
}

}  // namespace
}  // namespace grundy::quotient_checkpoint_test
