// Heap lists read in pieces (rules/heap_list.h): every way of cutting a text
// into pieces reads the heaps a plain split at white space and parse_heap
// give, numbers past the fast path's 18 digits included, and a bad word is
// one InputError naming the text and the word wherever the cuts fall.
#include <gtest/gtest.h>

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/rules/heap_list.h"
#include "grundy/rules/registry.h"

namespace grundy::heap_list_test {
namespace {

std::vector<std::uint64_t> read_in_pieces(const std::string& text, std::size_t piece) {
  HeapListReader reader("heap file 'h'");
  for (std::size_t at = 0; at < text.size(); at += piece)
    reader.feed(std::string_view(text).substr(at, piece));
  return reader.finish();
}

// The twin: a split at white space, each word through parse_heap.
std::vector<std::uint64_t> plain(const std::string& text) {
  std::istringstream words(text);
  std::vector<std::uint64_t> heaps;
  for (std::string word; words >> word;) heaps.push_back(parse_heap(word));
  return heaps;
}

TEST(HeapList, EveryCutReadsThePlainHeaps) {
  const std::string text =
      "3 4\t5\r\n0 007 123456789012345678 1234567890123456789\n9223372036854775807\n\n  12";
  const std::vector<std::uint64_t> expected = plain(text);
  ASSERT_EQ(expected.size(), 9u);
  EXPECT_EQ(expected[6], 1234567890123456789u);  // 19 digits: past the fast path
  for (std::size_t piece = 1; piece <= text.size(); ++piece)
    EXPECT_EQ(read_in_pieces(text, piece), expected) << "pieces of " << piece;
  EXPECT_TRUE(read_in_pieces("", 4).empty());
  EXPECT_TRUE(read_in_pieces(" \n\t ", 1).empty());
}

TEST(HeapList, ABadWordIsOneErrorWhereverTheCutsFall) {
  for (const std::string bad : {"-3", "12x", "9223372036854775808", "99999999999999999999", "1e3"}) {
    const std::string text = "1 2 " + bad + " 4";
    for (std::size_t piece = 1; piece <= text.size(); ++piece) {
      SCOPED_TRACE(bad + ", pieces of " + std::to_string(piece));
      try {
        read_in_pieces(text, piece);
        ADD_FAILURE() << "accepted";
      } catch (const InputError& e) {
        const std::string message = e.what();
        EXPECT_EQ(message.rfind("heap file 'h': ", 0), 0u) << message;
        EXPECT_EQ(e.token(), bad);
      }
    }
  }
}

}  // namespace
}  // namespace grundy::heap_list_test
