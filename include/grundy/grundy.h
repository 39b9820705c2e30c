// Everything a library user needs, in one include: <grundy/grundy.h>.
// (solve/detail/ is left out: the search, graph explorer and retrograde
// labeller the solvers share.)
#pragma once

// Core: heap sizes, nim-sum and mex, nim product, outcomes, errors
#include "grundy/core/atomic_file.h"
#include "grundy/core/bounded_list.h"
#include "grundy/core/byte_format.h"
#include "grundy/core/error.h"
#include "grundy/core/factorization.h"
#include "grundy/core/fnv1a.h"
#include "grundy/core/front_end_words.h"
#include "grundy/core/gamma.h"
#include "grundy/core/memory.h"
#include "grundy/core/nim_product.h"
#include "grundy/core/nimber.h"
#include "grundy/core/outcome.h"
#include "grundy/core/saturating.h"
#include "grundy/core/spelling.h"
#include "grundy/core/types.h"

// Rules: the ruleset interface, every family of games, and parse_ruleset (registry)
#include "grundy/rules/code_digit.h"
#include "grundy/rules/compound.h"
#include "grundy/rules/graph.h"
#include "grundy/rules/graph_file.h"
#include "grundy/rules/heap_list.h"
#include "grundy/rules/game_syntax.h"
#include "grundy/rules/graph_tokens.h"
#include "grundy/rules/heap_ruleset.h"
#include "grundy/rules/lasker.h"
#include "grundy/rules/moore.h"
#include "grundy/rules/moore_closed_form.h"
#include "grundy/rules/nim.h"
#include "grundy/rules/position_ruleset.h"
#include "grundy/rules/registry.h"
#include "grundy/rules/ruleset.h"
#include "grundy/rules/split.h"
#include "grundy/rules/staircase.h"
#include "grundy/rules/subtraction.h"
#include "grundy/rules/take_and_break.h"
#include "grundy/rules/wythoff.h"
#include "grundy/rules/wythoff_closed_form.h"

// Analysis of positions and sums under every convention (normal, misère, Every-SG, ...),
// and the move good play makes
#include "grundy/solve/control.h"
#include "grundy/solve/analysis.h"
#include "grundy/solve/brute_force.h"
#include "grundy/solve/check.h"
#include "grundy/solve/code_run_plan.h"
#include "grundy/solve/compound_analysis.h"
#include "grundy/solve/convention.h"
#include "grundy/solve/explanation.h"
#include "grundy/solve/genus.h"
#include "grundy/solve/misere_quotient.h"
#include "grundy/solve/option_table.h"
#include "grundy/solve/option_values.h"
#include "grundy/solve/quotient_checkpoint.h"
#include "grundy/solve/remoteness.h"
#include "grundy/solve/search_control.h"
#include "grundy/solve/strategy.h"
#include "grundy/solve/suspense.h"

// Heap values G(n), their periods, and the engines for long sequences
#include "grundy/solve/heap_values.h"
#include "grundy/solve/mapped_sequence.h"
#include "grundy/solve/period_search.h"
#include "grundy/solve/periodicity.h"
#include "grundy/solve/sequence_engine.h"
#include "grundy/solve/sequence_file.h"
#include "grundy/solve/sequence_output.h"
#include "grundy/solve/sequence_request.h"
#include "grundy/solve/sequence_run.h"
#include "grundy/solve/value_histogram.h"

// Surveys of whole families of codes: the work queue, one code's entry, the
// family patterns and the journal that makes a survey resumable
#include "grundy/solve/survey.h"
#include "grundy/solve/survey_entry.h"
#include "grundy/solve/survey_family.h"
#include "grundy/solve/survey_journal.h"

// Games on graphs, with cycles: generalised Grundy values and retrograde analysis
#include "grundy/solve/graph_values.h"
#include "grundy/solve/retrograde.h"

// User-defined games: the Game concept, GameSolver, and UserRuleset
#include "grundy/solve/user_game.h"
#include "grundy/solve/user_game_rules.h"
#include "grundy/solve/user_ruleset.h"

// The table-and-pattern method: tables of families of positions and what they show
#include "grundy/solve/pattern.h"
#include "grundy/solve/pattern_table.h"
#include "grundy/solve/ruleset_game.h"
