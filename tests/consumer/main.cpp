// A program outside grundy that uses it as a library, through the umbrella
// header only: a Kayles position analysed by name (parse_ruleset, analyze),
// and a user-defined game solved by GameSolver. tests/consumer/run.sh builds
// it against an installed grundy (find_package, pkg-config) or grundy's
// source tree (add_subdirectory), and checks every line it prints against a
// brute force of its own.
//
// Output, one fact per line; a position is its non-zero heaps in increasing
// order, and a list of winning moves is the positions they lead to, sorted
// as strings and joined by " | ".
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include <grundy/grundy.h>

namespace {

std::string show(std::vector<unsigned long long> heaps) {
  std::erase(heaps, 0ULL);
  std::sort(heaps.begin(), heaps.end());
  std::string text;
  for (const auto h : heaps) text += (text.empty() ? "" : " ") + std::to_string(h);
  return text;
}

std::string show_moves(std::vector<std::string> positions) {
  std::sort(positions.begin(), positions.end());
  positions.erase(std::unique(positions.begin(), positions.end()), positions.end());
  std::string text;
  for (const auto& p : positions) text += (text.empty() ? "" : " | ") + p;
  return text;
}

// Heaps from which a move subtracts 1, 3 or 4 tokens from one heap: a
// subtraction game written from scratch as a model of grundy::Game, each heap
// an independent component.
struct SubtractOneThreeFour {
  using position = std::vector<int>;

  static std::size_t hash(const position& heaps) {
    std::size_t h = heaps.size();
    for (const int x : heaps) h = h * 1000003u + static_cast<std::size_t>(x);
    return h;
  }
  std::vector<position> moves(const position& heaps) const {
    std::vector<position> options;
    for (std::size_t i = 0; i < heaps.size(); ++i)
      for (const int take : {1, 3, 4})
        if (take <= heaps[i]) {
          position after = heaps;
          after[i] -= take;
          options.push_back(after);
        }
    return options;
  }
  std::vector<position> components(const position& heaps) const {
    std::vector<position> parts;
    for (const int x : heaps)
      if (x > 0) parts.push_back({x});
    return parts;
  }
};
static_assert(grundy::Game<SubtractOneThreeFour> && grundy::GameWithComponents<SubtractOneThreeFour>);

std::vector<unsigned long long> widen(const std::vector<int>& heaps) {
  return {heaps.begin(), heaps.end()};
}

}  // namespace

int main() {
  // Kayles, by its name.
  const auto kayles = grundy::parse_ruleset("kayles");
  std::printf("kayles name: %s\n", kayles->name().c_str());
  std::string values;
  for (grundy::Heap n = 0; n <= 12; ++n) {
    const grundy::Analysis single = grundy::analyze(*kayles, {n});
    values += (n ? " " : "") + std::to_string(single.value.value());
  }
  std::printf("kayles G(0..12): %s\n", values.c_str());
  const grundy::Position position = {5, 7};
  const grundy::Analysis a = grundy::analyze(*kayles, position);
  std::printf("kayles 5 7: outcome %c value %llu\n", grundy::outcome_letter(a.outcome),
              static_cast<unsigned long long>(a.value.value()));
  std::vector<std::string> after;
  for (const grundy::Move& m : a.winning_moves.items) {
    const grundy::Position p = m.after(position);
    after.push_back(show({p.begin(), p.end()}));
  }
  std::printf("kayles 5 7 winning: %s\n", show_moves(after).c_str());

  // A game of the user's own.
  grundy::GameSolver<SubtractOneThreeFour> solver(SubtractOneThreeFour{});
  values.clear();
  for (int n = 0; n <= 20; ++n)
    values += (n ? " " : "") + std::to_string(solver.grundy_value({n}).value());
  std::printf("user G(0..20): %s\n", values.c_str());
  const SubtractOneThreeFour::position heaps = {5, 6, 9};
  std::printf("user 5 6 9: outcome %c value %llu\n", grundy::outcome_letter(solver.outcome(heaps)),
              static_cast<unsigned long long>(solver.grundy_value(heaps).value()));
  after.clear();
  for (const auto& option : solver.winning_moves(heaps)) after.push_back(show(widen(option)));
  std::printf("user 5 6 9 winning: %s\n", show_moves(after).c_str());
  return 0;
}
