#include "survey_run.h"

#include <dlfcn.h>

#include <chrono>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <thread>

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/rules/take_and_break.h"
#include "grundy/solve/survey.h"
#include "grundy/solve/survey_journal.h"
#include "mpi/transport.h"

namespace grundy::cli {

bool launched_by_mpi() {
  for (const char* variable : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK"})
    if (std::getenv(variable) != nullptr) return true;
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

// The MPI back end (mpi/transport.h): grundy-mpi.so next to the command (the
// build tree) or where it is installed (GRUNDY_MPI_PLUGIN_DIR, relative to
// the command's directory). Loaded with RTLD_GLOBAL: Open MPI loads
// components of its own that look for libmpi's symbols in the global scope.
// A run that an MPI launcher started but that cannot load it is refused:
// going on alone, every rank would compute the whole survey into one file.
const GrundyMpiTransport& load_transport() {
  constexpr const char* kName = "grundy-mpi.so";
#if GRUNDY_WITH_MPI
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  std::string why = "the command's own path is unknown";
  if (!ec) {
    const std::filesystem::path here = self.parent_path();
    why.clear();
    for (const std::filesystem::path& candidate :
         {here / kName, here / GRUNDY_MPI_PLUGIN_DIR / kName}) {
      if (!std::filesystem::exists(candidate, ec)) continue;
      void* plugin = ::dlopen(candidate.c_str(), RTLD_NOW | RTLD_GLOBAL);
      if (plugin == nullptr) {
        const char* error = ::dlerror();
        why = error != nullptr ? error : candidate.string();
        continue;
      }
      const auto entry = reinterpret_cast<GrundyMpiTransportEntry>(
          ::dlsym(plugin, "grundy_mpi_transport"));
      const GrundyMpiTransport* transport = entry != nullptr ? entry() : nullptr;
      if (transport != nullptr && transport->version == GRUNDY_MPI_TRANSPORT_VERSION)
        return *transport;
      why = fmt::format("{} is not this grundy's MPI back end (another version)",
                        candidate.string());
    }
    if (why.empty())
      why = fmt::format("no {} in {} or {}", kName, here.string(),
                        (here / GRUNDY_MPI_PLUGIN_DIR).lexically_normal().string());
  }
  throw InputError("survey", fmt::format(
      "an MPI launcher started this survey, but its MPI back end cannot be loaded: {} "
      "(docs/survey.md, \"A cluster: MPI\")",
      why));
#else
  throw InputError("survey", fmt::format(
      "an MPI launcher started this survey, but this grundy was built without MPI "
      "(no {}; build with MPI found, docs/survey.md)",
      kName));
#endif
}

// A worker's message to rank 0: its last result as a journal line (empty on
// its first request, or when it was stopped), which also asks for more work.
constexpr int kTagResult = 1;
// Rank 0's answers: the canonical name of a code to do, or stop.
constexpr int kTagWork = 2;
constexpr int kTagStop = 3;

struct Arrived {
  int source = 0, tag = 0, size = 0;
};

class Ranks {
 public:
  explicit Ranks(const GrundyMpiTransport& mpi) : mpi_(mpi) {}

  void send_text(const std::string& text, int to, int tag) const {
    mpi_.send(text.data(), static_cast<int>(text.size()), to, tag);
  }

  // Waits for a message, looking every millisecond rather than in MPI's
  // blocking receive, which spins: rank 0 mostly waits, and on a machine with
  // more ranks than cores (--oversubscribe) a spinning rank 0 would take a
  // core from the ranks that compute.
  Arrived wait_for(int from, int tag) const {
    Arrived arrived;
    while (mpi_.probe(from, tag, &arrived.source, &arrived.tag, &arrived.size) == 0)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return arrived;
  }

  std::string receive_text(int from, int tag, Arrived& arrived) const {
    arrived = wait_for(from, tag);
    std::string text(static_cast<std::size_t>(arrived.size), '\0');
    mpi_.receive(text.data(), arrived.size, arrived.source, arrived.tag);
    return text;
  }

 private:
  const GrundyMpiTransport& mpi_;
};

// Rank 0: hands out `pending` in order to whichever worker asks, records what
// comes back. Returns whether everything was recorded.
bool hand_out(const Ranks& mpi, const std::vector<std::string>& pending, int ranks,
              const std::function<void(const SurveyEntry&)>& record,
              const std::atomic<bool>* stop, std::exception_ptr& error) {
  std::size_t next = 0, recorded = 0;
  int working = ranks - 1;
  while (working > 0) {
    Arrived arrived;
    const std::string line = mpi.receive_text(GRUNDY_MPI_ANY, kTagResult, arrived);
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
      mpi.send_text(pending[next++], arrived.source, kTagWork);
    } else {
      mpi.send_text("", arrived.source, kTagStop);
      --working;
    }
  }
  return recorded == pending.size();
}

void work(const Ranks& mpi, const SurveyLimits& limits, const std::atomic<bool>* stop) {
  std::string result;
  while (true) {
    mpi.send_text(result, 0, kTagResult);
    Arrived arrived;
    const std::string name = mpi.receive_text(0, GRUNDY_MPI_ANY, arrived);
    if (arrived.tag == kTagStop) return;
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
  const GrundyMpiTransport& transport = load_transport();
  const Ranks mpi(transport);
  SurveyRun result;
  int rank = 0;
  transport.init(&rank, &result.ranks);
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
      result.complete = hand_out(mpi, pending, result.ranks, record, stop, error);
    }
  } else {
    work(mpi, limits, stop);
  }
  transport.finalize();
  if (error) std::rethrow_exception(error);
  return result;
}

}  // namespace grundy::cli
