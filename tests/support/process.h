// Running a built program from a test: its standard output, standard error
// and exit status, with input from a file in a scratch directory.
#pragma once

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace grundy::testing {

// A directory for the input files, removed when the test program ends.
class ScratchDir {
 public:
  ScratchDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "grundy-test-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) std::abort();
    path_ = pattern;
  }
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

inline ScratchDir& scratch() {
  static ScratchDir dir;
  return dir;
}

struct ProgramRun {
  std::string out;
  std::string err;
  int status = -1;
};

inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

inline std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// Runs `program` with `args`, `input` on standard input.
inline ProgramRun run_program(const std::string& program, const std::vector<std::string>& args,
                              const std::string& input = "") {
  static int serial = 0;
  const auto stem = scratch().path() / ("run-" + std::to_string(++serial));
  const auto in_path = stem.string() + ".in", err_path = stem.string() + ".err";
  std::ofstream(in_path, std::ios::binary) << input;
  std::string command = shell_quote(program);
  for (const auto& a : args) command += " " + shell_quote(a);
  command += " < " + shell_quote(in_path) + " 2> " + shell_quote(err_path);
  ProgramRun run;
  std::FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return run;
  char buffer[1 << 16];
  std::size_t got = 0;
  while ((got = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) run.out.append(buffer, got);
  const int status = ::pclose(pipe);
  run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  run.err = read_file(err_path);
  std::filesystem::remove(in_path);
  std::filesystem::remove(err_path);
  return run;
}

// Starts `program` with `args` in the background, standard error to `err`
// and standard output to `out` (/dev/null when empty), with the variables
// `env` set (NAME, VALUE), for tests that signal a run while it works;
// wait_status collects it.
inline pid_t spawn_program(const std::string& program, const std::vector<std::string>& args,
                           const std::string& err = "", const std::string& out = "",
                           const std::vector<std::pair<std::string, std::string>>& env = {}) {
  std::fflush(nullptr);  // or the child would repeat buffered output
  const pid_t pid = ::fork();
  if (pid == 0) {
    std::vector<std::string> copy = args;
    std::string name = program;
    std::vector<char*> argv{name.data()};
    for (auto& a : copy) argv.push_back(a.data());
    argv.push_back(nullptr);
    for (const auto& [variable, value] : env) ::setenv(variable.c_str(), value.c_str(), 1);
    std::freopen(out.empty() ? "/dev/null" : out.c_str(), "w", stdout);
    std::freopen(err.empty() ? "/dev/null" : err.c_str(), "w", stderr);
    ::execv(program.c_str(), argv.data());
    ::_exit(127);
  }
  return pid;
}

// Waits (up to `limit_ms`) until `path` is a non-empty file or the spawned
// program `pid` has ended, without collecting it: a test then signals a run
// that is known to be inside its computation (it writes checkpoints only
// there), not one still loading its libraries.
inline void wait_for_file_or_end(pid_t pid, const std::string& path, int limit_ms = 30000) {
  for (int waited = 0; waited < limit_ms; waited += 5) {
    siginfo_t info{};
    if (::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
        info.si_pid == pid)
      return;
    std::error_code error;
    const auto size = std::filesystem::file_size(path, error);
    if (!error && size > 0) return;
    ::usleep(5000);
  }
}

// The wait status of a spawned program, once it has ended.
inline int wait_status(pid_t pid) {
  int status = 0;
  ::waitpid(pid, &status, 0);
  return status;
}

}  // namespace grundy::testing
