// grundy play driven through a pseudo-terminal, as a person would: whole
// games where the human plays random legal moves against the computer moving
// first from an N-position (the computer must win, and every position it
// leaves must be lost for the human by the outcome twin), games where the
// human follows the hints from an N-position (the human must win), in normal
// and misère play; bad input inside a game; quit.
//
// The pty comes from posix_openpt/grantpt/unlockpt/ptsname (no libutil);
// TERM=dumb keeps the player on plain lines.
// GRUNDY_PLAY_CLI, when set, names the binary to drive instead of the built
// one (to try the command before it is hooked into main).
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "grundy/rules/registry.h"
#include "support/process.h"
#include "support/twins.h"

namespace grundy::play_test {
namespace {

std::string cli_path() {
  const char* override_path = std::getenv("GRUNDY_PLAY_CLI");
  return override_path != nullptr ? override_path : GRUNDY_CLI_PATH;
}

// Skips the test when the binary has no play command yet.
bool play_available() {
  const auto run = testing::run_program(cli_path(), {"play", "nim", "1"}, "quit\n");
  return run.status == 0;
}

// The program on the slave side of a pty, with echo off so that the master
// reads only what the program writes.
class PtySession {
 public:
  explicit PtySession(const std::vector<std::string>& args) {
    master_ = ::posix_openpt(O_RDWR | O_NOCTTY);
    if (master_ < 0 || ::grantpt(master_) != 0 || ::unlockpt(master_) != 0) std::abort();
    const std::string slave_name = ::ptsname(master_);
    pid_ = ::fork();
    if (pid_ == 0) {
      ::setsid();
      const int slave = ::open(slave_name.c_str(), O_RDWR);
      if (slave < 0) ::_exit(127);
      termios mode{};
      ::tcgetattr(slave, &mode);
      mode.c_lflag &= ~static_cast<tcflag_t>(ECHO);
      ::tcsetattr(slave, TCSANOW, &mode);
      ::dup2(slave, 0);
      ::dup2(slave, 1);
      ::dup2(slave, 2);
      if (slave > 2) ::close(slave);
      ::close(master_);
      // Plain lines, as through a pipe: line editing (libedit) is for
      // terminals that can move the cursor, and is tested in tmux
      // (play_terminal_test.cpp).
      ::setenv("TERM", "dumb", 1);
      const std::string program = cli_path();
      std::vector<char*> argv{const_cast<char*>(program.c_str())};
      for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      ::execv(program.c_str(), argv.data());
      ::_exit(127);
    }
  }
  ~PtySession() {
    if (pid_ > 0 && !reaped_) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
    if (master_ >= 0) ::close(master_);
  }

  void send(const std::string& line) {
    const std::string text = line + "\n";
    ASSERT_EQ(::write(master_, text.data(), text.size()), static_cast<ssize_t>(text.size()));
  }

  // Everything written up to the next prompt ("> " at the start of a line)
  // or to the end of the program; carriage returns removed. Sets `ended`.
  std::string read_chunk(bool& ended) {
    ended = false;
    while (true) {
      if (const auto at = buffer_.find("\n> "); at != std::string::npos) {
        std::string chunk = buffer_.substr(0, at + 1);
        buffer_.erase(0, at + 3);
        return chunk;
      }
      pollfd p{master_, POLLIN, 0};
      if (::poll(&p, 1, 20'000) <= 0) {
        ADD_FAILURE() << "no output for 20 s; so far: " << buffer_;
        ended = true;
        return buffer_;
      }
      char bytes[4096];
      const ssize_t got = ::read(master_, bytes, sizeof bytes);
      if (got <= 0) {  // EIO once the program has exited and closed the slave
        ended = true;
        std::string chunk = std::move(buffer_);
        buffer_.clear();
        return chunk;
      }
      for (ssize_t i = 0; i < got; ++i)
        if (bytes[i] != '\r') buffer_ += bytes[i];
    }
  }

  int wait_exit() {
    int status = 0;
    ::waitpid(pid_, &status, 0);
    reaped_ = true;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

 private:
  int master_ = -1;
  pid_t pid_ = -1;
  bool reaped_ = false;
  std::string buffer_;
};

// The last "Position: ..." line of a chunk.
Position shown_position(const std::string& chunk) {
  const auto at = chunk.rfind("Position: ");
  EXPECT_NE(at, std::string::npos) << chunk;
  if (at == std::string::npos) return {};
  std::istringstream in(chunk.substr(at + 10, chunk.find('\n', at) - at - 10));
  Position p;
  for (Heap h; in >> h;) p.push_back(h);
  return p;
}

std::vector<Position> options_of(const Ruleset& rules, const Position& p) {
  std::vector<Position> result;
  rules.for_each_option(p, [&](const Position& after) {
    result.push_back(after);
    return true;
  });
  return result;
}

std::string text_of(const Position& p) {
  std::string s;
  for (Heap h : p) s += (s.empty() ? "" : " ") + std::to_string(h);
  return s;
}

// Plays a whole game. With `follow_hints` the human asks for a hint each turn
// and plays it; otherwise random legal moves (typed by number or as the
// position). Returns the final chunk (with "Game over").
std::string play_game(const std::string& ruleset_name, const Position& start, bool misere,
                      bool computer_first, bool follow_hints, unsigned seed) {
  const auto rules = parse_ruleset(ruleset_name);
  testing::RecursiveTwin twin(*rules, misere);
  // The game is chosen so that the first player wins.
  EXPECT_TRUE(twin.mover_wins(start));
  std::vector<std::string> args{"play", ruleset_name};
  for (Heap h : start) args.push_back(std::to_string(h));
  if (misere) args.push_back("--misere");
  args.push_back("--first");
  args.push_back(computer_first ? "computer" : "me");
  PtySession session(args);
  std::mt19937 rng(seed);
  bool ended = false;
  Position before_reply = start;
  for (int turn = 0; turn < 500; ++turn) {
    const std::string chunk = session.read_chunk(ended);
    if (ended) {
      EXPECT_EQ(session.wait_exit(), 0);
      return chunk;
    }
    const Position p = shown_position(chunk);
    // The computer's reply is legal, and leaves the human lost whenever the
    // computer was winning.
    if (turn > 0 || computer_first) {
      const auto legal = options_of(*rules, before_reply);
      bool found = false;
      for (const auto& o : legal) found = found || rules->canonical(o) == rules->canonical(p);
      EXPECT_TRUE(found) << "illegal reply " << text_of(p) << " from " << text_of(before_reply);
      if (!follow_hints) EXPECT_FALSE(twin.mover_wins(p)) << "after reply " << text_of(p);
    }
    std::string move;
    if (follow_hints) {
      session.send("hint");
      const std::string hint = session.read_chunk(ended);
      const std::string arrow_text = "  \u2192  ";  // description  →  position
      const auto hint_at = hint.find("Hint: ");
      const std::string hint_line =
          hint_at == std::string::npos ? "" : hint.substr(hint_at, hint.find('\n', hint_at) - hint_at);
      const auto arrow = hint_line.rfind(arrow_text);
      EXPECT_NE(arrow, std::string::npos) << hint;
      if (arrow == std::string::npos) return hint;
      const auto from = arrow + arrow_text.size();
      move = "to " + hint_line.substr(from);
      std::istringstream in(move.substr(3));
      before_reply.clear();
      for (Heap h; in >> h;) before_reply.push_back(h);
    } else {
      const auto legal = options_of(*rules, p);
      EXPECT_FALSE(legal.empty());
      const std::size_t k = rng() % legal.size();
      before_reply = legal[k];
      move = rng() % 2 == 0 ? std::to_string(k + 1) : "to " + text_of(legal[k]);
    }
    session.send(move);
  }
  ADD_FAILURE() << "game did not end";
  return "";
}

struct Case {
  std::string ruleset;
  Position start;
};

const std::vector<Case> kCases = {
    {"nim", {3, 4, 5}}, {"nim", {2, 2, 3}}, {"kayles", {7}}, {"kayles", {3, 4}},
    {"wythoff", {4, 9}}, {"wythoff", {2, 6}},
};

TEST(Play, ComputerFirstBeatsRandomPlayer) {
  if (!play_available()) GTEST_SKIP() << "no play command in " << cli_path();
  unsigned seed = 500;
  for (const auto& c : kCases) {
    for (const bool misere : {false, true}) {
      const auto rules = parse_ruleset(c.ruleset);
      if (!testing::RecursiveTwin(*rules, misere).mover_wins(c.start)) continue;
      for (int game = 0; game < 3; ++game) {
        ++seed;
        SCOPED_TRACE(::testing::Message() << c.ruleset << " " << text_of(c.start)
                                          << (misere ? " misère" : " normal") << " seed " << seed);
        const std::string last = play_game(c.ruleset, c.start, misere, true, false, seed);
        EXPECT_NE(last.find("Game over: the computer wins."), std::string::npos) << last;
      }
    }
  }
}

TEST(Play, HumanFollowingHintsWins) {
  if (!play_available()) GTEST_SKIP() << "no play command in " << cli_path();
  for (const auto& c : kCases) {
    for (const bool misere : {false, true}) {
      const auto rules = parse_ruleset(c.ruleset);
      if (!testing::RecursiveTwin(*rules, misere).mover_wins(c.start)) continue;
      SCOPED_TRACE(::testing::Message() << c.ruleset << " " << text_of(c.start)
                                        << (misere ? " misère" : " normal"));
      const std::string last = play_game(c.ruleset, c.start, misere, false, true, 0);
      EXPECT_NE(last.find("Game over: you win."), std::string::npos) << last;
    }
  }
}

// Every (ruleset, convention) pair must have been exercised above.
TEST(Play, CasesCoverEachConvention) {
  for (const std::string name : {"nim", "kayles", "wythoff"}) {
    for (const bool misere : {false, true}) {
      int n_positions = 0;
      for (const auto& c : kCases) {
        if (c.ruleset != name) continue;
        const auto rules = parse_ruleset(name);
        n_positions += testing::RecursiveTwin(*rules, misere).mover_wins(c.start);
      }
      EXPECT_GT(n_positions, 0) << name << (misere ? " misère" : " normal");
    }
  }
}

TEST(Play, BadInputIsOneLineAndGameContinues) {
  if (!play_available()) GTEST_SKIP() << "no play command in " << cli_path();
  PtySession session({"play", "nim", "3", "4", "5"});
  bool ended = false;
  session.read_chunk(ended);
  for (const std::string bad : {"take 99", "99", "to 9 9 9", "xyzzy"}) {
    SCOPED_TRACE(bad);
    session.send(bad);
    const std::string chunk = session.read_chunk(ended);
    ASSERT_FALSE(ended);
    // One complaint line, then the position again.
    const auto position_at = chunk.find("Position: ");
    ASSERT_NE(position_at, std::string::npos) << chunk;
    const std::string complaint = chunk.substr(0, position_at);
    EXPECT_EQ(std::count(complaint.begin(), complaint.end(), '\n'), 1) << chunk;
    EXPECT_EQ(shown_position(chunk), (Position{3, 4, 5}));
  }
  session.send("quit");
  session.read_chunk(ended);
  EXPECT_TRUE(ended);
  EXPECT_EQ(session.wait_exit(), 0);
}

// A position typed after "to" that is not one of the game's (one number for
// Wythoff's two heaps, found by fuzz/play.cpp: it read past the end of the
// position) is a complaint, and the game goes on.
TEST(Play, PositionOfTheWrongShapeIsOneLineAndGameContinues) {
  if (!play_available()) GTEST_SKIP() << "no play command in " << cli_path();
  for (const std::vector<std::string>& game :
       {std::vector<std::string>{"play", "wythoff", "3", "5"},
        std::vector<std::string>{"play", "kayles", "4", "+", "wythoff", "2", "1"}}) {
    PtySession session(game);
    bool ended = false;
    session.read_chunk(ended);
    for (const std::string bad : {"to 2", "to 1 2 3", "to 0"}) {
      SCOPED_TRACE(game[1] + ": " + bad);
      session.send(bad);
      const std::string chunk = session.read_chunk(ended);
      ASSERT_FALSE(ended);
      const auto position_at = chunk.find("Position: ");
      ASSERT_NE(position_at, std::string::npos) << chunk;
      const std::string complaint = chunk.substr(0, position_at);
      EXPECT_EQ(std::count(complaint.begin(), complaint.end(), '\n'), 1) << chunk;
      EXPECT_NE(complaint.find("is not a position of this game"), std::string::npos) << chunk;
    }
    session.send("quit");
    session.read_chunk(ended);
    EXPECT_TRUE(ended);
    EXPECT_EQ(session.wait_exit(), 0);
  }
}

TEST(Play, UndoTakesBackAPair) {
  if (!play_available()) GTEST_SKIP() << "no play command in " << cli_path();
  PtySession session({"play", "nim", "3", "4", "5"});
  bool ended = false;
  session.read_chunk(ended);
  session.send("to 2 4 5");
  const Position after_reply = shown_position(session.read_chunk(ended));
  EXPECT_NE(after_reply, (Position{2, 4, 5}));
  session.send("undo");
  EXPECT_EQ(shown_position(session.read_chunk(ended)), (Position{3, 4, 5}));
  session.send("undo");
  EXPECT_NE(session.read_chunk(ended).find("Nothing to undo"), std::string::npos);
  session.send("quit");
  session.read_chunk(ended);
  EXPECT_EQ(session.wait_exit(), 0);
}

// From a P-position (Nim 2 2) the hint says that no winning move exists.
TEST(Play, HintWhenLost) {
  if (!play_available()) GTEST_SKIP() << "no play command in " << cli_path();
  PtySession session({"play", "nim", "2", "2"});
  bool ended = false;
  session.read_chunk(ended);
  session.send("hint");
  EXPECT_NE(session.read_chunk(ended).find("no winning move"), std::string::npos);
  session.send("quit");
  session.read_chunk(ended);
  EXPECT_EQ(session.wait_exit(), 0);
}

}  // namespace
}  // namespace grundy::play_test
