// Where `grundy survey` computes: on threads of this process, or, when an MPI
// launcher (mpirun, srun) started it, across the ranks: rank 0 hands the
// codes out one at a time to the other ranks as they ask for work (a long
// code holds up only its own rank), journals each result as it comes back,
// and alone prints the table (docs/survey.md). The MPI calls are a plugin,
// grundy-mpi.so (mpi/transport.h), built when CMake finds MPI
// (GRUNDY_WITH_MPI) and loaded only by a run that an MPI launcher started.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "grundy/core/types.h"
#include "grundy/solve/survey_entry.h"

namespace grundy::cli {

// Whether an MPI launcher started this process (its environment says so:
// OMPI_COMM_WORLD_SIZE, PMIX_RANK or PMI_RANK). Such a run of a grundy
// without its MPI back end is refused, not run alone on every rank.
bool launched_by_mpi();

struct SurveyRun {
  bool root = false;      // this is rank 0, which prints the table
  int ranks = 1;
  bool complete = false;  // rank 0: every pending code was recorded
};

// Runs a survey. `prepare` runs on rank 0 only (the one process without MPI),
// before any work is handed out, and returns the canonical names still to do
// (it opens the journal: an exception from it ends every rank's part and is
// rethrown on rank 0). `record` runs on rank 0 for each finished entry, one
// call at a time. Without MPI, or with one rank, rank 0 computes everything
// itself on `threads` threads; under MPI each other rank computes one code
// at a time.
SurveyRun distribute_survey(const std::function<std::vector<std::string>()>& prepare,
                            const SurveyLimits& limits, unsigned threads,
                            const std::function<void(const SurveyEntry&)>& record,
                            const std::atomic<bool>* stop);

}  // namespace grundy::cli
