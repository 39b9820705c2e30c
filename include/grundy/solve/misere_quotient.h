// The misère quotient of a heap game restricted to heaps 0..N: the
// commutative monoid of the sums of those heaps modulo misère
// indistinguishability, with its P-portion and the pretending function that
// sends each heap to its element.
//
// Description: heaps are adjoined one at a time (Plambeck & Siegel 2008,
//   "Misère quotients for impartial games", JCTA 115). With Q the quotient of
//   heaps 0..n-1 and O the elements of heap n's options, the outcome of
//   a·h^k (a in Q, k copies of heap n) follows from the options of a's
//   shortest representative and from O; the rows k = 0, 1, 2, ... repeat
//   after an index and a period, and the new quotient is the bipartite
//   monoid Q × {1, h, ..., h^(index+period-1)} with its P-portion, reduced by
//   indistinguishability (Moore's partition refinement over the generators).
//   Every candidate is verified; one that fails is repaired by
//   recalibration (freeing heaps of its cheapest wrong sum as cyclic
//   generators), then refinement, then learning from exact outcomes.
//   Elements are then named by their shortlex-least words in the generators
//   a, b, c, ... (heaps that were not equivalent to a sum of smaller heaps),
//   and every minimal reducible word gives a relation: together they present
//   the quotient. docs/misere-quotients.md explains the method, the
//   periodicity criterion that makes the quotient the whole game's, and its
//   proof.
// Source: T. E. Plambeck, "Taming the wild in impartial combinatorial games",
//   INTEGERS 5 (2005) G5; T. E. Plambeck and A. N. Siegel, JCTA 115 (2008);
//   A. N. Siegel, Combinatorial Game Theory (AMS 2013), ch. V.
// Time: per heap, O(|Q| · options of the representatives) for the outcome
//   rows, O(|Q| · k · generators · rounds) for the refinement, and for the
//   verification O(states · heap kinds · |Q|), where a state is (Φ(W), a
//   subset of Q, one bit); measured, at most about ten times |Q| states
//   (Kayles: 712 states for heaps 0..40, |Q| = 40).
// Memory: the multiplication table, |Q|^2 entries; QuotientOptions bounds |Q|.
// Status: misère outcomes of random sums compared with exhaustive search for
//   every 2- and 3-digit octal code with a small quotient
//   and for Kayles heaps up to 30 (tests/stress/misere_quotient_test.cpp);
//   the published quotients of 0.75 and of 0.07 to heap 30 (360 elements)
//   and literal checks in tests/unit/misere_quotient_test.cpp and
//   tests/unit/misere_quotient_published_test.cpp; the command in
//   tests/cli/quotient_cli_test.cpp; checkpoints (save, resume) in
//   tests/unit/quotient_checkpoint_test.cpp and
//   tests/cli/quotient_resume_test.cpp; stops (a signal or a time budget
//   in every step) in tests/cli/quotient_stop_test.cpp.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "grundy/core/types.h"
#include "grundy/rules/heap_ruleset.h"
#include "grundy/solve/search_control.h"

namespace grundy {

namespace detail {
struct QuotientStage;
}

class QuotientState;

struct QuotientOptions {
  // Adjoin heaps 1..max_heap.
  Heap max_heap = 30;
  // Most elements the quotient may have; beyond it a LimitError (or, with
  // stop_at_limit, the quotient of the heaps done so far). It bounds the
  // quotient only: the working sizes of the steps that repair a candidate
  // (the finer monoid, recalibration's products, learning's table) follow
  // the order of the quotient reached (detail::working_elements), so that
  // raising it changes nothing until the quotient needs it. The default is
  // the largest allowed: what bounds a quotient then is its multiplication
  // table, which must fit in half of max_memory (65536 elements would take
  // 16 GiB), and the time given. A fixed 4096 stopped 0.106 at heap 20,
  // whose next quotient (2692 elements) passes through larger candidates
  // (docs/misere-quotients.md, "Limits").
  std::size_t max_elements = 65536;
  // Most powers h^k of one new heap examined before its outcome rows repeat.
  std::size_t max_exponent = 64;
  // Stop adjoining heaps once the pretending function is proven periodic for
  // the whole game (docs/misere-quotients.md, "The whole game").
  bool stop_when_proven = false;
  // On reaching max_elements or max_exponent, return the quotient of the
  // heaps adjoined so far (MisereQuotient::limit_note says why) instead of
  // throwing.
  bool stop_at_limit = false;
  // Most states the verification of one heap's quotient may visit
  // (docs/misere-quotients.md, "Verification"); beyond it the heap counts as
  // not verified and the quotient stops before it. 0: as many as half of
  // max_memory holds (a state takes a few hundred bytes to a few kilobytes,
  // with the order of the quotient).
  std::size_t max_verify_states = 0;
  // Bytes the computation may hold (0: default_memory_limit(), core/memory.h):
  // the verification's states, the candidates' multiplication tables. A
  // quotient whose table would not fit stops the run as max_elements does.
  // Not part of a checkpoint.
  std::uint64_t max_memory = 0;
  // Most steps of work all the verifications of one computation may take
  // together (a state of an automaton costs its transitions, one per kind of
  // heap, times the quotient's order); past it a heap counts as not
  // verified, as past max_verify_states. Unbounded by default: an analysis,
  // which must answer at once, bounds it (about a nanosecond a step). Not
  // part of a checkpoint.
  std::uint64_t max_verify_work = ~std::uint64_t{0};
  // Verify each heap's quotient (off only for tests of the verification).
  bool verify = true;
  // Rounds of refinement tried when a heap's first quotient fails
  // verification (docs/misere-quotients.md, "Verification").
  std::size_t max_refinements = 4;
  // When refinement fails, repair the candidate by recalibration (freeing
  // heaps of its cheapest wrong sum, docs/misere-quotients.md,
  // "Recalibration"; src/solve/misere/quotient_recalibration.h) before learning
  // (`grundy quotient --no-recalibration` turns it off).
  bool recalibrate = true;
  // When refinement fails too, learn the heap's quotient from exact outcomes
  // (docs/misere-quotients.md, "Learning"; src/solve/misere/quotient_learning.h):
  // at most this many sums of heaps are solved and remembered; 0 turns
  // learning off (`grundy quotient --learning-limit`).
  std::size_t max_learning_positions = 1'000'000;
  // Decide tame or wild (compares with the quotients of Nim heaps).
  bool decide_tame = true;
  // Progress (SearchProgress: positions = the heap being adjoined, limit =
  // max_heap, order = the order of the quotient verified so far, step and
  // step_count = what is being done to the heap) and the stop flag, both
  // looked at about every millisecond of work in every step.
  const SearchControl* control = nullptr;
  // Wall-clock seconds the computation may take; 0: no budget. When they
  // run out it stops as on the control's stop flag. Not part of a checkpoint.
  double max_seconds = 0;
  // On a stop (the control's flag, or max_seconds), return the quotient of
  // the heaps verified so far (limit_note says at which heap it stopped,
  // interrupted() and out_of_time() why, tame() is not decided) instead of
  // throwing Interrupted. A checkpoint saved then holds the last heap done
  // and resumes as if the run had not stopped.
  bool stop_returns_quotient = false;
  // Checkpoints (docs/misere-quotients.md, "Checkpoints"): called with the
  // state of the computation after a heap is adjoined, at most once per
  // save_every seconds, and always at the end, at a stop by the control's
  // flag (before Interrupted is thrown) and before a LimitError, with the
  // last state completed. A state continues the computation exactly
  // (`resume`); quotient_checkpoint.h writes it to a file.
  std::function<void(const QuotientState&)> save;
  double save_every = 60;
  // Continue from this state instead of heap 0: the state of this ruleset,
  // made with the same options (max_heap may be larger; the rest must
  // agree), or an InputError says which differs. The result is the one an
  // uninterrupted run with these options gives.
  const QuotientState* resume = nullptr;
};

// The construction after heaps 0..k: what the next heap's step reads
// (QuotientOptions::save and resume).
class QuotientState {
 public:
  QuotientState();
  QuotientState(const QuotientState&);
  QuotientState& operator=(const QuotientState&);
  QuotientState(QuotientState&&) noexcept;
  QuotientState& operator=(QuotientState&&) noexcept;
  ~QuotientState();

  const std::string& ruleset_name() const { return ruleset_name_; }
  // The options it was made with (control, save and resume left empty;
  // max_heap as the run that made it was asked).
  const QuotientOptions& options() const { return options_; }
  // Heaps 0..heaps_done() are adjoined.
  Heap heaps_done() const;
  // Elements of the quotient of those heaps.
  std::size_t order() const;
  // Empty, or why heap heaps_done() + 1 could not be adjoined (the run
  // stopped there, as MisereQuotient::limit_note says; a run resumed with a
  // larger max_heap stops there again).
  const std::string& stop_note() const { return stop_note_; }
  bool stopped_unverified() const { return stopped_unverified_; }

  // For quotient_checkpoint.cpp and misere_quotient.cpp.
  const detail::QuotientStage& stage() const { return *stage_; }
  QuotientState(std::string ruleset_name, QuotientOptions options,
                std::shared_ptr<const detail::QuotientStage> stage, std::string stop_note,
                bool stopped_unverified);

 private:
  std::string ruleset_name_;
  QuotientOptions options_;
  std::shared_ptr<const detail::QuotientStage> stage_;
  std::string stop_note_;
  bool stopped_unverified_ = false;
  bool interrupted_ = false;
  bool out_of_time_ = false;
};

// An element as a product of generators: the exponent of each generator.
using QuotientWord = std::vector<unsigned>;

// left = right in the quotient.
struct QuotientRelation {
  QuotientWord left;
  QuotientWord right;
};

struct PretendingPeriod {
  Heap preperiod = 0;
  Heap period = 0;
  // True when the periodicity criterion of docs/misere-quotients.md proves
  // that every larger heap follows the period and adds nothing to the
  // quotient: then the quotient is the whole game's.
  bool proven = false;
};

class MisereQuotient {
 public:
  using Element = std::uint32_t;

  std::size_t order() const { return p_.size(); }
  static Element identity() { return 0; }
  Element multiply(Element a, Element b) const { return table_[a * order() + b]; }
  // Whether the sums of heaps mapped to x are misère P-positions.
  bool is_p(Element x) const { return p_[x] != 0; }
  std::vector<Element> p_portion() const;

  // The largest heap adjoined.
  Heap max_heap() const { return pretending_.size() - 1; }
  // Φ(0..max_heap()).
  const std::vector<Element>& pretending() const { return pretending_; }
  // Whether Φ(n) is known: n <= max_heap(), or any n once the period is proven.
  bool covers(Heap n) const;
  // Φ(n); a LimitError when !covers(n).
  Element heap_element(Heap n) const;
  // The element of a sum of heaps (all covered).
  Element element_of(const Position& heaps) const;

  // Generators a, b, c, ...: the heaps that were not equivalent to a sum of
  // smaller heaps when adjoined, in increasing order.
  const std::vector<Heap>& generator_heaps() const { return generators_; }
  static std::string generator_name(std::size_t i);
  // The shortlex-least word of x (degree first, then more of the earlier
  // generators first): "1", "a", "ab^2".
  const QuotientWord& normal_form(Element x) const { return words_[x]; }
  std::string name(Element x) const;
  std::string word_name(const QuotientWord& word) const;
  // Every minimal word that is not a normal form, equal to its normal form:
  // they rewrite any word to its normal form, so they present the quotient.
  const std::vector<QuotientRelation>& relations() const { return relations_; }
  // "<a, b | a^2 = 1, b^3 = b>": the generators and relations() in the
  // literature's notation (one text for every front end).
  std::string presentation() const;

  const std::optional<PretendingPeriod>& period() const { return period_; }
  // The quotient is the whole game's (the period is proven).
  bool whole_game() const { return period_ && period_->proven; }
  // The last heap that brought a new generator; nullopt for the trivial quotient.
  std::optional<Heap> last_new_generator() const;
  // True when (Q, P) is isomorphic to the quotient of Nim heaps 0..2^k-1 for
  // some k (tame); false when wild; nullopt when not decided.
  std::optional<bool> tame() const { return tame_; }
  // Empty, or why fewer heaps than asked were adjoined: a limit
  // (stop_at_limit), or a heap whose quotient the construction could not
  // verify (always a stop, never an error: what was adjoined is proven).
  const std::string& limit_note() const { return limit_note_; }
  // True when the stop was a failed verification.
  bool stopped_unverified() const { return stopped_unverified_; }
  // True when the computation was stopped before its end by the control's
  // flag or its time budget (QuotientOptions::stop_returns_quotient); then
  // out_of_time() says whether it was the budget.
  bool interrupted() const { return interrupted_; }
  bool out_of_time() const { return out_of_time_; }
  const std::string& ruleset_name() const { return ruleset_name_; }
  // The steps of verification work its computation took, resumed runs
  // counting only their own (QuotientOptions::max_verify_work counts the same).
  std::uint64_t verify_work() const { return verify_work_; }

 private:
  friend MisereQuotient misere_quotient(const HeapRuleset&, const QuotientOptions&);
  std::string ruleset_name_;
  std::uint64_t verify_work_ = 0;
  std::vector<Element> table_;
  std::vector<char> p_;
  std::vector<Element> pretending_;
  std::vector<Heap> generators_;
  std::vector<QuotientWord> words_;
  std::vector<QuotientRelation> relations_;
  std::optional<PretendingPeriod> period_;
  std::optional<bool> tame_;
  std::string limit_note_;
  bool stopped_unverified_ = false;
  bool interrupted_ = false;
  bool out_of_time_ = false;
};

// The quotient of heaps 0..options.max_heap of a heap game whose play ends.
// Throws LimitError past options.max_elements or max_exponent (unless
// stop_at_limit), Interrupted when the control's stop flag is set or the
// time budget runs out (unless stop_returns_quotient).
MisereQuotient misere_quotient(const HeapRuleset& ruleset, const QuotientOptions& options = {});

}  // namespace grundy
