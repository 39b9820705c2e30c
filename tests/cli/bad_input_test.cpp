// The malformed and hostile inputs of the command line, one row each: every
// one must end with exit status 2, exactly one line on stderr naming the
// problem, nothing on stdout, and the files of its directory as they were
// (an output file named by --out or --checkpoint neither written nor
// created). The project's rule for bad input (README, "Exit status").
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "support/cli.h"
#include "support/process.h"

namespace grundy::bad_input_test {
namespace {

namespace fs = std::filesystem;

struct BadInput {
  std::string name;               // the test's name
  std::vector<std::string> args;  // "{dir}" stands for the row's own directory
  std::string token;              // what the message must contain ("{dir}" likewise)
  std::map<std::string, std::string> files = {};  // written into the directory first
  std::string input = {};                          // standard input
};

// A row is shown by its name (in CTest's test names too).
void PrintTo(const BadInput& row, std::ostream* os) { *os << row.name; }

// The bytes of a sequence file (docs/sequence-file.md): `request` (a
// checkpoint, version 2) when not empty; `version` overrides the version;
// the checksum is right unless `corrupt`.
std::string sequence_bytes(const std::string& ruleset, std::uint64_t first,
                           const std::vector<std::uint16_t>& values, const std::string& request = {},
                           std::uint32_t version = 0, bool corrupt = false) {
  std::string b = "GRUNDYSQ";
  auto put = [&b](std::uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) b.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
  };
  put(version != 0 ? version : request.empty() ? 1 : 2, 4);
  put(ruleset.size(), 4);
  b += ruleset;
  put(first, 8);
  put(values.size(), 8);
  for (const std::uint16_t v : values) put(v, 2);
  if (!request.empty()) {
    put(request.size(), 4);
    b += request;
  }
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (const char c : b) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 0x100000001b3ULL;
  }
  put(corrupt ? hash ^ 1 : hash, 8);
  return b;
}

// G(0..10) of Kayles, 0.77.
const std::vector<std::uint16_t> kKayles = {0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2};
const std::string kKaylesRequest =
    "ruleset=0.77\nfrom=0\nto=10\nout=\nplot=\nstats=0\njson=0\ncsv=0\n";
const std::string kGraph = "3 2\nname 0 a\na 1\n1 2\n";

std::vector<BadInput> table() {
  const std::string long_code = "0." + std::string(60'000, '7') + "W";
  const std::string precious = "an older file, to be left as it is\n";
  return {
      // Ruleset names and take-and-break codes.
      {"CodeBadDigit", {"analyze", "0.77x", "3"}, "'x' is not a digit (0-9, A-V, or &n;"},
      {"CodeLetterW", {"analyze", "0.W", "3"}, "'W'"},
      {"CodeListNeverClosed", {"analyze", "0.{3+", "3"}, "'{' is never closed"},
      {"CodeListCountTooLarge", {"analyze", "0.{64}", "3"}, "counts go up to 63"},
      {"CodeWideDigitWithoutSemicolon", {"analyze", "0.&32", "3"}, "without its ';'"},
      {"CodeOpenBlock", {"analyze", "0.[", "3"}, "never closed"},
      {"CodeEmptyBlock", {"analyze", "0.[]", "3"}, "empty repeated block"},
      {"CodeCloseWithoutOpen", {"analyze", "0.7]", "3"}, "']' without '['"},
      {"CodeTwoPoints", {"analyze", "0.77.7", "3"}, "0.77.7"},
      {"CodeBadFirstDigit", {"analyze", "5.7", "3"}, "d0 must be 0, 4, 8, C, G, K, O or S"},
      {"CodeStarBeforeThePoint", {"analyze", "*.7", "3"}, "d0 must be 0, 4, 8, C, G, K, O or S"},
      {"CodeAfterBlock", {"analyze", "0.7[3]7", "3"}, "nothing may follow"},
      {"CodeLongFirstDigit", {"analyze", "00000000000000000000.7", "3"}, "single digit"},
      {"CodeHugeDigitString", {"analyze", long_code, "3"}, "'W' is not a digit"},
      {"CodeWithColon", {"analyze", "0.7:", "3"}, "unknown ruleset '0.7:'"},
      {"UnknownRuleset", {"analyze", "kaylse", "3"}, "unknown ruleset 'kaylse'"},
      {"EmptyRuleset", {"analyze", "", "3"}, "unknown ruleset ''"},
      {"RulesetWithLineBreak", {"analyze", "kay\nles", "3"}, "unknown ruleset 'kay\\nles'"},
      {"RulesetWithControl", {"analyze", "nim\x01", "3"}, "unknown ruleset 'nim\\x01'"},
      {"BashZero", {"analyze", "bash:0", "3"}, "amounts must be positive"},
      {"BashEmpty", {"analyze", "bash:", "3"}, "empty number"},
      {"SubtractEmptyItem", {"analyze", "subtract:1,,3", "4"}, "empty number"},
      {"SubtractHuge", {"analyze", "subtract:1,99999999999999999999", "4"}, "larger than 2^63-1"},
      {"MooreZero", {"analyze", "moore:0", "1"}, "amounts must be positive"},
      {"MooreTooMany", {"analyze", "moore:65", "1"}, "between 1 and 64"},
      {"AllButWord", {"analyze", "allbut:1,x", "3"}, "'x'"},
      // Heap sizes.
      {"HeapNegative", {"analyze", "nim", "-1"}, "negative number '-1'"},
      {"HeapTwoToThe63", {"analyze", "nim", "9223372036854775808"}, "larger than 2^63-1"},
      {"HeapManyDigits", {"analyze", "nim", std::string(400, '9')}, "larger than 2^63-1"},
      {"HeapExponent", {"analyze", "nim", "1e5"}, "'1e5' is not a heap size"},
      {"HeapHex", {"analyze", "nim", "0x10"}, "'0x10' is not a heap size"},
      {"HeapDecimalPoint", {"analyze", "nim", "3.0"}, "'3.0' is not a heap size"},
      {"HeapPlusSign", {"analyze", "nim", "+5"}, "'+5' is not a heap size"},
      {"HeapWithLineBreak", {"analyze", "nim", "3\n4"}, "'3\\n4' is not a heap size"},
      {"WythoffThreeHeaps", {"analyze", "wythoff", "1", "2", "3"}, "exactly 2 heaps"},
      {"WythoffOneHeap", {"analyze", "wythoff", "1"}, "exactly 2 heaps"},
      {"NoPosition", {"analyze", "nim"}, "needs a position"},
      // The sum syntax.
      {"SumPlusAtEnd", {"analyze", "kayles", "5", "+"}, "followed by another game"},
      {"SumPlusAtStart", {"analyze", "+", "nim", "3"}, "unknown ruleset '+'"},
      {"SumDoublePlus", {"analyze", "kayles", "3", "+", "+", "nim", "2"}, "between two games"},
      {"SumOpenWithoutClose", {"analyze", "kayles", "3", "(", "1", "1"}, "'(' without its ')'"},
      {"SumCloseWithoutOpen", {"analyze", "nim", "3", ")"}, "')' without its '('"},
      {"SumEmptyGroup", {"analyze", "kayles", "()"}, "empty group"},
      {"SumNestedGroup", {"analyze", "kayles", "(1", "(2))"}, "inside parentheses"},
      {"SumGroupOfWythoff", {"analyze", "wythoff", "(3 5)"}, "parentheses group"},
      {"SumGameWithoutPosition", {"analyze", "kayles", "5", "+", "nim"}, "'nim' needs a position"},
      {"SumWrongHeapCount", {"analyze", "kayles", "5", "+", "wythoff", "1"}, "exactly 2 heaps"},
      {"SumGraphWithoutFile", {"analyze", "graph:", "1"}, "needs a file name"},
      {"SumGraphMissing", {"analyze", "graph:{dir}/none.txt", "1"}, "cannot open graph file"},
      {"SumGraphNoSuchVertex", {"analyze", "graph:{dir}/g.txt", "zz"}, "'zz' is not a vertex",
       {{"g.txt", kGraph}}},
      // Graph files.
      {"GraphBadHeader", {"graph", "{dir}/g.txt"}, "expected the header", {{"g.txt", "3\n0 1\n"}}},
      {"GraphVertexOutOfRange", {"graph", "{dir}/g.txt"}, "edge target 5 out of range",
       {{"g.txt", "2 1\n0 5\n"}}},
      {"GraphDuplicateName", {"graph", "{dir}/g.txt"}, "name 'a' already given",
       {{"g.txt", "2 0\nname 0 a\nname 1 a\n"}}},
      {"GraphNameLikeNumber", {"graph", "{dir}/g.txt"}, "line 2", {{"g.txt", "2 0\nname 0 1a\n"}}},
      {"GraphHugeVertexCount", {"graph", "{dir}/g.txt"}, "exceeds the limit",
       {{"g.txt", "4294967296 0\n"}}},
      {"GraphOverMemoryLimit", {"graph", "{dir}/g.txt", "--max-memory", "1M"}, "--max-memory",
       {{"g.txt", "4294967295 0\n"}}},
      {"GraphHugeEdgeCount", {"graph", "{dir}/g.txt", "--max-memory", "1G"}, "line 1",
       {{"g.txt", "2 99999999999999999999\n"}}},
      {"GraphTooFewEdges", {"graph", "{dir}/g.txt"}, "the header on line 1 says 5",
       {{"g.txt", "2 5\n0 1\n"}}},
      {"GraphEmptyFile", {"graph", "{dir}/g.txt"}, "no header line", {{"g.txt", ""}}},
      {"GraphMissingFile", {"graph", "{dir}/none.txt"}, "cannot open graph file"},
      {"GraphJsonOutOfRange", {"graph", "{dir}/g.json"}, "edges[0]: target 9 out of range",
       {{"g.json", R"({"vertices": 2, "edges": [[0, 9]]})"}}},
      {"GraphJsonTruncated", {"graph", "{dir}/g.json"}, "invalid JSON",
       {{"g.json", R"({"vertices": 2)"}}},
      {"GraphJsonNumberOverflow", {"graph", "{dir}/g.json"}, "number overflow",
       {{"g.json", R"({"vertices": 2, "edges": 444E244444})"}}},
      {"GraphJsonUnknownField", {"graph", "{dir}/g.json"}, "unknown field \"vertexes\"",
       {{"g.json", R"({"vertexes": 2, "edges": []})"}}},
      {"GraphTokenNotAVertex", {"graph", "{dir}/g.txt", "--tokens", "7"}, "token '7'",
       {{"g.txt", kGraph}}},
      {"GraphBadMemorySize", {"graph", "{dir}/g.txt", "--max-memory", "12Q"}, "'12Q'",
       {{"g.txt", kGraph}}},
      // Heap files.
      {"HeapFileWord", {"analyze", "nim", "--input", "{dir}/h.txt"}, "heap file '{dir}/h.txt': 'x'",
       {{"h.txt", "1 x 3\n"}}},
      {"HeapFileNegative", {"analyze", "nim", "--input", "{dir}/h.txt"}, "negative number '-5'",
       {{"h.txt", "1 -5\n"}}},
      {"HeapFileTooLarge", {"analyze", "nim", "--input", "{dir}/h.txt"}, "larger than 2^63-1",
       {{"h.txt", "99999999999999999999\n"}}},
      {"HeapFileNul", {"analyze", "nim", "--input", "{dir}/h.txt"}, "'1\\x002'",
       {{"h.txt", std::string("1\0002\n", 4)}}},
      {"HeapFileWrongCount", {"analyze", "wythoff", "--input", "{dir}/h.txt"}, "exactly 2 heaps",
       {{"h.txt", "1 2 3\n"}}},
      {"HeapFileMissing", {"analyze", "nim", "--input", "{dir}/none.txt"}, "cannot open heap file"},
      {"HeapFileEmpty", {"analyze", "nim", "--input", "{dir}/h.txt"}, "holds no heap sizes",
       {{"h.txt", " \n\n"}}},
      {"HeapFileAndHeaps", {"analyze", "nim", "3", "--input", "{dir}/h.txt"}, "not both",
       {{"h.txt", "1 2\n"}}},
      {"HeapStdinWord", {"analyze", "nim", "--input", "-"}, "standard input: '4y'", {}, "3 4y\n"},
      // Options.
      {"ToBelowFrom", {"values", "kayles", "--from", "10", "--to", "5", "--out", "{dir}/out.bin"},
       "--to 5 is smaller than --from 10", {{"out.bin", precious}}},
      {"ToFraction", {"values", "kayles", "--to", "1.5"}, "'1.5'"},
      {"ToNegativeExponent", {"values", "kayles", "--to", "1e-3"}, "'1e-3'"},
      {"ToTooLarge", {"values", "kayles", "--to", "99999999999999999999"}, "larger than 2^63-1"},
      {"ThreadsNegative", {"values", "kayles", "--threads", "-1"}, "negative number '-1'"},
      {"ThreadsWord", {"values", "kayles", "--threads", "x"}, "--threads"},
      {"MaxMovesWord", {"analyze", "nim", "3", "--max-moves", "x"}, "--max-moves: 'x'"},
      {"MaxMovesZero", {"analyze", "nim", "3", "--max-moves", "0"}, "--max-moves: '0'"},
      {"MaxMovesHuge", {"analyze", "nim", "3", "--max-moves", "99999999999999999999999"},
       "--max-moves: '99999999999999999999999'"},
      {"MaxMovesFraction", {"analyze", "nim", "3", "--count", "--max-moves", "0.5"},
       "--max-moves: '0.5'"},
      {"SearchLimitZero", {"analyze", "nim", "3", "--search-limit", "0"}, "--search-limit: '0'"},
      // A raised limit that memory cannot hold is refused before the search
      // (check_search_limit_fits): 10^9 positions need at least 59 GiB.
      {"SearchLimitPastMemory",
       {"analyze", "bash:8", "4294967295", "--every", "--search-limit", "1G", "--max-memory", "1G"},
       "--search-limit 1000000000 would be reached only after the memory ran out"},
      {"PlaySearchLimitPastMemory",
       {"play", "nim", "3", "--search-limit", "1G", "--max-memory", "1G"},
       "16777216 positions fit"},
      // Every command with a --search-limit checks it against its memory
      // limit, and names a --max-memory it has.
      // A search that stores every reachable position, refused by their count
      // before it starts (it searched for 90 s before refusing).
      {"EverySgSearchPastTheLimit", {"analyze", "kayles", "100", "--every"},
       "suspense search over '0.77' would exceed the limit of 4000000 positions: more than "
       "4000000 positions are reachable from this one, counted before the search (raise it "
       "with --search-limit)"},
      {"RemotenessSearchPastTheLimit", {"analyze", "kayles", "100", "--remoteness"},
       "more than 4000000 positions are reachable"},
      {"PatternSearchLimitPastMemory",
       {"pattern", "kayles", "n", "--misere", "--search-limit", "1G", "--max-memory", "1G"},
       "16777216 positions fit, so --search-limit 1000000000 would be reached only after the "
       "memory ran out; lower it, or raise --max-memory"},
      {"MisereValuesSearchLimitPastMemory",
       {"values", "kayles", "--misere", "--search-limit", "1G", "--max-memory", "1G"},
       "16777216 positions fit"},
      {"CheckpointEveryNan", {"values", "0.6", "--to", "100", "--checkpoint-every", "nan"},
       "--checkpoint-every: 'nan'"},
      {"CheckpointEveryZero", {"values", "0.6", "--to", "100", "--checkpoint-every", "0"},
       "--checkpoint-every: '0'"},
      {"MaxMemoryUnit", {"values", "kayles", "--max-memory", "12Q"}, "'12Q'"},
      {"UnknownOption", {"analyze", "nim", "3", "--bogus"}, "--bogus"},
      {"UnknownCommand", {"analyse", "nim", "3"}, "unknown command 'analyse'"},
      {"ExclusiveOptions", {"analyze", "nim", "3", "--one", "--count"}, "--one excludes --count"},
      {"JsonAndCsv", {"values", "kayles", "--csv", "--json", "--to", "3"}, "--json and --csv"},
      {"GenusWithoutMisere", {"values", "kayles", "--genus"}, "--genus needs --misere"},
      {"OutInMissingDirectory", {"values", "kayles", "--out", "{dir}/none/x.bin"}, "cannot write"},
      // period, value, values without a heap ruleset, play, help.
      {"PeriodMaxWord", {"period", "0.6", "--max", "x"}, "'x'"},
      {"PeriodMaxTooSmall", {"period", "0.6", "--max", "0"}, "at least 16"},
      {"PeriodOfWythoff", {"period", "wythoff"}, "needs a heap ruleset"},
      {"ValueWord", {"value", "kayles", "x"}, "'x'"},
      {"ValueOfWythoff", {"value", "wythoff", "3"}, "needs a heap ruleset"},
      {"ValueTooLarge", {"value", "kayles", "99999999999999999999"}, "larger than 2^63-1"},
      {"ValuesNoRuleset", {"values", "--to", "5"}, "needs a ruleset"},
      {"PlayFirstNobody", {"play", "kayles", "3", "--first", "nobody"}, "--first"},
      {"PlayNoPosition", {"play", "nim"}, "position is required"},
      {"PlayWythoffThree", {"play", "wythoff", "1", "2", "3"}, "exactly 2 heaps"},
      {"PlayUnknownRuleset", {"play", "nim\nx", "3"}, "unknown ruleset 'nim\\nx'"},
      {"HelpUnknownTopic", {"help", "bogus"}, "no help on 'bogus'"},
      // Sequence and checkpoint files.
      {"ResumeTruncated", {"values", "--resume", "{dir}/k.ck"}, "it is truncated",
       {{"k.ck", sequence_bytes("0.77", 0, kKayles, kKaylesRequest).substr(0, 30)}}},
      {"ResumeWrongMagic", {"values", "--resume", "{dir}/k.ck"}, "wrong magic number",
       {{"k.ck", "GRUNDYSX" + sequence_bytes("0.77", 0, kKayles, kKaylesRequest).substr(8)}}},
      {"ResumeBadChecksum", {"values", "--resume", "{dir}/k.ck"}, "checksum mismatch",
       {{"k.ck", sequence_bytes("0.77", 0, kKayles, kKaylesRequest, 0, true)}}},
      {"ResumeUnknownVersion", {"values", "--resume", "{dir}/k.ck"}, "unknown format version",
       {{"k.ck", sequence_bytes("0.77", 0, kKayles, {}, 3)}}},
      {"ResumeEmptyFile", {"values", "--resume", "{dir}/k.ck"}, "wrong magic number",
       {{"k.ck", ""}}},
      {"ResumeMissing", {"values", "--resume", "{dir}/none.ck"}, "cannot open sequence file"},
      {"ResumeBadRequest", {"values", "--resume", "{dir}/k.ck"}, "recorded request",
       {{"k.ck", sequence_bytes("0.77", 0, kKayles, "ruleset=0.77\nfrom=x\nto=10\n")}}},
      {"ResumeOtherRuleset", {"values", "0.6", "--to", "20", "--resume", "{dir}/k.bin"},
       "is for '0.77'", {{"k.bin", sequence_bytes("0.77", 0, kKayles)}}},
      {"ResumeDisagreeingTo", {"values", "--resume", "{dir}/k.ck", "--to", "50"},
       "--to 50 disagrees", {{"k.ck", sequence_bytes("0.77", 0, kKayles, kKaylesRequest)}}},
      {"ResumeNotFromZero", {"values", "kayles", "--to", "20", "--resume", "{dir}/k.bin"},
       "from n = 5", {{"k.bin", sequence_bytes("0.77", 5, kKayles)}}},
      {"CheckpointExists", {"values", "0.6", "--to", "100", "--checkpoint", "{dir}/c.ck"},
       "already exists", {{"c.ck", precious}}},
      {"OutKeptOnBadResume",
       {"values", "kayles", "--to", "10", "--out", "{dir}/out.bin", "--resume", "{dir}/k.ck"},
       "it is truncated", {{"out.bin", precious}, {"k.ck", "GRUNDYSQ\x02"}}},
      {"CheckpointForClosedForm", {"values", "nim", "--to", "10", "--checkpoint", "{dir}/n.ck"},
       "closed form"},
  };
}

std::string with_dir(std::string text, const std::string& dir) {
  for (std::size_t at; (at = text.find("{dir}")) != std::string::npos;) text.replace(at, 5, dir);
  return text;
}

std::map<std::string, std::string> directory_contents(const fs::path& dir) {
  std::map<std::string, std::string> contents;
  for (const auto& entry : fs::recursive_directory_iterator(dir))
    contents[fs::relative(entry.path(), dir).string()] =
        entry.is_regular_file() ? testing::read_file(entry.path()) : "(directory)";
  return contents;
}

class BadInputTable : public ::testing::TestWithParam<BadInput> {};

TEST_P(BadInputTable, ExitTwoWithOneLineAndNoFileTouched) {
  const BadInput& row = GetParam();
  const fs::path dir = testing::scratch().path() / ("bad-input-" + row.name);
  fs::create_directories(dir);
  for (const auto& [name, content] : row.files)
    std::ofstream(dir / name, std::ios::binary) << content;
  const auto before = directory_contents(dir);

  std::vector<std::string> args;
  for (const std::string& a : row.args) args.push_back(with_dir(a, dir.string()));
  const auto run = testing::grundy_cli(args, row.input);
  const std::string token = with_dir(row.token, dir.string());

  EXPECT_EQ(run.status, 2) << run.err;
  EXPECT_TRUE(run.out.empty()) << run.out;
  EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
  EXPECT_TRUE(!run.err.empty() && run.err.back() == '\n') << run.err;
  EXPECT_EQ(run.err.rfind("grundy: error: ", 0), 0u) << run.err;
  EXPECT_NE(run.err.find(token), std::string::npos) << "expected '" << token << "' in: " << run.err;
  EXPECT_EQ(directory_contents(dir), before) << "a file was written, created or removed";
}

INSTANTIATE_TEST_SUITE_P(Cli, BadInputTable, ::testing::ValuesIn(table()),
                         [](const ::testing::TestParamInfo<BadInput>& info) { return info.param.name; });

TEST(BadInputTableSize, AtLeastSixtyRows) { EXPECT_GE(table().size(), 60u); }

}  // namespace
}  // namespace grundy::bad_input_test
