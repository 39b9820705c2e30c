// solve/sequence_request.h and the checkpoint form of solve/sequence_file.h:
// a request survives the file, options given on resuming are checked
// against it, and files of version 1 still read.
#include <gtest/gtest.h>

#include <filesystem>
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
  r.out = "/data/officers.csv";
  r.plot = "";
  r.stats = true;
  r.csv = true;
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
  EXPECT_THROW(decode_sequence_request("ruleset=0.6\nto=5\nspeed=3\n", "x"), InputError);
  EXPECT_THROW(decode_sequence_request("ruleset=0.6\nto=5", "x"), InputError);
  EXPECT_THROW(decode_sequence_request("ruleset=0.6\nto=99999999999999999999\n", "x"), InputError);
  SequenceRequest broken = r;
  broken.out = "a\nb";
  EXPECT_THROW(encode_sequence_request(broken), InputError);
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
  same.out = "/data/officers.csv";
  same.stats = true;
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
  g = {};
  g.out = "/data/other.csv";
  refused(g, "--out");
  g = {};
  g.plot = "/data/p.svg";
  refused(g, "--plot");
  g = {};
  g.json = true;
  refused(g, "--json");
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
