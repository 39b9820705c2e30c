// Long runs of `grundy values`: a run killed with SIGKILL at a random moment
// and resumed from its checkpoint alone ends byte-identical to an
// uninterrupted run; Ctrl-C (SIGINT) stops cleanly with a usable checkpoint,
// a resumed run too, and says what it saved; corrupt or mismatched
// checkpoints are refused with a clear error.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>

#include "support/process.h"

namespace grundy::long_run_test {
namespace {

using testing::read_file;
using testing::run_program;
using testing::scratch;
using testing::wait_status;

std::string path(const std::string& name) { return (scratch().path() / name).string(); }

// Starts grundy with `args` in the background; stdout to /dev/null, stderr
// to `err` (/dev/null when empty).
pid_t spawn(const std::vector<std::string>& args, const std::string& err = "") {
  return testing::spawn_program(GRUNDY_CLI_PATH, args, err);
}

// Officers (0.6) up to a size that takes a noticeable time (more than 0.8 s),
// measured first. Its time grows about as the size: from the first run's
// time the next size tried is the one that should pass 0.8 s, so that the
// measurement usually runs two sizes rather than doubling one at a time.
//
// Each test is a process of its own (CTest runs them apart), and the
// reference is the same for all: the first to measure it leaves it in the
// build tree (GRUNDY_TEST_CACHE_DIR), under a name made of the command's
// size and modification time, and the others read it there instead of
// measuring again (two runs of `values` on two threads each, about 2
// CPU-seconds a test). A rebuilt command has another name, so a reference
// is never read by a command that did not write it; two tests that start
// together both measure, and the last rename wins with the same bytes.
struct Reference {
  std::string to;
  std::string bytes;
  double seconds;
};

Reference measure_reference() {
  Reference ref;
  for (int shift = 18;;) {
    ref.to = std::to_string((1 << shift) - 1);
    const auto began = std::chrono::steady_clock::now();
    const auto run = run_program(GRUNDY_CLI_PATH, {"values", "0.6", "--to", ref.to, "--out", path("reference.bin")});
    ref.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    EXPECT_EQ(run.status, 0) << run.err;
    if (ref.seconds > 0.8 || shift == 26) break;
    int step = 1;
    while (step < 4 && ref.seconds * (1 << step) <= 0.8) ++step;
    shift = std::min(26, shift + step);
  }
  ref.bytes = read_file(path("reference.bin"));
  return ref;
}

std::filesystem::path shared_reference_path() {
  const std::filesystem::path command = GRUNDY_CLI_PATH;
  const auto stamp = std::filesystem::last_write_time(command).time_since_epoch().count();
  return std::filesystem::path(GRUNDY_TEST_CACHE_DIR) /
         ("long-run-reference-" + std::to_string(std::filesystem::file_size(command)) + "-" +
          std::to_string(stamp));
}

// The file: "<to> <seconds>\n" and the sequence file's bytes.
const Reference& reference() {
  static const Reference r = [] {
    const std::filesystem::path shared = shared_reference_path();
    const std::string kept = read_file(shared);
    if (const auto eol = kept.find('\n'); eol != std::string::npos) {
      std::istringstream header(kept.substr(0, eol));
      Reference ref;
      if (header >> ref.to >> ref.seconds && !ref.to.empty()) {
        ref.bytes = kept.substr(eol + 1);
        return ref;
      }
    }
    Reference ref = measure_reference();
    if (!::testing::Test::HasFailure()) {
      std::error_code ignored;
      std::filesystem::create_directories(shared.parent_path(), ignored);
      const std::string partial = shared.string() + "." + std::to_string(::getpid());
      std::ofstream(partial, std::ios::binary)
          << ref.to << ' ' << ref.seconds << '\n' << ref.bytes;
      std::filesystem::rename(partial, shared, ignored);
    }
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
    const std::vector<std::string> request = {"values", "0.6", "--to", ref.to, "--out", out,
                                              "--checkpoint", checkpoint};
    std::vector<std::string> args = request;
    args.insert(args.end(), {"--checkpoint-every", "0.02"});
    const pid_t pid = spawn(args);
    const int delay_ms = 50 + static_cast<int>(rng() % static_cast<unsigned>(ref.seconds * 700));
    std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
    ::kill(pid, SIGKILL);
    wait_status(pid);
    // The checkpoint records the request: --resume alone carries it out.
    args = request;
    if (!read_file(checkpoint).empty()) args = {"values", "--resume", checkpoint};
    const auto run = run_program(GRUNDY_CLI_PATH, args);
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_TRUE(read_file(out) == ref.bytes) << "resumed sequence differs (killed after " << delay_ms << " ms)";
  }
}

TEST(LongRun, InterruptStopsCleanlyAndResumes) {
  const Reference& ref = reference();
  const std::string checkpoint = path("interrupted.ck"), out = path("after-interrupt.bin");
  const std::string err = path("interrupted.err");
  const pid_t pid = spawn({"values", "0.6", "--to", ref.to, "--checkpoint", checkpoint, "--out",
                           out},
                          err);
  std::this_thread::sleep_for(std::chrono::milliseconds(static_cast<int>(ref.seconds * 300)));
  ::kill(pid, SIGINT);
  const int status = wait_status(pid);
  ASSERT_TRUE(WIFEXITED(status));
  // 130 when stopped; 0 if it happened to finish first.
  EXPECT_TRUE(WEXITSTATUS(status) == 130 || WEXITSTATUS(status) == 0) << WEXITSTATUS(status);
  if (WEXITSTATUS(status) == 130)
    EXPECT_NE(read_file(err).find("saved to '" + checkpoint + "'"), std::string::npos)
        << read_file(err);
  const auto run = run_program(GRUNDY_CLI_PATH, {"values", "--resume", checkpoint});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_TRUE(read_file(out) == ref.bytes);
}

// Ctrl-C on a run resumed without --checkpoint saves to the checkpoint it
// resumed from, and says so; a run with no checkpoint at all says that
// nothing was saved.
TEST(LongRun, InterruptedResumedRunSavesToItsCheckpoint) {
  const Reference& ref = reference();
  const std::string checkpoint = path("resumed-interrupt.ck"), out = path("resumed-interrupt.bin");
  // A checkpoint of the first values, made by a short run of the same
  // request interrupted once it has saved one (or, on a fast machine,
  // finished). Waiting for the file, not a fixed delay: on a loaded machine
  // the run may not even have started its computation after 100 ms.
  auto started = spawn({"values", "0.6", "--to", ref.to, "--checkpoint", checkpoint, "--out", out,
                        "--checkpoint-every", "0.05"});
  for (int waited = 0; waited < 3000 && read_file(checkpoint).empty(); ++waited)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  ::kill(started, SIGINT);
  wait_status(started);
  ASSERT_FALSE(read_file(checkpoint).empty());
  const std::size_t before = read_file(checkpoint).size();

  const std::string err = path("resumed-interrupt.err");
  const pid_t pid = spawn({"values", "--resume", checkpoint}, err);
  std::this_thread::sleep_for(std::chrono::milliseconds(static_cast<int>(ref.seconds * 300)));
  ::kill(pid, SIGINT);
  const int status = wait_status(pid);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_TRUE(WEXITSTATUS(status) == 130 || WEXITSTATUS(status) == 0) << WEXITSTATUS(status);
  if (WEXITSTATUS(status) == 130) {
    EXPECT_NE(read_file(err).find("saved to '" + checkpoint + "'"), std::string::npos)
        << read_file(err);
    EXPECT_NE(read_file(err).find("--resume " + checkpoint), std::string::npos) << read_file(err);
  }
  EXPECT_GE(read_file(checkpoint).size(), before);
  const auto run = run_program(GRUNDY_CLI_PATH, {"values", "--resume", checkpoint});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_TRUE(read_file(out) == ref.bytes);

  const std::string plain_err = path("plain-interrupt.err");
  const pid_t plain = spawn({"values", "0.6", "--to", ref.to, "--stats"}, plain_err);
  std::this_thread::sleep_for(std::chrono::milliseconds(static_cast<int>(ref.seconds * 300)));
  ::kill(plain, SIGINT);
  if (WEXITSTATUS(wait_status(plain)) == 130)
    EXPECT_NE(read_file(plain_err).find("nothing was saved"), std::string::npos)
        << read_file(plain_err);
}

// A run on a store (--store, mapped_sequence.h) killed at a random moment
// and resumed from the store alone ends byte-identical to the run in
// memory: the store never claims values that were not written.
// --checkpoint-every is recorded in the checkpoint with the request, and a
// run resumed from it saves as often unless given another interval, which
// it then records. (A file of a run without the option records none.)
TEST(LongRun, CheckpointIntervalIsRecordedAndKept) {
  const Reference& ref = reference();
  const std::string checkpoint = path("interval.ck");
  const auto interval_in_file = [&] {
    const std::string bytes = read_file(checkpoint);
    const std::string key = "checkpoint_every_us=";
    const auto at = bytes.find(key);
    if (at == std::string::npos) return std::string("none");
    return bytes.substr(at + key.size(), bytes.find('\n', at) - at - key.size());
  };
  // Stops a run once it has saved (or finished), as in the test above.
  const auto run_until_saved = [&](const std::vector<std::string>& args) {
    const auto before = std::filesystem::exists(checkpoint)
                            ? std::filesystem::last_write_time(checkpoint)
                            : std::filesystem::file_time_type::min();
    const pid_t pid = spawn(args);
    for (int waited = 0; waited < 3000; ++waited) {
      if (std::filesystem::exists(checkpoint) &&
          std::filesystem::last_write_time(checkpoint) != before)
        break;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ::kill(pid, SIGINT);
    wait_status(pid);
  };
  std::filesystem::remove(checkpoint);
  run_until_saved({"values", "0.6", "--to", ref.to, "--checkpoint", checkpoint, "--stats",
                   "--checkpoint-every", "0.05"});
  EXPECT_EQ(interval_in_file(), "50000");
  run_until_saved({"values", "--resume", checkpoint});
  EXPECT_EQ(interval_in_file(), "50000");
  run_until_saved({"values", "--resume", checkpoint, "--checkpoint-every", "0.07"});
  EXPECT_EQ(interval_in_file(), "70000");
  const auto run = run_program(GRUNDY_CLI_PATH, {"values", "--resume", checkpoint});
  ASSERT_EQ(run.status, 0) << run.err;

  std::filesystem::remove(checkpoint);
  ASSERT_EQ(run_program(GRUNDY_CLI_PATH,
                        {"values", "0.6", "--to", "1000", "--checkpoint", checkpoint, "--stats"})
                .status,
            0);
  EXPECT_EQ(interval_in_file(), "none");
}

TEST(LongRun, KilledStoreRunResumesToIdenticalResult) {
  const Reference& ref = reference();
  const unsigned seed = static_cast<unsigned>(std::random_device{}());
  std::mt19937 rng(seed);
  for (int round = 0; round < 3; ++round) {
    SCOPED_TRACE("seed " + std::to_string(seed) + " round " + std::to_string(round));
    const std::string store = path("killed.gsm"), out = path("store-resumed.bin");
    std::remove(store.c_str());
    std::remove(out.c_str());
    const std::vector<std::string> request = {"values", "0.6", "--to", ref.to, "--out", out,
                                              "--store", store};
    std::vector<std::string> args = request;
    args.insert(args.end(), {"--checkpoint-every", "0.02", "--threads",
                             std::to_string(1 + round % 2)});
    const pid_t pid = spawn(args);
    const int delay_ms = 50 + static_cast<int>(rng() % static_cast<unsigned>(ref.seconds * 700));
    std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
    ::kill(pid, SIGKILL);
    wait_status(pid);
    // The store is made whole or not at all; it records the request.
    args = request;
    if (!read_file(store).empty()) args = {"values", "--resume", store};
    const auto run = run_program(GRUNDY_CLI_PATH, args);
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_TRUE(read_file(out) == ref.bytes)
        << "resumed sequence differs (killed after " << delay_ms << " ms)";
  }
}

TEST(LongRun, InterruptedStoreRunSaysWhereAndResumes) {
  const Reference& ref = reference();
  const std::string store = path("interrupted.gsm"), out = path("store-interrupted.bin");
  const std::string err = path("store-interrupted.err");
  const pid_t pid = spawn({"values", "0.6", "--to", ref.to, "--store", store, "--out", out}, err);
  std::this_thread::sleep_for(std::chrono::milliseconds(static_cast<int>(ref.seconds * 300)));
  ::kill(pid, SIGINT);
  const int status = wait_status(pid);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_TRUE(WEXITSTATUS(status) == 130 || WEXITSTATUS(status) == 0) << WEXITSTATUS(status);
  if (WEXITSTATUS(status) == 130)
    EXPECT_NE(read_file(err).find("--resume " + store), std::string::npos) << read_file(err);
  const auto run = run_program(GRUNDY_CLI_PATH, {"values", "--resume", store});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_TRUE(read_file(out) == ref.bytes);
  // The store is no sequence file for --out's readers, and a new run does
  // not overwrite it.
  const auto again = run_program(GRUNDY_CLI_PATH, {"values", "0.6", "--to", "100", "--store", store});
  EXPECT_EQ(again.status, 2);
  EXPECT_NE(again.err.find("already exists"), std::string::npos) << again.err;
}

TEST(LongRun, StoreRefusalsAreOneLine) {
  const auto one_line = [](const testing::ProgramRun& run) {
    EXPECT_EQ(run.status, 2) << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
  };
  // 2^46 values need 128 TiB of disk: refused before any work.
  const auto disk = run_program(GRUNDY_CLI_PATH, {"values", "0.6", "--to", "70368744177663",
                                                  "--store", path("huge.gsm"), "--stats",
                                                  "--max-memory", "100T"});
  one_line(disk);
  EXPECT_NE(disk.err.find("free"), std::string::npos) << disk.err;
  EXPECT_TRUE(read_file(path("huge.gsm")).empty());
  const auto value_disk = run_program(GRUNDY_CLI_PATH, {"value", "0.6", "70368744177663",
                                                        "--store", path("huge.gsm"),
                                                        "--max-memory", "100T"});
  one_line(value_disk);
  EXPECT_NE(value_disk.err.find("free"), std::string::npos) << value_disk.err;
  one_line(run_program(GRUNDY_CLI_PATH, {"values", "0.6", "--to", "100", "--store",
                                         path("both.gsm"), "--checkpoint", path("both.ck")}));
  one_line(run_program(GRUNDY_CLI_PATH, {"values", "nim", "--to", "100", "--store",
                                         path("nim.gsm")}));
  // --max-memory does not count the values of a run on a store (0.36: no
  // period proven early, so G(0..to) is computed in full).
  const auto small = run_program(GRUNDY_CLI_PATH, {"values", "0.36", "--to", "2500000",
                                                   "--max-memory", "68M", "--stats"});
  EXPECT_EQ(small.status, 2) << small.err;
  EXPECT_NE(small.err.find("--max-memory"), std::string::npos) << small.err;
  const auto stored = run_program(GRUNDY_CLI_PATH, {"values", "0.36", "--to", "2500000",
                                                    "--max-memory", "68M", "--stats", "--store",
                                                    path("small.gsm")});
  EXPECT_EQ(stored.status, 0) << stored.err;
  const auto memory = run_program(GRUNDY_CLI_PATH, {"values", "0.36", "--to", "2500000",
                                                    "--stats"});
  EXPECT_EQ(stored.out, memory.out);
  // A code on the split-set engine keeps a set a heap size in memory (0.209,
  // whose period no test here proves: 8 KiB each once its values pass 32768), store or
  // not: `value --store` refuses before it makes the file (it used to run,
  // without end), and `values --store`, refused once its period search found
  // no proof, removes the store it began.
  const std::string sets = path("sets.gsm");
  // (At 700000 its work is within the limit; at 10^8 the work, judged
  // first, refuses it.)
  const auto value_sets = run_program(GRUNDY_CLI_PATH, {"value", "0.209", "700000", "--store",
                                                        sets, "--max-memory", "1G"});
  one_line(value_sets);
  EXPECT_NE(value_sets.err.find("--max-memory"), std::string::npos) << value_sets.err;
  EXPECT_FALSE(std::filesystem::exists(sets));
  const auto values_sets =
      run_program(GRUNDY_CLI_PATH, {"values", "0.209", "--to", "100000000", "--store", sets,
                                    "--stats", "--max-memory", "1G"});
  one_line(values_sets);
  EXPECT_NE(values_sets.err.find("was removed"), std::string::npos) << values_sets.err;
  EXPECT_FALSE(std::filesystem::exists(sets));
  // Within the limits, the same command computes G(n) in full.
  const auto within = run_program(GRUNDY_CLI_PATH, {"value", "0.209", "3000", "--store", sets,
                                                    "--max-memory", "1G", "--json"});
  ASSERT_EQ(within.status, 0) << within.err;
  EXPECT_EQ(nlohmann::json::parse(within.out)["value"],
            nlohmann::json::parse(run_program(GRUNDY_CLI_PATH, {"values", "0.209", "--from", "3000",
                                                                "--to", "3000", "--json"})
                                      .out)["values"][0]);
}

TEST(LongRun, ValueOnAStoreAgreesAndContinues) {
  const std::string store = path("value.gsm");
  const auto memory = run_program(GRUNDY_CLI_PATH, {"value", "0.6", "123456", "--json"});
  ASSERT_EQ(memory.status, 0) << memory.err;
  const auto first = run_program(GRUNDY_CLI_PATH, {"value", "0.6", "123456", "--json", "--store",
                                                   store});
  ASSERT_EQ(first.status, 0) << first.err;
  EXPECT_EQ(nlohmann::json::parse(first.out)["value"], nlohmann::json::parse(memory.out)["value"]);
  // The same command again finds the store complete.
  const auto again = run_program(GRUNDY_CLI_PATH, {"value", "0.6", "123456", "--json", "--store",
                                                   store});
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(again.out, first.out);
  // Another n with the same store is refused.
  EXPECT_EQ(run_program(GRUNDY_CLI_PATH, {"value", "0.6", "100", "--store", store}).status, 2);
}

TEST(LongRun, CorruptOrMismatchedCheckpointsAreRefused) {
  const std::string good = path("good.ck");
  auto run = run_program(GRUNDY_CLI_PATH, {"values", "0.77", "--to", "5000", "--checkpoint", good,
                                           "--stats", "--json"});
  ASSERT_EQ(run.status, 0) << run.err;
  // The rare count is the engine's over the work it did, none when resumed
  // at the end (null then): the histogram must agree.
  const auto finished = nlohmann::json::parse(run.out)["histogram"];
  std::string bytes = read_file(good);
  ASSERT_GT(bytes.size(), 100u);

  const std::string corrupt = path("corrupt.ck");
  std::string flipped = bytes;
  flipped[bytes.size() / 2] ^= 0x01;
  std::ofstream(corrupt, std::ios::binary) << flipped;
  run = run_program(GRUNDY_CLI_PATH, {"values", "--resume", corrupt});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("checksum"), std::string::npos) << run.err;

  const std::string truncated = path("truncated.ck");
  std::ofstream(truncated, std::ios::binary) << bytes.substr(0, bytes.size() - 11);
  run = run_program(GRUNDY_CLI_PATH, {"values", "--resume", truncated});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("truncated.ck"), std::string::npos) << run.err;

  // Options given again must agree with the recorded request.
  run = run_program(GRUNDY_CLI_PATH, {"values", "0.07", "--resume", good});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("0.77"), std::string::npos) << run.err;
  run = run_program(GRUNDY_CLI_PATH, {"values", "0.77", "--to", "6000", "--resume", good});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("--to 6000"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("5000"), std::string::npos) << run.err;
  run = run_program(GRUNDY_CLI_PATH, {"values", "--resume", good, "--csv"});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("--csv"), std::string::npos) << run.err;

  // Alone, or with options that agree, it carries out the same request.
  run = run_program(GRUNDY_CLI_PATH, {"values", "--resume", good});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(nlohmann::json::parse(run.out)["histogram"], finished);
  run = run_program(GRUNDY_CLI_PATH,
                    {"values", "0.77", "--to", "5000", "--resume", good, "--stats", "--json"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(nlohmann::json::parse(run.out)["histogram"], finished);
}

TEST(LongRun, MaxMemoryRefusesUpFront) {
  const auto run = run_program(GRUNDY_CLI_PATH, {"values", "0.6", "--to", "4000000000", "--max-memory", "1G", "--stats"});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("MiB"), std::string::npos) << run.err;
}

}  // namespace
}  // namespace grundy::long_run_test
