// grundy play in a real terminal: tmux (Debian package tmux) runs it in a
// detached session, keys are sent as a person types them, and the screen is
// read back. Checks line editing (Left arrows, then a letter, edit the line;
// with plain line reading the keys would arrive as "^[[D" and the move would
// not be understood), history (Up recalls the last line), the
// banner's width, and the prediction line. Skipped where tmux is missing.
#include <gtest/gtest.h>

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <sstream>
#include <string>
#include <thread>

#include "support/process.h"

namespace grundy::play_terminal_test {
namespace {

class Tmux {
 public:
  explicit Tmux(const std::string& command)
      : socket_("grundy-test-" + std::to_string(::getpid())) {
    run("new-session -d -x 100 -y 40 " + testing::shell_quote(command));
  }
  ~Tmux() { run("kill-server"); }

  int run(const std::string& arguments) const {
    const std::string line = "tmux -L " + socket_ + " " + arguments + " > /dev/null 2>&1";
    return std::system(line.c_str());
  }
  void keys(const std::string& keys) const { run("send-keys -t 0 " + keys); }
  void type(const std::string& text) const { run("send-keys -t 0 -l " + testing::shell_quote(text)); }

  std::string screen() const {
    const auto file = testing::scratch().path() / ("tmux-" + socket_ + ".txt");
    const std::string line = "tmux -L " + socket_ + " capture-pane -t 0 -p > " +
                             testing::shell_quote(file.string()) + " 2> /dev/null";
    if (std::system(line.c_str()) != 0) return {};
    return testing::read_file(file);
  }

  // The screen once it shows `text` (at most 20 s; the test fails after).
  std::string wait_for(const std::string& text, std::size_t occurrences = 1) const {
    std::string shown;
    for (int i = 0; i < 200; ++i) {
      shown = screen();
      std::size_t seen = 0;
      for (auto at = shown.find(text); at != std::string::npos; at = shown.find(text, at + 1)) ++seen;
      if (seen >= occurrences) return shown;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    ADD_FAILURE() << "'" << text << "' not shown; the screen:\n" << shown;
    return shown;
  }

 private:
  std::string socket_;
};

bool have_tmux() { return std::system("command -v tmux > /dev/null 2>&1") == 0; }

TEST(PlayTerminal, LineEditingHistoryAndBanner) {
  if (!have_tmux()) GTEST_SKIP() << "tmux not installed";
  const Tmux tmux(std::string(GRUNDY_CLI_PATH) + " play nim 3 4 5; sleep 30");
  // (tmux drops the space after the prompt at the end of a screen line.)
  std::string screen = tmux.wait_for("\n>");
  // The banner and every line fit 80 columns.
  std::istringstream lines(screen);
  for (std::string line; std::getline(lines, line);) {
    std::size_t columns = 0;
    for (unsigned char c : line) columns += (c & 0xC0) != 0x80 ? 1 : 0;
    EXPECT_LE(columns, 80u) << line;
  }
  // Nim 3 4 5 has nim-sum 2: the mover wins; Smith's remoteness is odd.
  EXPECT_NE(screen.find("Prediction: you win in at most"), std::string::npos) << screen;

  // "t 2 4 5", six times Left, "o": the line is "to 2 4 5", a legal move (3 -> 2).
  tmux.type("t 2 4 5");
  tmux.keys("Left Left Left Left Left Left");
  tmux.type("o");
  tmux.keys("Enter");
  screen = tmux.wait_for("You: ");
  EXPECT_EQ(screen.find("Not understood"), std::string::npos) << screen;
  EXPECT_EQ(screen.find("^["), std::string::npos) << screen;
  EXPECT_NE(screen.find("You: take 1 from heap 1 (3 → 2)"), std::string::npos) << screen;

  // Up recalls the line typed before.
  tmux.wait_for("\n>", 2);
  tmux.keys("Up");
  screen = tmux.wait_for("> to 2 4 5", 2);
  tmux.keys("C-u");
  tmux.type("quit");
  tmux.keys("Enter");
  tmux.wait_for("Bye.");
}

}  // namespace
}  // namespace grundy::play_terminal_test
