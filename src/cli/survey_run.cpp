#include "survey_run.h"

#include <chrono>
#include <cstdlib>
#include <exception>
#include <thread>

#if GRUNDY_WITH_MPI
#include <mpi.h>
#endif

#include "grundy/core/error.h"
#include "grundy/rules/take_and_break.h"
#include "grundy/solve/survey.h"
#include "grundy/solve/survey_journal.h"

namespace grundy::cli {

bool launched_by_mpi() {
#if GRUNDY_WITH_MPI
  for (const char* variable : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK"})
    if (std::getenv(variable) != nullptr) return true;
#endif
  return false;
}

namespace {

// One process: rank 0 with no one to hand work to.
SurveyRun run_here(const std::function<std::vector<std::string>()>& prepare,
                   const SurveyLimits& limits, unsigned threads,
                   const std::function<void(const SurveyEntry&)>& record,
                   const std::atomic<bool>* stop) {
  SurveyRun result;
  result.root = true;
  result.complete = run_survey(prepare(), limits, threads, SurveyControl{record, stop});
  return result;
}

}  // namespace

#if !GRUNDY_WITH_MPI

SurveyRun distribute_survey(const std::function<std::vector<std::string>()>& prepare,
                            const SurveyLimits& limits, unsigned threads,
                            const std::function<void(const SurveyEntry&)>& record,
                            const std::atomic<bool>* stop) {
  return run_here(prepare, limits, threads, record, stop);
}

#else

namespace {

// A worker's message to rank 0: its last result as a journal line (empty on
// its first request, or when it was stopped), which also asks for more work.
constexpr int kTagResult = 1;
// Rank 0's answers: the canonical name of a code to do, or stop.
constexpr int kTagWork = 2;
constexpr int kTagStop = 3;

void send_text(const std::string& text, int to, int tag) {
  MPI_Send(text.data(), static_cast<int>(text.size()), MPI_CHAR, to, tag, MPI_COMM_WORLD);
}

// Waits for a message, looking every millisecond rather than in MPI's
// blocking receive, which spins: rank 0 mostly waits, and on a machine with
// more ranks than cores (--oversubscribe) a spinning rank 0 would take a core
// from the ranks that compute.
void wait_for(int from, int tag, MPI_Status& status) {
  while (true) {
    int arrived = 0;
    MPI_Iprobe(from, tag, MPI_COMM_WORLD, &arrived, &status);
    if (arrived) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

std::string receive_text(int from, int tag, MPI_Status& status) {
  wait_for(from, tag, status);
  int size = 0;
  MPI_Get_count(&status, MPI_CHAR, &size);
  std::string text(static_cast<std::size_t>(size), '\0');
  MPI_Recv(text.data(), size, MPI_CHAR, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
  return text;
}

// Rank 0: hands out `pending` in order to whichever worker asks, records what
// comes back. Returns whether everything was recorded.
bool hand_out(const std::vector<std::string>& pending, int ranks,
              const std::function<void(const SurveyEntry&)>& record,
              const std::atomic<bool>* stop, std::exception_ptr& error) {
  std::size_t next = 0, recorded = 0;
  int working = ranks - 1;
  while (working > 0) {
    MPI_Status status;
    const std::string line = receive_text(MPI_ANY_SOURCE, kTagResult, status);
    if (!line.empty() && !error) {
      try {
        record(parse_survey_journal_line(line.substr(0, line.size() - 1), "a worker's result"));
        ++recorded;
      } catch (...) {
        error = std::current_exception();
      }
    }
    const bool halt = error || (stop != nullptr && stop->load());
    if (!halt && next < pending.size()) {
      send_text(pending[next++], status.MPI_SOURCE, kTagWork);
    } else {
      send_text("", status.MPI_SOURCE, kTagStop);
      --working;
    }
  }
  return recorded == pending.size();
}

void work(const SurveyLimits& limits, const std::atomic<bool>* stop) {
  std::string result;
  while (true) {
    send_text(result, 0, kTagResult);
    MPI_Status status;
    wait_for(0, MPI_ANY_TAG, status);
    const std::string name = receive_text(0, status.MPI_TAG, status);
    if (status.MPI_TAG == kTagStop) return;
    SurveyEntry entry;
    result = survey_code(TakeAndBreak::parse(name), limits, entry, SurveyControl{{}, stop})
                 ? survey_journal_line(entry)
                 : std::string();
  }
}

}  // namespace

SurveyRun distribute_survey(const std::function<std::vector<std::string>()>& prepare,
                            const SurveyLimits& limits, unsigned threads,
                            const std::function<void(const SurveyEntry&)>& record,
                            const std::atomic<bool>* stop) {
  if (!launched_by_mpi()) return run_here(prepare, limits, threads, record, stop);
  MPI_Init(nullptr, nullptr);
  SurveyRun result;
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &result.ranks);
  result.root = rank == 0;
  std::exception_ptr error;
  if (result.root) {
    std::vector<std::string> pending;
    try {
      pending = prepare();
    } catch (...) {
      error = std::current_exception();
    }
    if (result.ranks == 1) {
      if (!error) {
        try {
          result.complete = run_survey(pending, limits, threads, SurveyControl{record, stop});
        } catch (...) {
          error = std::current_exception();
        }
      }
    } else {
      result.complete = hand_out(pending, result.ranks, record, stop, error);
    }
  } else {
    work(limits, stop);
  }
  MPI_Finalize();
  if (error) std::rethrow_exception(error);
  return result;
}

#endif

}  // namespace grundy::cli
