// Every command stops on a signal: each command and convention is started on
// a request that runs long, sent SIGINT or SIGTERM (what `timeout` and batch
// schedulers send) once it has computed for half a CPU-second (its threads
// together; one second in at the latest, for a command that waits on its
// input rather than computes), and must end soon after with exit status
// 130, one line saying it was interrupted, and its checkpoint where it keeps
// one; all under a 2 GiB address-space limit (`ulimit -v`), so that a
// command which sizes itself by the machine's memory instead of the memory it
// may use fails here.
//
// The bound: the commands poll their stop flag at least every few hundred
// milliseconds of work, so they end within one second of the signal on a
// quiet machine (the longest seen is in docs/testing.md). CTest runs two
// tests at once on two cores, and a test beside a two-threaded one gets half
// a core: the assertion allows kStopWithin, twice that.
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "support/process.h"

namespace grundy::signal_matrix_test {
namespace {

using testing::read_file;
using testing::scratch;

// The signal goes when the command has used kComputedFor of CPU time: past
// its start (parsing, planning, tables), which takes a few milliseconds, and
// in its long computation, whatever the machine's load (a wall-clock delay
// is half as much computation beside another test, and twice as much for a
// command on two threads). Each request runs for seconds. At the latest
// kSignalAfter, for the commands that wait rather than compute. One second
// for every case cost about 50 CPU-seconds of command 2 (docs/testing.md).
constexpr auto kComputedFor = std::chrono::milliseconds(500);
constexpr auto kSignalAfter = std::chrono::seconds(1);
constexpr auto kStopWithin = std::chrono::seconds(2);
constexpr rlim_t kAddressSpace = rlim_t{2} << 30;

struct MatrixCase {
  const char* name;
  std::vector<std::string> args;
  // Where the command keeps its state ("" if none): a file it must have
  // written when it stops. "CHECKPOINT" at the start of an argument or here
  // stands for a path in the scratch directory.
  const char* checkpoint = "";
  // Standard input: a pipe that stays open with `input` written to it (the
  // command waits for more), instead of /dev/null.
  bool stalled_input = false;
  const char* input = "";
};

struct Stopped {
  bool ran_past_signal = false;  // still running when the signal was sent
  bool ended = false;            // ended within kStopWithin * 5 (else killed)
  int status = -1;               // exit status, -1: not a normal exit
  std::chrono::milliseconds took{0};  // from the signal to its end
  std::string err;
  std::string out;
};

// CPU time used so far by a running child, all its threads (utime + stime
// of /proc/PID/stat, in clock ticks); zero if it cannot be read.
std::chrono::milliseconds cpu_time(pid_t pid) {
  const std::string stat = read_file("/proc/" + std::to_string(pid) + "/stat");
  // The command name (field 2) is in parentheses and may hold spaces: count
  // the fields after its closing one. utime and stime are fields 14 and 15.
  const auto close = stat.rfind(')');
  if (close == std::string::npos) return std::chrono::milliseconds(0);
  std::istringstream fields(stat.substr(close + 1));
  std::string field;
  for (int i = 3; i <= 13; ++i) fields >> field;
  long long utime = 0, stime = 0;
  if (!(fields >> utime >> stime)) return std::chrono::milliseconds(0);
  return std::chrono::milliseconds((utime + stime) * 1000 / ::sysconf(_SC_CLK_TCK));
}

Stopped run_and_signal(const MatrixCase& c, int signal_number, const std::string& stem) {
  std::vector<std::string> args = c.args;
  for (auto& a : args)
    if (a.rfind("CHECKPOINT", 0) == 0) a.replace(0, std::strlen("CHECKPOINT"), stem + ".state");
  const std::string err = stem + ".err", out = stem + ".out";
  int in_pipe[2] = {-1, -1};
  if (c.stalled_input && ::pipe(in_pipe) != 0) ADD_FAILURE() << "pipe: " << std::strerror(errno);
  std::fflush(nullptr);
  const pid_t pid = ::fork();
  if (pid == 0) {
    const struct rlimit limit{kAddressSpace, kAddressSpace};
    ::setrlimit(RLIMIT_AS, &limit);
    if (c.stalled_input) {
      ::dup2(in_pipe[0], 0);
      ::close(in_pipe[0]);
      ::close(in_pipe[1]);
    } else {
      std::freopen("/dev/null", "r", stdin);
    }
    std::freopen(out.c_str(), "w", stdout);
    std::freopen(err.c_str(), "w", stderr);
    std::vector<char*> argv;
    std::string program = GRUNDY_CLI_PATH;
    argv.push_back(program.data());
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(GRUNDY_CLI_PATH, argv.data());
    ::_exit(127);
  }
  if (c.stalled_input) {
    ::close(in_pipe[0]);
    const std::string input = c.input;
    if (::write(in_pipe[1], input.data(), input.size()) != static_cast<ssize_t>(input.size()))
      ADD_FAILURE() << "write to the command's input failed";
  }
  Stopped result;
  const auto started = std::chrono::steady_clock::now();
  while (std::chrono::steady_clock::now() - started < kSignalAfter && cpu_time(pid) < kComputedFor)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  int status = 0;
  result.ran_past_signal = ::waitpid(pid, &status, WNOHANG) == 0;
  const auto signalled = std::chrono::steady_clock::now();
  if (result.ran_past_signal) {
    ::kill(pid, signal_number);
    // Poll, so that a command that ignores the signal is killed, not waited
    // for: the test must not hang on the bug it looks for.
    for (;;) {
      if (::waitpid(pid, &status, WNOHANG) == pid) {
        result.ended = true;
        break;
      }
      if (std::chrono::steady_clock::now() - signalled > kStopWithin * 5) {
        ::kill(pid, SIGKILL);
        ::waitpid(pid, &status, 0);
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }
  result.took = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now() - signalled);
  if (c.stalled_input) ::close(in_pipe[1]);
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.err = read_file(err);
  result.out = read_file(out);
  return result;
}

// Long-running requests, one per command and convention. Each must run past
// one second on a fast machine: the test fails (not passes) if one ends
// before the signal.
const std::vector<MatrixCase>& matrix() {
  static const std::vector<MatrixCase> cases = {
      // analyze, each convention. Normal play: the values of a heap of a
      // code with no proven period (0.344's values are not sparse), with
      // --max, without which the analysis stops at 2^16 values within a
      // second (ComputeLimits::max_step_work).
      {"AnalyzeNormal", {"analyze", "0.344", "40000000", "--max", "100000000"}},
      // Misère: Dawson's Chess heaps past its quotients, an exhaustive search.
      {"AnalyzeMisere",
       {"analyze", "0.137", "40", "50", "60", "--misere", "--search-limit", "20000000"}},
      // Every-SG: suspense numbers of Kayles 60 (a search of 1121504
      // positions; Kayles 100 is refused before its search), with a limit
      // whose work (detail/search_work.h) lasts seconds; conjunctive and
      // remoteness: remoteness numbers.
      {"AnalyzeEvery", {"analyze", "kayles", "60", "--every", "--search-limit", "20000000"}},
      {"AnalyzeConjunctive",
       {"analyze", "kayles", "60", "--conjunctive", "--search-limit", "20000000"}},
      {"AnalyzeRemoteness",
       {"analyze", "kayles", "60", "--remoteness", "--search-limit", "20000000"}},
      // A sum whose misère outcome needs a search of the whole sum.
      {"AnalyzeMisereSum", {"analyze", "kayles", "30", "+", "0.137", "30", "+", "wythoff",
                            "20", "25", "--misere", "--search-limit", "20000000"}},
      // play: the computer's first move, found by a search.
      {"PlayMisere", {"play", "0.137", "40", "50", "60", "--misere", "--first", "computer",
                      "--search-limit", "20000000"}},
      {"PlayEvery", {"play", "kayles", "60", "--every", "--first", "computer",
                     "--search-limit", "20000000"}},
      // play in normal play has no long computation left: its analyses of
      // heap values stop within about two seconds, as `analyze` without
      // --max does, and play has no --max.
      // values: a long sequence with a checkpoint, which must be saved.
      {"Values",
       {"values", "0.344", "--to", "100000000", "--stats", "--checkpoint", "CHECKPOINT"},
       "CHECKPOINT"},
      {"ValuesStore", {"values", "0.344", "--to", "100000000", "--stats", "--store", "CHECKPOINT"},
       "CHECKPOINT"},
      {"ValuesMisere", {"values", "kayles", "--misere", "--to", "80"}},
      {"ValuesGenus", {"values", "0.777", "--misere", "--genus", "--to", "60"}},
      {"Value", {"value", "0.344", "1000000000"}},
      {"ValueStore", {"value", "0.344", "100000000", "--store", "CHECKPOINT"}, "CHECKPOINT"},
      {"Period", {"period", "0.344", "--max", "100000000"}},
      {"PatternMisere", {"pattern", "kayles", "n", "--misere", "--to", "80"}},
      {"PatternTwoHeaps", {"pattern", "kayles", "n", "m", "--misere", "--to", "40"}},
      {"Quotient", {"quotient", "0.35", "--max-heap", "100", "--checkpoint", "CHECKPOINT"},
       "CHECKPOINT"},
      // survey: its journal keeps the codes finished.
      {"Survey", {"survey", "0.ddd", "--out", "CHECKPOINT.csv", "--threads", "1"},
       "CHECKPOINT.csv.journal"},
      // graph: a graph file on standard input that has not come yet.
      {"GraphStalledInput", {"graph", "-"}, "", true, "3 2\n0 1\n"},
      {"AnalyzeGraphStalledInput", {"analyze", "graph:-", "0"}, "", true, "3 2\n0 1\n"},
      // A heap file on standard input, the same.
      {"AnalyzeHeapsStalledInput", {"analyze", "nim", "--input", "-"}, "", true, "3 5 7\n"},
  };
  return cases;
}

struct MatrixParam {
  std::size_t index;
  int signal_number;
};

class SignalMatrix : public ::testing::TestWithParam<MatrixParam> {};

TEST_P(SignalMatrix, EndsSoonWithItsStatusAndCheckpoint) {
  const MatrixCase& c = matrix()[GetParam().index];
  const int signal_number = GetParam().signal_number;
  const std::string stem =
      (scratch().path() / (std::string(c.name) + (signal_number == SIGINT ? "-int" : "-term")))
          .string();
  const Stopped stopped = run_and_signal(c, signal_number, stem);
  ASSERT_TRUE(stopped.ran_past_signal)
      << c.name << " ended before the signal (status " << stopped.status
      << "): make its request longer\n"
      << stopped.err;
  ASSERT_TRUE(stopped.ended) << c.name << " was still running "
                             << std::chrono::duration_cast<std::chrono::seconds>(kStopWithin * 5)
                                    .count()
                             << " s after the signal; killed\n"
                             << stopped.err;
  std::printf("%s, %s: ended %lld ms after the signal\n", c.name,
              signal_number == SIGINT ? "SIGINT" : "SIGTERM",
              static_cast<long long>(stopped.took.count()));
  EXPECT_LE(stopped.took, kStopWithin) << stopped.err;
  EXPECT_EQ(stopped.status, 130) << stopped.err;
  // One line says so: "grundy: interrupted: ..." on stderr, or, where the
  // command prints what it has (period, pattern), a line of its output.
  EXPECT_TRUE(stopped.err.find("grundy: interrupted") != std::string::npos ||
              stopped.out.find("(interrupted") != std::string::npos)
      << stopped.err << stopped.out;
  for (const char* crash : {"terminate called", "Sanitizer", "std::bad_alloc", "Aborted"})
    EXPECT_EQ(stopped.err.find(crash), std::string::npos) << stopped.err;
  if (*c.checkpoint != '\0') {
    std::string path = c.checkpoint;
    path.replace(0, std::strlen("CHECKPOINT"), stem + ".state");
    EXPECT_TRUE(std::filesystem::exists(path)) << path << " was not written\n" << stopped.err;
  }
}

std::vector<MatrixParam> all_params() {
  std::vector<MatrixParam> params;
  for (std::size_t i = 0; i < matrix().size(); ++i)
    for (int s : {SIGINT, SIGTERM}) params.push_back({i, s});
  return params;
}

INSTANTIATE_TEST_SUITE_P(Commands, SignalMatrix, ::testing::ValuesIn(all_params()),
                         [](const ::testing::TestParamInfo<MatrixParam>& info) {
                           return std::string(matrix()[info.param.index].name) +
                                  (info.param.signal_number == SIGINT ? "_Sigint" : "_Sigterm");
                         });

}  // namespace
}  // namespace grundy::signal_matrix_test
