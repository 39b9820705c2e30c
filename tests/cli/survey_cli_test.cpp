// grundy survey from the command line: the table in CSV, JSON and text; a
// survey killed midway (SIGKILL) and run again loses no finished code and
// ends with the table of an uninterrupted run; under mpirun with 4 ranks the
// table is identical to the single-process one, also when one rank is
// killed midway and the job is run again (docs/survey.md); a misère survey's
// rows are the quotients `grundy quotient` gives.
#include <dirent.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

#include "support/cli.h"

namespace grundy::survey_cli_test {
namespace {

using testing::grundy_cli;
using testing::read_file;
using testing::run_program;
using testing::scratch;

std::string path(const std::string& name) { return (scratch().path() / name).string(); }

// A family of 64 codes, 17 of them without a period that run to --max: long
// enough to be killed midway, a few seconds in all.
const std::vector<std::string> kSurvey = {"survey", "0.[0-7][0-7]", "--max", "16384",
                                          "--no-times"};

std::vector<std::string> survey_to(const std::string& out) {
  std::vector<std::string> args = kSurvey;
  args.insert(args.end(), {"--out", out});
  return args;
}

// The uninterrupted single-process table, computed once.
const std::string& reference_table() {
  static const std::string table = [] {
    const auto run = grundy_cli(survey_to(path("reference.csv")));
    EXPECT_EQ(run.status, 0) << run.err;
    return read_file(path("reference.csv"));
  }();
  return table;
}

std::size_t journal_entries(const std::string& journal) {
  const std::string text = read_file(journal);
  std::size_t lines = 0;
  for (char c : text) lines += c == '\n';
  return lines == 0 ? 0 : lines - 1;  // the header
}

// Starts `program` with `args` in the background, stdout and stderr to
// /dev/null; under MPI, with the settings Open MPI needs to run as root.
pid_t spawn(const std::string& program, const std::vector<std::string>& args) {
  std::fflush(nullptr);
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::setpgid(0, 0);
    ::setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 1);
    ::setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 1);
    std::vector<std::string> copy = args;
    std::vector<char*> argv;
    std::string name = program;
    argv.push_back(name.data());
    for (auto& a : copy) argv.push_back(a.data());
    argv.push_back(nullptr);
    std::freopen("/dev/null", "w", stdout);
    std::freopen("/dev/null", "w", stderr);
    ::execv(program.c_str(), argv.data());
    ::_exit(127);
  }
  return pid;
}

// Waits for `pid` at most `seconds`; kills its process group after that.
int wait_bounded(pid_t pid, int seconds) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  int status = 0;
  while (::waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      ::kill(-pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      ADD_FAILURE() << "still running after " << seconds << " s";
      return -1;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return status;
}

// Polls until the journal holds at least `entries` entries (or the process
// ended); returns whether it did while the process still ran.
bool wait_for_entries(pid_t pid, const std::string& journal, std::size_t entries) {
  for (int i = 0; i < 6000; ++i) {
    if (journal_entries(journal) >= entries) return true;
    int status = 0;
    if (::waitpid(pid, &status, WNOHANG) == pid) {
      ADD_FAILURE() << "finished before it could be killed";
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return false;
}

TEST(SurveyCli, TablesInCsvJsonAndText) {
  const auto csv = grundy_cli({"survey", "0.[0-1]d", "--max", "1024", "--out", path("t.csv")});
  ASSERT_EQ(csv.status, 0) << csv.err;
  const std::string table = read_file(path("t.csv"));
  EXPECT_EQ(table.rfind("code,name,same_as,status,period,preperiod,saltus,checked_to,"
                        "proof_needs,largest_value,rare_count,seconds,criterion,stopped\n",
                        0),
            0U)
      << table;
  EXPECT_EQ(std::count(table.begin(), table.end(), '\n'), 17);
  // WW ch. 4: 0.07 is Dawson's Kayles, period 34 from n = 53.
  EXPECT_NE(table.find("\n0.07,0.07,,proven,34,53,0,"), std::string::npos) << table;
  EXPECT_NE(csv.out.find("0.07  0.07  -"), std::string::npos) << csv.out;
  EXPECT_NE(csv.out.find("period 34, preperiod 53, proven"), std::string::npos) << csv.out;

  // --max takes a count as the other commands do (2^10 is the 1024 above).
  const auto json = grundy_cli({"survey", "0.[0-1]d", "--max", "2^10", "--out", path("t.json")});
  ASSERT_EQ(json.status, 0) << json.err;
  const auto j = nlohmann::json::parse(read_file(path("t.json")));
  ASSERT_EQ(j["codes"].size(), 16U);
  EXPECT_EQ(j["family"], "0.[0-1]d");
  EXPECT_EQ(j["codes"][0]["code"], "0.00");
  EXPECT_EQ(j["codes"][0]["name"], "0.0");
  // The same journal served the second table: nothing was computed twice.
  EXPECT_EQ(journal_entries(path("t.csv.journal")), 16U);
  EXPECT_EQ(journal_entries(path("t.json.journal")), 16U);

  const auto help = grundy_cli({"help", "survey"});
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("--max-work"), std::string::npos);
}

TEST(SurveyCli, BadRequestsAreOneLine) {
  testing::expect_bad_input({"survey", "0.[7-1]"}, "0.[7-1]");
  testing::expect_bad_input({"survey", "0.dd", "--max", "8"}, "--max");
  testing::expect_bad_input({"survey", "0.dd", "--max", "2^x"}, "2^x");
  testing::expect_bad_input({"survey", "0.77", "--max", "1000000000000"}, "over the limit");
  testing::expect_bad_input({"survey", "0.dd", "--out", path("t.xls")}, "t.xls");
  testing::expect_bad_input({"survey", "0.dd", "--resume"}, "--resume");
  testing::expect_bad_input({"survey", "0.dd", "--resume", "--journal", path("none.journal")},
                            "none.journal");
  testing::expect_bad_input({"survey", "0.xxxxxx"}, "survey it in parts");
  // A journal written with other limits is refused, not mixed in.
  ASSERT_EQ(grundy_cli({"survey", "0.d", "--max", "1024", "--journal", path("j1")}).status, 0);
  testing::expect_bad_input({"survey", "0.d", "--max", "2048", "--journal", path("j1")},
                            "--max");
}

TEST(SurveyCli, KilledSurveyResumesWithNothingLost) {
  const std::string& reference = reference_table();
  const std::string out = path("killed.csv"), journal = out + ".journal";
  std::vector<std::string> args = survey_to(out);
  args.insert(args.end(), {"--threads", "2"});
  const pid_t pid = spawn(GRUNDY_CLI_PATH, args);
  const bool midway = wait_for_entries(pid, journal, 20);
  ::kill(pid, SIGKILL);
  wait_bounded(pid, 60);
  EXPECT_TRUE(midway);
  const std::string before = read_file(journal);
  const auto run = grundy_cli(args);
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(read_file(out), reference);
  // Every entry finished before the kill is still there, and no code was
  // computed twice: 64 different codes, 64 entries.
  const std::string after = read_file(journal);
  EXPECT_EQ(after.compare(0, before.rfind('\n') + 1, before, 0, before.rfind('\n') + 1), 0);
  EXPECT_EQ(journal_entries(journal), 64U);
}

// The command does not link MPI (its libraries cost every start of it about
// 5 ms): the MPI back end is the plugin grundy-mpi.so, loaded by a survey
// that an MPI launcher started. Without the plugin such a survey is refused
// in one line, rather than run whole on every rank into one file.
TEST(SurveyCli, MpiIsAPluginTheCommandLoadsOnlyUnderALauncher) {
  const auto needed = run_program("/bin/sh", {"-c", std::string("readelf -d '") + GRUNDY_CLI_PATH +
                                                        "' | grep NEEDED"});
  ASSERT_EQ(needed.status, 0) << needed.err;
  EXPECT_NE(needed.out.find("libfmt"), std::string::npos) << needed.out;
  EXPECT_EQ(needed.out.find("mpi"), std::string::npos) << needed.out;
  // A copy of the command with no plugin beside it, as if launched by mpirun.
  const std::filesystem::path alone = scratch().path() / "alone" / "bin";
  std::filesystem::create_directories(alone);
  std::filesystem::copy_file(GRUNDY_CLI_PATH, alone / "grundy",
                             std::filesystem::copy_options::overwrite_existing);
  const auto run = run_program("/usr/bin/env", {"OMPI_COMM_WORLD_SIZE=2", (alone / "grundy").string(),
                                                "survey", "0.dd", "--out", path("alone.csv")});
  EXPECT_EQ(run.status, 2) << run.err;
  EXPECT_NE(run.err.find("an MPI launcher started this survey"), std::string::npos) << run.err;
  EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
  EXPECT_FALSE(std::filesystem::exists(path("alone.csv")));
}

#ifdef GRUNDY_MPIEXEC

std::vector<std::string> mpirun(const std::vector<std::string>& survey) {
  std::vector<std::string> args = {"--oversubscribe", "-n", "4", GRUNDY_CLI_PATH};
  args.insert(args.end(), survey.begin(), survey.end());
  return args;
}

testing::ProgramRun run_mpi(const std::vector<std::string>& survey) {
  ::setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 1);
  ::setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 1);
  return run_program(GRUNDY_MPIEXEC, mpirun(survey));
}

TEST(SurveyCli, MpiTableIsTheSingleProcessTable) {
  const std::string& reference = reference_table();
  const auto run = run_mpi(survey_to(path("mpi.csv")));
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(read_file(path("mpi.csv")), reference);
  // Rank 0 alone prints the summary, the same as one process's.
  const auto single = grundy_cli(survey_to(path("reference.csv")));
  EXPECT_EQ(run.out, single.out);
}

// The pid of the process of MPI rank `rank` whose command line mentions
// `marker`, or 0.
pid_t find_rank(int rank, const std::string& marker) {
  DIR* proc = ::opendir("/proc");
  if (proc == nullptr) return 0;
  pid_t found = 0;
  const std::string wanted = "OMPI_COMM_WORLD_RANK=" + std::to_string(rank);
  while (const dirent* entry = ::readdir(proc)) {
    const std::string name = entry->d_name;
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
    const std::string cmdline = read_file("/proc/" + name + "/cmdline");
    if (cmdline.find(marker) == std::string::npos ||
        cmdline.find("--oversubscribe") != std::string::npos)
      continue;
    const std::string environ = read_file("/proc/" + name + "/environ");
    if (environ.find(std::string("\0", 1) + wanted + std::string("\0", 1)) == std::string::npos &&
        environ.rfind(wanted + std::string("\0", 1), 0) != 0)
      continue;
    found = static_cast<pid_t>(std::stol(name));
    break;
  }
  ::closedir(proc);
  return found;
}

TEST(SurveyCli, MpiRankKilledMidwayLosesNothingAfterResume) {
  const std::string& reference = reference_table();
  const std::string out = path("mpi-killed.csv"), journal = out + ".journal";
  const pid_t launcher = spawn(GRUNDY_MPIEXEC, mpirun(survey_to(out)));
  const bool midway = wait_for_entries(launcher, journal, 20);
  const pid_t rank2 = find_rank(2, out);
  EXPECT_NE(rank2, 0);
  if (rank2 != 0) ::kill(rank2, SIGKILL);
  const int status = wait_bounded(launcher, 60);
  EXPECT_TRUE(midway);
  EXPECT_FALSE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "the job ended as if whole";
  const std::string before = read_file(journal);
  const std::size_t finished = journal_entries(journal);
  EXPECT_GE(finished, 20U);
  const auto run = run_mpi(survey_to(out));
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(read_file(out), reference);
  const std::string after = read_file(journal);
  EXPECT_EQ(after.compare(0, before.rfind('\n') + 1, before, 0, before.rfind('\n') + 1), 0);
  EXPECT_EQ(journal_entries(journal), 64U);
}

#endif

}  // namespace
}  // namespace grundy::survey_cli_test

namespace grundy::survey_cli_test {
namespace {

// A misère survey (docs/survey.md, "Misère quotients") of the 2-digit codes
// with digits 1 to 3 and 0 to 4 (15 codes), heaps up to 14: every row equals
// what `grundy quotient` prints for that code up to the heap the row
// reached (the twin), and the table is the same on threads, from its
// journal, and under MPI with 4 ranks.
const std::vector<std::string> kMisereSurvey = {"survey",     "0.[1-3][0-4]", "--misere",
                                                "--max-heap", "14",           "--no-times"};

std::vector<std::string> misere_survey_to(const std::string& out,
                                          std::vector<std::string> more = {}) {
  std::vector<std::string> args = kMisereSurvey;
  args.insert(args.end(), {"--out", out});
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

TEST(SurveyCli, MisereRowsAreTheQuotientsOfEachCode) {
  const auto run = grundy_cli(misere_survey_to(path("misere.json"), {"--threads", "2"}));
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("misère survey of 0.[1-3][0-4]: 15 codes"), std::string::npos) << run.out;
  const auto table = nlohmann::json::parse(read_file(path("misere.json")));
  ASSERT_EQ(table.at("codes").size(), 15U);
  std::size_t proven = 0;
  for (const auto& row : table.at("codes")) {
    const std::string code = row.at("code");
    SCOPED_TRACE(code);
    const auto heaps = row.at("heaps").get<unsigned>();
    const auto q = grundy_cli({"quotient", code, "--max-heap", std::to_string(heaps), "--json"});
    ASSERT_EQ(q.status, 0) << q.err;
    const auto j = nlohmann::json::parse(q.out);
    EXPECT_EQ(row.at("order"), j.at("order"));
    EXPECT_EQ(row.at("p_portion"), j.at("p_size"));
    EXPECT_EQ(row.at("tame"), j.at("tame"));
    if (j.at("period").is_null()) {
      EXPECT_TRUE(row.at("period").is_null());
    } else {
      EXPECT_EQ(row.at("period"), j.at("period").at("period"));
      EXPECT_EQ(row.at("preperiod"), j.at("period").at("preperiod"));
      EXPECT_EQ(row.at("proven"), j.at("period").at("proven"));
    }
    // Short of heap 14 only where the period was proven first, or where the
    // quotient stopped (and says why).
    if (heaps < 14) EXPECT_TRUE(row.at("proven").get<bool>() || !row.at("stopped").is_null());
    proven += row.at("proven").get<bool>();
  }
  // Most of them close (all but 0.14 and 0.34, whose quotients are larger).
  EXPECT_GE(proven, 10U);
  // The same table from the journal alone (nothing left to compute), and in CSV.
  const auto again = grundy_cli(misere_survey_to(path("misere.json"), {"--resume"}));
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(again.out, run.out);
  const auto one = grundy_cli(misere_survey_to(path("misere.csv"), {"--threads", "1"}));
  ASSERT_EQ(one.status, 0) << one.err;
  EXPECT_EQ(one.out, run.out);
  EXPECT_EQ(read_file(path("misere.csv")).rfind(
                "code,name,same_as,heaps,order,p_portion,period,preperiod,proven,tame,stopped\n",
                0),
            0U);
  // A normal-play journal is not a misère survey's, nor the other way round.
  const auto mixed = grundy_cli({"survey", "0.[1-3][0-4]", "--journal", path("misere.json.journal")});
  EXPECT_EQ(mixed.status, 2);
  EXPECT_NE(mixed.err.find("written with the limits 'misere heap 14"), std::string::npos)
      << mixed.err;
  for (const auto& bad : std::vector<std::vector<std::string>>{
           {"survey", "0.1", "--misere", "--max", "100"},
           {"survey", "0.1", "--max-heap", "10"},
           {"survey", "0.1", "--misere", "--max-heap", "0"}}) {
    const auto refused = grundy_cli(bad);
    EXPECT_EQ(refused.status, 2) << refused.out;
    EXPECT_EQ(std::count(refused.err.begin(), refused.err.end(), '\n'), 1) << refused.err;
  }
}

#ifdef GRUNDY_MPIEXEC

TEST(SurveyCli, MisereMpiTableIsTheSingleProcessTable) {
  const auto single = grundy_cli(misere_survey_to(path("misere-single.csv")));
  ASSERT_EQ(single.status, 0) << single.err;
  const auto run = run_mpi(misere_survey_to(path("misere-mpi.csv")));
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(read_file(path("misere-mpi.csv")), read_file(path("misere-single.csv")));
  EXPECT_EQ(run.out, single.out);
}

#endif

}  // namespace
}  // namespace grundy::survey_cli_test
