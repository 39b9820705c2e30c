#include "grundy/solve/sequence_output.h"

#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "grundy/core/atomic_file.h"
#include "grundy/core/error.h"
#include "grundy/core/front_end_words.h"
#include "grundy/solve/sequence_file.h"

namespace grundy {

namespace {

constexpr const char* kCsvHeader = "n,value";

struct CsvFileCloser {
  void operator()(std::FILE* f) const {
    if (f) std::fclose(f);
  }
};

// The heap size at the start of a CSV line "n,value", if it is one.
std::optional<Heap> csv_heap(const std::string& line) {
  const auto comma = line.find(',');
  if (comma == 0 || comma == std::string::npos || comma > 20) return std::nullopt;
  Heap n = 0;
  for (std::size_t i = 0; i < comma; ++i) {
    const char c = line[i];
    if (c < '0' || c > '9') return std::nullopt;
    const Heap digit = static_cast<Heap>(c - '0');
    if (n > (~Heap{0} - digit) / 10) return std::nullopt;
    n = n * 10 + digit;
  }
  for (std::size_t i = comma + 1; i < line.size(); ++i)
    if (line[i] < '0' || line[i] > '9') return std::nullopt;
  if (comma + 1 == line.size()) return std::nullopt;
  return n;
}

// The first and last heap sizes of a CSV file of grundy's form: its first
// lines and its last line (read from the end, so a large file costs little).
std::optional<std::pair<Heap, Heap>> csv_range(const std::string& path) {
  std::unique_ptr<std::FILE, CsvFileCloser> file(std::fopen(path.c_str(), "rb"));
  if (!file) return std::nullopt;
  std::string head(4096, '\0');
  head.resize(std::fread(head.data(), 1, head.size(), file.get()));
  const auto first_end = head.find('\n');
  if (first_end == std::string::npos || head.substr(0, first_end) != kCsvHeader)
    return std::nullopt;
  const auto second_end = head.find('\n', first_end + 1);
  if (second_end == std::string::npos) return std::nullopt;
  const auto first = csv_heap(head.substr(first_end + 1, second_end - first_end - 1));
  if (std::fseek(file.get(), 0, SEEK_END) != 0) return std::nullopt;
  const long size = std::ftell(file.get());
  const long tail_size = std::min<long>(size, 4096);
  std::string tail(static_cast<std::size_t>(tail_size), '\0');
  if (std::fseek(file.get(), size - tail_size, SEEK_SET) != 0) return std::nullopt;
  tail.resize(std::fread(tail.data(), 1, tail.size(), file.get()));
  if (tail.empty() || tail.back() != '\n') return std::nullopt;
  tail.pop_back();
  const auto last_start = tail.rfind('\n');
  if (last_start == std::string::npos) return std::nullopt;
  const auto last = csv_heap(tail.substr(last_start + 1));
  if (!first || !last || *last < *first) return std::nullopt;
  return std::pair{*first, *last};
}

bool is_csv(const std::string& path) {
  return path.size() >= 4 && path.compare(path.size() - 4, 4, ".csv") == 0;
}

}  // namespace

void check_output_replaceable(const std::string& path, const std::string& ruleset, Heap from,
                              Heap to) {
  std::error_code error;
  if (!std::filesystem::exists(path, error)) return;
  const auto size = std::filesystem::file_size(path, error);
  if (!error && size == 0) return;
  const auto refuse = [&](const std::string& holds) {
    return InputError(path, fmt::format("refusing to replace '{}': it holds {}, and this run gives "
                                        "G({}..{}) of '{}' only (choose another {}, or remove "
                                        "the file)",
                                        path, holds, from, to, ruleset, option_name("out")));
  };
  if (is_csv(path)) {
    const auto range = csv_range(path);
    if (!range) throw refuse("something other than grundy's \"n,value\" CSV");
    if (range->first < from || range->second > to)
      throw refuse(fmt::format("values for n = {}..{}", range->first, range->second));
    return;
  }
  SequenceFileHeader held;
  try {
    held = read_sequence_header(path);
  } catch (const InputError&) {
    throw refuse("something other than a usable grundy sequence file");
  }
  if (held.count == 0) return;
  const Heap last = held.first + (held.count - 1);
  if (held.ruleset != ruleset || held.first < from || last > to)
    throw refuse(fmt::format("G({}..{}) of '{}'", held.first, last, held.ruleset));
}

void write_values_csv(const std::string& path, Heap from, Heap to,
                      const std::function<Nimber(Heap)>& value_at) {
  AtomicFile file(path);
  std::string buffer = std::string(kCsvHeader) + "\n";
  for (Heap n = from;; ++n) {
    buffer += fmt::format("{},{}\n", n, value_at(n));
    if (buffer.size() > (1 << 20) || n == to) {
      file.write(buffer);
      buffer.clear();
    }
    if (n == to) break;
  }
  file.commit();
}

}  // namespace grundy
