// Heap sizes written as whitespace-separated decimal numbers ("3 4 5", one
// per line, ...), read in pieces of any size: the heap files of `grundy
// analyze RULESET --input FILE`, which may hold millions of heaps.
//
// Description: a number of at most 18 digits followed by a separator in
//   the same piece is converted on the spot (a position of 10^7 heaps costs
//   little more than reading its file); any other word, including one cut
//   by the end of a piece, is collected and checked by parse_heap, so a
//   piece may end anywhere, even inside a number.
// Status: tests/unit/heap_list_test.cpp; fuzz/heaps.cpp (every cut against
//   a plain reading word by word).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace grundy {

class HeapListReader {
 public:
  // `shown` names the text in messages ("heap file 'h.txt'").
  explicit HeapListReader(std::string shown) : shown_(std::move(shown)) {}
  // Reads the next piece. Throws InputError "`shown`: ..." for a word that
  // is not a heap size (parse_heap's message).
  void feed(std::string_view piece);
  // The heap sizes read, once the last piece was fed.
  std::vector<std::uint64_t> finish();

 private:
  void end_word();

  std::string shown_;
  std::string word_;  // a word not yet ended by a separator
  std::vector<std::uint64_t> heaps_;
};

}  // namespace grundy
