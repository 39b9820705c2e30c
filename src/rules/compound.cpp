#include "grundy/rules/compound.h"

#include <map>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "grundy/core/error.h"

namespace grundy {

Compound::Compound(std::vector<std::shared_ptr<const Ruleset>> rulesets, CompoundKind kind)
    : rulesets_(std::move(rulesets)), kind_(kind) {
  if (rulesets_.empty()) throw InputError("", "a compound game needs at least one component");
  std::map<std::string, int> seen;
  for (const auto& r : rulesets_) ++seen[r->shown_name()];
  std::map<std::string, int> numbered;
  for (const auto& r : rulesets_) {
    const std::string name = r->shown_name();
    labels_.push_back(seen[name] > 1 ? fmt::format("{} #{}", name, ++numbered[name]) : name);
  }
}

Position Compound::encode(const std::vector<Position>& components) {
  Position result;
  std::size_t length = components.size();
  for (const Position& c : components) length += c.size();
  result.reserve(length);
  for (const Position& c : components) {
    result.push_back(c.size());
    result.insert(result.end(), c.begin(), c.end());
  }
  return result;
}

std::vector<Position> Compound::decode(const Position& position) const {
  std::vector<Position> components;
  components.reserve(rulesets_.size());
  std::size_t at = 0;
  while (at < position.size()) {
    const Heap length = position[at++];
    if (length > position.size() - at)
      throw InputError(Ruleset::show(position), "not a position of this compound game (bad length)");
    components.emplace_back(position.begin() + static_cast<std::ptrdiff_t>(at),
                            position.begin() + static_cast<std::ptrdiff_t>(at + length));
    at += length;
  }
  if (components.size() != rulesets_.size())
    throw InputError(fmt::format("{} components", components.size()),
                     fmt::format("this compound game has {} components", rulesets_.size()));
  return components;
}

std::string Compound::name() const {
  std::vector<std::string> names;
  for (const auto& r : rulesets_) names.push_back(r->shown_name());
  std::string joined = fmt::format("{}", fmt::join(names, " + "));
  switch (kind_) {
    case CompoundKind::disjunctive:
      return joined;
    case CompoundKind::every:
      return "Every-SG compound of " + joined;
    case CompoundKind::conjunctive:
      return "conjunctive compound of " + joined;
  }
  return joined;
}

void Compound::check_position(const Position& position) const {
  const auto components = decode(position);
  for (std::size_t i = 0; i < components.size(); ++i) rulesets_[i]->check_position(components[i]);
}

void Compound::for_each_option(const Position& position,
                               const std::function<bool(const Position&)>& visit) const {
  auto components = decode(position);
  if (kind_ == CompoundKind::disjunctive) {
    for (std::size_t i = 0; i < components.size(); ++i) {
      const Position mine = components[i];
      bool go_on = true;
      rulesets_[i]->for_each_option(mine, [&](const Position& after) {
        components[i] = after;
        go_on = visit(encode(components));
        return go_on;
      });
      components[i] = mine;
      if (!go_on) return;
    }
    return;
  }
  // (Continued) conjunctive: one option from every component that moves,
  // the first component's changing fastest. The options are listed again
  // for each choice in the components after, not held: a component of 10^12
  // options (Wythoff's (0, 10^12)) would fill the memory before the visitor
  // saw one option, so that neither its stopping nor a search's work budget
  // could end the listing.
  std::vector<char> moves(components.size(), 0);
  bool any = false;
  for (std::size_t i = 0; i < components.size(); ++i) {
    rulesets_[i]->for_each_option(components[i], [&](const Position&) {
      moves[i] = 1;
      return false;
    });
    if (moves[i] == 0 && kind_ == CompoundKind::conjunctive) return;  // the game is over
    any = any || moves[i] != 0;  // Every-SG: a component without a move stays
  }
  if (!any) return;
  bool go_on = true;
  // Chooses the options of components 0..k, the others being chosen.
  const std::function<void(std::size_t)> choose = [&](std::size_t k) {
    if (moves[k] == 0) {
      if (k == 0) go_on = visit(encode(components));
      else choose(k - 1);
      return;
    }
    const Position mine = components[k];
    rulesets_[k]->for_each_option(mine, [&](const Position& after) {
      components[k] = after;
      if (k == 0) go_on = visit(encode(components));
      else choose(k - 1);
      return go_on;
    });
    components[k] = mine;
  };
  choose(components.size() - 1);
}

std::string Compound::describe_move(const Position& before, const Position& after) const {
  const auto from = decode(before);
  const auto to = decode(after);
  // A component that is the same after the move either did not move or
  // moved to itself (a token along a self-loop of a graph): the latter is
  // described too, as it is part of the move.
  const auto passes = [&](std::size_t i) {
    bool found = false;
    rulesets_[i]->for_each_option(from[i], [&](const Position& option) {
      found = option == from[i];
      return !found;
    });
    return found;
  };
  std::vector<std::string> parts;
  std::vector<std::size_t> unchanged;
  for (std::size_t i = 0; i < from.size(); ++i) {
    if (i < to.size() && from[i] != to[i])
      parts.push_back(fmt::format("{}: {}", labels_[i], rulesets_[i]->describe_move(from[i], to[i])));
    else if (i < to.size())
      unchanged.push_back(i);
  }
  // In a sum one component moves, so a move that changes nothing is one
  // pass; in the (continued) conjunctive compounds every component that can
  // move does, so each unchanged one that can pass did.
  for (std::size_t i : unchanged) {
    if (kind_ == CompoundKind::disjunctive && !parts.empty()) break;
    if (passes(i))
      parts.push_back(fmt::format("{}: {}", labels_[i], rulesets_[i]->describe_move(from[i], to[i])));
  }
  return fmt::format("{}", fmt::join(parts, "; "));
}

Position Compound::canonical(const Position& position) const {
  auto components = decode(position);
  for (std::size_t i = 0; i < components.size(); ++i)
    components[i] = rulesets_[i]->canonical(components[i]);
  return encode(components);
}

void Compound::for_each_canonical_option(const Position& position,
                                         const std::function<bool(Position&&)>& visit) const {
  if (kind_ != CompoundKind::disjunctive) {
    Ruleset::for_each_canonical_option(position, visit);
    return;
  }
  // canonical() is componentwise: the changed component's options come
  // canonical from its own ruleset, and the unchanged components are taken
  // canonical from here.
  const auto components = decode(position);
  std::vector<Position> canonical_parts;
  canonical_parts.reserve(components.size());
  std::size_t length = components.size();
  for (std::size_t i = 0; i < components.size(); ++i) {
    canonical_parts.push_back(rulesets_[i]->canonical(components[i]));
    length += canonical_parts[i].size();
  }
  for (std::size_t i = 0; i < components.size(); ++i) {
    bool go_on = true;
    rulesets_[i]->for_each_canonical_option(components[i], [&](Position&& mine) {
      Position option;
      option.reserve(length - canonical_parts[i].size() + mine.size());
      for (std::size_t j = 0; j < components.size(); ++j) {
        const Position& part = j == i ? mine : canonical_parts[j];
        option.push_back(part.size());
        option.insert(option.end(), part.begin(), part.end());
      }
      go_on = visit(std::move(option));
      return go_on;
    });
    if (!go_on) return;
  }
}

bool Compound::has_cycles() const {
  for (const auto& r : rulesets_)
    if (r->has_cycles()) return true;
  return false;
}

std::string Compound::show(const Position& position) const {
  const auto components = decode(position);
  std::vector<std::string> parts;
  for (std::size_t i = 0; i < components.size(); ++i) {
    const std::string numbers = rulesets_[i]->show(components[i]);
    const bool grouping = kind_ != CompoundKind::disjunctive &&
                          rulesets_[i]->numbers_are_components();
    if (!grouping) {
      parts.push_back(numbers.empty() ? rulesets_[i]->shown_name() + " (empty)"
                                      : rulesets_[i]->shown_name() + " " + numbers);
      continue;
    }
    // In an Every-SG or conjunctive compound, the heaps (tokens) of one game
    // are shown in one row as the user writes them, a component of several
    // numbers (what a split left of one heap) in parentheses: "0.77 3 (1 1)".
    const std::string shown =
        components[i].size() == 1 ? numbers : fmt::format("({})", numbers);
    if (i > 0 && rulesets_[i - 1]->numbers_are_components() &&
        rulesets_[i - 1]->name() == rulesets_[i]->name())
      parts.back() += " " + shown;
    else
      parts.push_back(rulesets_[i]->shown_name() + " " + shown);
  }
  return fmt::format("{}", fmt::join(parts, " + "));
}

const Compound* compound_of(const Ruleset& ruleset) {
  struct Finder final : RulesetVisitor {
    const Compound* found = nullptr;
    void heaps(const HeapRuleset&) override {}
    void closed_form(const PositionRuleset&) override {}
    void graph_tokens(const GraphTokens&) override {}
    void compound(const Compound& r) override { found = &r; }
    void moves_only(const Ruleset&) override {}
  } finder;
  ruleset.accept(finder);
  return finder.found;
}

void add_summand(std::vector<GamePosition>& summands, GamePosition summand) {
  for (GamePosition& earlier : summands) {
    if (!earlier.grouped && !summand.grouped &&
        earlier.ruleset->name() == summand.ruleset->name() &&
        earlier.ruleset->numbers_are_components()) {
      earlier.position.insert(earlier.position.end(), summand.position.begin(),
                              summand.position.end());
      earlier.ruleset->check_position(earlier.position);
      return;
    }
  }
  summands.push_back(std::move(summand));
}

GamePosition sum_of(const std::vector<GamePosition>& grouped) {
  std::vector<GamePosition> summands;
  for (GamePosition s : grouped) {
    s.grouped = false;
    add_summand(summands, std::move(s));
  }
  if (summands.size() == 1) return summands[0];
  std::vector<std::shared_ptr<const Ruleset>> rulesets;
  std::vector<Position> positions;
  for (const GamePosition& s : summands) {
    rulesets.push_back(s.ruleset);
    positions.push_back(s.position);
  }
  return {std::make_shared<const Compound>(std::move(rulesets), CompoundKind::disjunctive),
          Compound::encode(positions)};
}

CompoundPosition every_compound_of(const std::vector<GamePosition>& summands, CompoundKind kind) {
  std::vector<std::shared_ptr<const Ruleset>> rulesets;
  std::vector<Position> positions;
  for (const GamePosition& s : summands) {
    if (s.ruleset->numbers_are_components() && !s.grouped) {
      for (Heap n : s.position) {
        rulesets.push_back(s.ruleset);
        positions.push_back({n});
      }
    } else {
      rulesets.push_back(s.ruleset);
      positions.push_back(s.position);
    }
  }
  return {std::make_shared<const Compound>(std::move(rulesets), kind),
          Compound::encode(positions)};
}

}  // namespace grundy
