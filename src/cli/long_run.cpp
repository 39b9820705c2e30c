#include "long_run.h"

#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <fmt/format.h>

#include "grundy/core/front_end_words.h"

namespace grundy::cli {

namespace {
std::atomic<bool> g_stop{false};

// The first SIGINT or SIGTERM asks the computation to stop cleanly (it saves
// its checkpoint and prints what it has); a second one, while that first
// request is pending, ends the process at once, as the signal would without
// a handler: a person pressing Ctrl-C twice, or a scheduler that sends
// SIGTERM again, is never ignored. Both calls are async-signal-safe.
extern "C" void request_stop(int signal_number) {
  if (g_stop.exchange(true)) {
    std::signal(signal_number, SIG_DFL);
    std::raise(signal_number);
  }
}

// Progress lines are for a person watching: on a terminal, or on request.
bool progress_wanted() {
  const char* forced = std::getenv("GRUNDY_PROGRESS");
  if (forced != nullptr && std::strcmp(forced, "always") == 0) return true;
  return ::isatty(STDERR_FILENO) == 1;
}

void install_stop_handlers() {
  g_stop.store(false);
  std::signal(SIGINT, request_stop);
  std::signal(SIGTERM, request_stop);
}

void remove_stop_handlers() {
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
}

std::string duration(double seconds) {
  const auto s = static_cast<long long>(seconds);
  if (s >= 3600) return fmt::format("{}h{:02}m", s / 3600, (s / 60) % 60);
  if (s >= 60) return fmt::format("{}m{:02}s", s / 60, s % 60);
  return fmt::format("{}s", s);
}
}  // namespace

LongRun::LongRun(Heap start, Heap target)
    : start_(start), target_(target), terminal_(progress_wanted()) {
  install_stop_handlers();
  begin_ = last_shown_ = std::chrono::steady_clock::now();
}

LongRun::~LongRun() {
  finish();
  remove_stop_handlers();
}

const std::atomic<bool>* LongRun::stop_flag() const { return &g_stop; }

bool LongRun::interrupted() const { return g_stop.load(); }

void LongRun::report(const EngineProgress& p) {
  if (!terminal_) return;
  const auto now = std::chrono::steady_clock::now();
  if (now - last_shown_ < std::chrono::milliseconds(500)) return;
  last_shown_ = now;
  const double elapsed = std::chrono::duration<double>(now - begin_).count();
  const double done = static_cast<double>(p.reached - std::min(p.reached, start_));
  const double rate = elapsed > 0 ? done / elapsed : 0;
  const double left = static_cast<double>(target_ + 1 - std::min(target_ + 1, p.reached));
  std::string line = fmt::format("\r  n = {} of {} ({:.1f}%), {:.0f} values/s", p.reached,
                                 target_ + 1, 100.0 * static_cast<double>(p.reached) /
                                                  static_cast<double>(target_ + 1),
                                 rate);
  if (p.mask != 0) line += fmt::format(", rare {}, mask {:#x}", p.rare_count, p.mask);
  if (rate > 0) line += fmt::format(", ETA {}", duration(left / rate));
  line += "   ";
  std::fputs(line.c_str(), stderr);
  shown_ = true;
}

void LongRun::finish() {
  if (shown_) std::fputs("\r\033[K", stderr);
  shown_ = false;
}

SearchRun::SearchRun() : terminal_(progress_wanted()) {
  install_stop_handlers();
  control_.stop = &g_stop;
  values_control_.stop = &g_stop;
  if (terminal_) {
    control_.progress = [this](const SearchProgress& p) { report(p); };
    values_control_.progress = [this](const EngineProgress& p) { report_values(p); };
  }
  begin_ = last_shown_ = std::chrono::steady_clock::now();
}

SearchRun::~SearchRun() {
  finish();
  remove_stop_handlers();
}

void SearchRun::report(const SearchProgress& p) {
  const auto now = std::chrono::steady_clock::now();
  if (now - last_shown_ < std::chrono::milliseconds(500)) return;
  last_shown_ = now;
  const double elapsed = std::chrono::duration<double>(now - begin_).count();
  const double rate = elapsed > 0 ? static_cast<double>(p.positions) / elapsed : 0;
  if (std::string(p.search) == "misère quotient") {
    // There `positions` is the heap being adjoined and `limit` --max-heap.
    std::string line = fmt::format("\r  {}: adjoining heap {} of {}, |Q| = {} for heaps 0..{}",
                                   p.search, p.positions, p.limit, p.order,
                                   p.positions > 0 ? p.positions - 1 : 0);
    if (*p.step && std::string(p.step) != "adjoining") {
      line += fmt::format("; {}", p.step);
      if (p.step_count > 0)
        line += fmt::format(" ({} {})", p.step_count,
                            std::string(p.step) == "learning" ? "sums" : "states");
    }
    show(line + fmt::format(", {}   ", duration(elapsed)));
    return;
  }
  const std::string name = *p.limit_setting ? grundy::setting_name(p.limit_setting) : "";
  const std::string setting = name.empty() ? "" : ", " + name;
  show(fmt::format(
      "\r  {}: {} {} of the limit of {} ({:.1f}%{}), {:.0f} {}/s   ", p.search, p.positions,
      p.unit, p.limit,
      p.limit ? 100.0 * static_cast<double>(p.positions) / static_cast<double>(p.limit) : 0.0,
      setting, rate, p.unit));
}

void SearchRun::report_values(const EngineProgress& p) {
  const auto now = std::chrono::steady_clock::now();
  if (now - last_shown_ < std::chrono::milliseconds(500)) return;
  last_shown_ = now;
  const double elapsed = std::chrono::duration<double>(now - begin_).count();
  const double rate = elapsed > 0 ? static_cast<double>(p.reached) / elapsed : 0;
  std::string line = fmt::format("\r  heap values: G(0..{}) computed, {:.0f} values/s", p.reached, rate);
  if (p.mask != 0) line += fmt::format(", rare {}, mask {:#x}", p.rare_count, p.mask);
  show(line + "   ");
}

void SearchRun::show(const std::string& line) {
  std::fputs(line.c_str(), stderr);
  shown_ = true;
}

void SearchRun::finish() {
  if (shown_) std::fputs("\r\033[K", stderr);
  shown_ = false;
}

InputWait::InputWait() {
  g_stop.store(false);
  struct sigaction action {};
  action.sa_handler = request_stop;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: a waiting read returns EINTR
  ::sigaction(SIGINT, &action, &old_int_);
  ::sigaction(SIGTERM, &action, &old_term_);
}

InputWait::~InputWait() {
  ::sigaction(SIGINT, &old_int_, nullptr);
  ::sigaction(SIGTERM, &old_term_, nullptr);
}

void InputWait::check(const std::string& what) const {
  if (g_stop.load()) throw Interrupted(fmt::format("reading {} stopped", what));
}

}  // namespace grundy::cli
