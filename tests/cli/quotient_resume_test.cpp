// Checkpoints of `grundy quotient` (docs/misere-quotients.md,
// "Checkpoints"): a run killed with SIGKILL or stopped with Ctrl-C (SIGINT)
// at a random moment and resumed from its checkpoint alone prints exactly
// what one uninterrupted run prints, as text and as JSON, also when resumed
// to a larger --max-heap; damaged or mismatched checkpoints are refused with
// one line and exit status 2; --learning-limit bounds the learning step.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "support/process.h"

namespace grundy::quotient_resume_test {
namespace {

using testing::read_file;
using testing::run_program;
using testing::scratch;
using testing::wait_for_file_or_end;
using testing::wait_status;

std::string path(const std::string& name) { return (scratch().path() / name).string(); }

// Starts grundy with `args` in the background; stdout to /dev/null, stderr
// to `err` (/dev/null when empty).
pid_t spawn(const std::vector<std::string>& args, const std::string& err = "") {
  return testing::spawn_program(GRUNDY_CLI_PATH, args, err);
}

// Kayles to heap 64 (docs/misere-quotients.md: covered there), and to heap
// 40 for a first run resumed further: one uninterrupted run of each, as
// text and as JSON, and the time of one.
struct Reference {
  std::string text, json, text40, json40;
  double seconds = 0;
};

const Reference& reference() {
  static const Reference r = [] {
    Reference ref;
    const auto began = std::chrono::steady_clock::now();
    const auto text = run_program(GRUNDY_CLI_PATH, {"quotient", "kayles", "--max-heap", "64"});
    ref.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    EXPECT_EQ(text.status, 0) << text.err;
    ref.text = text.out;
    ref.json = run_program(GRUNDY_CLI_PATH, {"quotient", "kayles", "--max-heap", "64", "--json"}).out;
    ref.text40 = run_program(GRUNDY_CLI_PATH, {"quotient", "kayles", "--max-heap", "40"}).out;
    ref.json40 =
        run_program(GRUNDY_CLI_PATH, {"quotient", "kayles", "--max-heap", "40", "--json"}).out;
    return ref;
  }();
  return r;
}

// Killed (SIGKILL) at random moments, text and JSON: the checkpoint alone
// finishes the request, exactly as one run does.
TEST(QuotientResume, KilledRunResumesToIdenticalOutput) {
  const Reference& ref = reference();
  const unsigned seed = static_cast<unsigned>(std::random_device{}());
  std::mt19937 rng(seed);
  for (int round = 0; round < 3; ++round) {
    SCOPED_TRACE("seed " + std::to_string(seed) + " round " + std::to_string(round));
    const bool json = round % 2 == 1;
    const std::string checkpoint = path("killed.qck");
    std::remove(checkpoint.c_str());
    std::vector<std::string> request = {"quotient", "kayles", "--max-heap", "64",
                                        "--checkpoint", checkpoint};
    if (json) request.push_back("--json");
    std::vector<std::string> args = request;
    args.insert(args.end(), {"--checkpoint-every", "0.1"});
    const pid_t pid = spawn(args);
    const int delay_ms = 10 + static_cast<int>(rng() % (1 + static_cast<unsigned>(ref.seconds * 900)));
    std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
    ::kill(pid, SIGKILL);
    wait_status(pid);
    args = request;
    if (!read_file(checkpoint).empty()) args = {"quotient", "--resume", checkpoint};
    const auto run = run_program(GRUNDY_CLI_PATH, args);
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.out, json ? ref.json : ref.text) << "killed after " << delay_ms << " ms";
  }
}

// Ctrl-C saves the last heap done and says how to go on; a first run to
// heap 40 resumed to heap 64 prints what one run to 64 prints.
TEST(QuotientResume, InterruptedRunResumesFurther) {
  const Reference& ref = reference();
  const unsigned seed = static_cast<unsigned>(std::random_device{}());
  std::mt19937 rng(seed);
  for (const bool json : {false, true}) {
    SCOPED_TRACE("seed " + std::to_string(seed) + (json ? " json" : " text"));
    const std::string checkpoint = path("interrupted.qck"), err = path("interrupted.err");
    std::remove(checkpoint.c_str());
    std::vector<std::string> args = {"quotient", "kayles", "--max-heap", "40", "--checkpoint",
                                     checkpoint, "--checkpoint-every", "0.1"};
    if (json) args.push_back("--json");
    const pid_t pid = spawn(args, err);
    // Ctrl-C once the run has saved its first checkpoint (so it is inside
    // the computation, its handler set), after a random further delay. A
    // fixed delay from the start raced the program's start-up on a loaded
    // machine: the signal came before the handler and killed it.
    wait_for_file_or_end(pid, checkpoint);
    const int delay_ms = static_cast<int>(rng() % (1 + static_cast<unsigned>(ref.seconds * 300)));
    std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
    ::kill(pid, SIGINT);
    const int status = wait_status(pid);
    // 130 when stopped; 0 if it finished first; killed by the signal itself
    // only if it came after the run had ended and its handler was removed
    // (while printing), as Ctrl-C ends any program there.
    if (WIFSIGNALED(status)) {
      EXPECT_EQ(WTERMSIG(status), SIGINT);
    } else {
      ASSERT_TRUE(WIFEXITED(status));
      EXPECT_TRUE(WEXITSTATUS(status) == 130 || WEXITSTATUS(status) == 0) << WEXITSTATUS(status);
      if (WEXITSTATUS(status) == 130)
        EXPECT_NE(read_file(err).find("--resume " + checkpoint), std::string::npos)
            << read_file(err);
    }
    ASSERT_FALSE(read_file(checkpoint).empty()) << "no checkpoint saved";
    // To the recorded heap bound, then further (the checkpoint is saved again
    // at the end of each run).
    auto run = run_program(GRUNDY_CLI_PATH, {"quotient", "--resume", checkpoint});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.out, json ? ref.json40 : ref.text40);
    run = run_program(GRUNDY_CLI_PATH, {"quotient", "--resume", checkpoint, "--max-heap", "64"});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.out, json ? ref.json : ref.text);
  }
}

void expect_refused(const std::vector<std::string>& args, const std::string& words) {
  const auto run = run_program(GRUNDY_CLI_PATH, args);
  EXPECT_EQ(run.status, 2) << run.out << run.err;
  EXPECT_TRUE(run.out.empty()) << run.out;
  EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
  EXPECT_NE(run.err.find(words), std::string::npos) << run.err;
}

TEST(QuotientResume, BadCheckpointsAreRefused) {
  const std::string checkpoint = path("small.qck");
  std::remove(checkpoint.c_str());
  auto run = run_program(GRUNDY_CLI_PATH, {"quotient", "0.75", "--max-heap", "12", "--checkpoint",
                                           checkpoint});
  ASSERT_EQ(run.status, 0) << run.err;
  const std::string good = read_file(checkpoint);
  // A new run never replaces a checkpoint.
  expect_refused({"quotient", "0.75", "--max-heap", "12", "--checkpoint", checkpoint},
                 "already exists");
  // Options given again must agree; the heap bound may only grow.
  expect_refused({"quotient", "kayles", "--resume", checkpoint}, "disagrees");
  expect_refused({"quotient", "--resume", checkpoint, "--max-elements", "100"}, "--max-elements");
  expect_refused({"quotient", "--resume", checkpoint, "--learning-limit", "0"}, "--learning-limit");
  expect_refused({"quotient", "--resume", checkpoint, "--no-recalibration"},
                 "--no-recalibration");
  expect_refused({"quotient", "--resume", checkpoint, "--json"}, "--json");
  expect_refused({"quotient", "--resume", checkpoint, "--max-heap", "11"}, "--max-heap");
  expect_refused({"quotient", "--resume", path("absent.qck")}, "absent.qck");
  expect_refused({"quotient", "--max-heap", "5"}, "needs a ruleset");
  // Damaged files, and a sequence checkpoint, are not quotient checkpoints.
  const std::string bad = path("bad.qck");
  const auto write = [&](const std::string& bytes) {
    std::FILE* f = std::fopen(bad.c_str(), "wb");
    std::fwrite(bytes.data(), 1, bytes.size(), f);
    std::fclose(f);
  };
  write(good.substr(0, good.size() / 2));
  expect_refused({"quotient", "--resume", bad}, "not a usable grundy quotient checkpoint");
  std::string flipped = good;
  flipped[good.size() - 20] = static_cast<char>(flipped[good.size() - 20] ^ 4);
  write(flipped);
  expect_refused({"quotient", "--resume", bad}, "checksum");
  const std::string values = path("values.ck");
  std::remove(values.c_str());
  ASSERT_EQ(run_program(GRUNDY_CLI_PATH, {"values", "0.6", "--to", "100", "--checkpoint", values})
                .status,
            0);
  expect_refused({"quotient", "--resume", values}, "wrong magic number");
  // The finished checkpoint itself gives the same output again.
  run = run_program(GRUNDY_CLI_PATH, {"quotient", "--resume", checkpoint});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, run_program(GRUNDY_CLI_PATH, {"quotient", "0.75", "--max-heap", "12"}).out);
}

// Without recalibration 0.14's heap 14 is learned (docs/misere-quotients.md,
// "Learning"): without the learning step the quotient stops before it, and
// says why; with a budget of 100 sums, learning runs and runs out of it.
TEST(QuotientResume, LearningLimitBoundsLearning) {
  auto run = run_program(GRUNDY_CLI_PATH, {"quotient", "0.14", "--max-heap", "14",
                                           "--learning-limit", "0", "--no-recalibration"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("misère quotient of heaps 0..13\n"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("stopped: heap 14 could not be adjoined"), std::string::npos) << run.out;
  EXPECT_EQ(run.out.find("learning"), std::string::npos) << run.out;
  run = run_program(GRUNDY_CLI_PATH, {"quotient", "0.14", "--max-heap", "14", "--learning-limit",
                                      "100", "--no-recalibration"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("learning: more than 100 sums to solve"), std::string::npos) << run.out;
}

}  // namespace
}  // namespace grundy::quotient_resume_test
