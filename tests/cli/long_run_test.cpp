// Long runs of `grundy values`: a run killed with SIGKILL at a random moment
// and resumed from its checkpoint ends byte-identical to an uninterrupted run;
// Ctrl-C (SIGINT) stops cleanly with a usable checkpoint; corrupt or
// mismatched checkpoints are refused with a clear error.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <random>
#include <thread>

#include "support/process.h"

namespace grundy {
namespace {

using testing::read_file;
using testing::run_program;
using testing::scratch;

std::string path(const std::string& name) { return (scratch().path() / name).string(); }

// Starts grundy with `args` in the background; stdout and stderr to /dev/null.
pid_t spawn(const std::vector<std::string>& args) {
  std::fflush(nullptr);  // or the child would repeat buffered output
  const pid_t pid = ::fork();
  if (pid == 0) {
    std::vector<char*> argv;
    std::string program = GRUNDY_CLI_PATH;
    argv.push_back(program.data());
    std::vector<std::string> copy = args;
    for (auto& a : copy) argv.push_back(a.data());
    argv.push_back(nullptr);
    std::freopen("/dev/null", "w", stdout);
    std::freopen("/dev/null", "w", stderr);
    ::execv(GRUNDY_CLI_PATH, argv.data());
    ::_exit(127);
  }
  return pid;
}

int wait_status(pid_t pid) {
  int status = 0;
  ::waitpid(pid, &status, 0);
  return status;
}

// Officers (0.6) up to a size that takes a noticeable time, measured first.
struct Reference {
  std::string to;
  std::string bytes;
  double seconds;
};

const Reference& reference() {
  static const Reference r = [] {
    Reference ref;
    for (int shift = 18;; ++shift) {
      ref.to = std::to_string((1 << shift) - 1);
      const auto began = std::chrono::steady_clock::now();
      const auto run = run_program(GRUNDY_CLI_PATH, {"values", "0.6", "--to", ref.to, "--out", path("reference.bin")});
      ref.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
      EXPECT_EQ(run.status, 0) << run.err;
      if (ref.seconds > 0.8 || shift == 26) break;
    }
    ref.bytes = read_file(path("reference.bin"));
    return ref;
  }();
  return r;
}

TEST(LongRun, KilledRunResumesToIdenticalResult) {
  const Reference& ref = reference();
  const unsigned seed = static_cast<unsigned>(std::random_device{}());
  std::mt19937 rng(seed);
  for (int round = 0; round < 3; ++round) {
    SCOPED_TRACE("seed " + std::to_string(seed) + " round " + std::to_string(round));
    const std::string checkpoint = path("killed.ck"), out = path("resumed.bin");
    std::remove(checkpoint.c_str());
    const pid_t pid = spawn({"values", "0.6", "--to", ref.to, "--checkpoint", checkpoint,
                             "--checkpoint-every", "0.02"});
    const int delay_ms = 50 + static_cast<int>(rng() % static_cast<unsigned>(ref.seconds * 700));
    std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
    ::kill(pid, SIGKILL);
    wait_status(pid);
    std::vector<std::string> args = {"values", "0.6", "--to", ref.to, "--out", out};
    if (!read_file(checkpoint).empty()) {
      args.insert(args.end(), {"--resume", checkpoint, "--checkpoint", checkpoint});
    }
    const auto run = run_program(GRUNDY_CLI_PATH, args);
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_TRUE(read_file(out) == ref.bytes) << "resumed sequence differs (killed after " << delay_ms << " ms)";
  }
}

TEST(LongRun, InterruptStopsCleanlyAndResumes) {
  const Reference& ref = reference();
  const std::string checkpoint = path("interrupted.ck"), out = path("after-interrupt.bin");
  const pid_t pid = spawn({"values", "0.6", "--to", ref.to, "--checkpoint", checkpoint});
  std::this_thread::sleep_for(std::chrono::milliseconds(static_cast<int>(ref.seconds * 300)));
  ::kill(pid, SIGINT);
  const int status = wait_status(pid);
  ASSERT_TRUE(WIFEXITED(status));
  // 130 when stopped; 0 if it happened to finish first.
  EXPECT_TRUE(WEXITSTATUS(status) == 130 || WEXITSTATUS(status) == 0) << WEXITSTATUS(status);
  const auto run = run_program(GRUNDY_CLI_PATH, {"values", "0.6", "--to", ref.to, "--resume",
                                                 checkpoint, "--out", out});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_TRUE(read_file(out) == ref.bytes);
}

TEST(LongRun, CorruptOrMismatchedCheckpointsAreRefused) {
  const std::string good = path("good.ck");
  auto run = run_program(GRUNDY_CLI_PATH, {"values", "0.77", "--to", "5000", "--checkpoint", good});
  ASSERT_EQ(run.status, 0) << run.err;
  std::string bytes = read_file(good);
  ASSERT_GT(bytes.size(), 100u);

  const std::string corrupt = path("corrupt.ck");
  std::string flipped = bytes;
  flipped[bytes.size() / 2] ^= 0x01;
  std::ofstream(corrupt, std::ios::binary) << flipped;
  run = run_program(GRUNDY_CLI_PATH, {"values", "0.77", "--to", "6000", "--resume", corrupt, "--stats"});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("checksum"), std::string::npos) << run.err;

  const std::string truncated = path("truncated.ck");
  std::ofstream(truncated, std::ios::binary) << bytes.substr(0, bytes.size() - 11);
  run = run_program(GRUNDY_CLI_PATH, {"values", "0.77", "--to", "6000", "--resume", truncated, "--stats"});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("truncated.ck"), std::string::npos) << run.err;

  run = run_program(GRUNDY_CLI_PATH, {"values", "0.07", "--to", "6000", "--resume", good, "--stats"});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("0.77"), std::string::npos) << run.err;

  run = run_program(GRUNDY_CLI_PATH, {"values", "0.77", "--to", "6000", "--resume", good, "--stats", "--json"});
  EXPECT_EQ(run.status, 0) << run.err;
}

TEST(LongRun, MaxMemoryRefusesUpFront) {
  const auto run = run_program(GRUNDY_CLI_PATH, {"values", "0.6", "--to", "4000000000", "--max-memory", "1G", "--stats"});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("MiB"), std::string::npos) << run.err;
}

}  // namespace
}  // namespace grundy
