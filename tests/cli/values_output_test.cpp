// No lost results in `grundy values`: a checkpoint records the whole request,
// so that `--resume FILE` alone finishes it (the defect: it computed the
// default 0..30 and wrote those 31 values over a file of 1,000,001); an
// --out file is replaced only by a result covering what it held; a new run
// does not overwrite an existing checkpoint.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "grundy/solve/sequence_file.h"
#include "grundy/solve/sequence_request.h"
#include "support/cli.h"
#include "support/process.h"

namespace grundy::values_output_test {
namespace {

using testing::grundy_cli;
using testing::read_file;

std::string path(const std::string& name) { return (testing::scratch().path() / name).string(); }

// G(0..to) of `code`, written by an uninterrupted run to a fresh file.
std::string reference(const std::string& code, const std::string& to, const std::string& name) {
  const std::string file = path(name);
  std::remove(file.c_str());
  const auto run = grundy_cli({"values", code, "--to", to, "--out", file});
  EXPECT_EQ(run.status, 0) << run.err;
  return read_file(file);
}

TEST(ValuesOutput, ResumeAloneFinishesTheRecordedRequest) {
  const std::string expected = reference("0.6", "20000", "officers-ref.bin");
  const std::string out = path("officers.bin"), checkpoint = path("officers.ck");
  // An earlier, complete result of the same request is in place.
  std::ofstream(out, std::ios::binary) << expected;
  // A checkpoint as a run stopped early leaves it: G(0..999) of the request
  // 0.6 --to 20000 --out officers.bin.
  const SequenceFile finished = read_sequence_file(path("officers-ref.bin"));
  SequenceRequest request;
  request.ruleset = "0.6";
  request.to = 20000;
  // The command's own record, as it writes it (values_command.cpp).
  request.front_end = {
      {"out", request_path(out)}, {"plot", ""}, {"stats", "0"}, {"json", "0"}, {"csv", "0"}};
  write_sequence_file(checkpoint, "0.6", 0, finished.values.data(), 1000, &request);

  // Resumed with options that say otherwise: refused, nothing touched.
  testing::expect_bad_input({"values", "--resume", checkpoint, "--to", "30"}, "--to 30");
  testing::expect_bad_input({"values", "0.6", "--resume", checkpoint, "--out", path("x.bin")},
                            "--out");
  testing::expect_bad_input({"values", "kayles", "--resume", checkpoint}, "'0.6'");
  // The command's own record (sequence_request.h's front-end record) is
  // checked as the library's fields are.
  testing::expect_bad_input({"values", "--resume", checkpoint, "--json"},
                            "--json disagrees with checkpoint");
  testing::expect_bad_input({"values", "--resume", checkpoint, "--plot", path("p.svg")},
                            "which was made for --plot none");
  EXPECT_TRUE(read_file(out) == expected);

  // Resumed alone.
  auto run = grundy_cli({"values", "--resume", checkpoint});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_TRUE(read_file(out) == expected);
  // The resumed run saved its progress to the checkpoint it came from.
  const SequenceFile saved = read_sequence_file(checkpoint);
  EXPECT_EQ(saved.values.size(), 20001u);
  ASSERT_TRUE(saved.request.has_value());
  EXPECT_EQ(*saved.request, request);
}

TEST(ValuesOutput, OutIsReplacedOnlyByACoveringResult) {
  const std::string out = path("kept.bin");
  std::remove(out.c_str());
  ASSERT_EQ(grundy_cli({"values", "0.6", "--from", "10", "--to", "5000", "--out", out}).status, 0);
  const std::string held = read_file(out);
  testing::expect_bad_input({"values", "0.6", "--to", "30", "--out", out}, "G(10..5000)");
  testing::expect_bad_input({"values", "0.6", "--from", "11", "--to", "9000", "--out", out},
                            "kept.bin");
  testing::expect_bad_input({"values", "kayles", "--to", "9000", "--out", out}, "'0.6'");
  EXPECT_TRUE(read_file(out) == held);
  // Covering it: replaced.
  ASSERT_EQ(grundy_cli({"values", "0.6", "--to", "5000", "--out", out}).status, 0);
  EXPECT_EQ(read_sequence_file(out).values.size(), 5001u);

  // CSV: the range on its first and last lines.
  const std::string csv = path("kept.csv");
  std::remove(csv.c_str());
  ASSERT_EQ(grundy_cli({"values", "nim", "--from", "5", "--to", "900", "--out", csv}).status, 0);
  const std::string held_csv = read_file(csv);
  testing::expect_bad_input({"values", "nim", "--to", "899", "--out", csv}, "n = 5..900");
  EXPECT_EQ(read_file(csv), held_csv);
  ASSERT_EQ(grundy_cli({"values", "nim", "--from", "5", "--to", "901", "--out", csv}).status, 0);
  EXPECT_NE(read_file(csv).find("\n901,901\n"), std::string::npos);

  // A file that is not grundy's is never replaced; an empty one is.
  const std::string foreign = path("notes.bin");
  std::ofstream(foreign) << "my notes\n";
  testing::expect_bad_input({"values", "0.6", "--to", "30", "--out", foreign}, "notes.bin");
  EXPECT_EQ(read_file(foreign), "my notes\n");
  const std::string empty = path("empty.csv");
  std::ofstream(empty).flush();
  EXPECT_EQ(grundy_cli({"values", "0.6", "--to", "30", "--out", empty}).status, 0);
}

TEST(ValuesOutput, CheckpointsAreNotOverwrittenAndOldFilesNeedTheirRange) {
  const std::string checkpoint = path("busy.ck");
  std::remove(checkpoint.c_str());
  ASSERT_EQ(grundy_cli({"values", "0.6", "--to", "3000", "--checkpoint", checkpoint}).status, 0);
  const std::string held = read_file(checkpoint);
  // A new run would replace it with fewer values at its first save.
  testing::expect_bad_input({"values", "0.6", "--to", "30", "--checkpoint", checkpoint},
                            "--resume");
  testing::expect_bad_input({"values", "kayles", "--to", "30", "--checkpoint", checkpoint},
                            "already exists");
  EXPECT_TRUE(read_file(checkpoint) == held);
  // Resuming it and saving to it is fine.
  EXPECT_EQ(grundy_cli({"values", "--resume", checkpoint, "--checkpoint", checkpoint}).status, 0);

  // An --out file records no request: resuming from it needs the range.
  const std::string plain = path("plain.bin");
  std::remove(plain.c_str());
  ASSERT_EQ(grundy_cli({"values", "0.6", "--to", "3000", "--out", plain}).status, 0);
  testing::expect_bad_input({"values", "0.6", "--resume", plain}, "--to");
  EXPECT_EQ(grundy_cli({"values", "0.6", "--resume", plain, "--to", "4000", "--stats"}).status, 0);
  testing::expect_bad_input({"values"}, "ruleset");
}

}  // namespace
}  // namespace grundy::values_output_test
