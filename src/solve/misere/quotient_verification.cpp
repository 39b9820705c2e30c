// The verification automata of a stage (quotient_stage.h): the automaton of
// its sums read heap by heap, in two forms (the full one, whose states are a
// finer monoid, and the compact one that checks a candidate), and the
// compact one kept from heap to heap (CompactVerifier).
// docs/misere-quotients.md, "Verification", explains why they check.
#include <algorithm>
#include <map>
#include <queue>
#include <utility>

#include <fmt/format.h>

#include "grundy/core/front_end_words.h"
#include "solve/misere/quotient_stage.h"
#include "solve/misere/quotient_watch.h"
#include "solve/misere/state_table.h"

namespace grundy::detail {

namespace {

using Element = MisereQuotient::Element;
using Automaton = QuotientAutomaton;
using Stage = QuotientStage;
using Word = StateTable::Word;

// The verification work left to the computation on this thread, and its
// whole budget (VerifyWorkScope).
thread_local std::uint64_t t_verify_work_left = ~std::uint64_t{0};
thread_local std::uint64_t t_verify_work_limit = ~std::uint64_t{0};

// Spends `work` steps of the budget; false (nothing spent, and `a` marked
// incomplete by the work) when less is left.
bool spend_work(Automaton& a, std::uint64_t work) {
  if (work > t_verify_work_left) {
    a.complete = false;
    a.over_work = t_verify_work_limit;
    return false;
  }
  t_verify_work_left -= work;
  return true;
}

// A state limit of 0 means as many states as half of the memory allowed
// holds, at `bytes` a state; records the limit that applies in `a`.
void limit_by_memory(Automaton& a, std::size_t& state_limit, std::uint64_t bytes) {
  if (state_limit == 0) {
    state_limit = static_cast<std::size_t>(
        std::max<std::uint64_t>(1, quotient_memory() / 2 / std::max<std::uint64_t>(bytes, 1)));
    a.limit_by_memory = true;
  }
  a.state_limit = state_limit;
}

// The number of the state `row`, numbering it (with its element Φ(W) =
// row[0]) when it is new; kAbsent (and the automaton marked incomplete)
// when a new state would pass the limit.
std::uint32_t intern_state(Automaton& a, StateTable& rows, const Word* row,
                           std::size_t state_limit) {
  if (rows.size() >= state_limit) {
    const std::uint32_t found = rows.find(row);
    if (found == StateTable::kAbsent) a.complete = false;
    return found;
  }
  bool fresh = false;
  const std::uint32_t id = rows.intern(row, fresh);
  if (fresh) a.element.push_back(row[0]);
  return id;
}

// The heap kinds (types) of heaps first..n of a stage: heaps with the same
// element and the same option elements form one type, numbered in the order
// of their smallest heap. `type_of` holds the types of the heaps before
// `first`; new types are appended to `a` (letter, heap_of_type) and `moves`.
void classify_heaps(const Stage& s, Heap first,
                    std::map<std::pair<Element, std::vector<Element>>, std::size_t>& type_of,
                    Automaton& a, std::vector<std::vector<Element>>& moves) {
  const Heap last = s.last_heap();
  a.type_of_heap.resize(last + 1, 0);
  for (Heap h = first; h <= last; ++h) {
    const auto images = s.option_images[h];
    auto [it, fresh] = type_of.emplace(
        std::make_pair(s.phi[h], std::vector<Element>(images.begin(), images.end())),
        a.letter.size());
    a.type_of_heap[h] = it->second;
    if (!fresh) continue;
    a.letter.push_back(s.phi[h]);
    a.heap_of_type.push_back(h);
    moves.push_back(it->first.second);
  }
}

}  // namespace

std::uint64_t verify_work_spent() { return t_verify_work_limit - t_verify_work_left; }

VerifyWorkScope::VerifyWorkScope(std::uint64_t limit)
    : saved_left_(t_verify_work_left), saved_limit_(t_verify_work_limit) {
  t_verify_work_left = t_verify_work_limit = limit;
}

VerifyWorkScope::~VerifyWorkScope() {
  t_verify_work_left = saved_left_;
  t_verify_work_limit = saved_limit_;
}

std::string incomplete_note(const Automaton& a, std::size_t state_limit) {
  if (a.over_work != 0)
    return fmt::format("more than {} steps of verification work in all", a.over_work);
  if (a.limit_by_memory)
    return fmt::format("more than {} states to check, as many as half of the memory allowed "
                       "holds ({} MiB; raise it with {})",
                       a.state_limit, quotient_memory() >> 20, setting_name("max-memory"));
  return fmt::format("more than {} states to check", state_limit);
}

// The automaton of a stage's sums of heaps 1..n, read heap by heap: a state
// is (Φ(W), and for each heap type present in W, Φ(W − h)). The outcome the
// stage's options predict for W — "W has an option and no option's element
// is in P" — depends only on the state. By induction on W, the stage
// predicts every outcome right iff that prediction agrees with P(Φ(W)) in
// every reachable state (docs/misere-quotients.md, "Verification"). Its
// states, kept apart, are the finer monoid refine() builds with reduce =
// false.
Automaton explore(const Stage& s, std::size_t state_limit) {
  Automaton a;
  std::map<std::pair<Element, std::vector<Element>>, std::size_t> type_of;
  std::vector<std::vector<Element>> moves;
  classify_heaps(s, 1, type_of, a, moves);
  constexpr Word kNone = ~Word{0};
  const std::size_t types = a.letter.size();
  // A transition builds a row of types + 1 words.
  const std::uint64_t per_state = std::uint64_t{types} * (types + 1);
  // A state: its row, its slots, its edges and their vector.
  limit_by_memory(a, state_limit, 4 * (types + 1) + 16 + 4 * types + 48);
  StateTable rows;
  rows.reset(types + 1);
  std::vector<Word> state(types + 1), after(types + 1);
  state.assign(types + 1, kNone);
  state[0] = 0;
  intern_state(a, rows, state.data(), state_limit);
  for (std::uint32_t i = 0; i < rows.size(); ++i) {
    quotient_poll(per_state * 4);
    quotient_step("verifying", i);
    if (!spend_work(a, per_state)) return a;
    std::copy(rows.row(i), rows.row(i) + types + 1, state.begin());
    bool has_option = false, p_option = false;
    for (std::size_t t = 0; t < types; ++t) {
      if (state[t + 1] == kNone) continue;
      for (Element o : moves[t]) {
        has_option = true;
        p_option = p_option || s.p[s.times(state[t + 1], o)];
      }
    }
    const bool predicted = has_option && !p_option;
    a.predicted.push_back(predicted);
    if ((s.p[state[0]] != 0) != predicted) a.consistent = false;
    std::vector<std::uint32_t> edges(types);
    for (std::size_t t = 0; t < types; ++t) {
      after[0] = s.times(state[0], a.letter[t]);
      for (std::size_t u = 0; u < types; ++u)
        after[u + 1] = state[u + 1] == kNone ? kNone : s.times(state[u + 1], a.letter[t]);
      after[t + 1] = state[0];
      const std::uint32_t id = intern_state(a, rows, after.data(), state_limit);
      if (id == StateTable::kAbsent) return a;
      edges[t] = id;
    }
    a.next.push_back(std::move(edges));
  }
  return a;
}


// The compact automaton. What the condition needs from the kinds of heap in
// W is only whether some option of W lies in P, now and after more heaps are
// added: for a type t present in W, with x = Φ(W − h_t), the set
// g_t(x) = {z in Q : x·z·o in P for some option element o of t} says for
// which later products z the sum W·z has a P-option through a heap of type
// t. Adding a heap of element ℓ turns g_t(x) into g_t(xℓ) = {z : ℓz in
// g_t(x)}, a function of the set alone, so the union U of these sets over
// the types present is carried along exactly: reading a heap of type u sends
// (Φ(W), W has an option, U) to (Φ(W)·ℓ_u, W has an option or u has one,
// {z : ℓ_u·z in U} ∪ g_u(Φ(W))), and W has a P-option iff 1 is in U. The
// state does not grow with the number of heap types (the full automaton has
// about 2^types states); its reachable states are still the images of all
// sums W, so checking them all checks every W. It is a quotient of the full
// automaton that keeps the predicted outcome, so Moore's reduction of either
// gives the same candidate in refine().
class CompactForm {
 public:
  explicit CompactForm(std::size_t order) : m_(order), words_((order + 31) / 32), in_u_(order) {}

  std::size_t width() const { return 2 + words_; }

  // Adds the kinds a.letter[g_.size()..] with their option elements.
  void add_kinds(const Stage& s, const Automaton& a, const std::vector<std::vector<Element>>& moves) {
    // in_a_[t][y]: whether y is in A_t = {y : y·o in P for some option
    // element o of t}.
    for (std::size_t t = g_.size(); t < a.letter.size(); ++t) {
      std::vector<char> in_a(m_);
      for (Element y = 0; y < m_; ++y) {
        quotient_poll(moves[t].size() + 1);
        for (Element o : moves[t])
          if (s.p[s.times(y, o)]) {
            in_a[y] = 1;
            break;
          }
      }
      in_a_.push_back(std::move(in_a));
      g_.emplace_back();
      has_moves_.push_back(!moves[t].empty());
    }
  }

  // Makes `state` (a row) the one transitions are read from.
  void load(const Word* state) {
    state_ = state;
    for (Element y = 0; y < m_; ++y) in_u_[y] = static_cast<std::uint8_t>(has(state + 2, y));
  }
  // The loaded state's prediction: W has an option and none in P.
  bool predicted() const { return state_[1] != 0 && !has(state_ + 2, 0); }
  // The row reached from the loaded state by a heap of type t, of element ℓ.
  void read(const Stage& s, std::size_t t, Element letter, Word* after) const {
    const Element x = state_[0];
    after[0] = s.times(x, letter);
    after[1] = state_[1] != 0 || has_moves_[t];
    // {z : ℓz in U}, 32 elements at a time, without branches.
    const Element* row = &s.table[letter * m_];
    const Word* g = g_row(s, t, x);
    for (std::size_t w = 0; w < words_; ++w) {
      Word bits = 0;
      const std::size_t end = std::min<std::size_t>(32, m_ - 32 * w);
      for (std::size_t b = 0; b < end; ++b) bits |= Word{in_u_[row[32 * w + b]]} << b;
      after[2 + w] = bits | g[w];
    }
  }
  // Whether the U of row a is a subset of the U of row b.
  bool u_within(const Word* a, const Word* b) const {
    for (std::size_t w = 2; w < 2 + words_; ++w)
      if ((a[w] & ~b[w]) != 0) return false;
    return true;
  }

 private:
  static bool has(const Word* u, std::size_t z) { return (u[z / 32] >> (z % 32)) & 1u; }
  // The set g_t(x) = {z : x·z in A_t}, computed when first read (a check
  // that fails early reads few of them).
  const Word* g_row(const Stage& s, std::size_t t, Element x) const {
    std::vector<Word>& g = g_[t];
    if (g.empty()) g.assign(m_ * (words_ + 1), 0);  // the rows, then a flag per x
    Word* row = &g[x * words_];
    Word& ready = g[m_ * words_ + x];
    if (ready == 0) {
      quotient_poll(m_);
      // 32 elements at a time, without branches, as read() does: the
      // branch on each product's membership was mispredicted about half the
      // time, and these rows were most of a recalibration's checks (0.575).
      const std::vector<char>& in_a = in_a_[t];
      const Element* products = &s.table[x * m_];
      for (std::size_t w = 0; w < words_; ++w) {
        Word bits = 0;
        const std::size_t end = std::min<std::size_t>(32, m_ - 32 * w);
        for (std::size_t b = 0; b < end; ++b)
          bits |= Word{static_cast<std::uint8_t>(in_a[products[32 * w + b]])} << b;
        row[w] = bits;
      }
      ready = 1;
    }
    return row;
  }
  std::size_t m_, words_;
  std::vector<std::vector<char>> in_a_;
  mutable std::vector<std::vector<Word>> g_;
  std::vector<char> has_moves_;
  std::vector<std::uint8_t> in_u_;  // the loaded state's U, a byte per element
  const Word* state_ = nullptr;
};

namespace {

// A state: {Φ(W), W has an option, U's words...}; its bytes in a table: its
// row, its slots, its edges (one a kind) and their vector, its element and
// prediction.
std::uint64_t compact_state_bytes(std::size_t width, std::size_t types) {
  return 4 * width + 16 + 4 * types + 48;
}

// The inclusion-minimal states of one (Φ(W), W has an option): adds state
// `id` to `least` unless a state there has its U within id's U (false: id is
// dominated); the states whose U contains id's leave `least`, each passed to
// `dropped`. Why a dominated state need not be explored: CompactVerifier,
// below.
template <class Dropped>
bool add_if_minimal(std::vector<std::uint32_t>& least, std::uint32_t id, const StateTable& rows,
                    const CompactForm& form, Dropped&& dropped) {
  const Word* row = rows.row(id);
  for (std::uint32_t other : least)
    if (form.u_within(rows.row(other), row)) return false;
  std::size_t kept = 0;
  for (std::uint32_t other : least) {
    if (form.u_within(row, rows.row(other)))
      dropped(other);
    else
      least[kept++] = other;
  }
  least.resize(kept);
  least.push_back(id);
  return true;
}

}  // namespace

namespace {

// The whole compact automaton of s, whose kinds `a` holds already (letter,
// heap_of_type, type_of_heap) and `form` knows.
Automaton explore_kinds(const Stage& s, std::size_t state_limit, Automaton a, CompactForm& form) {
  const std::size_t types = a.letter.size();
  const std::size_t width = form.width();
  const std::uint64_t per_state = std::uint64_t{types} * (s.order + 1);
  limit_by_memory(a, state_limit, compact_state_bytes(width, types));
  StateTable rows;
  rows.reset(width);
  std::vector<Word> state(width, 0), after(width);
  intern_state(a, rows, state.data(), state_limit);
  for (std::uint32_t i = 0; i < rows.size(); ++i) {
    quotient_poll(per_state);
    quotient_step("verifying", i);
    if (!spend_work(a, per_state)) return a;
    std::copy(rows.row(i), rows.row(i) + width, state.begin());
    form.load(state.data());
    const bool predicted = form.predicted();
    a.predicted.push_back(predicted);
    if ((s.p[state[0]] != 0) != predicted) a.consistent = false;
    std::vector<std::uint32_t> edges(types);
    for (std::size_t t = 0; t < types; ++t) {
      form.read(s, t, a.letter[t], after.data());
      const std::uint32_t id = intern_state(a, rows, after.data(), state_limit);
      if (id == StateTable::kAbsent) return a;
      edges[t] = id;
    }
    a.next.push_back(std::move(edges));
  }
  return a;
}

}  // namespace

Automaton explore_compact(const Stage& s, std::size_t state_limit) {
  Automaton a;
  std::map<std::pair<Element, std::vector<Element>>, std::size_t> type_of;
  std::vector<std::vector<Element>> moves;
  classify_heaps(s, 1, type_of, a, moves);
  CompactForm form(s.order);
  form.add_kinds(s, a, moves);
  return explore_kinds(s, state_limit, std::move(a), form);
}

// CompactVerifier: the compact automaton's check, without the states that
// cannot fail first, kept from heap to heap.
//
// The check splits in two. A sum W in P must have no option in P: the
// option through a heap of type t has the element y·o, y = Φ(W − h_t), o
// an option element of t, and y runs over all of Q (every element is the
// element of a sum), so this half is the finite test "P(y·ℓ_t) implies no
// P(y·o)" over y in Q and the types t. A sum W in N with an option must
// have an option in P: 1 in U. Reading heaps is monotone in U (the new U is
// {z : ℓz in U} joined with a set that depends on Φ(W) alone), so a state
// (x, o, U') whose U' contains the U of a state (x, o, U) already found can
// only have successors whose U contains the U of the corresponding
// successors of (x, o, U): if one of them lacks 1 where the outcome is N,
// so does the other. Only the inclusion-minimal U of each (x, o) are
// explored, the others marked dominated and passed over. (MisereSolver
// keeps minimal option sets for the same reason: a sum with more options
// cannot have fewer P-options.) When the check fails, the whole automaton
// is built (explore_compact) for the repair steps.
//
// Kept from heap to heap: when the next stage has the same multiplication
// table and P-portion, and the same elements and option elements on the
// heaps the check was made for (adjoining a heap that leaves the quotient
// as it was keeps its numbering, see adjoin()), the sums of the earlier
// heaps have the same states with the same transitions. Only the new heaps'
// kinds are new: the finite half is tested for them, each explored state
// gains their transitions, and the states these reach are explored over
// every kind.
CompactVerifier::CompactVerifier() = default;
CompactVerifier::~CompactVerifier() = default;

const Automaton& CompactVerifier::check(const Stage& s, std::size_t state_limit) {
  const bool extending = kept_ && extends(s);
  kept_ = false;  // until this check is complete and passed
  if (!extending) start(s);
  a_.complete = true;
  a_.consistent = true;
  a_.over_work = 0;
  grow(s, state_limit);
  if (!a_.complete || !a_.consistent) return a_;
  kept_ = true;
  if (!extending) {
    table_ = s.table;
    p_ = s.p;
    phi_.assign(1, 0);
    images_ = OptionImages();
  }
  // The heaps checked: their elements and their option elements.
  for (Heap h = phi_.size(); h <= s.last_heap(); ++h) {
    phi_.push_back(s.phi[h]);
    images_.push_back(s.option_images[h]);
  }
  return a_;
}

const Automaton& CompactVerifier::whole(const Stage& s, std::size_t state_limit) {
  // The kinds and their sets g_t(x) that the check found serve the whole
  // automaton; the check is not kept.
  Automaton kinds;
  kinds.letter = a_.letter;
  kinds.heap_of_type = a_.heap_of_type;
  kinds.type_of_heap = a_.type_of_heap;
  a_ = explore_kinds(s, state_limit, std::move(kinds), *form_);
  kept_ = false;
  return a_;
}

bool CompactVerifier::extends(const Stage& s) const {
  if (s.order != m_ || s.phi.size() < phi_.size() || s.table != table_ || s.p != p_) return false;
  return std::equal(phi_.begin(), phi_.end(), s.phi.begin()) && s.option_images.starts_with(images_);
}

void CompactVerifier::start(const Stage& s) {
  a_ = Automaton{};
  type_of_.clear();
  moves_.clear();
  m_ = s.order;
  form_ = std::make_unique<CompactForm>(m_);
  rows_.reset(form_->width());
  explored_ = 0;
  dominated_.clear();
  minimal_.assign(2 * m_, {});
  phi_.assign(1, 0);
  std::vector<Word> first(form_->width(), 0);
  find(first.data(), ~std::size_t{0});
}

// Numbers the row `row` (found now), marking it dominated when a minimal
// state of its (Φ(W), o) has a smaller or equal U, and marking the ones it
// is below dominated otherwise.
bool CompactVerifier::find(const Word* row, std::size_t state_limit) {
  bool fresh = false;
  if (rows_.size() >= state_limit) {
    if (rows_.find(row) != StateTable::kAbsent) return true;
    a_.complete = false;
    return false;
  }
  const std::uint32_t id = rows_.intern(row, fresh);
  if (!fresh) return true;
  dominated_.push_back(0);
  if (!add_if_minimal(minimal_[2 * row[0] + (row[1] != 0)], id, rows_, *form_,
                      [&](std::uint32_t other) { dominated_[other] = 1; }))
    dominated_[id] = 1;
  return true;
}

// Adds the kinds of the heaps after those checked, tests the finite half
// for them, gives the explored states their transitions, and explores the
// states reached.
void CompactVerifier::grow(const Stage& s, std::size_t state_limit) {
  const std::size_t old_types = a_.letter.size(), m = m_;
  classify_heaps(s, phi_.size(), type_of_, a_, moves_);
  const std::size_t types = a_.letter.size(), width = form_->width();
  form_->add_kinds(s, a_, moves_);
  // Half one: no P-position has an option in P.
  for (std::size_t t = old_types; t < types; ++t)
    for (Element y = 0; y < m; ++y) {
      quotient_poll(moves_[t].size() + 1);
      if (!s.p[s.times(y, a_.letter[t])]) continue;
      for (Element o : moves_[t])
        if (s.p[s.times(y, o)]) {
          a_.consistent = false;
          return;
        }
    }
  const std::uint64_t per_transition = m + 1;
  // A state here has no edges: its row, slots, flag.
  limit_by_memory(a_, state_limit, 4 * width + 17);
  std::vector<Word> state(width), after(width);
  auto load = [&](std::uint32_t i) {
    std::copy(rows_.row(i), rows_.row(i) + width, state.begin());
    form_->load(state.data());
  };
  // The new kinds' transitions from the states explored before.
  if (types > old_types) {
    for (std::uint32_t i = 0; i < explored_; ++i) {
      if (dominated_[i]) continue;
      quotient_poll((types - old_types) * per_transition);
      quotient_step("verifying", rows_.size());
      if (!spend_work(a_, (types - old_types) * per_transition)) return;
      load(i);
      for (std::size_t t = old_types; t < types; ++t) {
        form_->read(s, t, a_.letter[t], after.data());
        if (!find(after.data(), state_limit)) return;
      }
    }
  }
  // Half two: every minimal state, explored over every kind.
  for (std::uint32_t i = static_cast<std::uint32_t>(explored_); i < rows_.size(); ++i) {
    explored_ = i;
    if (dominated_[i]) continue;
    quotient_poll(types * per_transition);
    quotient_step("verifying", i);
    if (!spend_work(a_, types * per_transition)) return;
    load(i);
    if ((s.p[state[0]] != 0) != form_->predicted()) {
      a_.consistent = false;
      return;
    }
    for (std::size_t t = 0; t < types; ++t) {
      form_->read(s, t, a_.letter[t], after.data());
      if (!find(after.data(), state_limit)) return;
    }
  }
  explored_ = rows_.size();
}

// The cheapest sum the stage predicts wrongly, as cheapest_failure() finds
// it on the whole automaton, without building the whole automaton. The two
// halves of the check (CompactVerifier) are searched apart:
// - a P-position with a P-option: the finite test over (y, t) of
//   CompactVerifier, each violation giving the sum (cheapest sum of element
//   y) + (heap of kind t); the cheapest sums of the elements come from
//   Dijkstra's algorithm over Q, reading the kinds;
// - an N-position with options and no P-option: Dijkstra's algorithm over
//   the compact automaton's states by tokens, passing over a state when a
//   state already settled with the same (Φ(W), o) has its U within the
//   state's U. That settled state had no more tokens, and each heap read
//   after both keeps the relation, so whatever failure of this half lies
//   beyond the state passed over lies, with no more tokens, beyond the
//   settled one: the first failing state settled has the fewest tokens of
//   any. The cheaper of the two is the failure (on equal tokens, the
//   second).
CheapestFailure find_cheapest_failure(const Stage& s, std::size_t state_limit) {
  CheapestFailure r;
  Automaton& a = r.check;
  std::map<std::pair<Element, std::vector<Element>>, std::size_t> type_of;
  std::vector<std::vector<Element>> moves;
  classify_heaps(s, 1, type_of, a, moves);
  const std::size_t types = a.letter.size(), m = s.order;
  CompactForm form(m);
  form.add_kinds(s, a, moves);
  const std::size_t width = form.width();
  constexpr std::uint64_t kNever = ~std::uint64_t{0};

  // The cheapest sum of each element.
  std::vector<std::uint64_t> element_tokens(m, kNever);
  std::vector<Element> element_parent(m, 0);
  std::vector<Heap> element_via(m, 0);
  {
    using Item = std::pair<std::uint64_t, Element>;
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> queue;
    element_tokens[0] = 0;
    queue.push({0, 0});
    while (!queue.empty()) {
      const auto [t, x] = queue.top();
      queue.pop();
      if (t != element_tokens[x]) continue;
      quotient_poll(types);
      for (std::size_t k = 0; k < types; ++k) {
        const Element y = s.times(x, a.letter[k]);
        const std::uint64_t through = t + a.heap_of_type[k];
        if (through < element_tokens[y]) {
          element_tokens[y] = through;
          element_parent[y] = x;
          element_via[y] = a.heap_of_type[k];
          queue.push({through, y});
        }
      }
    }
  }
  // Half one.
  std::uint64_t p_tokens = kNever;
  Element p_element = 0;
  Heap p_heap = 0;
  for (std::size_t k = 0; k < types; ++k)
    for (Element y = 0; y < m; ++y) {
      quotient_poll(moves[k].size() + 1);
      if (element_tokens[y] == kNever || !s.p[s.times(y, a.letter[k])]) continue;
      const std::uint64_t t = element_tokens[y] + a.heap_of_type[k];
      if (t >= p_tokens) continue;
      for (Element o : moves[k])
        if (s.p[s.times(y, o)]) {
          p_tokens = t;
          p_element = y;
          p_heap = a.heap_of_type[k];
          break;
        }
    }

  // Half two.
  const std::uint64_t per_state = std::uint64_t{types} * (m + 1);
  limit_by_memory(a, state_limit, 4 * width + 17 + 8 + 4 + 8 + 16);
  StateTable rows;
  rows.reset(width);
  std::vector<std::uint64_t> tokens;
  std::vector<std::uint32_t> parent;
  std::vector<Heap> via;
  std::vector<char> settled;
  std::vector<std::vector<std::uint32_t>> minimal(2 * m);
  using Item = std::pair<std::uint64_t, std::uint32_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> queue;
  std::vector<Word> state(width, 0), after(width);
  bool fresh = false;
  rows.intern(state.data(), fresh);
  tokens.push_back(0);
  parent.push_back(0);
  via.push_back(0);
  settled.push_back(0);
  queue.push({0, 0});
  auto sum_of = [&](std::uint32_t i) {
    std::vector<Heap> sum;
    for (; i != 0; i = parent[i]) sum.push_back(via[i]);
    return sum;
  };
  while (!queue.empty()) {
    const auto [t, i] = queue.top();
    queue.pop();
    if (t != tokens[i] || settled[i]) continue;
    if (t > p_tokens) break;
    settled[i] = 1;
    const Word* row = rows.row(i);
    if (!add_if_minimal(minimal[2 * row[0] + (row[1] != 0)], i, rows, form, [](std::uint32_t) {}))
      continue;
    quotient_poll(per_state);
    quotient_step("verifying", rows.size());
    if (!spend_work(a, per_state)) return r;
    std::copy(row, row + width, state.begin());
    form.load(state.data());
    const bool predicted = form.predicted();
    if ((s.p[state[0]] != 0) != predicted) {
      a.consistent = false;
      r.failure.sum = sum_of(i);
      std::sort(r.failure.sum.begin(), r.failure.sum.end());
      r.failure.tokens = t;
      r.predicted = predicted;
      return r;
    }
    for (std::size_t k = 0; k < types; ++k) {
      form.read(s, k, a.letter[k], after.data());
      const std::uint64_t through = t + a.heap_of_type[k];
      std::uint32_t j = rows.find(after.data());
      if (j == StateTable::kAbsent) {
        if (rows.size() >= state_limit) {
          a.complete = false;
          return r;
        }
        j = rows.intern(after.data(), fresh);
        tokens.push_back(kNever);
        parent.push_back(0);
        via.push_back(0);
        settled.push_back(0);
      }
      if (!settled[j] && through < tokens[j]) {
        tokens[j] = through;
        parent[j] = i;
        via[j] = a.heap_of_type[k];
        queue.push({through, j});
      }
    }
  }
  if (p_tokens != kNever) {
    a.consistent = false;
    for (Element y = p_element; y != 0; y = element_parent[y]) r.failure.sum.push_back(element_via[y]);
    r.failure.sum.push_back(p_heap);
    std::sort(r.failure.sum.begin(), r.failure.sum.end());
    r.failure.tokens = p_tokens;
    r.predicted = false;
  }
  return r;
}

}  // namespace grundy::detail
