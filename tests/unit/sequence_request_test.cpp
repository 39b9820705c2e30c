// solve/sequence_request.h and the checkpoint form of solve/sequence_file.h:
// a request survives the file with the front end's record unread, settings
// given on resuming are checked against it, and files of version 1 still
// read.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <string>

#include "grundy/core/error.h"
#include "grundy/core/front_end_words.h"
#include "grundy/solve/sequence_file.h"
#include "grundy/solve/sequence_request.h"
#include "present/command_line_words.h"

namespace grundy::sequence_request_test {
namespace {

std::string temporary(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("grundy-request-" + name)).string();
}

SequenceRequest sample() {
  SequenceRequest r;
  r.ruleset = "0.6";
  r.from = 7;
  r.to = 1'000'000;
  // The command line's record (its --out, --plot, --stats, --csv).
  r.front_end = {{"out", "/data/officers.csv"}, {"plot", ""}, {"stats", "1"}, {"csv", "1"}};
  return r;
}

TEST(SequenceRequest, TextRoundTrip) {
  const SequenceRequest r = sample();
  EXPECT_EQ(decode_sequence_request(encode_sequence_request(r), "x"), r);
  // The save interval only when given: a request without it encodes as
  // before, one with it round-trips; 0 or a non-number is refused.
  EXPECT_EQ(encode_sequence_request(r).find("checkpoint_every"), std::string::npos);
  SequenceRequest timed = r;
  timed.checkpoint_every_us = 250000;
  EXPECT_EQ(decode_sequence_request(encode_sequence_request(timed), "x"), timed);
  EXPECT_NE(decode_sequence_request(encode_sequence_request(timed), "x"), r);
  EXPECT_THROW(decode_sequence_request("ruleset=0.6\nto=5\ncheckpoint_every_us=0\n", "x"),
               InputError);
  EXPECT_THROW(decode_sequence_request("ruleset=0.6\nto=5\ncheckpoint_every_us=1.5\n", "x"),
               InputError);
  EXPECT_THROW(decode_sequence_request("ruleset=0.6\nto=5\nfrom=9\n", "x"), InputError);
  EXPECT_THROW(decode_sequence_request("ruleset=0.6\nto=5\nto=6\n", "x"), InputError);
  // A key no front end could write (not a lower-case word) is refused; any
  // other is the front end's, kept as it is.
  EXPECT_THROW(decode_sequence_request("ruleset=0.6\nto=5\nSpeed=3\n", "x"), InputError);
  EXPECT_THROW(decode_sequence_request("ruleset=0.6\nto=5\n=3\n", "x"), InputError);
  EXPECT_EQ(decode_sequence_request("ruleset=0.6\nto=5\nspeed=3 a=b\n", "x").front_end,
            (std::map<std::string, std::string>{{"speed", "3 a=b"}}));
  EXPECT_THROW(decode_sequence_request("ruleset=0.6\nto=5", "x"), InputError);
  EXPECT_THROW(decode_sequence_request("ruleset=0.6\nto=99999999999999999999\n", "x"), InputError);
  SequenceRequest broken = r;
  broken.front_end["out"] = "a\nb";
  EXPECT_THROW(encode_sequence_request(broken), InputError);
  // A checkpoint written before the record was the front end's reads the
  // same: its lines are the keys the command line records.
  const SequenceRequest old = decode_sequence_request(
      "ruleset=0.6\nfrom=7\nto=1000000\nout=/data/officers.csv\nplot=\nstats=1\njson=0\ncsv=1\n",
      "x");
  EXPECT_EQ(old.front_end.at("out"), "/data/officers.csv");
  EXPECT_EQ(front_end_field(old, "json"), "0");
  EXPECT_EQ(front_end_field(old, "missing"), "");
}

TEST(SequenceRequest, GivenOptionsMustAgree) {
  // The refusals name the options in the front end's words: here the
  // command line's, as `grundy values --resume` shows them.
  struct CommandLineWords {
    CommandLineWords() { set_front_end_words(present::command_line_words()); }
    ~CommandLineWords() { set_front_end_words(library_words()); }
  } words;
  const SequenceRequest r = sample();
  EXPECT_EQ(resumed_request(r, {}, "c.ck"), r);
  SequenceRequestGiven same;
  same.ruleset = "0.6";
  same.to = 1'000'000;
  EXPECT_EQ(resumed_request(r, same, "c.ck"), r);
  const auto refused = [&](const SequenceRequestGiven& given, const std::string& named) {
    try {
      resumed_request(r, given, "c.ck");
      ADD_FAILURE() << "accepted; expected a refusal naming " << named;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(named), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("c.ck"), std::string::npos) << e.what();
    }
  };
  SequenceRequestGiven g;
  g.to = 30;
  refused(g, "--to 30");
  g = {};
  g.from = 0;
  refused(g, "--from");
  g = {};
  g.ruleset = "0.7";
  refused(g, "'0.6'");
  // The front end's own settings are refused in the same words
  // (tests/cli/values_output_test.cpp runs the command's).
  const std::string off = checkpoint_switch_disagreement("--json", false, "c.ck").what();
  EXPECT_EQ(off.rfind("--json disagrees with checkpoint 'c.ck', which was made without it; ", 0),
            0u)
      << off;
  const std::string path = checkpoint_disagreement("--out", "'b'", "c.ck", "'a'").what();
  EXPECT_EQ(path.rfind("--out 'b' disagrees with checkpoint 'c.ck', which was made for --out 'a'", 0),
            0u)
      << path;
}

TEST(SequenceRequest, CheckpointPath) {
  EXPECT_EQ(checkpoint_path("a.ck", "b.ck", true), "a.ck");
  EXPECT_EQ(checkpoint_path("", "b.ck", true), "b.ck");
  EXPECT_EQ(checkpoint_path("", "b.bin", false), "");
  EXPECT_EQ(checkpoint_path("", "", false), "");
}

TEST(SequenceFile, CheckpointCarriesItsRequestAndVersion1StillReads) {
  const std::string file = temporary("checkpoint.ck");
  const ValueSequence values = {0, 0, 1, 2, 0, 1, 2, 3};
  const SequenceRequest r = sample();
  write_sequence_file(file, "0.6", 0, values.data(), values.size(), &r);
  SequenceFile read = read_sequence_file(file);
  EXPECT_EQ(read.values, values);
  ASSERT_TRUE(read.request.has_value());
  EXPECT_EQ(*read.request, r);
  const SequenceFileHeader header = read_sequence_header(file);
  EXPECT_EQ(header.ruleset, "0.6");
  EXPECT_EQ(header.count, values.size());

  write_sequence_file(file, "0.6", 3, values.data(), values.size());
  read = read_sequence_file(file);
  EXPECT_FALSE(read.request.has_value());
  EXPECT_EQ(read.first, 3u);
  EXPECT_EQ(read.values, values);
  EXPECT_EQ(read_sequence_header(file).first, 3u);
  std::filesystem::remove(file);
}

}  // namespace
}  // namespace grundy::sequence_request_test
