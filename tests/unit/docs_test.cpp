// The repository stands alone: checks over every text file of src/, include/,
// tests/, examples/, bench/, tools/, docs/, python/, fuzz/ and web/, plus README.md
// and the top CMakeLists.txt (docs/architecture.md, "Files and namespaces"):
//   - every repository path a file cites (docs/..., src/..., include/...,
//     tests/..., examples/..., bench/..., tools/...) exists;
//   - every "docs/<file>.md §N" names a section that the file has, as a
//     heading "## N." (docs/theory.md §1-§8, docs/periodicity-proofs.md);
//   - the theory notes are cited only as docs/theory.md, and no file points
//     outside the repository to the notes the project was written from;
//   - no file refers to the internal tutorial documents by their numbers;
//   - <grundy/grundy.h> includes every public header, as README.md says.
// A failure names the file, the line and the offending token.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace grundy::docs_test {
namespace {

namespace fs = std::filesystem;

const fs::path kRoot = GRUNDY_SOURCE_DIR;

// The folders whose files are scanned, which are also the first components a
// cited repository path may start with.
const std::vector<std::string> kFolders = {"src",   "include", "tests",  "examples", "bench",
                                           "tools", "docs",    "python", "fuzz",
                                           "web"};

struct TextFile {
  std::string path;  // relative to the repository root, with '/'
  std::string text;
};

std::string read_all(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// A text file by its name: the source, build and documentation extensions, a
// CMakeLists.txt, or a script without extension that starts with "#!".
bool is_text_file(const fs::path& path) {
  static const std::set<std::string> kExtensions = {".h",     ".cpp", ".md", ".txt",
                                                    ".cmake", ".sh",  ".py", ".in",
                                                    ".js",    ".html"};
  if (path.filename() == "CMakeLists.txt" || kExtensions.count(path.extension().string()))
    return true;
  if (!path.extension().empty()) return false;
  std::ifstream in(path, std::ios::binary);
  char start[2] = {0, 0};
  in.read(start, 2);
  return start[0] == '#' && start[1] == '!';
}

const std::vector<TextFile>& repository_files() {
  static const std::vector<TextFile> files = [] {
    std::vector<TextFile> result;
    for (const std::string& folder : kFolders) {
      for (const auto& entry : fs::recursive_directory_iterator(kRoot / folder)) {
        if (!entry.is_regular_file() || !is_text_file(entry.path())) continue;
        result.push_back({fs::relative(entry.path(), kRoot).generic_string(),
                          read_all(entry.path())});
      }
    }
    for (const char* top : {"README.md", "CMakeLists.txt"})
      result.push_back({top, read_all(kRoot / top)});
    std::sort(result.begin(), result.end(),
              [](const TextFile& a, const TextFile& b) { return a.path < b.path; });
    return result;
  }();
  return files;
}

std::size_t line_of(const std::string& text, std::size_t offset) {
  return 1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + offset, '\n'));
}

bool is_path_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '/' ||
         c == '+' || c == '-';
}

bool is_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

struct Citation {
  std::size_t offset;
  std::string path;
};

// Tokens "<folder>/..." that start at a word boundary (not inside a longer
// path such as ${PROJECT_SOURCE_DIR}/src/...), made of path characters and
// ending in a letter, digit or '_' (so trailing punctuation is not part of
// them). A token followed by '*', '{' or '<' is a glob or a placeholder
// (tests/*.cpp, tests/{unit,stress}, include/grundy/<layer>/) and is skipped,
// as is a bare folder name with nothing after its slash.
std::vector<Citation> cited_paths(const std::string& text) {
  std::vector<Citation> result;
  for (const std::string& folder : kFolders) {
    const std::string prefix = folder + "/";
    for (std::size_t at = text.find(prefix); at != std::string::npos;
         at = text.find(prefix, at + 1)) {
      if (at > 0 && is_path_char(text[at - 1])) continue;
      std::size_t end = at + prefix.size();
      while (end < text.size() && is_path_char(text[end])) ++end;
      if (end < text.size() && (text[end] == '*' || text[end] == '{' || text[end] == '<'))
        continue;
      std::size_t last = end;
      while (last > at + prefix.size() && !is_word_char(text[last - 1])) --last;
      if (last <= at + prefix.size()) continue;
      result.push_back({at, text.substr(at, last - at)});
    }
  }
  return result;
}

TEST(Docs, FilesAreFound) {
  // The scan itself works: the repository has well over a hundred text files,
  // among them this one and the theory it checks citations against.
  const auto& files = repository_files();
  EXPECT_GT(files.size(), 100u);
  const auto has = [&](const std::string& path) {
    return std::any_of(files.begin(), files.end(),
                       [&](const TextFile& f) { return f.path == path; });
  };
  EXPECT_TRUE(has("tests/unit/docs_test.cpp"));
  EXPECT_TRUE(has("docs/theory.md"));
  EXPECT_TRUE(has("README.md"));
  EXPECT_TRUE(has("tools/update-guide.py"));
}

TEST(Docs, CitedRepositoryPathsExist) {
  std::size_t checked = 0;
  for (const TextFile& file : repository_files()) {
    for (const Citation& c : cited_paths(file.text)) {
      ++checked;
      if (!fs::exists(kRoot / c.path))
        ADD_FAILURE() << file.path << ":" << line_of(file.text, c.offset) << ": cites "
                      << c.path << ", which does not exist in the repository";
    }
  }
  EXPECT_GT(checked, 200u) << "the path scan found too few citations to be working";
}

// The numbers of the "## N." headings of a Markdown file.
std::set<int> numbered_sections(const std::string& markdown) {
  std::set<int> sections;
  static const std::regex kHeading(R"((^|\n)## (\d+)\.)");
  for (auto it = std::sregex_iterator(markdown.begin(), markdown.end(), kHeading);
       it != std::sregex_iterator(); ++it)
    sections.insert(std::stoi((*it)[2].str()));
  return sections;
}

struct SectionCitation {
  std::size_t offset;
  std::string doc;  // the cited Markdown file, relative to the repository root
  int section;
};

// Every "docs/<name>.md §N", including the sections listed after the first
// one: "§1-2", "§2-§3", "§1, §3 (0.07), §8", also across a line break inside
// a comment.
std::vector<SectionCitation> cited_sections(const std::string& text) {
  std::vector<SectionCitation> result;
  static const std::string kSection = "\xC2\xA7";  // '§' in UTF-8
  static const std::regex kDoc(R"(docs/[A-Za-z0-9_-]+\.md)");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), kDoc);
       it != std::sregex_iterator(); ++it) {
    const std::string doc = it->str();
    std::size_t at = static_cast<std::size_t>(it->position()) + doc.size();
    bool first = true;
    while (true) {
      // Separators between sections: blanks, comment markers, ',', ';', '-'
      // and "and"; between later sections also a short parenthetical note.
      std::size_t p = at;
      while (p < text.size()) {
        if (std::isspace(static_cast<unsigned char>(text[p])) || text[p] == '/' ||
            text[p] == '#' || text[p] == ',' || text[p] == '-') {
          ++p;
        } else if (!first && text.compare(p, 4, "and ") == 0) {
          p += 4;
        } else if (!first && text[p] == '(') {
          const std::size_t close = text.find(')', p);
          if (close == std::string::npos || close - p > 200 ||
              text.substr(p, close - p).find(kSection) != std::string::npos)
            break;
          p = close + 1;
        } else {
          break;
        }
      }
      const bool range = p > at && text[p - 1] == '-' && !first;
      std::size_t digits = p;
      if (text.compare(p, kSection.size(), kSection) == 0) {
        digits = p + kSection.size();
      } else if (!range) {
        break;  // no further section: the list has ended
      }
      std::size_t end = digits;
      while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
      if (end == digits) break;
      result.push_back({p, doc, std::stoi(text.substr(digits, end - digits))});
      at = end;
      first = false;
    }
  }
  return result;
}

TEST(Docs, CitedSectionsExist) {
  std::map<std::string, std::set<int>> sections;
  std::size_t checked = 0;
  for (const TextFile& file : repository_files()) {
    for (const SectionCitation& c : cited_sections(file.text)) {
      ++checked;
      if (!sections.count(c.doc)) {
        const fs::path doc = kRoot / c.doc;
        sections[c.doc] = fs::exists(doc) ? numbered_sections(read_all(doc)) : std::set<int>{};
      }
      if (!sections[c.doc].count(c.section))
        ADD_FAILURE() << file.path << ":" << line_of(file.text, c.offset) << ": cites "
                      << c.doc << " \xC2\xA7" << c.section << ", but " << c.doc
                      << " has no heading \"## " << c.section << ".\"";
    }
  }
  EXPECT_GT(checked, 100u) << "the section scan found too few citations to be working";
}

TEST(Docs, TheoryHasTheSectionsTheCodeCites) {
  EXPECT_EQ(numbered_sections(read_all(kRoot / "docs/theory.md")),
            (std::set<int>{1, 2, 3, 4, 5, 6, 7, 8}));
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

TEST(Docs, NotesAreCitedOnlyInsideTheRepository) {
  // Spelled in pieces so that this file does not match what it looks for.
  const std::string theory = std::string("theory") + ".md";
  const std::string outside[] = {std::string("style") + ".md", std::string("../") + "shared"};
  for (const TextFile& file : repository_files()) {
    const std::string text = lower(file.text);
    for (std::size_t at = text.find(theory); at != std::string::npos;
         at = text.find(theory, at + 1)) {
      if (at >= 5 && file.text.compare(at - 5, 5, "docs/") == 0) continue;
      ADD_FAILURE() << file.path << ":" << line_of(file.text, at) << ": "
                    << file.text.substr(at >= 10 ? at - 10 : 0, theory.size() + 10)
                    << " — cite the theory as docs/" << theory;
    }
    for (const std::string& token : outside) {
      for (std::size_t at = text.find(token); at != std::string::npos;
           at = text.find(token, at + 1))
        ADD_FAILURE() << file.path << ":" << line_of(file.text, at) << ": " << token
                      << " — a file outside the repository";
    }
  }
}

TEST(Docs, NoReferencesToInternalTutorialDocuments) {
  // Random-number seeds ("seed 7", "seed " << seed) are fine; numbered
  // tutorial documents and their collective names are not.
  const std::regex patterns[] = {
      std::regex(R"(\bseeds?\s+0\d\d)", std::regex::icase),
      std::regex(R"(\bthe\s+seeds\b'?)", std::regex::icase),
      std::regex(R"(\bseed\s+documents?\b)", std::regex::icase),
  };
  for (const TextFile& file : repository_files()) {
    for (const std::regex& pattern : patterns) {
      for (auto it = std::sregex_iterator(file.text.begin(), file.text.end(), pattern);
           it != std::sregex_iterator(); ++it)
        ADD_FAILURE() << file.path << ":"
                      << line_of(file.text, static_cast<std::size_t>(it->position())) << ": "
                      << it->str() << " — cite the contest problem or the published source";
    }
  }
}

// README.md promises that <grundy/grundy.h> includes every public header:
// each header under include/grundy/ (detail/ excepted, and the umbrella
// itself) is one of its includes.
TEST(Docs, UmbrellaHeaderIncludesEveryPublicHeader) {
  std::ifstream umbrella(kRoot / "include" / "grundy" / "grundy.h");
  ASSERT_TRUE(umbrella) << "include/grundy/grundy.h";
  std::stringstream text;
  text << umbrella.rdbuf();
  const std::string included = text.str();
  int headers = 0;
  for (const auto& entry : fs::recursive_directory_iterator(kRoot / "include" / "grundy")) {
    if (!entry.is_regular_file() || entry.path().extension() != ".h") continue;
    const std::string path = fs::relative(entry.path(), kRoot / "include").generic_string();
    if (path == "grundy/grundy.h" || path.find("/detail/") != std::string::npos) continue;
    ++headers;
    EXPECT_NE(included.find("#include \"" + path + "\""), std::string::npos)
        << "include/grundy/grundy.h does not include " << path;
  }
  EXPECT_GT(headers, 50);
}

}  // namespace
}  // namespace grundy::docs_test
