// Position searches of the command line are visible and stoppable: with
// GRUNDY_PROGRESS=always (the progress line a terminal gets) a long misère
// search reports the positions it holds and the limit that applies, and
// Ctrl-C (SIGINT) stops it with one clear line and status 130, as `values`.
// No timing is asserted: the test waits for the first progress line, then
// interrupts.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <thread>

#include "support/process.h"

namespace grundy::search_progress_test {
namespace {

using testing::read_file;
using testing::scratch;

// Starts grundy with `args` and GRUNDY_PROGRESS=always, stderr to `err`.
pid_t spawn_with_progress(const std::vector<std::string>& args, const std::string& err) {
  return testing::spawn_program(GRUNDY_CLI_PATH, args, err, "", {{"GRUNDY_PROGRESS", "always"}});
}

// Waits (at most about a minute) until `path` contains `text`.
bool wait_for(const std::string& path, const std::string& text) {
  for (int i = 0; i < 600; ++i) {
    if (read_file(path).find(text) != std::string::npos) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return false;
}

void expect_progress_then_stop(const std::vector<std::string>& args, const std::string& search,
                               int signal_number = SIGINT) {
  const std::string err = (scratch().path() / "search-progress.err").string();
  const pid_t pid = spawn_with_progress(args, err);
  const bool shown = wait_for(err, search + ": ");
  ::kill(pid, signal_number);
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(shown) << read_file(err);
  const std::string text = read_file(err);
  EXPECT_NE(text.find("positions of the limit of "), std::string::npos) << text;
  EXPECT_NE(text.find("--search-limit"), std::string::npos) << text;
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 130) << text;
  EXPECT_NE(text.find("grundy: interrupted: " + search + " stopped after"), std::string::npos)
      << text;
  EXPECT_NE(text.find("no answer"), std::string::npos) << text;
}

TEST(SearchProgress, MisereSearchShowsProgressAndStopsOnInterrupt) {
  // Dawson's Chess heaps past the quotients the analysis computes (it cannot
  // adjoin heap 29; docs/misere-quotients.md): misère play is searched.
  expect_progress_then_stop(
      {"analyze", "0.137", "40", "50", "60", "--misere", "--search-limit", "20000000"},
      "exhaustive search");
}

// SIGTERM (what `timeout` and schedulers send) stops a search as Ctrl-C
// does, in every convention that searches: Every-SG (suspense numbers of
// Kayles 60: p(61) - 1 = 1121504 positions, half a minute of search, under
// a limit raised so that its work (detail/search_work.h) allows that; Kayles
// 100 is refused before its search) and remoteness.
TEST(SearchProgress, SuspenseAndRemotenessSearchesStopOnSigterm) {
  expect_progress_then_stop({"analyze", "kayles", "60", "--every", "--search-limit", "20000000"},
                            "suspense search", SIGTERM);
  expect_progress_then_stop(
      {"analyze", "kayles", "60", "--remoteness", "--search-limit", "20000000"},
      "remoteness search", SIGTERM);
}

TEST(SearchProgress, GenusSearchShowsProgressAndStopsOnInterrupt) {
  expect_progress_then_stop({"values", "0.777", "--misere", "--genus", "--to", "60"},
                            "genus search");
}

// `value` of a code with no proven period computes values up to its bound
// before it can refuse: the same progress line as `values`, and Ctrl-C.
// 0.344 rather than 0.6, whose 2^22 values two threads compute in 2.5 s.
TEST(SearchProgress, ValuePeriodSearchShowsProgressAndStopsOnInterrupt) {
  const std::string err = (scratch().path() / "value-progress.err").string();
  const pid_t pid = spawn_with_progress({"value", "0.344", "1000000000"}, err);
  const bool shown = wait_for(err, "values/s");
  ::kill(pid, SIGINT);
  int status = 0;
  ::waitpid(pid, &status, 0);
  const std::string text = read_file(err);
  ASSERT_TRUE(shown) << text;
  EXPECT_NE(text.find("of 4194304"), std::string::npos) << text;
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 130) << text;
  EXPECT_NE(text.find("grundy: interrupted: computing the values of '0.344' stopped at n = "),
            std::string::npos)
      << text;
}

// `analyze` of a heap of a code with no proven period computes G(0..n) with
// the sequence engine first: a progress line of its own, and Ctrl-C. The
// code is 0.344, whose values are not sparse (8678 rare heap sizes below
// 2^20): its G(0..2^20) take about 18 s on two threads, where 0.6's take
// 0.6 s and could be done before the interrupt came. With --max, as
// without it the analysis stops at 2^16 values (ComputeLimits::max_step_work).
TEST(SearchProgress, AnalyzeComputingHeapValuesShowsProgressAndStopsOnInterrupt) {
  const std::string err = (scratch().path() / "analyze-values-progress.err").string();
  const pid_t pid = spawn_with_progress({"analyze", "0.344", "4000000", "--max", "4000000"}, err);
  const bool shown = wait_for(err, "heap values: G(0..");
  ::kill(pid, SIGINT);
  int status = 0;
  ::waitpid(pid, &status, 0);
  const std::string text = read_file(err);
  ASSERT_TRUE(shown) << text;
  EXPECT_NE(text.find("values/s"), std::string::npos) << text;
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 130) << text;
  EXPECT_NE(text.find("grundy: interrupted: computing the values of '0.344' stopped at n = "),
            std::string::npos)
      << text;
}

TEST(SearchProgress, NoProgressLineWhenNotATerminal) {
  const auto run = testing::run_program(GRUNDY_CLI_PATH, {"analyze", "kayles", "5", "6", "--misere"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.err, "");
}

}  // namespace
}  // namespace grundy::search_progress_test
