// Several games side by side, each with its own ruleset: a Kayles row, a Nim
// heap, a Wythoff pair and a token on a graph. How a move in the compound is
// made decides the compound (Winning Ways ch. 9; docs/theory.md §1, §5):
//   disjunctive (the sum): the mover moves in exactly one component;
//   continued conjunctive (Every-SG): the mover moves in every
//     component that still has a move, and loses only when none has;
//   conjunctive: the mover moves in every component, and cannot move (the
//     game ends) as soon as one component has no move.
//
// Description: a compound position is stored as one Position, so that every
//   generic solver (brute force, remoteness, retrograde analysis, play) runs
//   on it unchanged: for each component in order, its length and then its
//   numbers, [n0, c0..., n1, c1..., ...]. Component i is always a position of
//   ruleset i; components may grow and shrink (a Kayles row that splits).
//   canonical() canonicalises each component in place, so memoised search
//   keys on component multisets (heaps sorted, tokens sorted).
// Source: docs/theory.md §1 (sums), §5 (Every-SG and the conjunctive compound).
// Time: options of a disjunctive compound cost those of its components; a
//   (continued) conjunctive compound has the product of their option counts,
//   listed by an odometer over the components' option lists.
// Memory: the components' option lists while options are visited.
// Status: every convention's analysis compared with a retrograde analysis of
//   random small compounds (tests/stress/conventions_test.cpp), and sums on
//   the command line likewise (tests/cli/sum_cli_test.cpp). The retrograde
//   twin explores the compound through these same option lists, so the
//   option sets themselves have no independent check yet.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "grundy/rules/ruleset.h"

namespace grundy {

enum class CompoundKind { disjunctive, every, conjunctive };

class Compound final : public Ruleset {
 public:
  void accept(RulesetVisitor& visitor) const override { visitor.compound(*this); }
  // Throws InputError if there are no components.
  Compound(std::vector<std::shared_ptr<const Ruleset>> rulesets, CompoundKind kind);

  // The stored form of a list of component positions, and back. decode
  // throws InputError if `position` is not such a list for this compound.
  static Position encode(const std::vector<Position>& components);
  std::vector<Position> decode(const Position& position) const;

  // "kayles + nim + wythoff"; Every-SG and conjunctive compounds say so.
  std::string name() const override;
  void check_position(const Position& position) const override;
  void for_each_option(const Position& position,
                       const std::function<bool(const Position&)>& visit) const override;
  // The component moves, each prefixed by its component's label.
  std::string describe_move(const Position& before, const Position& after) const override;
  Position canonical(const Position& position) const override;
  // A disjunctive compound's options change one component: the others are
  // canonicalised once for the position, not again for every option.
  void for_each_canonical_option(const Position& position,
                                 const std::function<bool(Position&&)>& visit) const override;
  // "kayles 5 7 + nim 3 + wythoff 3 5", the syntax the command line reads.
  std::string show(const Position& position) const override;
  // Whether some component's game has cycles.
  bool has_cycles() const override;

  CompoundKind kind() const { return kind_; }
  std::size_t size() const { return rulesets_.size(); }
  const Ruleset& ruleset(std::size_t i) const { return *rulesets_[i]; }
  const std::shared_ptr<const Ruleset>& ruleset_ptr(std::size_t i) const { return rulesets_[i]; }
  // The ruleset's name, numbered when several components share it ("wythoff #2").
  const std::string& label(std::size_t i) const { return labels_[i]; }

 private:
  std::vector<std::shared_ptr<const Ruleset>> rulesets_;
  std::vector<std::string> labels_;
  CompoundKind kind_;
};

// A position together with its game.
struct GamePosition {
  std::shared_ptr<const Ruleset> ruleset;
  Position position;
  // Whether the numbers form one component of an Every-SG or conjunctive
  // compound although the game's numbers are components elsewhere: the
  // heaps a split left of one heap, written "(1 1)". A disjunctive sum is
  // the same game grouped or not.
  bool grouped = false;
};

// Adds `summand` to a list of summands, merged into an earlier one of the
// same game when that game's numbers are components (kayles 5 + kayles 7 is
// kayles 5 7; tokens on one graph) and neither is grouped.
void add_summand(std::vector<GamePosition>& summands, GamePosition summand);

// The disjunctive sum of the summands (the summand itself when there is one);
// groups are merged with the other numbers of their game.
GamePosition sum_of(const std::vector<GamePosition>& summands);

// The Every-SG (or conjunctive) compound of the summands: every heap of a
// heap game and every token on a graph is a component of its own, a group
// (the parts a split left of one heap) is one, other games are one each.
// The ruleset as a compound, or nullptr when it is of another family.
const Compound* compound_of(const Ruleset& ruleset);

struct CompoundPosition {
  std::shared_ptr<const Compound> compound;
  Position position;
};
CompoundPosition every_compound_of(const std::vector<GamePosition>& summands,
                                   CompoundKind kind = CompoundKind::every);

}  // namespace grundy
