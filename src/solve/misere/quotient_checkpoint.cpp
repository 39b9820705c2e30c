// Checkpoints of a misère quotient computation: the format, its checks
// against the game, and the rules for resuming (quotient_checkpoint.h,
// docs/misere-quotients.md "Checkpoints").
#include "grundy/solve/quotient_checkpoint.h"

#include <algorithm>
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <vector>

#include <fmt/format.h>

#include "grundy/core/atomic_file.h"
#include "grundy/core/byte_format.h"
#include "grundy/core/error.h"
#include "grundy/core/fnv1a.h"
#include "grundy/core/front_end_words.h"
#include "grundy/rules/registry.h"
#include "grundy/solve/sequence_request.h"
#include "solve/misere/quotient_stage.h"
#include "solve/misere/quotient_verification.h"

namespace grundy {

namespace {

using Element = MisereQuotient::Element;
constexpr char kQuotientMagic[8] = {'G', 'R', 'U', 'N', 'D', 'Y', 'Q', 'C'};
constexpr std::uint32_t kQuotientVersion = 1;
// Longest stop note and request kept; the ones grundy writes are far shorter.
constexpr std::uint64_t kMaxQuotientText = 1 << 16;

std::uint64_t quotient_file_checksum(std::string_view bytes) { return fnv1a(bytes); }

InputError not_a_checkpoint(const std::string& source, const std::string& why) {
  return InputError(source, fmt::format("'{}' is not a usable grundy quotient checkpoint: {}",
                                        source, why));
}

// Reads the bytes of a checkpoint in order; every count is checked against
// the bytes left before anything is allocated for it.
class QuotientFileReader : public ByteReader {
 public:
  QuotientFileReader(const std::string& source, std::string_view bytes)
      : ByteReader(bytes, [&source](const std::string& why) { return not_a_checkpoint(source, why); }) {}
};

bool parse_quotient_number(std::string_view text, std::uint64_t& value) {
  if (text.empty() || text.size() > 20) return false;
  value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    const std::uint64_t digit = static_cast<std::uint64_t>(c - '0');
    if (value > (~std::uint64_t{0} - digit) / 10) return false;
    value = value * 10 + digit;
  }
  return true;
}

// The checks of quotient_checkpoint.h; "" when the stage is sound, else what
// is wrong.
std::string unsound(const detail::QuotientStage& s, const HeapRuleset& ruleset,
                    const QuotientOptions& options) {
  const std::size_t m = s.order;
  const Heap k = s.last_heap();
  for (Element x : s.table)
    if (x >= m) return "its table names an element outside the quotient";
  for (Element x : s.phi)
    if (x >= m) return "its pretending function names an element outside the quotient";
  if (s.option_images.size() != s.phi.size())
    return "its option elements are not one list a heap";
  for (Element x : s.option_images.all())
    if (x >= m) return "its option elements name an element outside the quotient";
  for (char bit : s.p)
    if (bit != 0 && bit != 1) return "its P-portion is malformed";
  for (Element x = 0; x < m; ++x)
    if (s.times(0, x) != x) return "its element 0 is not the identity";
  for (Element x = 0; x < m; ++x) {
    for (Element y = x + 1; y < m; ++y)
      if (s.times(x, y) != s.times(y, x)) return "its table does not commute";
  }
  // Associative, by Light's test: it suffices that (x s) y = x (s y) for
  // every s of a generating set (the elements for which it holds are closed
  // under the product; A. H. Clifford and G. B. Preston, "The Algebraic
  // Theory of Semigroups" I, 1961, section 1.2). The heaps' elements
  // generate the quotient: the representatives below are checked to be
  // their products. |letters| x m^2 products, far fewer than m^3.
  std::vector<Element> letters(s.phi.begin() + 1, s.phi.end());
  std::sort(letters.begin(), letters.end());
  letters.erase(std::unique(letters.begin(), letters.end()), letters.end());
  for (Element a : letters)
    for (Element x = 0; x < m; ++x) {
      const Element xa = s.times(x, a);
      for (Element y = 0; y < m; ++y)
        if (s.times(xa, y) != s.times(x, s.times(a, y))) return "its table is not associative";
    }
  if (s.phi[0] != 0 || s.p[0] != 0 || !s.option_images[0].empty())
    return "heap 0 is not the empty game";
  Heap previous = 0;
  for (Heap g : s.generators) {
    if (g <= previous || g > k) return "its letters are not heaps 1..k in order";
    previous = g;
  }
  for (Element x = 0; x < m; ++x) {
    const auto& word = s.representative[x];
    Element product = 0;
    std::uint64_t tokens = 0;
    for (std::size_t i = 0; i < word.size(); ++i) {
      if (word[i] == 0 || word[i] > k || (i > 0 && word[i] < word[i - 1]))
        return "a representative is not a sum of heaps 1..k in order";
      product = s.times(product, s.phi[word[i]]);
      tokens += word[i];
    }
    if (product != x || tokens != s.tokens[x])
      return "a representative does not have its element's value";
  }
  for (Heap h = 1; h <= k; ++h)
    if (const auto images = detail::heap_option_images(s, ruleset, h);
        !std::equal(images.begin(), images.end(), s.option_images[h].begin(),
                    s.option_images[h].end()))
      return fmt::format("the option elements of heap {} are not those of its moves", h);
  // Reduced: no two elements play alike in every sum (Moore's refinement
  // over the heaps' elements, `letters` above).
  std::vector<std::uint32_t> cls(s.p.begin(), s.p.end());
  for (std::size_t classes = 0;;) {
    std::map<std::vector<std::uint32_t>, std::uint32_t> ids;
    std::vector<std::uint32_t> key(letters.size() + 1), next(m);
    for (Element x = 0; x < m; ++x) {
      key[0] = cls[x];
      for (std::size_t i = 0; i < letters.size(); ++i) key[i + 1] = cls[s.times(x, letters[i])];
      next[x] = ids.emplace(key, static_cast<std::uint32_t>(ids.size())).first->second;
    }
    cls = std::move(next);
    if (ids.size() == classes) break;
    classes = ids.size();
  }
  if (*std::max_element(cls.begin(), cls.end()) + 1 != m)
    return "its quotient is not reduced";
  if (options.verify) {
    detail::CompactVerifier verifier;
    const detail::QuotientAutomaton& check = verifier.check(s, options.max_verify_states);
    if (!check.complete || !check.consistent) return "its quotient does not pass verification";
  }
  return {};
}

}  // namespace

std::string encode_quotient_request(const QuotientRunRequest& request) {
  const QuotientOptions& o = request.options;
  std::string text = fmt::format(
      "ruleset={}\nmax_heap={}\nmax_elements={}\nmax_exponent={}\nmax_verify_states={}\n"
      "max_refinements={}\nmax_learning_positions={}\nverify={}\nstop_when_proven={}\n"
      "stop_at_limit={}\ndecide_tame={}\nrecalibrate={}\n",
      request.ruleset, o.max_heap, o.max_elements, o.max_exponent, o.max_verify_states,
      o.max_refinements, o.max_learning_positions, int{o.verify}, int{o.stop_when_proven},
      int{o.stop_at_limit}, int{o.decide_tame}, int{o.recalibrate});
  for (const auto& [key, value] : request.front_end) {
    GRUNDY_ASSERT(is_record_word(key) && value.find_first_of("\n\r") == std::string::npos);
    text += fmt::format("{}={}\n", key, value);
  }
  return text;
}

QuotientRunRequest decode_quotient_request(std::string_view text, const std::string& source) {
  const auto bad = [&](const std::string& why) {
    return not_a_checkpoint(source, fmt::format("its recorded request {}", why));
  };
  QuotientRunRequest request;
  QuotientOptions& o = request.options;
  // A checkpoint written before recalibration existed has no such line: its
  // run adjoined heaps without it, and goes on so.
  o.recalibrate = false;
  bool recalibrate_recorded = false;
  const std::pair<const char*, std::size_t*> sizes[] = {
      {"max_elements", &o.max_elements},
      {"max_exponent", &o.max_exponent},
      {"max_verify_states", &o.max_verify_states},
      {"max_refinements", &o.max_refinements},
      {"max_learning_positions", &o.max_learning_positions}};
  const std::pair<const char*, bool*> flags[] = {{"verify", &o.verify},
                                                 {"stop_when_proven", &o.stop_when_proven},
                                                 {"stop_at_limit", &o.stop_at_limit},
                                                 {"decide_tame", &o.decide_tame},
                                                 {"recalibrate", &o.recalibrate}};
  const std::size_t lines =
      read_request_lines(text, bad, [&](const std::string& key, std::string_view value) {
    std::uint64_t number = 0;
    bool known = false;
    if (key == "ruleset") {
      request.ruleset = value;
      known = true;
    } else if (key == "max_heap") {
      if (!parse_quotient_number(value, number)) throw bad("has a bad 'max_heap'");
      o.max_heap = number;
      known = true;
    }
    for (const auto& [name, field] : sizes)
      if (key == name) {
        if (!parse_quotient_number(value, number) || number > SIZE_MAX)
          throw bad(fmt::format("has a bad '{}'", key));
        *field = static_cast<std::size_t>(number);
        known = true;
      }
    for (const auto& [name, field] : flags)
      if (key == name) {
        if (value != "0" && value != "1") throw bad(fmt::format("has a bad '{}'", key));
        *field = value == "1";
        known = true;
        if (key == "recalibrate") recalibrate_recorded = true;
      }
    if (!known && is_record_word(key)) {
      request.front_end.emplace(key, value);
      known = true;
    }
    if (!known) throw bad(fmt::format("has an unknown field '{}'", key));
  });
  // Eleven lines of the library's, and recalibrate since it exists.
  const std::size_t own = lines - request.front_end.size();
  if (request.ruleset.empty() || own != std::size_t{11} + (recalibrate_recorded ? 1 : 0))
    throw bad("is incomplete");
  return request;
}

void write_quotient_checkpoint(const std::string& path, const QuotientState& state,
                               const std::map<std::string, std::string>& front_end) {
  QuotientRunRequest request{state.ruleset_name(), state.options(), front_end};
  const detail::QuotientStage& s = state.stage();
  std::string bytes(kQuotientMagic, sizeof kQuotientMagic);
  put_le<std::uint32_t>(bytes, kQuotientVersion);
  const std::string text = encode_quotient_request(request);
  put_le<std::uint32_t>(bytes, static_cast<std::uint32_t>(text.size()));
  bytes += text;
  put_le<std::uint64_t>(bytes, s.last_heap());
  put_le<std::uint32_t>(bytes, static_cast<std::uint32_t>(s.order));
  for (Element x : s.table) put_le<std::uint32_t>(bytes, x);
  for (char bit : s.p) bytes.push_back(bit ? 1 : 0);
  for (std::size_t x = 0; x < s.order; ++x) {
    put_le<std::uint32_t>(bytes, static_cast<std::uint32_t>(s.representative[x].size()));
    for (Heap h : s.representative[x]) put_le<std::uint64_t>(bytes, h);
    put_le<std::uint64_t>(bytes, s.tokens[x]);
  }
  for (Element x : s.phi) put_le<std::uint32_t>(bytes, x);
  for (Heap h = 0; h < s.option_images.size(); ++h) {
    const auto list = s.option_images[h];
    put_le<std::uint32_t>(bytes, static_cast<std::uint32_t>(list.size()));
    for (Element x : list) put_le<std::uint32_t>(bytes, x);
  }
  put_le<std::uint32_t>(bytes, static_cast<std::uint32_t>(s.generators.size()));
  for (Heap g : s.generators) put_le<std::uint64_t>(bytes, g);
  put_le<std::uint32_t>(bytes, static_cast<std::uint32_t>(state.stop_note().size()));
  bytes += state.stop_note();
  bytes.push_back(state.stopped_unverified() ? 1 : 0);
  put_le<std::uint64_t>(bytes, quotient_file_checksum(bytes));
  AtomicFile file(path);
  file.write(bytes);
  file.commit();
}

QuotientCheckpoint parse_quotient_checkpoint(std::string_view bytes, const std::string& source) {
  QuotientFileReader(source, bytes).magic(std::string_view(kQuotientMagic, sizeof kQuotientMagic));
  if (bytes.size() < sizeof kQuotientMagic + 8)
    throw not_a_checkpoint(source, "it is truncated");
  const std::uint64_t stored =
      load_le(reinterpret_cast<const unsigned char*>(bytes.data() + bytes.size() - 8), 8);
  const std::string_view body = bytes.substr(0, bytes.size() - 8);
  QuotientFileReader in(source, body);
  in.magic(std::string_view(kQuotientMagic, sizeof kQuotientMagic));
  if (in.number(4) != kQuotientVersion) throw not_a_checkpoint(source, "unknown format version");
  if (stored != quotient_file_checksum(body))
    throw not_a_checkpoint(source, "checksum mismatch (corrupt)");
  const std::uint64_t text_length = in.count(1);
  if (text_length > kMaxQuotientText) throw not_a_checkpoint(source, "corrupt header");
  QuotientRunRequest request = decode_quotient_request(in.take(text_length), source);

  const auto ruleset = parse_ruleset(request.ruleset);
  const HeapRuleset* heaps = heap_ruleset_of(*ruleset);
  if (heaps == nullptr || ruleset->has_cycles() || ruleset->name() != request.ruleset)
    throw not_a_checkpoint(source, fmt::format("'{}' is not a heap game whose play ends",
                                               request.ruleset));

  auto s = std::make_shared<detail::QuotientStage>();
  const std::uint64_t k = in.number(8);
  if (k > request.options.max_heap || k > body.size())
    throw not_a_checkpoint(source, "it holds more heaps than its request");
  const std::uint64_t m = in.count(4);
  if (m == 0 || m > (body.size() - in.at()) / (4 * m))
    throw not_a_checkpoint(source, "it is truncated");
  s->order = static_cast<std::size_t>(m);
  s->table.resize(m * m);
  for (auto& x : s->table) x = static_cast<Element>(in.number(4));
  s->p.resize(m);
  for (auto& bit : s->p) bit = static_cast<char>(in.number(1));
  s->representative.assign(m, {});
  s->tokens.assign(m, 0);
  for (std::uint64_t x = 0; x < m; ++x) {
    s->representative[x].resize(in.count(8));
    for (Heap& h : s->representative[x]) h = in.number(8);
    s->tokens[x] = in.number(8);
  }
  if (k + 1 > (body.size() - in.at()) / 4) throw not_a_checkpoint(source, "it is truncated");
  s->phi.resize(k + 1);
  for (auto& x : s->phi) x = static_cast<Element>(in.number(4));
  s->option_images = detail::OptionImages();
  std::vector<Element> list;
  for (Heap h = 0; h <= k; ++h) {
    list.resize(in.count(4));
    for (auto& x : list) x = static_cast<Element>(in.number(4));
    if (h == 0) {
      if (!list.empty()) throw not_a_checkpoint(source, "heap 0 is not the empty game");
      continue;
    }
    s->option_images.push_back(list);
  }
  s->generators.resize(in.count(8));
  for (Heap& g : s->generators) g = in.number(8);
  const std::uint64_t note_length = in.count(1);
  if (note_length > kMaxQuotientText) throw not_a_checkpoint(source, "corrupt stop note");
  std::string note(in.take(note_length));
  const std::uint64_t unverified = in.number(1);
  if (unverified > 1 || (unverified == 1 && note.empty()))
    throw not_a_checkpoint(source, "corrupt stop note");
  if (in.at() != body.size())
    throw not_a_checkpoint(source, "its length does not match its contents");
  if (const std::string why = unsound(*s, *heaps, request.options); !why.empty())
    throw not_a_checkpoint(source, why);
  QuotientState state(request.ruleset, request.options, std::move(s), std::move(note),
                      unverified == 1);
  return QuotientCheckpoint{std::move(request), std::move(state)};
}

QuotientCheckpoint read_quotient_checkpoint(const std::string& path) {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"),
                                                        &std::fclose);
  if (!file) throw InputError(path, fmt::format("cannot open quotient checkpoint '{}'", path));
  std::string bytes;
  char buffer[1 << 16];
  std::size_t got;
  while ((got = std::fread(buffer, 1, sizeof buffer, file.get())) > 0) bytes.append(buffer, got);
  return parse_quotient_checkpoint(bytes, path);
}

QuotientRunRequest resumed_quotient_request(const QuotientCheckpoint& recorded,
                                            const QuotientRunGiven& given,
                                            const std::string& checkpoint) {
  QuotientRunRequest request = recorded.request;
  // Each setting as the front end names it (front_end_words.h).
  const auto named = [](std::string_view setting) {
    const std::string name = setting_name(setting);
    return name.empty() ? std::string(setting) : name;
  };
  const std::string hint = fmt::format("give {} alone to continue the recorded request",
                                       front_end_words().resume("quotient", checkpoint));
  const auto differs = [&](std::string_view setting, const std::string& asked,
                           const std::string& kept) {
    const FrontEndWords& words = front_end_words();
    return InputError(named(setting),
                      fmt::format("{} disagrees with checkpoint '{}', which was made for {}; {}",
                                  words.given(setting, asked), checkpoint,
                                  words.given(setting, kept), hint));
  };
  const auto flag_differs = [&](std::string_view setting, const std::string& made) {
    const std::string option = named(setting);
    return InputError(option, fmt::format("{} disagrees with checkpoint '{}', which was made {}; {}",
                                          option, checkpoint, made, hint));
  };
  if (given.ruleset && *given.ruleset != request.ruleset)
    throw InputError(*given.ruleset,
                     fmt::format("ruleset '{}' disagrees with checkpoint '{}', which was made for "
                                 "'{}'; {}",
                                 *given.ruleset, checkpoint, request.ruleset, hint));
  if (given.max_elements && *given.max_elements != request.options.max_elements)
    throw differs("max-elements", fmt::to_string(*given.max_elements),
                  fmt::to_string(request.options.max_elements));
  if (given.max_learning_positions &&
      *given.max_learning_positions != request.options.max_learning_positions)
    throw differs("learning-limit", fmt::to_string(*given.max_learning_positions),
                  fmt::to_string(request.options.max_learning_positions));
  if (given.recalibrate && *given.recalibrate != request.options.recalibrate)
    throw flag_differs("no-recalibration", "with recalibration");
  if (given.max_heap) {
    if (*given.max_heap < recorded.state.heaps_done()) {
      throw InputError(named("max-heap"),
                       fmt::format("{} is below the heaps 0..{} that checkpoint '{}' holds "
                                   "already; give {} or more",
                                   front_end_words().given("max-heap",
                                                           fmt::to_string(*given.max_heap)),
                                   recorded.state.heaps_done(), checkpoint,
                                   recorded.state.heaps_done()));
    }
    request.options.max_heap = *given.max_heap;
  }
  return request;
}

}  // namespace grundy
