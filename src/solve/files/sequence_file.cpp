#include "grundy/solve/sequence_file.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>

#include <fmt/format.h>

#include "grundy/core/atomic_file.h"
#include "grundy/core/byte_format.h"
#include "grundy/core/error.h"
#include "grundy/core/fnv1a.h"

namespace grundy {

namespace {

constexpr char kMagic[8] = {'G', 'R', 'U', 'N', 'D', 'Y', 'S', 'Q'};
constexpr std::uint32_t kPlainVersion = 1;
constexpr std::uint32_t kRequestVersion = 2;  // a checkpoint with its request


struct Closer {
  void operator()(std::FILE* f) const {
    if (f) std::fclose(f);
  }
};

InputError not_usable(const std::string& path, const std::string& why) {
  return InputError(path, fmt::format("'{}' is not a usable grundy sequence file: {}", path, why));
}

// The fields before the values.
struct Header {
  std::uint32_t version = 0;
  SequenceFileHeader fields;
};

// Reads a file's bytes (all of them, or its first part) in order.
class Reader : public ByteReader {
 public:
  Reader(const std::string& path, std::string_view bytes)
      : ByteReader(bytes, [&path](const std::string& why) { return not_usable(path, why); }) {}
  const char* take(std::size_t n) { return ByteReader::take(n).data(); }
  std::uint64_t get_le(std::size_t n) { return number(n); }
  Header header() {
    magic(std::string_view(kMagic, sizeof kMagic));
    Header h;
    h.version = static_cast<std::uint32_t>(get_le(4));
    if (h.version != kPlainVersion && h.version != kRequestVersion)
      throw complaint("unknown format version");
    const std::uint64_t name_length = get_le(4);
    if (name_length > 1 << 20) throw complaint("corrupt header");
    h.fields.ruleset.assign(take(name_length), name_length);
    h.fields.first = get_le(8);
    h.fields.count = get_le(8);
    return h;
  }
};

}  // namespace

void write_sequence_file(const std::string& path, const std::string& ruleset, Heap first,
                         const Value16* values, std::size_t count,
                         const SequenceRequest* request) {
  std::string header(kMagic, sizeof kMagic);
  put_le<std::uint32_t>(header, request ? kRequestVersion : kPlainVersion);
  put_le<std::uint32_t>(header, static_cast<std::uint32_t>(ruleset.size()));
  header += ruleset;
  put_le<std::uint64_t>(header, first);
  put_le<std::uint64_t>(header, count);
  Fnv1a checksum;
  checksum.add(header.data(), header.size());

  AtomicFile file(path);
  file.write(header);
  // The values go out in blocks, little-endian whatever the host.
  std::string block;
  for (std::size_t i = 0; i < count; i += 1 << 20) {
    block.clear();
    const std::size_t end = std::min(count, i + (std::size_t{1} << 20));
    for (std::size_t j = i; j < end; ++j) put_le<std::uint16_t>(block, values[j]);
    checksum.add(block.data(), block.size());
    file.write(block);
  }
  std::string trailer;
  if (request) {
    const std::string text = encode_sequence_request(*request);
    put_le<std::uint32_t>(trailer, static_cast<std::uint32_t>(text.size()));
    trailer += text;
    checksum.add(trailer.data(), trailer.size());
  }
  put_le<std::uint64_t>(trailer, checksum.value());
  file.write(trailer);
  file.commit();
}

SequenceFile read_sequence_file(const std::string& path) {
  std::unique_ptr<std::FILE, Closer> file(std::fopen(path.c_str(), "rb"));
  if (!file) throw InputError(path, fmt::format("cannot open sequence file '{}'", path));
  std::string bytes;
  char buffer[1 << 16];
  std::size_t got;
  while ((got = std::fread(buffer, 1, sizeof buffer, file.get())) > 0) bytes.append(buffer, got);
  Reader reader(path, bytes);
  const Header header = reader.header();
  const std::uint64_t count = header.fields.count;
  const std::size_t values_at = reader.at();
  if (count > (bytes.size() - values_at) / 2) throw not_usable(path, "it is truncated");
  reader.take(count * 2);
  std::string request_text;
  if (header.version == kRequestVersion) {
    const std::uint64_t length = reader.get_le(4);
    request_text.assign(reader.take(length), length);
  }
  const std::size_t checked = reader.at();
  if (bytes.size() - checked != 8) throw not_usable(path, "its length does not match its header");
  Fnv1a checksum;
  checksum.add(bytes.data(), checked);
  if (reader.get_le(8) != checksum.value()) throw not_usable(path, "checksum mismatch (corrupt)");

  SequenceFile result;
  result.ruleset = header.fields.ruleset;
  result.first = header.fields.first;
  result.values.resize(count);
  for (std::uint64_t i = 0; i < count; ++i) {
    const auto* p = reinterpret_cast<const unsigned char*>(bytes.data() + values_at + 2 * i);
    result.values[i] = static_cast<Value16>(p[0] | (p[1] << 8));
  }
  if (header.version == kRequestVersion)
    result.request = decode_sequence_request(request_text, path);
  return result;
}

SequenceFileHeader read_sequence_header(const std::string& path) {
  std::unique_ptr<std::FILE, Closer> file(std::fopen(path.c_str(), "rb"));
  if (!file) throw InputError(path, fmt::format("cannot open sequence file '{}'", path));
  // The header is at most 32 bytes and a name of up to 2^20 bytes.
  std::string bytes(32 + (std::size_t{1} << 20), '\0');
  bytes.resize(std::fread(bytes.data(), 1, bytes.size(), file.get()));
  Reader reader(path, bytes);
  const Header header = reader.header();
  if (std::fseek(file.get(), 0, SEEK_END) != 0) throw not_usable(path, "it cannot be read");
  const long size = std::ftell(file.get());
  const std::uint64_t values_end = reader.at() + header.fields.count * 2;
  if (size < 0 || header.fields.count > static_cast<std::uint64_t>(size) / 2 ||
      static_cast<std::uint64_t>(size) < values_end + 8)
    throw not_usable(path, "it is truncated");
  if (header.version == kPlainVersion && static_cast<std::uint64_t>(size) != values_end + 8)
    throw not_usable(path, "its length does not match its header");
  return header.fields;
}

}  // namespace grundy
